package eclipse

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios/doc"
)

// Benchmarks of the Monte Carlo battle (the lead records the results under
// bench/):
//
//	go test -run '^$' -bench . -benchmem ./rules/eclipse/
//
// BenchmarkPCGDraw and BenchmarkDie run in the same invocation; BenchmarkDie
// also measures a PCG draw itself and reports the ratio (target ≤ 4).
// BenchmarkFight reports ns per battle, allocations (target 0) and ns per
// die rolled in the battle.

var sinkU64 uint64
var sinkInt int

func BenchmarkPCGDraw(b *testing.B) {
	r := rules.NewRand(1, 2)
	var x uint64
	for b.Loop() {
		x += r.Uint64()
	}
	sinkU64 = x
}

func BenchmarkDie(b *testing.B) {
	r := rules.NewRand(1, 2)
	// One PCG draw, measured in this run for the ratio.
	const calib = 1 << 22
	t0 := time.Now()
	var x uint64
	for range calib {
		x += r.Uint64()
	}
	pcg := float64(time.Since(t0).Nanoseconds()) / calib
	sinkU64 = x
	var d D6
	var faces [64]uint8
	s := 0
	b.ResetTimer()
	for b.Loop() {
		d.Fill(r, faces[:])
		s += int(faces[63])
	}
	sinkInt = s
	perDie := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(len(faces))
	b.ReportMetric(perDie, "ns/die")
	b.ReportMetric(pcg, "ns/pcg-draw")
	b.ReportMetric(perDie/pcg, "die/pcg")
}

func loadScenario(tb testing.TB, name string) *Compiled {
	tb.Helper()
	file := filepath.Join("../../scenarios/builtin/eclipse", name+".yaml")
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	n, err := doc.ParseYAML(file, src)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := Compile(n.Without("name", "ruleset", "description", "trials", "claims"))
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// countingDice counts the dice a battle rolls (a test hook on the fighter).
func BenchmarkFight(b *testing.B) {
	for _, name := range []string{"interceptor-duel", "two-cruisers-vs-guardian", "fleet-mirror", "fleet-mirror-upgraded", "missiles-vs-starbases", "interceptors-retreat-when-losing"} {
		b.Run(name, func(b *testing.B) {
			c := loadScenario(b, name)
			f := newFighter(c)
			o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
			r := rules.NewRand(0, 0)
			// Dice per battle, from a separate counting pass.
			const probe = 20000
			dice := 0
			for i := range probe {
				r.Seed(7, uint64(i))
				o.Reset()
				f.Fight(r, &o)
				dice += f.rolled
			}
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				r.Seed(9, i)
				i++
				o.Reset()
				f.Fight(r, &o)
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/(float64(dice)/probe), "ns/die")
			b.ReportMetric(float64(dice)/probe, "dice/battle")
		})
	}
}
