package comparereport

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// A comparison in the designer's words: each metric's difference said as
// an effect of B ("attacker wins 4.5 points more often with B"), with its
// paired interval in the direction of the sentence, before the test that
// says whether it is significant.

// effect is one metric's line: the plain effect, then what the test or
// the margin makes of it. Stands marks a line the page sets in bold: a
// significant difference, or, against a margin, one beyond it.
type effect struct {
	Metric, Effect, Judgement string
	Stands                    bool
}

// beyond reports whether a verdict found B higher or lower by more than
// the margin.
func beyond(v *compare.MarginVerdict) bool {
	return v.Kind == compare.MarginHigher || v.Kind == compare.MarginLower
}

// Effects returns the line of every metric of c, in output order.
func Effects(c *compare.Comparison) []effect {
	n := words.CompareNames(c)
	lv := pairedLevel(c)
	var out []effect
	for _, s := range c.Shares {
		m, _ := rules.ParseMetric(s.Metric)
		e := diffWords(shareSubject(n, m), "points", "more often", "less often", "equally often with A and B", 100*s.Diff, figure.Scale(s.Paired, 100), lv)
		j, stands := testWords(s.Significant, s.Test.Method(), s.Test.P), s.Significant
		if s.Margin != nil {
			j, stands = marginWords(n, m, *s.Margin, "points", 100), beyond(s.Margin)
		}
		out = append(out, effect{s.Metric, e, j, stands})
	}
	r := c.Rounds
	u := words.UnitName(r.Unit)
	e := diffWords("battles last", u, "longer", "shorter", "as long with A and B", r.Diff, r.Paired, lv)
	j, stands := testWords(r.Significant, "paired z", r.P), r.Significant
	if r.Margin != nil {
		j, stands = marginWords(n, rules.Metric{Kind: rules.RoundsMean}, *r.Margin, u, 1), beyond(r.Margin)
	}
	out = append(out, effect{"rounds.mean", e, j, stands})
	out = append(out, distEffect("rounds.distribution", u, c.Dist))
	for _, k := range c.Counters {
		if !k.Differ {
			continue
		}
		e := diffWords("mean "+counterWords(n, k.Name), "", "higher", "lower", "the same with A and B", k.Diff, k.Paired, lv)
		j, stands := testWords(k.Significant, "paired z", k.P), k.Significant
		if k.Margin != nil {
			j, stands = marginWords(n, rules.Metric{Kind: rules.CounterMean, Name: k.Name}, *k.Margin, "", 1), beyond(k.Margin)
		}
		out = append(out, effect{"counter." + k.Name, e, j, stands})
		if k.Dist != nil {
			out = append(out, distEffect("counter."+k.Name+".distribution", k.Name, *k.Dist))
		}
	}
	return out
}

// distEffect is the line of a test of two distributions.
func distEffect(metric, what string, d compare.DistTest) effect {
	e := "the distribution of " + what + " with B against A"
	return effect{metric, e, testWords(d.Significant, fmt.Sprintf("chi-square, %d df", d.DF), d.P), d.Significant}
}

// counterWords names a counter in a sentence, with its side's label where
// it has one: "a.survivors.Cruiser (attacker)".
func counterWords(n words.SideNames, name string) string {
	if s := words.CounterSide(name); s != rules.None && n.Tag(s) != "" {
		return name + " (" + n.Name(s) + ")"
	}
	return name
}

// shareSubject says whose share a metric is, as the subject of "… more
// often with B": "attacker wins", "battles end with no winner", "battles
// ends come" (an end reason is a past participle or a noun, which reads
// better as a kind of end than after "by").
func shareSubject(n words.SideNames, m rules.Metric) string {
	switch {
	case m.Kind == rules.WinShare && m.Side == rules.None:
		return "battles end with no winner"
	case m.Kind == rules.WinShare:
		return n.Wins(m.Side)
	}
	return m.Name + " ends come"
}

