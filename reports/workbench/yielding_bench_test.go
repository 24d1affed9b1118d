package workbench_test

import (
	"context"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// BenchmarkHeadlineBesideTheRun is the time to the exact shares of
// eclipse/fleet-mirror-upgraded (the workbench's largest built-in solve),
// one solve an op, in three settings an odds job has met on two cores:
// alone; beside its Monte Carlo run's worker fighting on (as before
// yielding); and beside that run held by its Pause (yielding). The solve
// is the same work in each: what differs is the cores it shares.
// go test -run '^$' -bench HeadlineBesideTheRun -benchtime 8x -count 5 ./reports/workbench
func BenchmarkHeadlineBesideTheRun(b *testing.B) {
	sc, err := scenarios.Load("eclipse/fleet-mirror-upgraded")
	if err != nil {
		b.Fatal(err)
	}
	battle, err := sc.Compile()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		run, hold bool
	}{{"alone", false, false}, {"beside-a-worker", true, false}, {"beside-a-held-worker", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			pause := new(sim.Pause)
			if c.run {
				running, err := sim.Start(ctx, sim.Job{Battle: battle, Key: 1, Seed: 1, Trials: sim.MaxTrials, Workers: 1, Pause: pause})
				if err != nil {
					b.Fatal(err)
				}
				defer running.Wait()
				defer cancel()
				time.Sleep(10 * time.Millisecond) // the run under way
			}
			if c.hold {
				pause.Hold()
				defer pause.Release()
			}
			var headline time.Duration
			for b.Loop() {
				start := time.Now()
				if _, err := analysis.SolveHeadlineFirst(ctx, sc, func(*rules.Exact) { headline += time.Since(start) }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(headline.Microseconds())/1000/float64(b.N), "headline-ms/op")
		})
	}
}
