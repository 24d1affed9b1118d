package stratfight

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// BenchmarkFight measures one trial (one Fight) per op:
//
//	go test ./rules/stratfight/ -run '^$' -bench BenchmarkFight -benchtime 2s
func BenchmarkFight(b *testing.B) {
	srcs := builtinSources(b)
	for _, name := range []string{"thug-vs-guard", "jorah-vs-mountain-openings", "lifespan-30-coins"} {
		b.Run(name, func(b *testing.B) {
			bt := compileYAML(b, srcs[name])
			f := bt.NewFighter()
			o := &rules.Outcome{Counters: make([]int64, len(bt.Spec().Counters))}
			r := rules.NewRand(1, 1)
			b.ReportAllocs()
			i := uint64(0)
			for b.Loop() {
				i++
				r.Seed(7, i)
				o.Reset()
				f.Fight(0, r, o)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
		})
	}
}
