package analysis

import (
	"fmt"
	"math"
	"strings"

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

// ExactValue gives the exact value of a metric from an analytic solver, or
// false when the solver has none.
type ExactValue func(metric string) (float64, bool)

// ClaimCheck is the verdict on one claim with the evidence behind it, all in
// the claim's unit.
type ClaimCheck struct {
	Claim    scenarios.Claim
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
// Bonferroni). exact may be nil.
func CheckClaim(c scenarios.Claim, r *Result, alpha float64, exact ExactValue) ClaimCheck {
	out := ClaimCheck{Claim: c}
	t := r.Tally
	n := t.Trials
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

	switch {
	case strings.HasPrefix(c.Metric, "win.") || strings.HasPrefix(c.Metric, "end."):
		k := proportionCount(c.Metric, r)
		out.Observed = float64(k) / float64(n)
		out.Lo, out.Hi = ClopperPearson(k, n, alpha)
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("%d of %d; %.4g %% Clopper–Pearson interval", k, n, 100*(1-alpha))

	case c.Metric == "rounds.mean":
		h := &t.Rounds
		out.Observed = h.Mean() / scale
		lo, hi := MeanInterval(h.Mean(), h.Var(), n, z)
		out.Lo, out.Hi = lo/scale, hi/scale
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("%.4g %% normal interval of the mean", 100*(1-alpha))

	case strings.HasPrefix(c.Metric, "counter."):
		name := strings.TrimPrefix(c.Metric, "counter.")
		for _, cm := range r.Counters() {
			if cm.Name == name {
				out.Observed = cm.Mean
				out.Lo, out.Hi = MeanInterval(cm.Mean, cm.Variance, n, z)
			}
		}
		out.Verdict = bounded(out.Lo, out.Hi, c.Min, c.Max)
		out.Note = fmt.Sprintf("mean per trial; %.4g %% normal interval", 100*(1-alpha))

	case c.Metric == "rounds.min", c.Metric == "rounds.max":
		out = checkExtreme(out, c, r, scale)

	default:
		q, ok := c.Quantile()
		if !ok {
			out.Note = "unsupported metric"
			return out
		}
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

func proportionCount(metric string, r *Result) int64 {
	switch metric {
	case "win.a":
		return r.Tally.Wins[rules.A]
	case "win.b":
		return r.Tally.Wins[rules.B]
	case "win.none":
		return r.Tally.Wins[rules.None]
	}
	return r.Tally.End(strings.TrimPrefix(metric, "end."))
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
	if c.Metric == "rounds.max" {
		v = float64(h.Max())
	}
	v /= scale
	out.Observed, out.Lo, out.Hi = v, v, v
	// For the minimum, a lower bound is a universal statement; for the
	// maximum, an upper bound is.
	universalBroken := c.Metric == "rounds.min" && c.Min != nil && v < *c.Min ||
		c.Metric == "rounds.max" && c.Max != nil && v > *c.Max
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

func checkExact(out ClaimCheck, c scenarios.Claim, r *Result, alpha float64, exact ExactValue) ClaimCheck {
	var v float64
	ok := false
	if exact != nil {
		v, ok = exact(c.Metric)
	}
	if !ok {
		out.Note = "no exact solution for this metric"
		return out
	}
	n := r.Tally.Trials
	out.Lo, out.Hi = v, v
	if c.Metric == "rounds.mean" {
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
		k := proportionCount(c.Metric, r)
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
