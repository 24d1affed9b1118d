package comparereport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// PpNum formats a difference of shares in percentage points, with its sign
// unless it shows as zero.
func PpNum(d float64) string {
	s := strconv.FormatFloat(100*d+0, 'f', 3, 64) // +0: no "-0"
	if strings.Trim(s, "-0.") == "" {
		return "0.000"
	}
	if d > 0 {
		return "+" + s
	}
	return s
}

// Signed formats a float compactly with its sign.
func Signed(x float64) string {
	switch {
	case x > 0:
		return "+" + words.Num(x)
	case x == 0:
		return "0"
	}
	return words.Num(x)
}

// pvalStar is pval marked with a star when the test rejects.
func pvalStar(p float64, significant bool) string {
	if significant {
		return pval(p) + " *"
	}
	return pval(p)
}

// Verdict is the one-line conclusion of a comparison: "no significant
// difference" when no test of the family rejects, else the metrics that
// differ; with margins, each judged metric's verdict against its margin.
// The level the tests were held to is its footnote (compareNote).
func Verdict(c *compare.Comparison) string {
	if v := marginVerdicts(c); len(v) > 0 {
		return strings.Join(v, "; ")
	}
	if sig := c.Significant(); len(sig) > 0 {
		n := words.CompareNames(c)
		for i, m := range sig {
			sig[i] = n.DescribedID(m)
		}
		return "significant difference in " + strings.Join(sig, ", ")
	}
	return "no significant difference"
}

// CounterVerdict is the conclusion of the counters' family: "no
// significant difference", or the counters that differ.
func CounterVerdict(c *compare.Comparison) string {
	sig := c.CountersSignificant()
	if len(sig) == 0 {
		return "no significant difference"
	}
	n := words.CompareNames(c)
	for i, m := range sig {
		sig[i] = n.DescribedID(m)
	}
	return "significant difference in " + strings.Join(sig, ", ") +
		fmt.Sprintf(" (each p against %s/%d = %s)", words.Num(c.Alpha), c.CounterTests(), words.Num(c.Alpha/float64(c.CounterTests())))
}

// interruptedText says that a comparison was cut short and what it
// covers.
func interruptedText(c *compare.Comparison) string {
	return fmt.Sprintf("INTERRUPTED: %d of %d planned paired trials finished under A, B and the pairs alike; the figures below cover those.",
		c.Trials(), c.Planned)
}

// levelText says at what confidence the intervals of c hold.
func levelText(c *compare.Comparison) string {
	return fmt.Sprintf("intervals hold simultaneously at %s (each at %s, Bonferroni over %d tests); differences are B − A",
		words.Pct(1-c.Alpha), words.Pct(c.Level), c.Tests())
}

// methodsText names the methods behind the numbers of a comparison.
func methodsText(c *compare.Comparison) []string {
	return []string{
		fmt.Sprintf("Shares: paired interval of Agresti and Min (2005), unpaired interval of Agresti and Caffo (2000); McNemar's test on the discordant pairs, exact binomial below %d of them, else chi-square with continuity correction.", analysis.McNemarExactBelow),
		"rounds.mean: the normal interval and z test of the mean of the per-trial differences (paired); unpaired: Welch's standard error of two independent means.",
		fmt.Sprintf("rounds.distribution: Pearson's chi-square test of homogeneity of A's %s in the first %d trials against B's in the last %d, which draw independent streams (the paired samples are dependent, which the test does not allow for).",
			words.UnitName(c.Rounds.Unit), c.Dist.NA, c.Dist.NB),
		"Counters: the mean as rounds.mean, from each pair's difference; a distribution counter's distributions as rounds.distribution. The counters are a family of their own at the same α, so that many counters do not widen the other intervals.",
	}
}

// optionsDiff lists the rule options whose values differ between the
// variants, as "name=A's → B's".
func optionsDiff(c *compare.Comparison) []string {
	b := map[string]string{}
	for _, s := range c.B.Spec.Options {
		b[s.Name] = s.Value
	}
	var out []string
	for _, s := range c.A.Spec.Options {
		if v, ok := b[s.Name]; ok && v != s.Value {
			out = append(out, s.Name+"="+s.Value+" → "+v)
		}
	}
	return out
}

