package scenarios_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// BenchmarkRun measures whole runs of built-in scenarios through the engine
// on 1 and 2 workers: ns per trial, and (as the ratio of the two) the
// pool's speed-up on this machine's cores.
//
//	go test ./scenarios -run '^$' -bench Run -benchtime 200000x
func BenchmarkRun(b *testing.B) {
	for _, name := range []string{"stratfight/thug-vs-guard", "stratfight/arya-vs-mountain", "stratfight/lifespan-30-coins", "eclipse/fleet-mirror"} {
		sc, err := scenarios.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		battle, err := sc.Compile()
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
				b.ReportAllocs()
				_, err := sim.Run(context.Background(), sim.Job{Battle: battle, Key: sim.Key(name), Seed: 1, Trials: int64(b.N), Workers: w})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
			})
		}
	}
}
