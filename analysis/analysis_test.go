package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Reference values computed by hand from the closed forms.
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

// Clopper–Pearson stays right for a million trials at the rates a large
// check spends (gonum's Beta quantile gave 0.04 for the upper bound of 10 in
// a million at α = 1.67·10⁻⁷, and 0.9999998 for 0 in a million).
func TestClopperPearsonExtremes(t *testing.T) {
	const n, alpha = 1_000_000, 1.67e-7
	prevLo, prevHi := -1.0, -1.0
	for _, k := range []int64{0, 1, 2, 10, 1000, 500000, 999990, 999999, 1000000} {
		lo, hi := ClopperPearson(k, n, alpha)
		p := float64(k) / n
		if lo > p || hi < p || lo <= prevLo || hi <= prevHi {
			t.Errorf("k %d: [%g, %g] (previous [%g, %g])", k, lo, hi, prevLo, prevHi)
		}
		prevLo, prevHi = lo, hi
	}
	if _, hi := ClopperPearson(10, n, alpha); hi < 3e-5 || hi > 5e-5 {
		t.Errorf("10 of a million: upper bound %g", hi)
	}
	if _, hi := ClopperPearson(0, n, alpha); math.Abs(hi-(1-math.Pow(alpha/2, 1.0/n))) > 1e-12 {
		t.Errorf("0 of a million: upper bound %g", hi)
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
	// Far tails keep their digits, where 1 − CDF would give 0. Normal
	// branch: 6280 of 10000 at 0.5 is z = 25.6, p = erfc(25.6/√2) ≈ 1.6e-144.
	if p, want := ProportionPValue(6280, 10000, 0.5), math.Erfc(25.6/math.Sqrt2); p == 0 || !near(p/want, 1, 1e-9) {
		t.Errorf("z = 25.6: p = %g, want %g", p, want)
	}
	// Exact branch, upper tail: 20 of 100 at 0.01 is 2·P(X ≥ 20), summed
	// term by term here.
	var tail float64
	for j := 20; j <= 100; j++ {
		lc, _ := math.Lgamma(101)
		lj, _ := math.Lgamma(float64(j + 1))
		lr, _ := math.Lgamma(float64(101 - j))
		tail += math.Exp(lc - lj - lr + float64(j)*math.Log(0.01) + float64(100-j)*math.Log(0.99))
	}
	if p := ProportionPValue(20, 100, 0.01); p == 0 || !near(p/(2*tail), 1, 1e-9) {
		t.Errorf("20 of 100 at 0.01: p = %g, want %g", p, 2*tail)
	}
}

// NormalPValue is erfc(|z|/√2): 0.05 at 1.959964, and not 0 at z = 12.8,
// where gonum's UnitNormal.Survival cancels to 0.
func TestNormalPValue(t *testing.T) {
	if p := NormalPValue(-1.959963984540054); !near(p, 0.05, 1e-12) {
		t.Errorf("p(1.96) = %g", p)
	}
	if p := NormalPValue(12.8); !near(p/1.639512342632604e-37, 1, 1e-9) {
		t.Errorf("p(12.8) = %g, want 1.6395e-37", p)
	}
	if NormalPValue(0) != 1 {
		t.Error("p(0) is not 1")
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

// An exact claim passes only when the data show agreement within its
// tolerance, fails only when they show disagreement beyond it, and is
// inconclusive — saying how many trials would decide — when a run is too
// small to tell: 2 wins in 10 against 0.4137 is not agreement.
func TestExactClaim(t *testing.T) {
	exact := &rules.Exact{Win: [3]rules.Value{rules.A: {F: 5.0 / 11}, rules.B: {F: 6.0 / 11}}, RoundsMean: rules.Value{F: 3}}
	for _, c := range []struct {
		wins [3]int64
		src  string
		want Verdict
	}{
		// 4545 of 10000: the 1 − 10⁻⁶ interval is ±0.025 wide.
		{[3]int64{0, 4545, 5455}, "{metric: win.a, exact: true, tolerance: 0.03}", Pass},
		{[3]int64{0, 4545, 5455}, "{metric: win.a, exact: true}", Inconclusive},
		{[3]int64{0, 6000, 4000}, "{metric: win.a, exact: true}", Fail},
		{[3]int64{0, 6000, 4000}, "{metric: win.a, exact: true, tolerance: 0.2}", Pass},
		{[3]int64{0, 2, 8}, "{metric: win.a, exact: true}", Inconclusive},
		{[3]int64{0, 1, 0}, "{metric: rounds.mean, exact: true}", Inconclusive}, // one trial: no interval
	} {
		r := resultOf(t, c.wins, []int64{3})
		v := CheckClaim(claim(t, c.src), r, 1e-6, exact)
		if v.Verdict != c.want {
			t.Errorf("%v %s: %s (%s; [%g, %g])", c.wins, c.src, v.Verdict, v.Note, v.Lo, v.Hi)
		}
		if v.Verdict == Inconclusive && v.Needed == 0 && v.Note == "" {
			t.Errorf("%v %s: inconclusive, without saying what would decide it", c.wins, c.src)
		}
	}
	// At the observed share, 2 in 10 would show disagreement after a few
	// dozen trials; 4545 in 10,000 would show agreement within ±0.01 after
	// about (0.0245/0.01)² · 10,000 ≈ 60,000.
	v := CheckClaim(claim(t, "{metric: win.a, exact: true}"), resultOf(t, [3]int64{0, 2, 8}, []int64{3}), 1e-6, exact)
	if v.Needed < 10 || v.Needed > 100 {
		t.Errorf("2 of 10: %d trials needed", v.Needed)
	}
	v = CheckClaim(claim(t, "{metric: win.a, exact: true}"), resultOf(t, [3]int64{0, 4545, 5455}, []int64{3}), 1e-6, exact)
	if v.Needed < 50_000 || v.Needed > 70_000 {
		t.Errorf("4545 of 10000: %d trials needed", v.Needed)
	}
}

// The trials an inconclusive share claim says would decide it do decide
// it, at the observed share, and one fewer does not: exactly so at small
// runs, where scaling the interval's width was wrong (0 wins in 5 against
// "at most 0.3" said 6 trials; it takes 15, 1 − 0.005^(1/n) ≤ 0.3).
func TestTrialsToDecideAtSmallN(t *testing.T) {
	for _, c := range []struct {
		wins [3]int64
		src  string
		want int64 // 0: checked only by refighting
	}{
		{[3]int64{0, 0, 5}, "{metric: win.a, max: 0.3}", 15},
		{[3]int64{0, 0, 3}, "{metric: win.a, max: 0.5}", 8},  // ln 0.005 / ln 0.5 = 7.6
		{[3]int64{0, 5, 0}, "{metric: win.a, max: 0.5}", 8},  // FAIL once (α/2)^(1/n) > 0.5
		{[3]int64{0, 0, 5}, "{metric: win.b, min: 0.8}", 24}, // 0.005^(1/n) ≥ 0.8
		{[3]int64{0, 2, 8}, "{metric: win.a, max: 0.5}", 0},
		{[3]int64{3, 4, 3}, "{metric: win.none, min: 0.1, max: 0.6}", 0},
		{[3]int64{0, 1, 9}, "{metric: win.a, min: 0.3}", 0},
	} {
		r := resultOf(t, c.wins, []int64{3})
		cl := claim(t, c.src)
		v := CheckClaim(cl, r, 0.01, nil)
		if v.Verdict != Inconclusive || v.Needed <= r.Tally.Trials {
			t.Errorf("%v %s: %s, %d trials needed", c.wins, c.src, v.Verdict, v.Needed)
			continue
		}
		if c.want != 0 && v.Needed != c.want {
			t.Errorf("%v %s: %d trials needed, want %d", c.wins, c.src, v.Needed, c.want)
		}
		share := float64(shareCount(cl.Metric, r)) / float64(r.Tally.Trials)
		at := func(n int64) Verdict {
			k := int64(math.Round(share * float64(n)))
			var wins [3]int64
			wins[cl.Metric.Side], wins[(cl.Metric.Side+1)%3] = k, n-k
			return CheckClaim(cl, resultOf(t, wins, []int64{3}), 0.01, nil).Verdict
		}
		if at(v.Needed) == Inconclusive || at(v.Needed-1) != Inconclusive {
			t.Errorf("%v %s: %d trials needed, but at the observed share %d give %v and %d give %v", c.wins, c.src, v.Needed,
				v.Needed, at(v.Needed), v.Needed-1, at(v.Needed-1))
		}
	}
}

// The interval of a mean stays finite at the smallest rates a check
// spends: those of a sequential check's late looks (alpha/2^look), where
// 1 − alpha/2 rounds to 1.
func TestTinyAlphaKeepsIntervalsFinite(t *testing.T) {
	r := resultOf(t, [3]int64{0, 60, 40}, []int64{3600, 7200})
	for _, alpha := range []float64{1e-12, 1e-17, 0.01 / (1 << 53), 1e-300} {
		v := CheckClaim(claim(t, "{metric: rounds.mean, min: 1, max: 2, unit: hours}"), r, alpha, nil)
		if math.IsInf(v.Lo, 0) || math.IsInf(v.Hi, 0) || math.IsNaN(v.Lo) || math.IsNaN(v.Hi) || v.Lo >= v.Observed || v.Hi <= v.Observed {
			t.Errorf("alpha %g: interval [%g, %g] around %g", alpha, v.Lo, v.Hi, v.Observed)
		}
	}
}

// A claim on a mean is not judged on fewer than MinMeanTrials trials: one
// trial has no spread, and would pass or fail anything.
func TestMeanClaimNeedsTrials(t *testing.T) {
	r := resultOf(t, [3]int64{0, 1, 0}, []int64{7200})
	for _, src := range []string{"{metric: rounds.mean, min: 1}", "{metric: rounds.mean, max: 1}"} {
		if v := CheckClaim(claim(t, src), r, 0.01, nil); v.Verdict != Inconclusive || !strings.Contains(v.Note, "needs at least 30") {
			t.Errorf("%s on one trial: %s (%s)", src, v.Verdict, v.Note)
		}
	}
}

// A fixed claim is judged on the observed value exactly: a total of trials
// or a counter's sum, with no interval and never inconclusive.
func TestFixedClaim(t *testing.T) {
	r := resultOf(t, [3]int64{1, 499, 0}, []int64{2})
	for src, want := range map[string]Verdict{
		"{metric: win.none, fixed: true, total: true, min: 1, max: 1}": Pass,
		"{metric: win.none, fixed: true, total: true, min: 2}":         Fail,
		"{metric: win.a, fixed: true, min: 0.998}":                     Pass,
		"{metric: rounds.mean, fixed: true, max: 1.9}":                 Fail,
	} {
		v := CheckClaim(claim(t, src), r, 0.01, nil)
		if v.Verdict != want || v.Lo != v.Observed || v.Hi != v.Observed {
			t.Errorf("%s: %s observed %g [%g, %g]", src, v.Verdict, v.Observed, v.Lo, v.Hi)
		}
	}
}

// Coverage of the intervals, measured by simulation at known rates (fixed
// seed, 4,000 samples per case: the measured coverage has a standard error
// near 0.0035, and the bounds allow four of them). Clopper–Pearson, every
// share's interval, never covers less than its level; the normal interval
// of the mean covers about its level for sums of many trials.
func TestIntervalCoverage(t *testing.T) {
	r := rules.NewRand(2026, 11)
	const reps = 4000
	for _, c := range []struct {
		p float64
		n int64
	}{{0.05, 200}, {0.3, 50}, {0.5, 500}, {0.9, 100}} {
		var cp, normal int
		for range reps {
			var k int64
			for range c.n {
				if r.OpenFloat64() < c.p {
					k++
				}
			}
			if lo, hi := ClopperPearson(k, c.n, 0.05); lo <= c.p && c.p <= hi {
				cp++
			}
			mean := float64(k) / float64(c.n)
			if lo, hi := MeanInterval(mean, mean*(1-mean)*float64(c.n)/float64(c.n-1), c.n, Z95); lo <= c.p && c.p <= hi {
				normal++
			}
		}
		cpc, nc := float64(cp)/reps, float64(normal)/reps
		if cpc < 0.95-0.014 {
			t.Errorf("p %g n %d: Clopper–Pearson covers %.4f, below its 95 %%", c.p, c.n, cpc)
		}
		if float64(c.n)*c.p*(1-c.p) >= 25 && (nc < 0.93 || nc > 0.97) { // n·p·(1−p) large enough for the normal law
			t.Errorf("p %g n %d: the normal interval covers %.4f", c.p, c.n, nc)
		}
	}
}

// A counter whose values are all 0 or 1 is a share and gets a share's
// interval (Clopper–Pearson), which never leaves [0, 1]; any other counter
// keeps the normal interval of the mean.
func TestCounterMeanInterval(t *testing.T) {
	c := counterMean("b.generals-lost", 3, 3, 500) // three trials of 500 saw 1
	// R's binom.test(3, 500): [0.001239, 0.017434].
	if !near(c.Lo, 0.0012391, 1e-6) || !near(c.Hi, 0.0174337, 1e-6) {
		t.Errorf("indicator counter 3/500: [%g, %g], want [0.001239, 0.017434]", c.Lo, c.Hi)
	}
	if c := counterMean("x", 0, 0, 100); c.Lo != 0 || !near(c.Hi, 1-math.Pow(0.025, 0.01), 1e-12) {
		t.Errorf("never-seen counter: [%g, %g], want [0, 1 − 0.025^(1/100)]", c.Lo, c.Hi)
	}
	var lo, hi float64
	// Values 2 and 0 in equal numbers: mean 1, variance 100/99.
	c = counterMean("x", 100, 200, 100)
	lo, hi = MeanInterval(1, 100.0/99, 100, Z95)
	if !near(c.Lo, lo, 1e-12) || !near(c.Hi, hi, 1e-12) {
		t.Errorf("counter of 0s and 2s: [%g, %g], want normal [%g, %g]", c.Lo, c.Hi, lo, hi)
	}
}

// The margin win.a − win.b, by hand: 60 a wins, 30 b wins, 10 draws in 100
// trials is 0.3; its 95 % interval is the difference of the shares' exact
// (Clopper–Pearson) limits, as R's binom.test gives them: 60 of 100 in
// [0.4972092, 0.6967052], 30 of 100 in [0.2124064, 0.3998147].
func TestMarginEstimate(t *testing.T) {
	r := &Result{Tally: &sim.Tally{Trials: 100, Wins: [3]int64{10, 60, 30}}}
	e := EstimateOf(r, rules.Metric{Kind: rules.Margin}, 0.05)
	if math.Abs(e.Value-0.3) > 1e-12 || math.Abs(e.SD-0.9) > 1e-12 ||
		math.Abs(e.Lo-(0.4972092-0.3998147)) > 1e-6 || math.Abs(e.Hi-(0.6967052-0.2124064)) > 1e-6 {
		t.Errorf("margin estimate %+v", e)
	}
	// A clean sweep: without draws the interval is 2·[lo, hi] − 1 of the
	// share's exact interval, whose lower end for 100 of 100 is 0.025^(1/100).
	all := EstimateOf(&Result{Tally: &sim.Tally{Trials: 100, Wins: [3]int64{0, 100, 0}}}, rules.Metric{Kind: rules.Margin}, 0.05)
	if all.Value != 1 || math.Abs(all.Lo-(2*math.Pow(0.025, 0.01)-1)) > 1e-12 || all.Hi != 1 {
		t.Errorf("a clean sweep: %+v", all)
	}
	// No trial-count floor: two trials have an interval, as a share does —
	// one win each: 1 of 2 lies in [1 − √0.975, √0.975].
	two := EstimateOf(&Result{Tally: &sim.Tally{Trials: 2, Wins: [3]int64{0, 1, 1}}}, rules.Metric{Kind: rules.Margin}, 0.05)
	if w := 2*math.Sqrt(0.975) - 1; two.NoInterval != "" || math.Abs(two.Lo+w) > 1e-9 || math.Abs(two.Hi-w) > 1e-9 {
		t.Errorf("two trials: %+v", two)
	}
}

// TestMarginIntervalCoverage computes the margin interval's coverage
// exactly, by enumerating every outcome (a wins, b wins, draws) of n
// trials with its multinomial probability, at shares across the triangle
// — the edges (no draws; a side that never wins), a weaker side that
// expects about one win, many draws — and requires at least 1 − alpha at
// each: the statement "95 %" holds at every n tried, not on average. The
// normal interval it replaced covered 63.5 % at n = 50, pa = 0.02, pb = 0.98.
func TestMarginIntervalCoverage(t *testing.T) {
	for _, n := range []int64{1, 2, 5, 13, 50, 120} {
		for _, alpha := range []float64{0.05, 0.01} {
			los, his := marginTable(n, alpha)
			for _, p := range marginGrid(n) {
				cov := 0.0
				d := p[0] - p[1]
				for a := int64(0); a <= n; a++ {
					for b := int64(0); a+b <= n; b++ {
						if los[a][b] <= d+1e-12 && d-1e-12 <= his[a][b] {
							cov += trinomial(n, a, b, p[0], p[1])
						}
					}
				}
				if cov < 1-alpha-1e-9 {
					t.Errorf("n=%d alpha=%g pa=%.4g pb=%.4g: coverage %.4f, below %.4f", n, alpha, p[0], p[1], cov, 1-alpha)
				}
			}
		}
	}
}

// marginTable returns the margin interval of every outcome of n trials.
func marginTable(n int64, alpha float64) (los, his [][]float64) {
	los, his = make([][]float64, n+1), make([][]float64, n+1)
	for a := int64(0); a <= n; a++ {
		los[a], his[a] = make([]float64, n+1-a), make([]float64, n+1-a)
		for b := int64(0); a+b <= n; b++ {
			e := EstimateOf(&Result{Tally: &sim.Tally{Trials: n, Wins: [3]int64{n - a - b, a, b}}}, rules.Metric{Kind: rules.Margin}, alpha)
			los[a][b], his[a][b] = e.Lo, e.Hi
		}
	}
	return los, his
}

// marginGrid returns shares (pa, pb) with pa + pb ≤ 1 to test at.
func marginGrid(n int64) [][2]float64 {
	xs := []float64{0, 0.001, 0.5 / float64(n), 1 / float64(n), 0.02, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.98}
	var out [][2]float64
	for _, pa := range xs {
		for _, pb := range append(xs, 1-pa) {
			if pa+pb <= 1+1e-12 && pa+pb > 0 {
				out = append(out, [2]float64{pa, math.Min(pb, 1-pa)})
			}
		}
	}
	return out
}

// trinomial returns the probability of a wins, b wins and n − a − b draws.
func trinomial(n, a, b int64, pa, pb float64) float64 {
	c, pn := n-a-b, math.Max(0, 1-pa-pb)
	lg := func(k int64) float64 { v, _ := math.Lgamma(float64(k) + 1); return v }
	lp := lg(n) - lg(a) - lg(b) - lg(c)
	for _, f := range [][2]float64{{float64(a), pa}, {float64(b), pb}, {float64(c), pn}} {
		switch {
		case f[0] == 0:
		case f[1] == 0:
			return 0
		default:
			lp += f[0] * math.Log(f[1])
		}
	}
	return math.Exp(lp)
}
