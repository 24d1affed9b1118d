package reports

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/comparereport"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/scenarios"
)

// exactComparison solves a duel of one Interceptor a side against one of
// two defending Interceptors, exactly and with fractions.
func exactComparison(t *testing.T) *compare.ExactComparison {
	t.Helper()
	var vs [2]compare.Variant
	for i, set := range []string{"", "defender.ships.Interceptor=2"} {
		sc, err := scenarios.Load("eclipse/interceptor-duel")
		if err == nil && set != "" {
			err = sc.Set(set)
		}
		if err != nil {
			t.Fatal(err)
		}
		vs[i] = compare.Variant{Label: strings.TrimSpace("eclipse/interceptor-duel " + set), Scenario: sc}
	}
	c, err := compare.Exact(context.Background(), vs[0], vs[1], true)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.ApplyMargins([]compare.Margin{{Metric: "win.a", Value: 30}, {Metric: "rounds.mean", Value: 5, Relative: true}}); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestExactComparisonGoldens(t *testing.T) {
	c := exactComparison(t)
	var b bytes.Buffer
	if err := comparereport.WriteExactTable(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison-exact.golden.txt", b.Bytes())
	b.Reset()
	if err := formats.WriteCSV(&b, comparereport.ExactRows(c)); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison-exact.golden.csv", b.Bytes())
	b.Reset()
	if err := comparereport.WriteExactJSON(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "comparison-exact.golden.json", b.Bytes())
}
