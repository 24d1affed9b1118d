package ec4x

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/sim"
)

// Benchmarks of issue 11's targets (results are recorded in bench/ec4x.txt):
//
//	go test ./rules/ec4x -run '^$' -bench . -benchmem -count=3
//
// BenchmarkBattle plays the 10,000-battle mix of the §5 generator (base
// seed 12345) under each profile with the fleets generated beforehand
// (target ≤ 1 µs per battle, 0 allocations); BenchmarkGenerate measures
// the generation of a test's fleets and their loading into the arena, which
// every suite trial also pays; BenchmarkSuiteTrial a whole suite trial
// (Fight: generation and battle); BenchmarkRun the 10,000 trials through
// the engine on 1 and 2 workers (target speed-up ≥ 1.8×). Each reports its
// ratio to one PCG draw measured in the same run (battle/pcg), since the
// machine is shared and noisy.

const mixSize = 10_000

func BenchmarkPCGDraw(b *testing.B) { rulestest.BenchPCGDraw(b) }

// reportPer reports ns per item and its ratio to a PCG draw (the mean of
// one measured before the benchmark and one measured now).
func reportPer(b *testing.B, items float64, unit string, pcg float64) {
	pcg = (pcg + rulestest.PCGDraw()) / 2
	per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / items
	b.ReportMetric(per, "ns/"+unit)
	b.ReportMetric(per/pcg, unit+"/pcg")
}

var profiles = []string{ProfileSpec, ProfileNim}

func mixBattle(b testing.TB, profile string) *Battle {
	return suiteBattle(b, fmt.Sprintf("options: {profile: %s}\nsuite: {baseSeed: 12345, count: %d}\n", profile, mixSize))
}

// loadedMix generates the mix's fleets once and keeps each test's arena.
func loadedMix(b testing.TB, bt *Battle) ([]arena, []Test) {
	arenas, tests := make([]arena, mixSize), make([]Test, mixSize)
	for i := range int64(mixSize) {
		var g generated
		tests[i] = bt.Suite.Test(i)
		g.Generate(tests[i], bt.Opt.Ships)
		tfs := slices.Clone(g.TaskForces())
		for t := range tfs {
			tfs[t].Squadrons = slices.Clone(tfs[t].Squadrons)
		}
		arenas[i].load(tfs, bt.Opt)
	}
	return arenas, tests
}

func BenchmarkBattle(b *testing.B) {
	for _, profile := range profiles {
		b.Run(profile, func(b *testing.B) {
			bt := mixBattle(b, profile)
			arenas, tests := loadedMix(b, bt)
			f := bt.NewFighter().(*fighter)
			o := sim.NewOutcome(bt.Spec())
			r := rules.NewRand(1, 1)
			pcg := rulestest.PCGDraw()
			i := 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				f.test = tests[i]
				f.copyFrom(&arenas[i])
				r.Seed(7, uint64(i))
				o.Reset()
				f.resolve(r, o)
				if i++; i == mixSize {
					i = 0
				}
			}
			reportPer(b, 1, "battle", pcg)
		})
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, profile := range profiles {
		b.Run(profile, func(b *testing.B) {
			bt := mixBattle(b, profile)
			f := bt.NewFighter().(*fighter)
			pcg := rulestest.PCGDraw()
			i := int64(0)
			b.ReportAllocs()
			for b.Loop() {
				f.test = bt.Suite.Test(i)
				f.gen.Generate(f.test, bt.Opt.Ships)
				f.load(f.gen.TaskForces(), bt.Opt)
				if i++; i == mixSize {
					i = 0
				}
			}
			reportPer(b, 1, "test", pcg)
		})
	}
}

func BenchmarkSuiteTrial(b *testing.B) {
	for _, profile := range profiles {
		b.Run(profile, func(b *testing.B) {
			bt := mixBattle(b, profile)
			f := bt.NewFighter()
			o := sim.NewOutcome(bt.Spec())
			r := rules.NewRand(1, 1)
			pcg := rulestest.PCGDraw()
			i := int64(0)
			b.ReportAllocs()
			for b.Loop() {
				r.Seed(7, uint64(i))
				o.Reset()
				f.Fight(i, r, o)
				if i++; i == mixSize {
					i = 0
				}
			}
			reportPer(b, 1, "trial", pcg)
		})
	}
}

// BenchmarkRun runs the mix's 10,000 suite trials (generation included)
// through the engine per op; compare workers-1 with workers-2 for the
// speed-up.
func BenchmarkRun(b *testing.B) {
	for _, profile := range profiles {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers-%d", profile, workers), func(b *testing.B) {
				bt := SuiteBattle{mixBattle(b, profile)}
				pcg := rulestest.PCGDraw()
				for b.Loop() {
					if _, err := sim.Run(context.Background(), sim.Job{Battle: bt, Key: 1, Seed: 1, Trials: mixSize, Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
				reportPer(b, mixSize, "trial", pcg)
			})
		}
	}
}
