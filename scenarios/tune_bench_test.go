package scenarios_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtinTune loads a built-in tune, its range replaced by to when not
// empty, solving probes exactly when exact is set.
func builtinTune(tb testing.TB, name, to string, exact bool) *tune.Tune {
	tb.Helper()
	file, ok, err := scenarios.LoadTune(name)
	if err != nil || !ok {
		tb.Fatalf("%s: %v", name, err)
	}
	if to != "" {
		file.Axis.To = to
	}
	base, err := scenarios.Load(file.Scenario)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := tune.From(file, base)
	if err != nil {
		tb.Fatal(err)
	}
	t.Exact = exact
	return t
}

// BenchmarkTuneExact answers Eclipse's ship-count question (at most 14
// ships a side) exactly: the solver at every probe, no trials. Target:
// at most 1 s.
//
//	go test ./scenarios -run '^$' -bench TuneExact -count 5
func BenchmarkTuneExact(b *testing.B) {
	t := builtinTune(b, "eclipse/interceptors-for-70", "", true)
	for i := 0; i < b.N; i++ {
		res, err := tune.Run(context.Background(), analysis.Run{Seed: 1}, t)
		if err != nil || res.Status != tune.Bracketed || res.Answer.Value != "7" || res.Trials() != 0 {
			b.Fatalf("%+v, %v", res, err)
		}
	}
}

// BenchmarkTuneTrials measures what a tune by Monte Carlo spends against
// what a grid sweep of every value of the range needs for the same two
// decisions at the same level. Each op tunes every question with seeds 1
// to 20; the metrics are per tune:
//
//   - tune-trials: the trials a tune fought, on average; bracketed: the
//     share of seeds that stated the true bracket;
//
//   - grid-95: the trials of a grid of every value of the range, each point
//     given the n at which the bracket's two values would be decided (their
//     intervals leave the target) with probability 0.95 — each interval at
//     the grid's per-point rate α/P (Bonferroni over its P points, since
//     the grid reads every point to find the bracket), by the normal law of
//     the estimate at the true value (from 2,000,000 trials on streams of
//     their own); grid-50: the same with probability 0.5, the least any
//     grid of that size could get away with;
//
//   - ratio-95, ratio-50: tune-trials over each.
//
//     go test ./scenarios -run '^$' -bench TuneTrials -benchtime 1x
func BenchmarkTuneTrials(b *testing.B) {
	for _, q := range []struct{ name, to string }{
		{"stratfight/armor-fair", ""},
		{"eclipse/interceptors-for-70", ""},
		{"stratfight/armor-fair", "40"}, // the same question over a wider range
	} {
		t := builtinTune(b, q.name, q.to, false)
		b.Run(fmt.Sprintf("%s/to=%s", q.name, t.Axis.To), func(b *testing.B) {
			const seeds = 20
			var trials, bracketed int64
			var pair [2]int64
			for i := 0; i < b.N; i++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					res, err := tune.Run(context.Background(), analysis.Run{Seed: seed}, t)
					if err != nil {
						b.Fatal(err)
					}
					trials += res.Trials()
					if res.Status == tune.Bracketed {
						bracketed++
						pair = [2]int64{res.Below.Index, res.Above.Index}
					}
				}
			}
			b.StopTimer()
			n95, n50 := gridNeed(b, t, pair)
			points := float64(t.Axis.Last() + 1)
			mean := float64(trials) / float64(b.N*seeds)
			b.ReportMetric(mean, "tune-trials")
			b.ReportMetric(float64(bracketed)/float64(b.N*seeds), "bracketed")
			b.ReportMetric(points*n95, "grid-95")
			b.ReportMetric(points*n50, "grid-50")
			b.ReportMetric(mean/(points*n95), "ratio-95")
			b.ReportMetric(mean/(points*n50), "ratio-50")
		})
	}
}

// gridNeed returns the trials per point at which a grid decides both
// values of the pair with probability 0.95 and 0.5 (see
// BenchmarkTuneTrials).
func gridNeed(tb testing.TB, t *tune.Tune, pair [2]int64) (n95, n50 float64) {
	tb.Helper()
	points := float64(t.Axis.Last() + 1)
	z := -analysis.NormalQuantile(t.Alpha() / (2 * points))
	power := -analysis.NormalQuantile(0.05)
	for _, i := range pair {
		sc := t.Base.Clone()
		if err := sc.Override(t.Axis.Override(i)); err != nil {
			tb.Fatal(err)
		}
		res, _, err := analysis.Run{Seed: 20261124, Trials: 2_000_000, Streams: "truth"}.Fight(context.Background(), sc, nil)
		if err != nil {
			tb.Fatal(err)
		}
		e := analysis.EstimateOf(res, t.Target.Metric, 0.05)
		d := math.Abs(e.Value - t.Target.Value)
		n95 = math.Max(n95, math.Ceil(math.Pow((z+power)*e.SD/d, 2)))
		n50 = math.Max(n50, math.Ceil(math.Pow(z*e.SD/d, 2)))
	}
	return n95, n50
}
