package reports

import (
	"bytes"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/scenarios"
)

// verdictsCheck is the goldens' check: a claim of each verdict at its line
// of gate/x.yaml, one on the exact value, one whose sentence holds what a
// workflow command must escape.
func verdictsCheck(t *testing.T) *analysis.Check {
	t.Helper()
	n, err := scenarios.ParseYAML("gate/x.yaml", []byte(`claims:
  - {id: C1, says: "a wins half, 50%: or so", metric: win.a, min: 0.4, max: 0.6}
  - id: C2
    metric: rounds.mean
    max: 3
  - {id: C3, metric: win.a, min: 0.45, on: exact}
`))
	if err != nil {
		t.Fatal(err)
	}
	var claims []scenarios.Claim
	for _, it := range n.Get("claims").Items {
		c, err := scenarios.ParseClaim(it)
		if err != nil {
			t.Fatal(err)
		}
		claims = append(claims, c)
	}
	duel := results()[0]
	c := &analysis.Check{Seed: 7, Alpha: 0.01, PerClaim: 0.005, Claims: 3, Results: results()[:1], Looks: 1,
		Elapsed: map[string]time.Duration{duel.Scenario: 1500 * time.Millisecond}}
	c.Verdicts = []analysis.ClaimCheck{
		{Scenario: duel.Scenario, Claim: claims[0], Verdict: analysis.Inconclusive, Observed: 0.5, Lo: 0.35, Hi: 0.65, Unit: "share",
			Test: "99.5 % Clopper–Pearson interval", Alpha: 0.005, Trials: 9, Needed: 40},
		{Scenario: duel.Scenario, Claim: claims[1], Verdict: analysis.Fail, Observed: 26, Lo: 20, Hi: 32, Unit: "rounds",
			Test: "99.5 % normal interval of the mean", Alpha: 0.005, Trials: 9},
		{Scenario: duel.Scenario, Claim: claims[2], Verdict: analysis.Pass, Observed: 0.5, Lo: 0.5, Hi: 0.5, Exact: 0.5, Unit: "share",
			Test: "the exact solution (no sampling, no interval)"},
	}
	return c
}

// The verdicts in every format: each names its claim's position, the table
// ends with the summary, JSON has the counts, JUnit has a case per claim
// and GitHub an annotation per claim not passed.
func TestVerdictGoldens(t *testing.T) {
	c := verdictsCheck(t)
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"verdicts.golden.txt", func(b *bytes.Buffer) error { return verdicts.Write(b, c) }},
		{"verdicts.golden.json", func(b *bytes.Buffer) error { return verdicts.WriteJSON(b, c) }},
		{"verdicts.golden.csv", func(b *bytes.Buffer) error { return formats.WriteCSV(b, verdicts.Rows(c)) }},
		{"verdicts.golden.junit.xml", func(b *bytes.Buffer) error { return verdicts.WriteJUnit(b, c, false, nil) }},
		{"verdicts-strict.golden.junit.xml", func(b *bytes.Buffer) error { return verdicts.WriteJUnit(b, c, true, nil) }},
		{"verdicts.golden.github.txt", func(b *bytes.Buffer) error { return verdicts.WriteGitHub(b, c, false) }},
	} {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			t.Fatal(err)
		}
		golden(t, f.name, b.Bytes())
	}
}
