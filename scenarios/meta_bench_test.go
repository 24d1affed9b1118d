package scenarios_test

import (
	"context"
	"math"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/scenarios"
)

// builtinMeta loads a built-in roster on its base scenario.
func builtinMeta(tb testing.TB, name string) *meta.Meta {
	tb.Helper()
	r, ok, err := scenarios.LoadRoster(name)
	if err != nil || !ok {
		tb.Fatalf("%s: %v", name, err)
	}
	base, err := scenarios.Load(r.Scenario)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := meta.New(r, base)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// BenchmarkMetaExact solves the ten Eclipse Cruiser designs, every one of
// the 100 cells exactly, and reads the game (equilibrium, 200 resamples,
// ratings). Target: at most 30 s.
//
//	go test ./scenarios -run '^$' -bench MetaExact -count 3
func BenchmarkMetaExact(b *testing.B) {
	m := builtinMeta(b, "eclipse/cruiser-designs")
	for i := 0; i < b.N; i++ {
		mm, err := meta.Run(context.Background(), analysis.Run{Seed: 1}, m, meta.Options{
			Precision: meta.DefaultPrecision, Confidence: 0.95, First: meta.DefaultFirst, Budget: meta.DefaultBudget, Exact: true})
		if err != nil || mm.Trials() != 0 {
			b.Fatalf("%v, %d trials", err, mm.Trials())
		}
		if _, err := mm.Analyse(context.Background(), false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMetaSampled fights the ten stratfight fighters (100 cells) to
// ±1 point at 95 % jointly, on 2 workers, and reads the game. Target: at
// most 2 minutes. Its metrics:
//
//   - trials: what the adaptive sampling fought; precise and settled: the
//     cells that stopped within ±1 point, and those that stopped earlier
//     because every decision reading them was settled;
//
//   - fixed-trials: what sampling every cell to ±1 point at the same
//     per-cell level needs whatever its share — n with z·½/√n ≤ 1 point,
//     z the per-cell Bonferroni quantile — in one look; ratio: trials
//     over fixed-trials;
//
//   - precise-only-trials: what the doubling looks spend with no early
//     stop for settled decisions, every cell to ±1 point.
//
//     go test ./scenarios -run '^$' -bench MetaSampled -benchtime 1x
func BenchmarkMetaSampled(b *testing.B) {
	m := builtinMeta(b, "stratfight/fighters")
	o := meta.Options{Precision: meta.DefaultPrecision, Confidence: 0.95, First: meta.DefaultFirst, Budget: meta.DefaultBudget}
	var mm *meta.Matrix
	for i := 0; i < b.N; i++ {
		var err error
		if mm, err = meta.Run(context.Background(), (analysis.Run{Seed: 1, Workers: 2}), m, o); err != nil {
			b.Fatal(err)
		}
		if _, err := mm.Analyse(context.Background(), false); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cells := len(m.Entries) * len(m.Entries)
	stops := map[string]int{}
	for _, row := range mm.Cells {
		for _, c := range row {
			stops[c.Stop]++
		}
	}
	z := -analysis.NormalQuantile(0.05 / float64(cells) / 2)
	fixed := math.Ceil(math.Pow(z*0.5/o.Precision, 2)) * float64(cells)
	b.ReportMetric(float64(mm.Trials()), "trials")
	b.ReportMetric(float64(stops["precise"]), "precise")
	b.ReportMetric(float64(stops["settled"]), "settled")
	b.ReportMetric(fixed, "fixed-trials")
	b.ReportMetric(float64(mm.Trials())/fixed, "ratio")
	o.PrecisionOnly = true
	strict, err := meta.Run(context.Background(), analysis.Run{Seed: 1, Workers: 2}, m, o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(strict.Trials()), "precise-only-trials")
}
