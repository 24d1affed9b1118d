package tunereport

import (
	"fmt"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// A tune's answer in the designer's words: the field's values by its
// label ("5 Interceptors"), the metric by the sides' names ("attacker
// wins"), shares in percent and the margin in points.

// targetWords writes the target as a bound on the metric: "attacker wins
// ≥ 70 %", "fair (attacker wins − defender wins = 0)".
func targetWords(r *tune.Result) string {
	t, spec := r.Tune.Target, words.TuneSpec(r)
	if t.Text == "fair" {
		return fmt.Sprintf("fair (%s as often as %s)", words.MetricWords(rules.Metric{Kind: rules.WinShare, Side: rules.A}, spec), words.SideLabel(spec, rules.B))
	}
	op := map[string]string{"=": "=", ">=": "≥", "<=": "≤"}[t.Op]
	v := t.Decimal(1)
	switch {
	case t.Metric.Share():
		v = t.Decimal(100) + " %"
	case t.Metric.Kind == rules.Margin:
		v = t.Decimal(100) + " points"
	}
	return fmt.Sprintf("%s %s %s", words.MetricWords(t.Metric, spec), op, v)
}

// probeWords writes a probe as the headline does: "5 Interceptors:
// attacker wins 74.8 % [73.9, 75.6]" (the exact value, exactly).
func probeWords(r *tune.Result, p *tune.Probe) string {
	m, spec := r.Tune.Target.Metric, words.TuneSpec(r)
	head := fmt.Sprintf("%s: %s %s", r.Tune.Axis.Phrase(p.Value), words.MetricWords(m, spec), words.MetricValue(m, p.Estimate.Value))
	switch {
	case p.Exact != nil && p.Exact.Rat != "" && len(p.Exact.Rat) <= maxFractionText:
		return head + " exactly (" + p.Exact.Rat + ")"
	case p.Exact != nil:
		return head + " exactly"
	}
	return head + " " + words.IntervalText(m, p.Estimate.Lo, p.Estimate.Hi)
}

// maxFractionText is the longest exact fraction a headline quotes: a
// fleet's win share is a fraction of thousands of digits, which the JSON
// gives in full.
const maxFractionText = 40

// levelWords writes the answer's confidence: "95 %".
func levelWords(r *tune.Result) string {
	return analysis.LevelText(r.Alpha())
}

// Headline says the answer in sentences, the designer's words first.
func Headline(r *tune.Result) []string {
	switch r.Status {
	case tune.Bracketed:
		return bracketWords(r)
	case tune.Unreachable:
		return []string{Verdict(r)}
	case tune.NonMonotonic:
		return []string{Verdict(r)}
	case tune.Inconclusive:
		return []string{"INCONCLUSIVE: " + r.Why + "."}
	}
	return []string{fmt.Sprintf("INTERRUPTED after %d trials in %d probes (the last cut short); the answer is not stated.", r.Trials(), len(r.Probes)+len(r.Recheck))}
}

// bracketWords writes a bracket: its two ends in axis order, the one that
// meets a one-sided target marked, then what it means — or, where the
// values between could not be told from a one-sided target, that the
// answer is one of the values from one end to the other.
func bracketWords(r *tune.Result) []string {
	lo, hi := r.Below, r.Above
	if r.Direction < 0 {
		lo, hi = hi, lo
	}
	stated := append([]*tune.Probe{lo, hi}, probePointers(r.Between)...)
	lines := []string{probeWords(r, lo)}
	for i := range r.Between {
		lines = append(lines, probeWords(r, &r.Between[i])+betweenWords(&r.Between[i]))
	}
	lines = append(lines, probeWords(r, hi))
	ax := r.Tune.Axis
	switch {
	case r.Answer != nil:
		k := len(lines) - 1
		which := "largest"
		if r.Answer == hi {
			which = "smallest"
		} else {
			k = 0
		}
		lines[k] = fmt.Sprintf("%s — the %s that gives %s, %s", lines[k], which, targetWords(r), statedLevel(r, stated...))
		return lines
	case r.OneOf != nil:
		which := "largest"
		if r.Above == hi {
			which = "smallest"
		}
		return append(lines, fmt.Sprintf("the %s that gives %s is %s, %s: the answer is not decided", which, targetWords(r), oneOfWords(r), statedLevel(r, stated...)))
	}
	if len(r.Between) == 1 && r.Between[0].Exact != nil {
		return append(lines, fmt.Sprintf("%s at %s, exactly", targetWords(r), ax.Phrase(r.Between[0].Value)))
	}
	return append(lines, fmt.Sprintf("%s lies between %s and %s, %s", targetWords(r),
		ax.Phrase(lo.Value), ax.Phrase(hi.Value), statedLevel(r, stated...)))
}

// betweenWords says what a value between the bracket's ends is: solved
// exactly, it is the target itself (the search puts it between only when
// it is neither below nor above); sampled, it could not be told from it.
func betweenWords(p *tune.Probe) string {
	if p.Exact != nil {
		return " — exactly the target"
	}
	return " — indistinguishable from the target" + triedWords(p)
}

// oneOfWords names the values an undecided answer may be: "6 Interceptors
// or 7 Interceptors", or "one of 4 Interceptors to 7 Interceptors".
func oneOfWords(r *tune.Result) string {
	ax, from, to := r.Tune.Axis, r.OneOf[0], r.OneOf[1]
	if to-from == 1 {
		return ax.Phrase(ax.Value(from)) + " or " + ax.Phrase(ax.Value(to))
	}
	return "one of " + ax.Phrase(ax.Value(from)) + " to " + ax.Phrase(ax.Value(to))
}

// triedWords says how hard the decide phase tried a value it left
// indistinguishable from the target: " in 1,000,000 trials on fresh
// streams"; nothing for a probe of the search.
func triedWords(p *tune.Probe) string {
	if p.Phase != tune.DecidePhase {
		return ""
	}
	return " in " + words.Thousands(p.Trials) + " trials on fresh streams"
}

// statedLevel says at what level statements about the probes hold: "at
// 95 %", or "from exact values" when every one of them is exact (nothing
// sampled, so no level to state).
func statedLevel(r *tune.Result, ps ...*tune.Probe) string {
	for _, p := range ps {
		if p != nil && p.Exact == nil {
			return "at " + levelWords(r)
		}
	}
	return "from exact values"
}

func probePointers(ps []tune.Probe) []*tune.Probe {
	out := make([]*tune.Probe, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out
}

// Verdict says why a tune states no bracket: an unreachable target or
// a response that is not monotonic, with the two probes that show it.
func Verdict(r *tune.Result) string {
	if len(r.Pair) < 2 {
		return r.Status.String()
	}
	a, b := &r.Pair[0], &r.Pair[1]
	t, ax := r.Tune.Target, r.Tune.Axis
	switch r.Status {
	case tune.Unreachable:
		side := map[tune.Decision]string{tune.BelowTarget: "below", tune.AboveTarget: "above"}[a.Decision]
		return fmt.Sprintf("%s is not reached between %s and %s: %s; %s — %s at both ends, %s (widen the range)",
			targetWords(r), ax.Phrase(ax.From), ax.Phrase(ax.To), probeWords(r, a), probeWords(r, b), side, statedLevel(r, a, b))
	case tune.NonMonotonic:
		grows := "grows"
		if r.Direction < 0 {
			grows = "falls"
		}
		return fmt.Sprintf("not monotonic: the ends say %s %s with %s, but %s is %s the target and %s %s it, %s; there is no single crossing to bracket: see the curve with crucible sweep --vary %s=%s..%s",
			words.MetricWords(t.Metric, words.TuneSpec(r)), grows, ax.Path, probeWords(r, a), a.Decision, probeWords(r, b), b.Decision, statedLevel(r, a, b), ax.Path, ax.From, ax.To)
	}
	return r.Status.String()
}

// probeCells writes a probe for the probes table: phase, value, trials,
// looks, estimate, interval, the interval's level, decision.
func probeCells(r *tune.Result, p tune.Probe) []string {
	m := r.Tune.Target.Metric
	if p.Exact != nil {
		return []string{p.Phase.String(), p.Value, "exact", "-", words.MetricValue(m, p.Estimate.Value), "exact", "-", p.Decision.String()}
	}
	return []string{p.Phase.String(), p.Value, strconv.FormatInt(p.Trials, 10), strconv.Itoa(p.Looks),
		words.MetricValue(m, p.Estimate.Value), words.IntervalText(m, p.Estimate.Lo, p.Estimate.Hi), probeLevel(p.Spent), p.Decision.String()}
}

// probeLevel writes the level of an interval read at false-alarm rate a.
func probeLevel(a float64) string {
	if a <= 0 {
		return "-"
	}
	return analysis.LevelText(a)
}
