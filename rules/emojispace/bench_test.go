package emojispace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// Benchmarks of the Monte Carlo duel (results are recorded in
// bench/emojispace.txt):
//
//	go test -run '^$' -bench . -benchmem ./rules/emojispace/
//
// BenchmarkFight reports ns per duel (target ≤ 300 for a typical tier-3
// fit) with its ratio to one PCG draw measured in the same run (duel/pcg),
// rounds and draws per duel, and allocations (target 0 between fixed
// ships). BenchmarkNPC measures the generator alone: ns and allocations
// per generated and assembled ship.

var sinkU64 uint64

func BenchmarkPCGDraw(b *testing.B) { rulestest.BenchPCGDraw(b) }

func loadBattle(tb testing.TB, name string) *Battle {
	tb.Helper()
	file := filepath.Join("../../scenarios/builtin/emojispace", name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	n, err := scenarios.ParseDocument(file, src)
	if err != nil {
		tb.Fatal(err)
	}
	b, err := Compile(n)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func BenchmarkFight(b *testing.B) {
	for _, name := range []string{"p3-vs-n3a", "p3-vs-n3b", "p0-vs-n1a", "p1-vs-n1b", "p5-vs-n5b", "p0-vs-pirate-raider-pop3"} {
		b.Run(name, func(b *testing.B) {
			bt := loadBattle(b, name)
			f := newFighter(bt)
			o := rules.Outcome{Counters: make([]int64, len(bt.Spec().Counters))}
			r := rules.NewRand(0, 0)
			pcg := rulestest.PCGDraw()
			// Rounds per duel, from a separate pass.
			const probe = 20000
			rounds := int64(0)
			for i := range probe {
				r.Seed(7, uint64(i))
				o.Reset()
				f.Fight(0, r, &o)
				rounds += o.Rounds
			}
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				r.Seed(9, i)
				i++
				o.Reset()
				f.Fight(0, r, &o)
			}
			pcg = (pcg + rulestest.PCGDraw()) / 2
			perDuel := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(perDuel/pcg, "duel/pcg")
			b.ReportMetric(float64(rounds)/probe, "rounds/duel")
			b.ReportMetric(pcg, "ns/pcg")
		})
	}
}

// BenchmarkNPC generates and assembles one NPC ship per iteration (§19,
// §9): pirate raiders of a population-3 system, and experimental vessels of
// a population-5 one (the fullest ships).
func BenchmarkNPC(b *testing.B) {
	for _, c := range []struct {
		name string
		spec NPCSpec
	}{{"pirate-raider-pop3", NPCSpec{Population: 3, subtype: 3}}, {"experimental-vessel-pop5", NPCSpec{Population: 5, subtype: 9}}} {
		b.Run(c.name, func(b *testing.B) {
			r := rules.NewRand(1, 2)
			var st ShipState
			var buf [maxModules]ModuleInstance
			var s Ship
			b.ReportAllocs()
			tr := 0
			for b.Loop() {
				c.spec.Generate(r, &st, &buf)
				Assemble(&st, AssemblyOptions{CrewInCombat: true}, &s)
				tr += s.TR
			}
			sinkU64 = uint64(tr)
		})
	}
}