// WriteTable writes a comparison for people: the variants, the
// difference of every share and of the mean rounds with paired and unpaired
// intervals, the tests, and the verdict.
func WriteTable(w io.Writer, c *compare.Comparison) error {
	fmt.Fprintf(w, "compare   A  %s\n          B  %s\n", c.LabelA, c.LabelB)
	fmt.Fprintf(w, "ruleset %s   paired trials %d   seed %d   streams %s\n", c.A.Ruleset, c.Trials(), c.A.Seed, c.Streams)
	if d := optionsDiff(c); len(d) > 0 {
		fmt.Fprintf(w, "options   %s\n", strings.Join(d, "   "))
	}
	if c.Interrupted() {
		fmt.Fprintf(w, "%s\n", interruptedText(c))
	}
	fmt.Fprintf(w, "%s\n\n", levelText(c))
	fmt.Fprintln(w, "effect of B")
	for _, e := range Effects(c) {
		fmt.Fprintf(w, "  %s: %s\n", e.Effect, e.Judgement)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tA\tB\tB − A\tpaired interval\tunpaired interval\ttest\tp (* significant)")
	n := words.CompareNames(c)
	for _, s := range c.Shares {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s pp\t[%s, %s] pp\t[%s, %s] pp\t%s\t%s\n", n.DescribedID(s.Metric), words.Pct(s.A), words.Pct(s.B), PpNum(s.Diff),
			PpNum(s.Paired.Lo), PpNum(s.Paired.Hi), PpNum(s.Unpaired.Lo), PpNum(s.Unpaired.Hi), s.Test.Method(), pvalStar(s.Test.P, s.Significant))
	}
	r := c.Rounds
	fmt.Fprintf(tw, "rounds.mean\t%s\t%s\t%s\t[%s, %s]\t[%s, %s]\tpaired z\t%s\n", words.Num(r.MeanA), words.Num(r.MeanB), Signed(r.Diff),
		Signed(r.Paired.Lo), Signed(r.Paired.Hi), Signed(r.Unpaired.Lo), Signed(r.Unpaired.Hi), pvalStar(r.P, r.Significant))
	d := c.Dist
	fmt.Fprintf(tw, "rounds.distribution\t\t\t\t\t\tchi-square, %d df\t%s\n", d.DF, pvalStar(d.P, d.Significant))
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := writeCounterTable(w, c); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nThe %s differ in %d of %d pairs of trials.\n", words.UnitName(r.Unit), r.Differ, c.Trials())
	for _, m := range methodsText(c) {
		fmt.Fprintln(w, m)
	}
	fmt.Fprintf(w, "\nverdict   %s\n", strings.Join(verdictLines(c), "\n          "))
	fmt.Fprintf(w, "          (%s)\n", CompareNote(c))
	if len(c.Counters) > 0 {
		fmt.Fprintf(w, "counters  %s\n", CounterVerdict(c))
	}
	return nil
}

