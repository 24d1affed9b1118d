package comparereport

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// exactNames names the sides of an exact comparison's variants.
func exactNames(c *compare.ExactComparison) words.SideNames {
	spec := func(e *rules.Exact) rules.Spec { return rules.Spec{Labels: e.Labels, NonVictories: e.NonVictories} }
	return words.CommonNames([]rules.Spec{spec(c.A), spec(c.B)}, []string{"A", "B"})
}

// exactEffect says one exact difference in the designer's words: "attacker
// wins 4.5 points more often with B (40.6 % → 45.1 %)", and its verdict
// against the margin if one applies.
func exactEffect(n words.SideNames, unit string, d compare.ExactDiff) (string, string) {
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
	s := words.Num(x)
	if m.Share() {
		s = words.Pct(x)
	}
	if rat != "" {
		s += " = " + rat
	}
	return s
}

// WriteExactTable writes an exact comparison for people: each
// metric's exact difference in words, then the table of values.
func WriteExactTable(w io.Writer, c *compare.ExactComparison) error {
	fmt.Fprintf(w, "compare --exact   A  %s\n                  B  %s\n", c.LabelA, c.LabelB)
	fmt.Fprintf(w, "exact: both variants solved, no sampling; differences are B − A\n\neffect of B\n")
	n := exactNames(c)
	unit := words.UnitName(c.A.RoundsUnit)
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
		a, b, diff := words.Num(d.A), words.Num(d.B), Signed(d.Diff)
		if m.Share() {
			a, b, diff = words.Pct(d.A), words.Pct(d.B), PpNum(d.Diff)+" pp"
		}
		if d.RatD != "" {
			diff += " = " + d.RatD
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.DescribedID(d.Metric), a, b, diff)
	}
	return tw.Flush()
}

// ExactRows returns the exact comparison as tidy CSV, one row per
// metric: value_a, value_b and diff (shares as proportions), the fractions
// when the solves gave them, and the verdict against a margin if any.
func ExactRows(c *compare.ExactComparison) [][]string {
	rows := [][]string{{"a", "b", "ruleset", "metric", "value_a", "value_b", "diff", "rational_a", "rational_b", "rational_diff",
		"margin", "margin_verdict"}}
	for _, d := range c.Diffs {
		cells := marginCells(d.Margin)
		rows = append(rows, []string{c.LabelA, c.LabelB, c.Ruleset, d.Metric, words.Num(d.A), words.Num(d.B), words.Num(d.Diff), d.RatA, d.RatB, d.RatD, cells[0], cells[1]})
	}
	return rows
}

// WriteExactJSON writes the exact comparison as one indented JSON
// object.
func WriteExactJSON(w io.Writer, c *compare.ExactComparison) error {
	diffs := make([]formats.Object, len(c.Diffs))
	n := exactNames(c)
	unit := words.UnitName(c.A.RoundsUnit)
	for i, d := range c.Diffs {
		e, j := exactEffect(n, unit, d)
		o := formats.Object{{Key: "metric", Val: d.Metric}, {Key: "a", Val: d.A}, {Key: "b", Val: d.B}, {Key: "diff", Val: d.Diff}}
		if d.RatD != "" {
			o = append(o, formats.Field{Key: "rational_a", Val: d.RatA}, formats.Field{Key: "rational_b", Val: d.RatB}, formats.Field{Key: "rational_diff", Val: d.RatD})
		}
		o = append(o, formats.Field{Key: "effect", Val: e})
		if j != "" {
			o = append(o, formats.Field{Key: "judgement", Val: j})
		}
		diffs[i] = appendMargin(o, d.Margin)
	}
	obj := formats.Object{{Key: "a", Val: c.LabelA}, {Key: "b", Val: c.LabelB}, {Key: "ruleset", Val: c.Ruleset}, {Key: "exact", Val: true}, {Key: "diffs", Val: diffs}}
	b, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(formats.UnescapeHTML(b), '\n'))
	return err
}
