package analysis

import (
	"fmt"
	"math"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Verdict is the three-valued outcome of checking a claim.
type Verdict int

const (
	// Inconclusive: the data decide neither way; more trials may.
	Inconclusive Verdict = iota
	// Pass: the data show the claim holds (the whole interval satisfies it).
	Pass
	// Fail: the data show the claim is wrong (the whole interval violates it).
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

// MinMeanTrials is the fewest trials a claim on a mean is judged with: below
// it the normal interval of the mean means nothing (one trial has no spread,
// and would pass or fail anything).
const MinMeanTrials = 30

// ClaimCheck is the verdict on one claim with the evidence behind it, all in
// the claim's unit.
type ClaimCheck struct {
	// Scenario names the scenario the claim is about.
	Scenario string
	Claim    scenarios.Claim
	// Trials is the number of trials the verdict rests on.
	Trials  int64
	Verdict Verdict
	// Observed is the estimate (or, for a fixed claim, the value), Lo and
	// Hi the interval the verdict was read from (equal to Observed for a
	// fixed claim), in Unit.
	Observed, Lo, Hi float64
	Unit             string
	// Exact is the solver's value of an exact claim, Tolerance its margin.
	Exact, Tolerance float64
	// Test names the test or interval, Alpha the false-alarm rate spent on
	// this claim.
	Test  string
	Alpha float64
	// Needed, for an inconclusive verdict, estimates the trials that would
	// decide it at the observed value (0: no estimate).
	Needed int64
	Note   string
}

// CheckClaim evaluates c against r. alpha is the false-alarm rate spent on
// this claim (a caller checking several claims divides its budget:
// Bonferroni). exact is the scenario's exact solution, or nil. A claim about
// one trial is judged by CheckTrial instead.
func CheckClaim(c scenarios.Claim, r *Result, alpha float64, exact *rules.Exact) ClaimCheck {
	if c.OnExact {
		return CheckOnExact(c, r.Scenario, r.Spec, exact)
	}
	out := ClaimCheck{Scenario: r.Scenario, Claim: c, Trials: r.Tally.Trials, Alpha: alpha, Unit: claimUnit(c, r.Spec)}
	if out.Trials == 0 {
		out.Note = "no trials finished"
		return out
	}
	e := estimate(c, r, alpha)
	switch {
	case c.Fixed:
		return fixed(out, c, e.Value)
	case c.Exact:
		return agreement(out, c, e, exact)
	case e.NoInterval != "":
		out.Observed, out.Lo, out.Hi, out.Test, out.Note = e.Value, e.Value, e.Value, e.Method, e.NoInterval
		return out
	case c.Metric.Kind == rules.RoundsMin || c.Metric.Kind == rules.RoundsMax:
		return extreme(out, c, e.Value)
	}
	out.Observed, out.Lo, out.Hi, out.Test = e.Value, e.Lo, e.Hi, e.Method
	out.Verdict = bounded(e.Lo, e.Hi, c.Min, c.Max)
	if out.Verdict == Inconclusive {
		out.Needed = trialsToDecide(e, c, alpha)
	}
	return out
}

// Estimate is a metric's value in a run with an interval: the one reading
// of a metric that claims, sweeps, tuning and comparisons share.
type Estimate struct {
	// Value is the estimate; [Lo, Hi] the interval at the false-alarm
	// rate asked for (Lo = Hi = Value where NoInterval says why there is
	// none, and for the extremes rounds.min and rounds.max).
	Value, Lo, Hi float64
	// SD is the standard deviation of one trial's contribution, from which
	// the trials a precision needs follow.
	SD float64
	// Trials is the number of trials the estimate is of.
	Trials int64
	// Method names the interval ("99 % Clopper–Pearson interval (…)").
	Method string
	// NoInterval, if set, says why there is no interval.
	NoInterval string
}

// EstimateOf returns the value of m in r with its interval at the
// false-alarm rate alpha: Clopper–Pearson for shares, MarginInterval for
// the margin, normal for means, order statistics for quantiles.
func EstimateOf(r *Result, m rules.Metric, alpha float64) Estimate {
	return estimateMetric(m, r, alpha, false, 1)
}

// estimate returns the estimate of a claim's metric, in the claim's unit
// and, for a claim on a total, of the total.
func estimate(c scenarios.Claim, r *Result, alpha float64) Estimate {
	return estimateMetric(c.Metric, r, alpha, c.Total, unitScale(c))
}

func estimateMetric(m rules.Metric, r *Result, alpha float64, total bool, scale float64) Estimate {
	t := r.Tally
	n := t.Trials
	e := Estimate{Trials: n}
	// From the lower tail: 1 − alpha/2 rounds to 1 (and z to +Inf) once
	// alpha/2 is below 2^-54, as it is after enough looks of a sequential
	// check.
	z := -NormalQuantile(alpha / 2)
	level := LevelText(alpha)
	switch m.Kind {
	case rules.WinShare, rules.EndShare:
		k := shareCount(m, r)
		e.Value = float64(k) / float64(n)
		e.Lo, e.Hi = ClopperPearson(k, n, alpha)
		e.SD = math.Sqrt(math.Max(e.Value*(1-e.Value), 1/float64(n)))
		e.Method = fmt.Sprintf("%s Clopper–Pearson interval (%d of %d)", level, k, n)
		if total {
			e.Value = float64(k)
		}
	case rules.RoundsMean, rules.CounterMean:
		mean, variance := t.Rounds.Mean(), t.Rounds.Var()
		if m.Kind == rules.CounterMean {
			cm := counterOf(r, m.Name)
			mean, variance = cm.Mean, cm.Variance
			if total {
				mean = float64(cm.Sum)
			}
		}
		e.Value, e.SD = mean/scale, math.Sqrt(variance)/scale
		e.Lo, e.Hi = MeanInterval(e.Value, e.SD*e.SD, n, z)
		e.Method = level + " normal interval of the mean"
		if n < MinMeanTrials {
			e.NoInterval = fmt.Sprintf("%d trials: a normal interval of the mean needs at least %d", n, MinMeanTrials)
		}
	case rules.Margin:
		e = marginEstimate(t.Wins[rules.A], t.Wins[rules.B], n, alpha)
		e.Method = level + " " + MarginMethod
		if total {
			e.Value = float64(t.Wins[rules.A] - t.Wins[rules.B])
		}
	case rules.RoundsMin:
		e.Value, e.Method = float64(t.Rounds.Min())/scale, "the smallest value of all trials"
	case rules.RoundsMax:
		e.Value, e.Method = float64(t.Rounds.Max())/scale, "the largest value of all trials"
	case rules.RoundsQuantile:
		e = quantile(t.Rounds.Quantile, t.Rounds.RankRange, n, float64(m.Percent)/100, z, scale)
		e.Method = level + " order-statistic interval"
	}
	return e
}

// marginEstimate estimates win.a − win.b from a wins and b wins in n
// trials, with MarginInterval at alpha. SD is one trial's standard
// deviation (it contributes +1, −1 or 0, so its variance is
// pa + pb − (pa − pb)²), kept at least 1/√n so that a run one side swept
// still says how many trials a precision needs.
func marginEstimate(a, b, n int64, alpha float64) Estimate {
	pa, pb := float64(a)/float64(n), float64(b)/float64(n)
	d := pa - pb
	lo, hi := MarginInterval(a, b, n, alpha)
	sd := math.Sqrt(math.Max(pa+pb-d*d, 1/float64(n)))
	return Estimate{Value: d, Lo: lo, Hi: hi, SD: sd, Trials: n}
}

// quantile estimates a quantile with the distribution-free interval from
// the binomial law of the number of values below it (normal approximation
// of the ranks).
func quantile(at func(float64) int64, ranks func(int64) (int64, int64), n int64, q, z, scale float64) Estimate {
	nf := float64(n)
	sd := math.Sqrt(nf * q * (1 - q))
	lo, _ := ranks(int64(math.Floor(nf*q - z*sd)))
	_, hi := ranks(int64(math.Ceil(nf*q+z*sd)) + 1)
	return Estimate{Value: float64(at(q)) / scale, Lo: float64(lo) / scale, Hi: float64(hi) / scale, Trials: n}
}

// shareCount returns the number of trials counted by a win or end share.
func shareCount(m rules.Metric, r *Result) int64 {
	if m.Kind == rules.WinShare {
		return r.Tally.Wins[m.Side]
	}
	return r.Tally.End(m.Name)
}

func counterOf(r *Result, name string) CounterMean {
	for _, cm := range r.Counters() {
		if cm.Name == name {
			return cm
		}
	}
	return CounterMean{Name: name}
}

func unitScale(c scenarios.Claim) float64 {
	if c.Unit != "" {
		return scenarios.UnitSeconds[c.Unit]
	}
	return 1
}

// claimUnit names the unit a claim's numbers are in.
func claimUnit(c scenarios.Claim, spec rules.Spec) string {
	switch {
	case c.Unit != "":
		return c.Unit
	case c.Metric.Rounds():
		if spec.RoundsUnit == "" {
			return "rounds"
		}
		return spec.RoundsUnit
	case c.Total && c.Metric.Share():
		return "trials"
	case c.Metric.Share():
		return "share"
	}
	return ""
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

// trialsToDecide estimates the trials after which the interval, at the
// observed value and spread, would lie wholly inside or outside the
// claim's bounds: for a share, by shareTrialsToDecide; else (z·sd /
// distance to the nearest bound)².
func trialsToDecide(e Estimate, c scenarios.Claim, alpha float64) int64 {
	d := math.Inf(1)
	for _, b := range []*float64{c.Min, c.Max} {
		if b != nil {
			d = math.Min(d, math.Abs(e.Value-*b))
		}
	}
	if c.Metric.Share() {
		return shareTrialsToDecide(e, needed(e, d), alpha, func(lo, hi float64) bool { return bounded(lo, hi, c.Min, c.Max) != Inconclusive })
	}
	return needed(e, d)
}

// needed returns the trials after which an interval of e's width shrinks to
// a half-width of d, or 0 when that cannot be said.
func needed(e Estimate, d float64) int64 {
	half := (e.Hi - e.Lo) / 2
	if d <= 0 || half <= 0 || math.IsInf(d, 0) {
		return 0
	}
	n := float64(e.Trials) * (half / d) * (half / d)
	if n > float64(1<<53) {
		return 0
	}
	return int64(math.Ceil(n))
}

// shareTrialsToDecide returns about how many trials would give a
// Clopper–Pearson interval that decides (reported by decides) if the share
// stayed at its observed value, or 0 when no run of at most sim.MaxTrials
// would. guess is needed's answer, which scales the interval's width as
// 1/√n: right when that run would count many trials on either side, wrong
// when it would count few, where the interval is not symmetric and near a
// share of 0 or 1 narrows as 1/n (0 wins in 5 against "at most 0.3" needs
// 15 trials, not 6). There the trials are searched for, from guess:
// doubling, then halving the bracket until it is within 1 % (exact below
// 100 trials), which costs little since the interval of few successes is
// quick to find.
func shareTrialsToDecide(e Estimate, guess int64, alpha float64, decides func(lo, hi float64) bool) int64 {
	if guess == 0 || min(e.Value, 1-e.Value)*float64(guess) >= 100 {
		return guess
	}
	at := func(n int64) bool {
		lo, hi := ClopperPearson(int64(math.Round(e.Value*float64(n))), n, alpha)
		return decides(lo, hi)
	}
	undecided, enough := e.Trials, max(guess, e.Trials+1)
	for !at(enough) {
		if enough >= sim.MaxTrials {
			return 0
		}
		undecided, enough = enough, min(2*enough, sim.MaxTrials)
	}
	for enough-undecided > max(1, undecided/100) {
		mid := undecided + (enough-undecided)/2
		if at(mid) {
			enough = mid
		} else {
			undecided = mid
		}
	}
	return enough
}

// extreme judges claims on the sample minimum or maximum. A bound the
// extreme must respect ("min ≥ 15 s") fails on any counterexample and
// otherwise passes, with the number of trials that found none; the other
// direction ("min ≤ 5") passes once a trial reaches it and is inconclusive
// until then.
func extreme(out ClaimCheck, c scenarios.Claim, v float64) ClaimCheck {
	out.Observed, out.Lo, out.Hi = v, v, v
	out.Test = "every trial"
	// For the minimum, a lower bound is a universal statement; for the
	// maximum, an upper bound is.
	universalBroken := c.Metric.Kind == rules.RoundsMin && c.Min != nil && v < *c.Min ||
		c.Metric.Kind == rules.RoundsMax && c.Max != nil && v > *c.Max
	unreached := (c.Min != nil && v < *c.Min) || (c.Max != nil && v > *c.Max)
	switch {
	case universalBroken:
		out.Verdict, out.Note = Fail, "a trial is a counterexample"
	case unreached:
		out.Verdict, out.Note = Inconclusive, fmt.Sprintf("not reached in %d trials", out.Trials)
	default:
		out.Verdict, out.Note = Pass, fmt.Sprintf("holds in all %d trials", out.Trials)
	}
	return out
}

// fixed judges a claim about a fixed run on the observed value itself.
func fixed(out ClaimCheck, c scenarios.Claim, v float64) ClaimCheck {
	out.Observed, out.Lo, out.Hi = v, v, v
	out.Test, out.Alpha = "the observed value of this fixed run (no sampling, no interval)", 0
	out.Verdict = within(v, c.Min, c.Max)
	return out
}

// within judges a value known exactly against inclusive bounds (nil:
// unbounded): PASS inside them, FAIL outside.
func within(v float64, min, max *float64) Verdict {
	if (min == nil || v >= *min) && (max == nil || v <= *max) {
		return Pass
	}
	return Fail
}

// agreement judges an exact claim by an equivalence test: PASS when the
// data show the estimate within the claim's tolerance of the exact value
// (the whole interval inside the band: two one-sided tests, each at level
// alpha/2), FAIL when they show it outside (the whole interval outside the
// band), INCONCLUSIVE otherwise. Failing to reject a difference is not
// agreement: a run too small to tell is inconclusive.
func agreement(out ClaimCheck, c scenarios.Claim, e Estimate, exact *rules.Exact) ClaimCheck {
	v, ok := exactValue(c, exact)
	if !ok {
		out.Note = noExactValue
		return out
	}
	out.Exact, out.Tolerance = v, c.DefaultTolerance(v)
	out.Observed, out.Lo, out.Hi = e.Value, e.Lo, e.Hi
	tol, at := fmt.Sprintf("%.4g", out.Tolerance), fmt.Sprintf("%.6g", v)
	if c.Metric.Kind == rules.Margin { // in points, as every margin reads
		tol, at = fmt.Sprintf("%.4g points", 100*out.Tolerance), fmt.Sprintf("%.6g points", 100*v)
	}
	out.Test = fmt.Sprintf("equivalence (two one-sided tests) within ±%s of the exact %s; %s", tol, at, e.Method)
	if e.NoInterval != "" {
		out.Lo, out.Hi, out.Note = e.Value, e.Value, e.NoInterval
		return out
	}
	lo, hi := v-out.Tolerance, v+out.Tolerance
	switch {
	case e.Lo >= lo && e.Hi <= hi:
		out.Verdict = Pass
	case e.Hi < lo || e.Lo > hi:
		out.Verdict = Fail
	default:
		d := out.Tolerance - math.Abs(e.Value-v) // room left inside the band
		if d <= 0 {
			d = -d // distance outside it
		}
		out.Needed = needed(e, d)
		if c.Metric.Share() {
			out.Needed = shareTrialsToDecide(e, out.Needed, out.Alpha, func(l, h float64) bool { return l >= lo && h <= hi || h < lo || l > hi })
		}
	}
	return out
}

// CheckOnExact judges a claim on the exact value (on: exact): its bounds
// against the solver's value exact gives, with no sampling and so no
// interval and no false-alarm rate: PASS or FAIL. Only a metric the
// solution lacks leaves it INCONCLUSIVE, with a note.
func CheckOnExact(c scenarios.Claim, scenario string, spec rules.Spec, exact *rules.Exact) ClaimCheck {
	out := ClaimCheck{Scenario: scenario, Claim: c, Unit: claimUnit(c, spec)}
	v, ok := exactValue(c, exact)
	if !ok {
		out.Note = noExactValue
		return out
	}
	out.Exact, out.Observed, out.Lo, out.Hi = v, v, v, v
	out.Test = "the exact solution (no sampling, no interval)"
	out.Verdict = within(v, c.Min, c.Max)
	return out
}

// exactValue returns the exact solution's value of c's metric in c's
// unit; false when there is no solution (nil) or it lacks the metric.
func exactValue(c scenarios.Claim, exact *rules.Exact) (float64, bool) {
	if exact == nil {
		return 0, false
	}
	ev, ok := exact.Metric(c.Metric)
	return ev.F / unitScale(c), ok
}

// noExactValue is the note of a claim exactValue finds no value for.
const noExactValue = "no exact solution for this metric"

// CheckTrial judges a claim about trial o of a run (Claim.Trial), fought
// alone: its winner or end (1 or 0), its rounds, or a counter's value.
func CheckTrial(c scenarios.Claim, scenario string, spec rules.Spec, o *rules.Outcome) ClaimCheck {
	out := ClaimCheck{Scenario: scenario, Claim: c, Trials: 1, Unit: claimUnit(c, spec)}
	var v float64
	switch m := c.Metric; m.Kind {
	case rules.WinShare:
		v = b2f(o.Winner == m.Side)
	case rules.EndShare:
		v = b2f(spec.Ends[o.End] == m.Name)
	case rules.CounterMean:
		v = float64(o.Counters[spec.CounterIndex(m.Name)])
	default: // every statistic of one trial's rounds is its rounds
		v = float64(o.Rounds) / unitScale(c)
	}
	out = fixed(out, c, v)
	out.Test = fmt.Sprintf("trial %d of this run, replayed (no sampling, no interval)", *c.Trial)
	return out
}