// Rows returns the comparison as tidy CSV: one row per metric,
// with the variants, seed and trials repeated on each. Shares are
// proportions (not percentages); value_a and value_b are each variant's
// share or mean, diff is B − A; only_a and only_b are the discordant pairs
// of a share; level is each interval's (a counter's that of the counters'
// family); statistic is McNemar's chi-square, the z of the mean or the
// chi-square of the distributions (empty for an exact McNemar test); side_label
// names the side a win share belongs to as the ruleset does (the two
// variants' labels joined by "/" where they differ); margin (a share's as a
// proportion), margin_verdict (higher, lower, equivalent, undecided) and
// more_trials (for an undecided one; -1 where no number would decide) are
// empty for a metric judged against no margin; interrupted says that the
// comparison was cut short (trials is then what it covers).
func Rows(c *compare.Comparison) [][]string {
	rows := [][]string{{"a", "b", "ruleset", "crucible_version", "seed", "trials", "streams", "alpha", "level",
		"metric", "value_a", "value_b", "diff", "paired_lo", "paired_hi", "unpaired_lo", "unpaired_hi",
		"only_a", "only_b", "test", "statistic", "df", "p", "significant", "side_label", "margin", "margin_verdict", "more_trials", "interrupted"}}
	head := []string{c.LabelA, c.LabelB, c.A.Ruleset, c.A.Version, strconv.FormatUint(c.A.Seed, 10),
		strconv.FormatInt(c.Trials(), 10), c.Streams, words.Num(c.Alpha)}
	level := words.Num(c.Level)
	add := func(cells ...any) {
		row := append(append([]string{}, head...), level)
		for _, c := range cells {
			switch c := c.(type) {
			case string:
				row = append(row, c)
			case []string:
				row = append(row, c...)
			}
		}
		rows = append(rows, append(row, strconv.FormatBool(c.Interrupted())))
	}
	n := words.CompareNames(c)
	for _, s := range c.Shares {
		stat := ""
		if !s.Test.Exact {
			stat = words.Num(s.Test.Stat)
		}
		m, _ := rules.ParseMetric(s.Metric)
		add(s.Metric, words.Num(s.A), words.Num(s.B), words.Num(s.Diff), words.Num(s.Paired.Lo), words.Num(s.Paired.Hi), words.Num(s.Unpaired.Lo), words.Num(s.Unpaired.Hi),
			strconv.FormatInt(s.Counts.OnlyA, 10), strconv.FormatInt(s.Counts.OnlyB, 10), s.Test.Method(), stat, "1", words.Num(s.Test.P), strconv.FormatBool(s.Significant),
			n.MetricLabel(m), marginCells(s.Margin))
	}
	r := c.Rounds
	add("rounds.mean", words.Num(r.MeanA), words.Num(r.MeanB), words.Num(r.Diff), words.Num(r.Paired.Lo), words.Num(r.Paired.Hi), words.Num(r.Unpaired.Lo), words.Num(r.Unpaired.Hi),
		"", "", "paired z", finite(r.Z), "", words.Num(r.P), strconv.FormatBool(r.Significant), "", marginCells(r.Margin))
	d := c.Dist
	add("rounds.distribution", "", "", "", "", "", "", "", "", "", "chi-square homogeneity", words.Num(d.Stat), strconv.Itoa(d.DF), words.Num(d.P), strconv.FormatBool(d.Significant), "", "", "", "")
	level = words.Num(c.CounterLevel())
	for _, k := range c.Counters {
		m := rules.Metric{Kind: rules.CounterMean, Name: k.Name}
		add(m.String(), words.Num(k.MeanA), words.Num(k.MeanB), words.Num(k.Diff), words.Num(k.Paired.Lo), words.Num(k.Paired.Hi), words.Num(k.Unpaired.Lo), words.Num(k.Unpaired.Hi),
			"", "", "paired z", finite(k.Z), "", words.Num(k.P), strconv.FormatBool(k.Significant), n.MetricLabel(m), marginCells(k.Margin))
		if d := k.Dist; d != nil {
			add(m.String()+".distribution", "", "", "", "", "", "", "", "", "", "chi-square homogeneity", words.Num(d.Stat), strconv.Itoa(d.DF), words.Num(d.P), strconv.FormatBool(d.Significant), "", "", "", "")
		}
	}
	return rows
}

// finite formats x, or nothing for an infinite z (differences without any
// variation).
func finite(x float64) string {
	if math.IsInf(x, 0) {
		return ""
	}
	return words.Num(x)
}