// pairedLevel names the intervals of a comparison: "paired 95 % interval".
func pairedLevel(c *compare.Comparison) string {
	return "paired " + analysis.LevelText(c.Alpha) + " interval"
}

// diffWords says a difference d with interval iv: "attacker wins 4.5
// points more often with B (paired 95 % interval 3.6 to 5.4)". A negative
// difference is said the other way round, its interval with it ("1.3
// points less often (… 1.1 to 1.5)"), so that the bounds read in the
// sentence's direction; an interval that crosses zero has a negative bound
// in that direction.
func diffWords(subject, unit, more, less, same string, d float64, iv analysis.Interval, level string) string {
	if unit != "" {
		unit = " " + unit
	}
	digits := decimalsFor(iv)
	f := func(x float64) string { // no "-0.0" for a bound that rounds to zero
		s := strconv.FormatFloat(x+0, 'f', digits, 64)
		if strings.Trim(s, "-0.") == "" {
			return strings.TrimPrefix(s, "-")
		}
		return s
	}
	switch {
	case f(d) == f(0) || f(d) == f(-0.0) || d == 0:
		return fmt.Sprintf("%s %s (%s %s to %s%s)", subject, same, level, signedText(iv.Lo, digits), signedText(iv.Hi, digits), unit)
	case d > 0:
		return fmt.Sprintf("%s %s%s %s with B (%s %s to %s)", subject, f(d), unit, more, level, f(iv.Lo), f(iv.Hi))
	}
	return fmt.Sprintf("%s %s%s %s with B (%s %s to %s)", subject, f(-d), unit, less, level, f(-iv.Hi), f(-iv.Lo))
}

// decimalsFor returns the decimals that show an interval's half-width to
// its first significant digit: 1 for ±0.9 points, 2 for ±0.065 rounds;
// no fewer than 1 nor more than 6.
func decimalsFor(iv analysis.Interval) int {
	h := (iv.Hi - iv.Lo) / 2
	if !(h > 0) || math.IsInf(h, 0) {
		return 1
	}
	return min(max(-int(math.Floor(math.Log10(h))), 1), 6)
}

