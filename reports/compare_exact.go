package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/rules"
)

// exactNames names the sides of an exact comparison's variants.
func exactNames(c *compare.ExactComparison) sideNames {
	spec := func(e *rules.Exact) rules.Spec { return rules.Spec{Labels: e.Labels, NonVictories: e.NonVictories} }
	return commonNames([]rules.Spec{spec(c.A), spec(c.B)}, []string{"A", "B"})
}

// exactEffect says one exact difference in the designer's words: "attacker
// wins 4.5 points more often with B (40.6 % → 45.1 %)", and its verdict
// against the margin if one applies.
func exactEffect(n sideNames, unit string, d compare.ExactDiff) (string, string) {
	m, _ := rules.ParseMetric(d.Metric)
	var subject, u, more, less, same string
	k := 1.0
	switch m.Kind {
	case rules.WinShare, rules.EndShare:
		subject, u, more, less, same, k = shareSubject(n, m), " points", "more often", "less often", "equally often with A and B", 100
	case rules.RoundsMean:
		subject, u, more, less, same = "battles last", " "+unit, "longer", "shorter", "as long with A and B"
	default:
		subject, more, less, same = "mean "+counterWords(n, m.Name), "higher", "lower", "the same with A and B"
	}
	values := fmt.Sprintf("(%s → %s)", exactValue(m, d.A, d.RatA), exactValue(m, d.B, d.RatB))
	x := strconv.FormatFloat(k*d.Diff, 'g', 4, 64)
	var e string
	switch {
	case math.Abs(d.Diff) < 1e-12*max(1, math.Abs(d.A)): // a float solve's rounding, not a difference
		e = fmt.Sprintf("%s %s %s", subject, same, values)
	case d.Diff > 0:
		e = fmt.Sprintf("%s %s%s %s with B %s", subject, x, u, more, values)
	case d.Diff < 0:
		e = fmt.Sprintf("%s %s%s %s with B %s", subject, strings.TrimPrefix(x, "-"), u, less, values)
	default:
		e = fmt.Sprintf("%s %s %s", subject, same, values)
	}
	if d.Margin == nil {
		return e, ""
	}
	mu := strings.TrimSpace(u)
	return e, marginWords(n, m, *d.Margin, mu, k)
}

// exactValue writes an exact value of a metric: a share in percent, any
// other compactly; with its fraction when there is one.
func exactValue(m rules.Metric, x float64, rat string) string {
	s := num(x)
	if m.Share() {
		s = pct(x)
	}
	if rat != "" {
		s += " = " + rat
	}
	return s
}

// WriteExactComparisonTable writes an exact comparison for people: each
// metric's exact difference in words, then the table of values.
func WriteExactComparisonTable(w io.Writer, c *compare.ExactComparison) error {
	fmt.Fprintf(w, "compare --exact   A  %s\n                  B  %s\n", c.LabelA, c.LabelB)
	fmt.Fprintf(w, "exact: both variants solved, no sampling; differences are B − A\n\neffect of B\n")
	n := exactNames(c)
	unit := unitName(c.A.RoundsUnit)
	for _, d := range c.Diffs {
		e, j := exactEffect(n, unit, d)
		if j != "" {
			e += ": " + j
		}
		fmt.Fprintf(w, "  %s\n", e)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tA\tB\tB − A")
	for _, d := range c.Diffs {
		m, _ := rules.ParseMetric(d.Metric)
		a, b, diff := num(d.A), num(d.B), signed(d.Diff)
		if m.Share() {
			a, b, diff = pct(d.A), pct(d.B), ppNum(d.Diff)+" pp"
		}
		if d.RatD != "" {
			diff += " = " + d.RatD
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.describedID(d.Metric), a, b, diff)
	}
	return tw.Flush()
}

// ExactComparisonRows returns the exact comparison as tidy CSV, one row per
// metric: value_a, value_b and diff (shares as proportions), the fractions
// when the solves gave them, and the verdict against a margin if any.
func ExactComparisonRows(c *compare.ExactComparison) [][]string {
	rows := [][]string{{"a", "b", "ruleset", "metric", "value_a", "value_b", "diff", "rational_a", "rational_b", "rational_diff",
		"margin", "margin_verdict"}}
	for _, d := range c.Diffs {
		cells := marginCells(d.Margin)
		rows = append(rows, []string{c.LabelA, c.LabelB, c.Ruleset, d.Metric, num(d.A), num(d.B), num(d.Diff), d.RatA, d.RatB, d.RatD, cells[0], cells[1]})
	}
	return rows
}

// WriteExactComparisonJSON writes the exact comparison as one indented JSON
// object.
func WriteExactComparisonJSON(w io.Writer, c *compare.ExactComparison) error {
	diffs := make([]object, len(c.Diffs))
	n := exactNames(c)
	unit := unitName(c.A.RoundsUnit)
	for i, d := range c.Diffs {
		e, j := exactEffect(n, unit, d)
		o := object{{"metric", d.Metric}, {"a", d.A}, {"b", d.B}, {"diff", d.Diff}}
		if d.RatD != "" {
			o = append(o, field{"rational_a", d.RatA}, field{"rational_b", d.RatB}, field{"rational_diff", d.RatD})
		}
		o = append(o, field{"effect", e})
		if j != "" {
			o = append(o, field{"judgement", j})
		}
		diffs[i] = appendMargin(o, d.Margin)
	}
	obj := object{{"a", c.LabelA}, {"b", c.LabelB}, {"ruleset", c.Ruleset}, {"exact", true}, {"diffs", diffs}}
	b, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(unescapeHTML(b), '\n'))
	return err
}
