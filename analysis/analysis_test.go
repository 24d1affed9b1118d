package analysis

import (
	"math"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Reference values computed by hand from the closed forms.
func TestWilson(t *testing.T) {
	// k = 50, n = 100, z = 1.96: centre 0.5, half-width
	// z/(1+z²/n)·sqrt(0.25/100 + z²/(4n²)) = 0.0961...
	lo, hi := Wilson(50, 100, Z95)
	if !near(lo, 0.40383, 1e-4) || !near(hi, 0.59617, 1e-4) {
		t.Errorf("Wilson(50,100) = [%.5f, %.5f]", lo, hi)
	}
	// k = 0: lower bound 0, upper z²/(n+z²) = 3.8415/103.8415.
	lo, hi = Wilson(0, 100, Z95)
	if lo != 0 || !near(hi, 3.841459/103.841459, 1e-6) {
		t.Errorf("Wilson(0,100) = [%g, %g]", lo, hi)
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson with no trials = [%g, %g]", lo, hi)
	}
}

func TestClopperPearson(t *testing.T) {
	// k = 0: upper = 1 − (α/2)^(1/n); k = n: lower = (α/2)^(1/n).
	_, hi := ClopperPearson(0, 10, 0.05)
	if !near(hi, 1-math.Pow(0.025, 0.1), 1e-9) {
		t.Errorf("CP(0,10) upper = %g", hi)
	}
	lo, _ := ClopperPearson(10, 10, 0.05)
	if !near(lo, math.Pow(0.025, 0.1), 1e-9) {
		t.Errorf("CP(10,10) lower = %g", lo)
	}
	// Tabulated: k = 5, n = 10, 95 % → [0.187086, 0.812914].
	lo, hi = ClopperPearson(5, 10, 0.05)
	if !near(lo, 0.187086, 1e-5) || !near(hi, 0.812914, 1e-5) {
		t.Errorf("CP(5,10) = [%g, %g]", lo, hi)
	}
}

func TestProportionPValue(t *testing.T) {
	if p := ProportionPValue(50, 100, 0.5); !near(p, 1, 1e-9) {
		t.Errorf("exact centre p = %g, want 1", p)
	}
	// Exact binomial: 0 of 20 at p0 = 0.25 → 2·0.75^20 = 0.006343.
	if p := ProportionPValue(0, 20, 0.25); !near(p, 2*math.Pow(0.75, 20), 1e-9) {
		t.Errorf("p = %g", p)
	}
	// Normal branch: 5300 of 10000 at 0.5 → z = 6.
	if p := ProportionPValue(5300, 10000, 0.5); !near(p, 1.973e-9, 1e-11) {
		t.Errorf("p = %g", p)
	}
	if ProportionPValue(1, 10, 0) != 0 || ProportionPValue(0, 10, 0) != 1 || ProportionPValue(10, 10, 1) != 1 {
		t.Error("degenerate p0 handled wrongly")
	}
}

func TestChiSquare(t *testing.T) {
	// Perfect fit: statistic 0, p = 1.
	stat, df, p := ChiSquare([]int64{25, 25, 50}, []float64{0.25, 0.25, 0.5})
	if stat != 0 || df != 2 || !near(p, 1, 1e-12) {
		t.Errorf("perfect fit: %g %d %g", stat, df, p)
	}
	// By hand: observed 30, 20, 50 vs 25, 25, 50 → 1 + 1 = 2 on 2 df, p = e^-1.
	stat, df, p = ChiSquare([]int64{30, 20, 50}, []float64{0.25, 0.25, 0.5})
	if !near(stat, 2, 1e-12) || df != 2 || !near(p, math.Exp(-1), 1e-9) {
		t.Errorf("got %g %d %g", stat, df, p)
	}
	// Sparse tail bins are pooled: expected 0.5 and 0.5 join into 1 < 5,
	// which joins the 98-count bin.
	_, df, _ = ChiSquare([]int64{50, 49, 1, 0}, []float64{0.5, 0.49, 0.005, 0.005})
	if df != 1 {
		t.Errorf("pooled df = %d, want 1", df)
	}
}

func resultOf(t *testing.T, wins [3]int64, rounds []int64) *Result {
	t.Helper()
	spec := rules.Spec{Ends: []string{"death", "round-cap"}, RoundsUnit: "seconds"}
	tl := sim.NewTally(spec)
	o := &rules.Outcome{}
	i := 0
	for side, n := range wins {
		for range n {
			o.Winner = rules.Side(side)
			o.Rounds = rounds[i%len(rounds)]
			tl.Add(o)
			i++
		}
	}
	return &Result{Scenario: "x", Spec: spec, Tally: tl, Planned: tl.Trials}
}

func claim(t *testing.T, src string) scenarios.Claim {
	t.Helper()
	n, err := scenarios.ParseYAML("c.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c, err := scenarios.ParseClaim(n)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClaimVerdicts(t *testing.T) {
	r := resultOf(t, [3]int64{0, 600, 400}, []int64{3600, 7200})
	for _, c := range []struct {
		src  string
		want Verdict
	}{
		{"{metric: win.a, min: 0.55, max: 0.65}", Pass},
		{"{metric: win.a, min: 0.7}", Fail},
		{"{metric: win.a, min: 0.59}", Inconclusive},
		{"{metric: rounds.mean, unit: hours, min: 1.4, max: 1.6}", Pass},
		{"{metric: rounds.mean, unit: hours, min: 2}", Fail},
		{"{metric: rounds.min, min: 3600}", Pass},
		{"{metric: rounds.min, min: 3601}", Fail},
		{"{metric: rounds.max, min: 9000}", Inconclusive},
		{"{metric: rounds.p50, unit: hours, min: 0.5, max: 2.5}", Pass},
		{"{metric: end.death, min: 0.99}", Pass},
	} {
		got := CheckClaim(claim(t, c.src), r, 0.01, nil)
		if got.Verdict != c.want {
			t.Errorf("%s: %s (observed %g in [%g, %g]; %s), want %s", c.src, got.Verdict, got.Observed, got.Lo, got.Hi, got.Note, c.want)
		}
	}
}

func TestExactClaim(t *testing.T) {
	r := resultOf(t, [3]int64{0, 4545, 5455}, []int64{1})
	exact := &rules.Exact{Win: [3]rules.Value{rules.A: {F: 5.0 / 11}, rules.B: {F: 6.0 / 11}}}
	if v := CheckClaim(claim(t, "{metric: win.a, exact: true}"), r, 1e-6, exact); v.Verdict != Pass {
		t.Errorf("agreeing estimate judged %s (%s)", v.Verdict, v.Note)
	}
	r = resultOf(t, [3]int64{0, 6000, 4000}, []int64{1})
	if v := CheckClaim(claim(t, "{metric: win.a, exact: true}"), r, 1e-6, exact); v.Verdict != Fail {
		t.Errorf("disagreeing estimate judged %s (%s)", v.Verdict, v.Note)
	}
}
