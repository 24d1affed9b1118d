package reports

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/rules"
)

// A tune's answer in the designer's words: the field's values by its
// label ("5 Interceptors"), the metric by the sides' names ("attacker
// wins"), shares in percent and the margin in points.

// tuneSpec returns the battle's spec as the tune's probes saw it (the
// side labels and the unit of rounds).
func tuneSpec(r *tune.Result) rules.Spec {
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			if p.Spec.Ends != nil {
				return p.Spec
			}
		}
	}
	return rules.Spec{}
}

// sideLabel is the name the battle gives a side, or its key.
func sideLabel(spec rules.Spec, s rules.Side) string {
	if l := spec.Labels[s-rules.A]; l != "" {
		return l
	}
	return s.String()
}

// metricWords says what a metric measures, by the sides' names.
func metricWords(m rules.Metric, spec rules.Spec) string {
	unit := unitName(spec.RoundsUnit)
	switch m.Kind {
	case rules.WinShare:
		if m.Side == rules.None {
			return "no winner"
		}
		return sideLabel(spec, m.Side) + " wins"
	case rules.Margin:
		return fmt.Sprintf("%s wins − %s wins", sideLabel(spec, rules.A), sideLabel(spec, rules.B))
	case rules.EndShare:
		return "ends by " + m.Name
	case rules.RoundsMean:
		return "mean " + unit
	case rules.RoundsQuantile:
		return fmt.Sprintf("%s at the %d%s percentile", unit, m.Percent, ordinal(m.Percent))
	case rules.CounterMean:
		return "mean " + m.Name
	}
	return m.String()
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// metricValue writes a value of the metric: a share in percent with one
// decimal, the margin in signed points, anything else compactly.
func metricValue(m rules.Metric, x float64) string {
	switch {
	case m.Share():
		return strconv.FormatFloat(100*x, 'f', 1, 64) + " %"
	case m.Kind == rules.Margin:
		return pointsText(x) + " points"
	}
	return meanText(x)
}

// meanText writes a mean or a quantile with two decimals (a count of
// rounds or a counter's mean needs no more beside its interval).
func meanText(x float64) string {
	if x != x || x > 1e6 || x < -1e6 {
		return num(x)
	}
	return strconv.FormatFloat(x+0, 'f', 2, 64)
}

// pointsText writes a difference of shares in signed percentage points.
func pointsText(x float64) string {
	s := strconv.FormatFloat(100*x+0, 'f', 1, 64)
	if x > 0 && s != "0.0" {
		return "+" + s
	}
	return s
}

// intervalText writes an interval in the metric's unit, without it:
// "[62.2, 64.0]".
func intervalText(m rules.Metric, lo, hi float64) string {
	f := func(x float64) string {
		switch {
		case m.Share():
			return strconv.FormatFloat(100*x, 'f', 1, 64)
		case m.Kind == rules.Margin:
			return pointsText(x)
		}
		return meanText(x)
	}
	return "[" + f(lo) + ", " + f(hi) + "]"
}

// targetWords writes the target as a bound on the metric: "attacker wins
// ≥ 70 %", "fair (attacker wins − defender wins = 0)".
func targetWords(r *tune.Result) string {
	t, spec := r.Tune.Target, tuneSpec(r)
	if t.Text == "fair" {
		return fmt.Sprintf("fair (%s as often as %s)", metricWords(rules.Metric{Kind: rules.WinShare, Side: rules.A}, spec), sideLabel(spec, rules.B))
	}
	op := map[string]string{"=": "=", ">=": "≥", "<=": "≤"}[t.Op]
	v := strconv.FormatFloat(t.Value, 'g', -1, 64)
	switch {
	case t.Metric.Share():
		v = strconv.FormatFloat(100*t.Value, 'g', -1, 64) + " %"
	case t.Metric.Kind == rules.Margin:
		v = strconv.FormatFloat(100*t.Value, 'g', -1, 64) + " points"
	}
	return fmt.Sprintf("%s %s %s", metricWords(t.Metric, spec), op, v)
}

// probeWords writes a probe as the headline does: "5 Interceptors:
// attacker wins 74.8 % [73.9, 75.6]" (the exact value, exactly).
func probeWords(r *tune.Result, p *tune.Probe) string {
	m, spec := r.Tune.Target.Metric, tuneSpec(r)
	head := fmt.Sprintf("%s: %s %s", r.Tune.Axis.Phrase(p.Value), metricWords(m, spec), metricValue(m, p.Estimate.Value))
	switch {
	case p.Exact != nil && p.Exact.Rat != "" && len(p.Exact.Rat) <= maxFractionText:
		return head + " exactly (" + p.Exact.Rat + ")"
	case p.Exact != nil:
		return head + " exactly"
	}
	return head + " " + intervalText(m, p.Estimate.Lo, p.Estimate.Hi)
}

// maxFractionText is the longest exact fraction a headline quotes: a
// fleet's win share is a fraction of thousands of digits, which the JSON
// gives in full.
const maxFractionText = 40

// levelWords writes the answer's confidence: "95 %".
func levelWords(r *tune.Result) string {
	return strconv.FormatFloat(100*(1-r.Alpha()), 'g', 6, 64) + " %"
}

// Headline says the answer in sentences, the designer's words first.
func Headline(r *tune.Result) []string {
	switch r.Status {
	case tune.Bracketed:
		return bracketWords(r)
	case tune.Unreachable:
		return []string{TuneVerdict(r)}
	case tune.NonMonotonic:
		return []string{TuneVerdict(r)}
	case tune.Inconclusive:
		return []string{"INCONCLUSIVE: " + r.Why + "."}
	}
	return []string{fmt.Sprintf("INTERRUPTED after %d trials in %d probes (the last cut short); the answer is not stated.", r.Trials(), len(r.Probes)+len(r.Recheck))}
}

// bracketWords writes a bracket: its two ends in axis order, the one that
// meets a one-sided target marked, then what it means.
func bracketWords(r *tune.Result) []string {
	lo, hi := r.Below, r.Above
	if r.Direction < 0 {
		lo, hi = hi, lo
	}
	lines := []string{probeWords(r, lo)}
	for i := range r.Between {
		lines = append(lines, probeWords(r, &r.Between[i])+" — indistinguishable from the target")
	}
	lines = append(lines, probeWords(r, hi))
	if r.Answer != nil {
		k := len(lines) - 1
		which := "largest"
		if r.Answer == hi {
			which = "smallest"
		} else {
			k = 0
		}
		lines[k] = fmt.Sprintf("%s — the %s that gives %s, at %s", lines[k], which, targetWords(r), levelWords(r))
		return lines
	}
	return append(lines, fmt.Sprintf("%s lies between %s and %s, at %s", targetWords(r),
		r.Tune.Axis.Phrase(lo.Value), r.Tune.Axis.Phrase(hi.Value), levelWords(r)))
}

// TuneVerdict says why a tune states no bracket: an unreachable target or
// a response that is not monotonic, with the two probes that show it.
func TuneVerdict(r *tune.Result) string {
	if len(r.Pair) < 2 {
		return r.Status.String()
	}
	a, b := &r.Pair[0], &r.Pair[1]
	t, ax := r.Tune.Target, r.Tune.Axis
	switch r.Status {
	case tune.Unreachable:
		side := map[tune.Decision]string{tune.BelowTarget: "below", tune.AboveTarget: "above"}[a.Decision]
		return fmt.Sprintf("%s is not reached between %s and %s: %s; %s — %s at both ends, at %s (widen the range)",
			targetWords(r), ax.Phrase(ax.From), ax.Phrase(ax.To), probeWords(r, a), probeWords(r, b), side, levelWords(r))
	case tune.NonMonotonic:
		grows := "grows"
		if r.Direction < 0 {
			grows = "falls"
		}
		return fmt.Sprintf("not monotonic: the ends say %s %s with %s, but %s is %s the target and %s %s it, at %s; there is no single crossing to bracket: see the curve with crucible sweep --vary %s=%s..%s",
			metricWords(t.Metric, tuneSpec(r)), grows, ax.Path, probeWords(r, a), a.Decision, probeWords(r, b), b.Decision, levelWords(r), ax.Path, ax.From, ax.To)
	}
	return r.Status.String()
}

// directionWord names the direction for output.
func directionWord(d int) string {
	switch {
	case d > 0:
		return "increasing"
	case d < 0:
		return "decreasing"
	}
	return ""
}

// probeCells writes a probe for the probes table: phase, value, trials,
// looks, estimate, interval, the interval's level, decision.
func probeCells(r *tune.Result, p tune.Probe) []string {
	m := r.Tune.Target.Metric
	if p.Exact != nil {
		return []string{p.Phase.String(), p.Value, "exact", "-", metricValue(m, p.Estimate.Value), "exact", "-", p.Decision.String()}
	}
	return []string{p.Phase.String(), p.Value, strconv.FormatInt(p.Trials, 10), strconv.Itoa(p.Looks),
		metricValue(m, p.Estimate.Value), intervalText(m, p.Estimate.Lo, p.Estimate.Hi), probeLevel(p.Spent), p.Decision.String()}
}

// probeLevel writes the level of an interval read at false-alarm rate a.
func probeLevel(a float64) string {
	if a <= 0 {
		return "-"
	}
	s := strconv.FormatFloat(100*(1-a), 'f', 4, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".") + " %"
}