// Object returns the machine-readable form of a comparison.
func Object(c *compare.Comparison) json.Marshaler {
	variant := func(label string, r *analysis.Result) formats.Object {
		o := formats.Object{{Key: "label", Val: label}, {Key: "scenario", Val: r.Scenario}, {Key: "scenario_hash", Val: r.Hash}, {Key: "options", Val: formats.SettingsObject(r.Spec.Options)}}
		return append(o, formats.LabelsObject(r.Spec)...)
	}
	pair := func(iv analysis.Interval) [2]float64 { return [2]float64{iv.Lo, iv.Hi} }
	shares := make([]formats.Object, len(c.Shares))
	for i, s := range c.Shares {
		shares[i] = formats.Object{{Key: "metric", Val: s.Metric}, {Key: "a", Val: s.A}, {Key: "b", Val: s.B}, {Key: "diff", Val: s.Diff},
			{Key: "both", Val: s.Counts.Both}, {Key: "only_a", Val: s.Counts.OnlyA}, {Key: "only_b", Val: s.Counts.OnlyB}, {Key: "neither", Val: s.Counts.Neither},
			{Key: "paired", Val: pair(s.Paired)}, {Key: "unpaired", Val: pair(s.Unpaired)}, {Key: "test", Val: s.Test.Method()}}
		if !s.Test.Exact {
			shares[i] = append(shares[i], formats.Field{Key: "statistic", Val: s.Test.Stat})
		}
		shares[i] = append(shares[i], formats.Field{Key: "p", Val: s.Test.P}, formats.Field{Key: "significant", Val: s.Significant})
		shares[i] = appendMargin(shares[i], s.Margin)
	}
	r := c.Rounds
	rounds := formats.Object{{Key: "unit", Val: words.UnitName(r.Unit)}, {Key: "mean_a", Val: r.MeanA}, {Key: "mean_b", Val: r.MeanB}, {Key: "diff", Val: r.Diff}, {Key: "sd_diff", Val: r.SD},
		{Key: "differ", Val: r.Differ}, {Key: "paired", Val: pair(r.Paired)}, {Key: "unpaired", Val: pair(r.Unpaired)}, {Key: "test", Val: "paired z"}}
	if !math.IsInf(r.Z, 0) {
		rounds = append(rounds, formats.Field{Key: "z", Val: r.Z})
	}
	rounds = append(rounds, formats.Field{Key: "p", Val: r.P}, formats.Field{Key: "significant", Val: r.Significant})
	rounds = appendMargin(rounds, r.Margin)
	d := c.Dist
	dist := formats.Object{{Key: "test", Val: "chi-square homogeneity"}, {Key: "n_a", Val: d.NA}, {Key: "n_b", Val: d.NB}, {Key: "statistic", Val: d.Stat}, {Key: "df", Val: d.DF},
		{Key: "p", Val: d.P}, {Key: "significant", Val: d.Significant}}
	counters := make([]formats.Object, len(c.Counters))
	for i, k := range c.Counters {
		o := formats.Object{{Key: "name", Val: k.Name}, {Key: "mean_a", Val: k.MeanA}, {Key: "mean_b", Val: k.MeanB}, {Key: "diff", Val: k.Diff}, {Key: "sd_diff", Val: k.SD},
			{Key: "differ", Val: k.Differ}, {Key: "paired", Val: pair(k.Paired)}, {Key: "unpaired", Val: pair(k.Unpaired)}, {Key: "test", Val: "paired z"}}
		if !math.IsInf(k.Z, 0) {
			o = append(o, formats.Field{Key: "z", Val: k.Z})
		}
		o = append(o, formats.Field{Key: "p", Val: k.P}, formats.Field{Key: "significant", Val: k.Significant})
		if d := k.Dist; d != nil {
			o = append(o, formats.Field{Key: "distribution", Val: formats.Object{{Key: "test", Val: "chi-square homogeneity"}, {Key: "n_a", Val: d.NA}, {Key: "n_b", Val: d.NB},
				{Key: "statistic", Val: d.Stat}, {Key: "df", Val: d.DF}, {Key: "p", Val: d.P}, {Key: "significant", Val: d.Significant}}})
		}
		counters[i] = appendMargin(o, k.Margin)
	}
	sig := c.Significant()
	if sig == nil {
		sig = []string{}
	}
	return formats.Object{
		{Key: "a", Val: variant(c.LabelA, c.A)}, {Key: "b", Val: variant(c.LabelB, c.B)},
		{Key: "ruleset", Val: c.A.Ruleset}, {Key: "crucible_version", Val: c.A.Version}, {Key: "seed", Val: c.A.Seed}, {Key: "seed_text", Val: formats.SeedText(c.A.Seed)}, {Key: "trials", Val: c.Trials()},
		{Key: "planned_trials", Val: c.Planned}, {Key: "interrupted", Val: c.Interrupted()},
		{Key: "streams", Val: c.Streams}, {Key: "alpha", Val: c.Alpha}, {Key: "tests", Val: c.Tests()}, {Key: "level", Val: c.Level},
		{Key: "shares", Val: shares}, {Key: "rounds", Val: rounds}, {Key: "distribution", Val: dist},
		{Key: "counter_tests", Val: c.CounterTests()}, {Key: "counter_level", Val: c.CounterLevel()}, {Key: "counters", Val: counters},
		{Key: "counters_significant", Val: formats.NonNil(c.CountersSignificant())}, {Key: "counters_verdict", Val: CounterVerdict(c)},
		{Key: "significant", Val: sig}, {Key: "verdict", Val: Verdict(c)}, {Key: "verdict_note", Val: CompareNote(c)}, {Key: "effects", Val: effectsObject(c)},
	}
}

// WriteJSON writes the comparison as one indented JSON object
// with a trailing newline.
func WriteJSON(w io.Writer, c *compare.Comparison) error {
	b, err := json.MarshalIndent(Object(c), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(formats.UnescapeHTML(b), '\n'))
	return err
}

