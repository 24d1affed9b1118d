package dbd

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// Benchmarks (results are recorded in bench/dbd.txt):
//
//	go test -run '^$' -bench . -benchmem ./rules/dbd/
//
// BenchmarkFight plays complete games, greedy against greedy, on one core
// (the target: ≥ 2,000 games a second on dbd/symmetric_line), and reports
// games/s, the ratio of a game to one PCG draw measured in the same run
// (game/pcg: the machine is shared and noisy), rounds and activations per
// game, and allocations (0). BenchmarkLegal generates every legal
// activation of a side (target: no allocation); BenchmarkGreedy and
// BenchmarkRollout time one decision of each policy at the start of
// symmetric_line.

func BenchmarkPCGDraw(b *testing.B) { rulestest.BenchPCGDraw(b) }

func BenchmarkFight(b *testing.B) {
	for _, c := range []struct{ name, extra string }{
		{"symmetric_line", "options: {first-side: alternate}\n"}, // as built in
		{"symmetric_line-blue-first", ""},
		{"cavalry_hammer", "options: {first-side: alternate}\n"},
		{"symmetric_wings", "options: {first-side: alternate}\n"},
		{"symmetric_line-random", "policies: {blue: random, red: random}\n"},
	} {
		b.Run(c.name, func(b *testing.B) {
			name, _, _ := strings.Cut(c.name, "-")
			bt := loadBattle(b, name, c.extra)
			f := newFighter(bt)
			o := rules.Outcome{Counters: make([]int64, len(bt.Spec().Counters))}
			r := rules.NewRand(0, 0)
			pcg := rulestest.PCGDraw()
			// Rounds and activations per game, from a separate pass.
			const probe = 500
			rounds, acts := int64(0), int64(0)
			for i := range int64(probe) {
				r.Seed(7, uint64(i))
				o.Reset()
				f.Fight(i, r, &o)
				rounds += o.Rounds
				acts += o.Counters[bt.c.melee] + o.Counters[bt.c.ranged]
			}
			b.ReportAllocs()
			i := int64(0)
			for b.Loop() {
				r.Seed(9, uint64(i))
				o.Reset()
				f.Fight(i, r, &o)
				i++
			}
			pcg = (pcg + rulestest.PCGDraw()) / 2
			perGame := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(1e9/perGame, "games/s")
			b.ReportMetric(perGame/pcg, "game/pcg")
			b.ReportMetric(float64(rounds)/probe, "rounds/game")
			b.ReportMetric(float64(acts)/probe, "attacks/game")
			b.ReportMetric(pcg, "ns/pcg")
		})
	}
}

func BenchmarkLegal(b *testing.B) {
	for _, name := range []string{"symmetric_line", "symmetric_wings"} {
		b.Run(name, func(b *testing.B) {
			g := newGame(b, loadBattle(b, name, ""))
			g.acts = g.legal(g.acts[:0])
			b.ReportAllocs()
			for b.Loop() {
				g.acts = g.legal(g.acts[:0])
			}
			b.ReportMetric(float64(len(g.acts)), "activations")
		})
	}
}

func BenchmarkGreedy(b *testing.B) {
	g := newGame(b, loadBattle(b, "symmetric_line", ""))
	b.ReportAllocs()
	for b.Loop() {
		g.chooseGreedy()
	}
}

func BenchmarkRollout(b *testing.B) {
	g := newGame(b, loadBattle(b, "symmetric_line", "policies: {blue: rollout}\n"))
	b.ReportAllocs()
	for b.Loop() {
		g.chooseRollout()
	}
}

// BenchmarkSearch times one decision of each search level in a position
// of a greedy game of cavalry_hammer, at turn 8 with the armies in
// contact, and counts its allocations (target: none, the arena being
// reused from one decision to the next). The decision is a whole one:
// the population carried from an earlier decision of the turn is
// dropped first.
func BenchmarkSearch(b *testing.B) {
	pos := mirroredPositions(b, "cavalry_hammer", 3, 8)[0]
	for _, p := range []PolicyKind{PolicySearch250, PolicySearch1k, PolicySearch4k} {
		b.Run(p.String(), func(b *testing.B) {
			g := newGame(b, loadBattle(b, "cavalry_hammer", "options: {first-side: alternate}\n"))
			g.policies = [2]PolicyKind{p, p}
			g.st = pos.a
			g.choose() // the arena grows to size
			b.ReportAllocs()
			for b.Loop() {
				g.st = pos.a
				g.sa.Forget()
				g.choose()
			}
			b.ReportMetric(float64(p.searchBudget()), "plays/decision")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(p.searchBudget()), "ns/play")
		})
	}
}
