package eclipse

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Benchmarks of the Monte Carlo battle (results are recorded under bench/):
//
//	go test -run '^$' -bench . -benchmem ./rules/eclipse/
//
// BenchmarkDie, BenchmarkTally and BenchmarkFight measure a PCG draw
// themselves just before they run and report ns per die and its ratio to
// that draw (die/pcg; target ≤ 4); BenchmarkFight also reports
// allocations per battle (target 0) and dice per battle.

var sinkU64 uint64
var sinkInt int

func BenchmarkPCGDraw(b *testing.B) { rulestest.BenchPCGDraw(b) }

// reportPerDie reports ns per die and its ratio to one PCG draw, the mean
// of pcg (measured just before the benchmark) and of a draw measured again
// now, so that a machine that slowed down or sped up during the run moves
// both sides of the ratio.
func reportPerDie(b *testing.B, dice float64, pcg float64) {
	pcg = (pcg + rulestest.PCGDraw()) / 2
	perDie := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / dice
	b.ReportMetric(perDie, "ns/die")
	b.ReportMetric(perDie/pcg, "die/pcg")
}

// BenchmarkDie rolls volleys of 64 dice keeping the faces; BenchmarkTally
// volleys of 4 dice, counting them.
func BenchmarkDie(b *testing.B) {
	pcg := rulestest.PCGDraw()
	r := rules.NewRand(1, 2)
	var d dieStream
	var faces [64]uint8
	s := 0
	for b.Loop() {
		d.Fill(r, faces[:])
		s += int(faces[63])
	}
	sinkInt = s
	reportPerDie(b, float64(len(faces)), pcg)
}

func BenchmarkTally(b *testing.B) {
	pcg := rulestest.PCGDraw()
	r := rules.NewRand(1, 2)
	var d dieStream
	var x uint64
	for b.Loop() {
		x += d.Tally(r, 4)
	}
	sinkU64 = x
	reportPerDie(b, 4, pcg)
}

func loadScenario(tb testing.TB, name string) *Compiled {
	tb.Helper()
	file := filepath.Join("../../scenarios/builtin/eclipse", name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	n, err := scenarios.ParseDocument(file, src)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := Compile(n)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// BenchmarkRun runs battles through the engine on one worker, so that
// each trial's cost includes seeding, the outcome's reset and its tally
// (the per-type survivors' histograms among them): ns per battle, to set
// beside BenchmarkFight's battle alone.
func BenchmarkRun(b *testing.B) {
	for _, name := range []string{"interceptor-duel", "fleet-mirror"} {
		b.Run(name, func(b *testing.B) {
			c := loadScenario(b, name)
			b.ReportAllocs()
			if _, err := sim.Run(context.Background(), sim.Job{Battle: c, Key: 1, Seed: 1, Trials: int64(b.N), Workers: 1}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/battle")
		})
	}
}

// countingDice counts the dice a battle rolls (a test hook on the fighter).
func BenchmarkFight(b *testing.B) {
	for _, name := range []string{"interceptor-duel", "two-cruisers-vs-guardian", "fleet-mirror", "fleet-mirror-upgraded", "missiles-vs-starbases", "interceptors-retreat-when-losing"} {
		b.Run(name, func(b *testing.B) {
			c := loadScenario(b, name)
			f := newFighter(c)
			o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
			r := rules.NewRand(0, 0)
			pcg := rulestest.PCGDraw()
			// Dice per battle, from a separate counting pass.
			const probe = 20000
			dice := 0
			for i := range probe {
				r.Seed(7, uint64(i))
				o.Reset()
				f.Fight(0, r, &o)
				dice += f.rolled
			}
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				r.Seed(9, i)
				i++
				o.Reset()
				f.Fight(0, r, &o)
			}
			reportPerDie(b, float64(dice)/probe, pcg)
			b.ReportMetric(float64(dice)/probe, "dice/battle")
		})
	}
}