// variantResults returns the variants' results named by their labels, for
// the plots that title a panel by its result's scenario.
func variantResults(c *compare.Comparison) []*analysis.Result {
	a, b := *c.A, *c.B
	a.Scenario, b.Scenario = "A: "+c.LabelA, "B: "+c.LabelB
	return []*analysis.Result{&a, &b}
}

func jsonBytes(c *compare.Comparison, axes []*skill.Axis) ([]byte, error) {
	var b bytes.Buffer
	err := formats.WriteIndented(&b, skillreport.With(Object(c), axes))
	return b.Bytes(), err
}

// marginNames are the verdicts against a margin as JSON and CSV write them.
var marginNames = map[compare.MarginKind]string{
	compare.MarginUndecided: "undecided", compare.MarginHigher: "higher",
	compare.MarginLower: "lower", compare.MarginEquivalent: "equivalent",
}

// marginCells are the CSV cells of a verdict against a margin, or empty.
func marginCells(v *compare.MarginVerdict) []string {
	if v == nil {
		return []string{"", "", ""}
	}
	more := ""
	if v.Kind == compare.MarginUndecided {
		more = strconv.FormatInt(v.More, 10)
	}
	return []string{words.Num(v.Margin), marginNames[v.Kind], more}
}

// appendMargin adds a verdict against a margin to a metric's JSON object.
func appendMargin(o formats.Object, v *compare.MarginVerdict) formats.Object {
	if v == nil {
		return o
	}
	m := formats.Object{{Key: "margin", Val: v.Margin}, {Key: "as_given", Val: marginGiven(v.Spec)}, {Key: "verdict", Val: marginNames[v.Kind]},
		{Key: "bounds", Val: [2]float64{v.Bounds.Lo, v.Bounds.Hi}}}
	if v.Kind == compare.MarginUndecided {
		m = append(m, formats.Field{Key: "more_trials", Val: v.More})
	}
	return append(o, formats.Field{Key: "margin", Val: m})
}

// marginGiven writes a margin as --margin took it.
func marginGiven(m compare.Margin) string {
	s := strconv.FormatFloat(m.Value, 'g', -1, 64)
	if m.Relative {
		s += "%"
	}
	if m.Metric != "" {
		s = m.Metric + "=" + s
	}
	return s
}

// writeCounterTable writes the counters that differ in some pair of
// trials, a family of their own, and names those that never do.
func writeCounterTable(w io.Writer, c *compare.Comparison) error {
	if len(c.Counters) == 0 {
		return nil
	}
	var same []string
	fmt.Fprintf(w, "\ncounters (a family of their own: intervals hold simultaneously at %s, each at %s, Bonferroni over %d tests)\n",
		words.Pct(1-c.Alpha), words.Pct(c.CounterLevel()), c.CounterTests())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if slices.ContainsFunc(c.Counters, func(k compare.CounterDiff) bool { return k.Differ }) {
		fmt.Fprintln(tw, "counter\tA\tB\tB − A\tpaired interval\tunpaired interval\tp (* significant)\tdistribution p")
	}
	for _, k := range c.Counters {
		if !k.Differ {
			same = append(same, k.Name)
			continue
		}
		dist := ""
		if k.Dist != nil {
			dist = fmt.Sprintf("%s (chi-square, %d df)", pvalStar(k.Dist.P, k.Dist.Significant), k.Dist.DF)
		}
		fmt.Fprintf(tw, "counter.%s\t%s\t%s\t%s\t[%s, %s]\t[%s, %s]\t%s\t%s\n", k.Name, words.Num(k.MeanA), words.Num(k.MeanB), Signed(k.Diff),
			Signed(k.Paired.Lo), Signed(k.Paired.Hi), Signed(k.Unpaired.Lo), Signed(k.Unpaired.Hi), pvalStar(k.P, k.Significant), dist)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(same) > 0 {
		fmt.Fprintf(w, "Equal in every pair of trials: %s.\n", listSome(same, 12))
	}
	return nil
}

// listSome lists the first few of names and how many more there are.
func listSome(names []string, few int) string {
	if len(names) <= few {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:few], ", "), len(names)-few)
}

// verdictLines is the verdict as the page sets it: a line per verdict
// against the margins, else the one verdict.
func verdictLines(c *compare.Comparison) []string {
	if v := marginVerdicts(c); len(v) > 0 {
		return v
	}
	return []string{Verdict(c)}
}