// signedText writes x with its sign ("+0.014", "-0.014", "0.0").
func signedText(x float64, digits int) string {
	s := strconv.FormatFloat(x+0, 'f', digits, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	if x > 0 {
		return "+" + s
	}
	return s
}

// testWords says what a test made of a difference: "significant (McNemar
// chi-square, p 1.71e-58)" or "not significant (…)".
func testWords(significant bool, method string, p float64) string {
	w := "not significant"
	if significant {
		w = "significant"
	}
	return fmt.Sprintf("%s (%s, p %s)", w, method, pval(p))
}

// CompareNote is the footnote under a verdict: the family-wise rate and
// the level each test was held to.
func CompareNote(c *compare.Comparison) string {
	m := float64(c.Tests())
	s := fmt.Sprintf("family-wise α = %s; Bonferroni: each p against %s/%d = %s",
		words.Num(c.Alpha), words.Num(c.Alpha), c.Tests(), words.Num(c.Alpha/m))
	if len(c.Margins) > 0 {
		s += fmt.Sprintf("; margins: each metric's two one-sided tests at %s, that is its %s interval against ±margin (TOST)",
			words.Num(c.Alpha/m), words.Pct(1-2*c.Alpha/m))
	}
	return s
}

// marginVerdicts lists the verdicts against the margins, each with the
// metrics it holds for: "A and B are equivalent within ±2 points: no
// winner (win.none), end.destroyed", in the order the metrics come.
func marginVerdicts(c *compare.Comparison) []string {
	n := words.CompareNames(c)
	var order []string
	metrics := map[string][]string{}
	for _, e := range Effects(c) {
		if marginOf(c, e.Metric) == nil {
			continue
		}
		if _, ok := metrics[e.Judgement]; !ok {
			order = append(order, e.Judgement)
		}
		metrics[e.Judgement] = append(metrics[e.Judgement], n.DescribedID(e.Metric))
	}
	out := make([]string, len(order))
	for i, j := range order {
		out[i] = j + ": " + strings.Join(metrics[j], ", ")
	}
	if none := unmarginedWords(c); none != "" {
		out = append(out, "no margin, so no verdict against one: "+none+
			" (a margin applies to the metrics it names: a number is points for the shares, a percent of A's value for the means; METRIC=X for one)")
	}
	return out
}

// unmarginedWords names the metrics no margin applies to, the counters
// counted when there are more than a few (dbd has hundreds).
func unmarginedWords(c *compare.Comparison) string {
	n := words.CompareNames(c)
	var names, counters []string
	for _, m := range c.Unmargined() {
		if strings.HasPrefix(m, "counter.") {
			counters = append(counters, n.DescribedID(m))
		} else {
			names = append(names, n.DescribedID(m))
		}
	}
	if len(counters) > 3 {
		counters = []string{fmt.Sprintf("the %d counters", len(counters))}
	}
	return strings.Join(append(names, counters...), ", ")
}

// marginOf returns the margin verdict of a metric of c, or nil.
func marginOf(c *compare.Comparison, metric string) *compare.MarginVerdict {
	for _, s := range c.Shares {
		if s.Metric == metric {
			return s.Margin
		}
	}
	if metric == "rounds.mean" {
		return c.Rounds.Margin
	}
	for _, k := range c.Counters {
		if "counter."+k.Name == metric {
			return k.Margin
		}
	}
	return nil
}

// effectsObject is the effects for the JSON: each metric's sentence and
// judgement, as the table prints them.
func effectsObject(c *compare.Comparison) []formats.Object {
	es := Effects(c)
	out := make([]formats.Object, len(es))
	for i, e := range es {
		out[i] = formats.Object{{Key: "metric", Val: e.Metric}, {Key: "effect", Val: e.Effect}, {Key: "judgement", Val: e.Judgement}}
	}
	return out
}

// marginWords says a metric's verdict against its margin: "B is better
// for attacker by more than 2 points", "A and B are equivalent within ±0.5
// rounds", "undecided — about 12,000 more trials would decide". Better and
// worse are from side a's view, for its wins and b's; every other metric
// is higher or lower. k scales the margin to unit (100 for points).
func marginWords(n words.SideNames, m rules.Metric, v compare.MarginVerdict, unit string, k float64) string {
	x := marginText(v, unit, k)
	up, down := "B is higher by more than "+x, "B is lower by more than "+x
	if m.Kind == rules.WinShare && m.Side != rules.None {
		up, down = "B is better for "+n.Name(rules.A)+" by more than "+x, "B is worse for "+n.Name(rules.A)+" by more than "+x
		if m.Side == rules.B {
			up, down = down, up
		}
	}
	switch v.Kind {
	case compare.MarginHigher:
		return up
	case compare.MarginLower:
		return down
	case compare.MarginEquivalent:
		return "A and B are equivalent within ±" + x
	}
	if v.More < 0 {
		return "undecided — the difference sits on the margin, where no number of trials would decide"
	}
	return "undecided — about " + words.Thousands(v.More) + " more trials would decide"
}

// marginText writes a margin in its unit: "2 points", "0.5 rounds", and a
// relative one with what it came to: "5 % of A's (0.406 rounds)".
func marginText(v compare.MarginVerdict, unit string, k float64) string {
	if v.Spec.Relative {
		return fmt.Sprintf("%s %% of A's (%s)", words.Num(v.Spec.Value), strings.TrimSpace(words.Num(k*v.Margin)+" "+unit))
	}
	if unit == "points" && k*v.Margin == 1 {
		unit = "point"
	}
	return strings.TrimSpace(words.Num(k*v.Margin) + " " + unit)
}

// pval formats a p-value to three digits; one that underflowed to 0 is
// shown as the bound it is.
func pval(p float64) string {
	if p == 0 {
		return "<1e-300"
	}
	return strconv.FormatFloat(p, 'g', 3, 64)
}
