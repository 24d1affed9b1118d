package analysis

import (
	"fmt"
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Verdict is the three-valued outcome of checking a claim.
type Verdict int

const (
	// Inconclusive: the interval straddles a bound; more trials may decide.
	Inconclusive Verdict = iota
	// Pass: the whole confidence interval satisfies the claim.
	Pass
	// Fail: the whole confidence interval violates the claim.
	Fail
)

func (v Verdict) String() string {
	switch v {
	case Pass:
		return "PASS"
	case Fail:
		return "FAIL"
	}
	return "INCONCLUSIVE"
}

// ClaimCheck is the verdict on one claim with the evidence behind it, all in
// the claim's unit.
type ClaimCheck struct {
	// Scenario names the scenario the claim is about.
	Scenario string
	Claim    scenarios.Claim
	// Trials is the number of trials the verdict rests on.
	Trials   int64
	Verdict  Verdict
	Observed float64
	// Lo and Hi bound the interval the verdict was read from (for exact
	// claims: the exact value in both).
	Lo, Hi float64
	// PValue is set for exact-agreement claims.
	PValue float64
	Note   string
}

// CheckClaim evaluates c against r. alpha is the false-alarm rate spent on
// this claim (a caller checking several claims divides its budget:
// Bonferroni). exact is the scenario's exact solution, or nil.
func CheckClaim(c scenarios.Claim, r *Result, alpha float64, exact *rules.Exact) ClaimCheck {
	t := r.Tally
	n := t.Trials
	out := ClaimCheck{Scenario: r.Scenario, Claim: c, Trials: n}
	if n == 0 {
		out.Note = "no trials finished"
		return out
	}
	scale := 1.0
	if c.Unit != "" {
		scale = scenarios.UnitSeconds[c.Unit]
	}
	z := NormalQuantile(1 - alpha/2)

	if c.Exact {
		return checkExact(out, c, r, alpha, exact)
	}

	switch m := c.Metric; m.Kind {
	case rules.WinShare, rules.EndShare:
		k := shareCount(m, r)
		out.Observed = float64(k) / float64(n)
		out.Lo, out.Hi = ClopperPearson(k, n, alpha)
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("%d of %d; %.4g %% Clopper–Pearson interval", k, n, 100*(1-alpha))

	case rules.RoundsMean:
		h := &t.Rounds
		out.Observed = h.Mean() / scale
		lo, hi := MeanInterval(h.Mean(), h.Var(), n, z)
		out.Lo, out.Hi = lo/scale, hi/scale
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("%.4g %% normal interval of the mean", 100*(1-alpha))

	case rules.CounterMean:
		for _, cm := range r.Counters() {
			if cm.Name == m.Name {
				out.Observed = cm.Mean
				out.Lo, out.Hi = MeanInterval(cm.Mean, cm.Variance, n, z)
			}
		}
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("mean per trial; %.4g %% normal interval", 100*(1-alpha))

	case rules.RoundsMin, rules.RoundsMax:
		out = checkExtreme(out, c, r, scale)

	case rules.RoundsQuantile:
		q := float64(m.Percent) / 100
		h := &t.Rounds
		out.Observed = float64(h.Quantile(q)) / scale
		// Distribution-free interval from the binomial law of the number of
		// values below the quantile (normal approximation of the ranks).
		nf := float64(n)
		sd := math.Sqrt(nf * q * (1 - q))
		lo, _ := h.RankRange(int64(math.Floor(nf*q - z*sd)))
		_, hi := h.RankRange(int64(math.Ceil(nf*q+z*sd)) + 1)
		out.Lo, out.Hi = float64(lo)/scale, float64(hi)/scale
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("order-statistic %.4g %% interval", 100*(1-alpha))
	}
	return out
}

// shareCount returns the number of trials counted by a win or end share.
func shareCount(m rules.Metric, r *Result) int64 {
	if m.Kind == rules.WinShare {
		return r.Tally.Wins[m.Side]
	}
	return r.Tally.End(m.Name)
}

// bounded reads a verdict from an interval and the claim's bounds.
func bounded(lo, hi float64, min, max *float64) Verdict {
	inside := (min == nil || lo >= *min) && (max == nil || hi <= *max)
	outside := (min != nil && hi < *min) || (max != nil && lo > *max)
	switch {
	case inside:
		return Pass
	case outside:
		return Fail
	}
	return Inconclusive
}

// checkExtreme judges claims on the sample minimum or maximum. A bound the
// extreme must respect ("min ≥ 15 s") fails on any counterexample and
// otherwise passes, with the number of trials that found none; the other
// direction ("min ≤ 5") passes once a trial reaches it and is inconclusive
// until then.
func checkExtreme(out ClaimCheck, c scenarios.Claim, r *Result, scale float64) ClaimCheck {
	h := &r.Tally.Rounds
	v := float64(h.Min())
	if c.Metric.Kind == rules.RoundsMax {
		v = float64(h.Max())
	}
	v /= scale
	out.Observed, out.Lo, out.Hi = v, v, v
	// For the minimum, a lower bound is a universal statement; for the
	// maximum, an upper bound is.
	universalBroken := c.Metric.Kind == rules.RoundsMin && c.Min != nil && v < *c.Min ||
		c.Metric.Kind == rules.RoundsMax && c.Max != nil && v > *c.Max
	unreached := (c.Min != nil && v < *c.Min) || (c.Max != nil && v > *c.Max)
	switch {
	case universalBroken:
		out.Verdict, out.Note = Fail, "a trial is a counterexample"
	case unreached:
		out.Verdict, out.Note = Inconclusive, fmt.Sprintf("not reached in %d trials", r.Tally.Trials)
	default:
		out.Verdict, out.Note = Pass, fmt.Sprintf("holds in all %d trials", r.Tally.Trials)
	}
	return out
}

func checkExact(out ClaimCheck, c scenarios.Claim, r *Result, alpha float64, exact *rules.Exact) ClaimCheck {
	var v float64
	ok := false
	if exact != nil {
		var ev rules.Value
		ev, ok = exact.Metric(c.Metric)
		v = ev.F
	}
	if !ok {
		out.Note = "no exact solution for this metric"
		return out
	}
	n := r.Tally.Trials
	out.Lo, out.Hi = v, v
	if c.Metric.Kind == rules.RoundsMean {
		h := &r.Tally.Rounds
		out.Observed = h.Mean()
		se := math.Sqrt(h.Var() / float64(n))
		switch {
		case se == 0 && out.Observed == v:
			out.PValue = 1
		case se == 0:
			out.PValue = 0
		default:
			out.PValue = 2 * (1 - normalCDF(math.Abs(out.Observed-v)/se))
		}
	} else {
		k := shareCount(c.Metric, r)
		out.Observed = float64(k) / float64(n)
		out.PValue = ProportionPValue(k, n, v)
	}
	if out.PValue >= alpha {
		out.Verdict = Pass
	} else {
		out.Verdict = Fail
	}
	out.Note = fmt.Sprintf("exact %.6g; two-sided p = %.3g against a false-alarm rate of %.3g", v, out.PValue, alpha)
	return out
}

func normalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
