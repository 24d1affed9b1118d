package sim

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// BenchmarkEngineNull measures the engine's own cost per trial: seeding the
// stream, resetting and tallying the outcome, chunking and scheduling, with
// a battle that does nothing. Target: at most 50 ns per trial.
func BenchmarkEngineNull(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			if _, err := Run(context.Background(), Job{Battle: nullBattle{}, Key: 1, Seed: 1, Trials: int64(b.N), Workers: w}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
		})
	}
}

// BenchmarkEngineProgress is the null battle on 1 worker without and with
// what a run on a terminal adds: the count of finished trials (Done) and
// of wins (Wins), each a few atomic adds per chunk.
func BenchmarkEngineProgress(b *testing.B) {
	for _, watched := range []bool{false, true} {
		b.Run(fmt.Sprintf("watched=%v", watched), func(b *testing.B) {
			job := Job{Battle: nullBattle{}, Key: 1, Seed: 1, Trials: int64(b.N), Workers: 1}
			if watched {
				var done atomic.Int64
				job.Done, job.Wins = func(n int64) { done.Add(n) }, NewWins([3]int64{})
			}
			if _, err := Run(context.Background(), job); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
		})
	}
}

// BenchmarkWorkers runs a CPU-bound battle on 1 and 2 workers; the ratio of
// their ns/trial is the pool's speed-up (target on 2 cores: ≥ 1.8×).
func BenchmarkWorkers(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			if _, err := Run(context.Background(), Job{Battle: spinBattle{}, Key: 1, Seed: 1, Trials: int64(b.N), Workers: w}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
		})
	}
}

// BenchmarkPCGDraw is the unit the battle benchmarks are compared with: one
// 64-bit draw from the trial stream.
func BenchmarkPCGDraw(b *testing.B) {
	r := rules.NewRand(1, 2)
	var x uint64
	for b.Loop() {
		x += r.Uint64()
	}
	sink = x
}

var sink uint64
