package reports

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
	"github.com/crucible-sim/crucible/rules"
)

// ppNum formats a difference of shares in percentage points, with its sign
// unless it shows as zero.
func ppNum(d float64) string {
	s := strconv.FormatFloat(100*d+0, 'f', 3, 64) // +0: no "-0"
	if strings.Trim(s, "-0.") == "" {
		return "0.000"
	}
	if d > 0 {
		return "+" + s
	}
	return s
}

// signed formats a float compactly with its sign.
func signed(x float64) string {
	switch {
	case x > 0:
		return "+" + num(x)
	case x == 0:
		return "0"
	}
	return num(x)
}

// pval formats a p-value to three digits; one that underflowed to 0 is
// shown as the bound it is.
func pval(p float64) string {
	if p == 0 {
		return "<1e-300"
	}
	return strconv.FormatFloat(p, 'g', 3, 64)
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
		n := compareNames(c)
		for i, m := range sig {
			sig[i] = n.describedID(m)
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
	n := compareNames(c)
	for i, m := range sig {
		sig[i] = n.describedID(m)
	}
	return "significant difference in " + strings.Join(sig, ", ") +
		fmt.Sprintf(" (each p against %s/%d = %s)", num(c.Alpha), c.CounterTests(), num(c.Alpha/float64(c.CounterTests())))
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
		pct(1-c.Alpha), pct(c.Level), c.Tests())
}

// methodsText names the methods behind the numbers of a comparison.
func methodsText(c *compare.Comparison) []string {
	return []string{
		fmt.Sprintf("Shares: paired interval of Agresti and Min (2005), unpaired interval of Agresti and Caffo (2000); McNemar's test on the discordant pairs, exact binomial below %d of them, else chi-square with continuity correction.", analysis.McNemarExactBelow),
		"rounds.mean: the normal interval and z test of the mean of the per-trial differences (paired); unpaired: Welch's standard error of two independent means.",
		fmt.Sprintf("rounds.distribution: Pearson's chi-square test of homogeneity of A's %s in the first %d trials against B's in the last %d, which draw independent streams (the paired samples are dependent, which the test does not allow for).",
			unitName(c.Rounds.Unit), c.Dist.NA, c.Dist.NB),
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

// WriteComparisonTable writes a comparison for people: the variants, the
// difference of every share and of the mean rounds with paired and unpaired
// intervals, the tests, and the verdict.
func WriteComparisonTable(w io.Writer, c *compare.Comparison) error {
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
	for _, e := range effects(c) {
		fmt.Fprintf(w, "  %s: %s\n", e.Effect, e.Judgement)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tA\tB\tB − A\tpaired interval\tunpaired interval\ttest\tp (* significant)")
	n := compareNames(c)
	for _, s := range c.Shares {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s pp\t[%s, %s] pp\t[%s, %s] pp\t%s\t%s\n", n.describedID(s.Metric), pct(s.A), pct(s.B), ppNum(s.Diff),
			ppNum(s.Paired.Lo), ppNum(s.Paired.Hi), ppNum(s.Unpaired.Lo), ppNum(s.Unpaired.Hi), s.Test.Method(), pvalStar(s.Test.P, s.Significant))
	}
	r := c.Rounds
	fmt.Fprintf(tw, "rounds.mean\t%s\t%s\t%s\t[%s, %s]\t[%s, %s]\tpaired z\t%s\n", num(r.MeanA), num(r.MeanB), signed(r.Diff),
		signed(r.Paired.Lo), signed(r.Paired.Hi), signed(r.Unpaired.Lo), signed(r.Unpaired.Hi), pvalStar(r.P, r.Significant))
	d := c.Dist
	fmt.Fprintf(tw, "rounds.distribution\t\t\t\t\t\tchi-square, %d df\t%s\n", d.DF, pvalStar(d.P, d.Significant))
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := writeCounterTable(w, c); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nThe %s differ in %d of %d pairs of trials.\n", unitName(r.Unit), r.Differ, c.Trials())
	for _, m := range methodsText(c) {
		fmt.Fprintln(w, m)
	}
	fmt.Fprintf(w, "\nverdict   %s\n", strings.Join(verdictLines(c), "\n          "))
	fmt.Fprintf(w, "          (%s)\n", compareNote(c))
	if len(c.Counters) > 0 {
		fmt.Fprintf(w, "counters  %s\n", CounterVerdict(c))
	}
	return nil
}

// ComparisonRows returns the comparison as tidy CSV: one row per metric,
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
func ComparisonRows(c *compare.Comparison) [][]string {
	rows := [][]string{{"a", "b", "ruleset", "crucible_version", "seed", "trials", "streams", "alpha", "level",
		"metric", "value_a", "value_b", "diff", "paired_lo", "paired_hi", "unpaired_lo", "unpaired_hi",
		"only_a", "only_b", "test", "statistic", "df", "p", "significant", "side_label", "margin", "margin_verdict", "more_trials", "interrupted"}}
	head := []string{c.LabelA, c.LabelB, c.A.Ruleset, c.A.Version, strconv.FormatUint(c.A.Seed, 10),
		strconv.FormatInt(c.Trials(), 10), c.Streams, num(c.Alpha)}
	level := num(c.Level)
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
	n := compareNames(c)
	for _, s := range c.Shares {
		stat := ""
		if !s.Test.Exact {
			stat = num(s.Test.Stat)
		}
		m, _ := rules.ParseMetric(s.Metric)
		add(s.Metric, num(s.A), num(s.B), num(s.Diff), num(s.Paired.Lo), num(s.Paired.Hi), num(s.Unpaired.Lo), num(s.Unpaired.Hi),
			strconv.FormatInt(s.Counts.OnlyA, 10), strconv.FormatInt(s.Counts.OnlyB, 10), s.Test.Method(), stat, "1", num(s.Test.P), strconv.FormatBool(s.Significant),
			n.metricLabel(m), marginCells(s.Margin))
	}
	r := c.Rounds
	add("rounds.mean", num(r.MeanA), num(r.MeanB), num(r.Diff), num(r.Paired.Lo), num(r.Paired.Hi), num(r.Unpaired.Lo), num(r.Unpaired.Hi),
		"", "", "paired z", finite(r.Z), "", num(r.P), strconv.FormatBool(r.Significant), "", marginCells(r.Margin))
	d := c.Dist
	add("rounds.distribution", "", "", "", "", "", "", "", "", "", "chi-square homogeneity", num(d.Stat), strconv.Itoa(d.DF), num(d.P), strconv.FormatBool(d.Significant), "", "", "", "")
	level = num(c.CounterLevel())
	for _, k := range c.Counters {
		m := rules.Metric{Kind: rules.CounterMean, Name: k.Name}
		add(m.String(), num(k.MeanA), num(k.MeanB), num(k.Diff), num(k.Paired.Lo), num(k.Paired.Hi), num(k.Unpaired.Lo), num(k.Unpaired.Hi),
			"", "", "paired z", finite(k.Z), "", num(k.P), strconv.FormatBool(k.Significant), n.metricLabel(m), marginCells(k.Margin))
		if d := k.Dist; d != nil {
			add(m.String()+".distribution", "", "", "", "", "", "", "", "", "", "chi-square homogeneity", num(d.Stat), strconv.Itoa(d.DF), num(d.P), strconv.FormatBool(d.Significant), "", "", "", "")
		}
	}
	return rows
}

// compareNames names the sides of a comparison's two variants.
func compareNames(c *compare.Comparison) sideNames {
	return commonNames([]rules.Spec{c.A.Spec, c.B.Spec}, []string{"A", "B"})
}

// finite formats x, or nothing for an infinite z (differences without any
// variation).
func finite(x float64) string {
	if math.IsInf(x, 0) {
		return ""
	}
	return num(x)
}

// ComparisonObject returns the machine-readable form of a comparison.
func ComparisonObject(c *compare.Comparison) json.Marshaler {
	variant := func(label string, r *analysis.Result) object {
		o := object{{"label", label}, {"scenario", r.Scenario}, {"scenario_hash", r.Hash}, {"options", settingsObject(r.Spec.Options)}}
		return append(o, labelsObject(r.Spec)...)
	}
	pair := func(iv analysis.Interval) [2]float64 { return [2]float64{iv.Lo, iv.Hi} }
	shares := make([]object, len(c.Shares))
	for i, s := range c.Shares {
		shares[i] = object{{"metric", s.Metric}, {"a", s.A}, {"b", s.B}, {"diff", s.Diff},
			{"both", s.Counts.Both}, {"only_a", s.Counts.OnlyA}, {"only_b", s.Counts.OnlyB}, {"neither", s.Counts.Neither},
			{"paired", pair(s.Paired)}, {"unpaired", pair(s.Unpaired)}, {"test", s.Test.Method()}}
		if !s.Test.Exact {
			shares[i] = append(shares[i], field{"statistic", s.Test.Stat})
		}
		shares[i] = append(shares[i], field{"p", s.Test.P}, field{"significant", s.Significant})
		shares[i] = appendMargin(shares[i], s.Margin)
	}
	r := c.Rounds
	rounds := object{{"unit", unitName(r.Unit)}, {"mean_a", r.MeanA}, {"mean_b", r.MeanB}, {"diff", r.Diff}, {"sd_diff", r.SD},
		{"differ", r.Differ}, {"paired", pair(r.Paired)}, {"unpaired", pair(r.Unpaired)}, {"test", "paired z"}}
	if !math.IsInf(r.Z, 0) {
		rounds = append(rounds, field{"z", r.Z})
	}
	rounds = append(rounds, field{"p", r.P}, field{"significant", r.Significant})
	rounds = appendMargin(rounds, r.Margin)
	d := c.Dist
	dist := object{{"test", "chi-square homogeneity"}, {"n_a", d.NA}, {"n_b", d.NB}, {"statistic", d.Stat}, {"df", d.DF},
		{"p", d.P}, {"significant", d.Significant}}
	counters := make([]object, len(c.Counters))
	for i, k := range c.Counters {
		o := object{{"name", k.Name}, {"mean_a", k.MeanA}, {"mean_b", k.MeanB}, {"diff", k.Diff}, {"sd_diff", k.SD},
			{"differ", k.Differ}, {"paired", pair(k.Paired)}, {"unpaired", pair(k.Unpaired)}, {"test", "paired z"}}
		if !math.IsInf(k.Z, 0) {
			o = append(o, field{"z", k.Z})
		}
		o = append(o, field{"p", k.P}, field{"significant", k.Significant})
		if d := k.Dist; d != nil {
			o = append(o, field{"distribution", object{{"test", "chi-square homogeneity"}, {"n_a", d.NA}, {"n_b", d.NB},
				{"statistic", d.Stat}, {"df", d.DF}, {"p", d.P}, {"significant", d.Significant}}})
		}
		counters[i] = appendMargin(o, k.Margin)
	}
	sig := c.Significant()
	if sig == nil {
		sig = []string{}
	}
	return object{
		{"a", variant(c.LabelA, c.A)}, {"b", variant(c.LabelB, c.B)},
		{"ruleset", c.A.Ruleset}, {"crucible_version", c.A.Version}, {"seed", c.A.Seed}, {"seed_text", seedText(c.A.Seed)}, {"trials", c.Trials()},
		{"planned_trials", c.Planned}, {"interrupted", c.Interrupted()},
		{"streams", c.Streams}, {"alpha", c.Alpha}, {"tests", c.Tests()}, {"level", c.Level},
		{"shares", shares}, {"rounds", rounds}, {"distribution", dist},
		{"counter_tests", c.CounterTests()}, {"counter_level", c.CounterLevel()}, {"counters", counters},
		{"counters_significant", nonNil(c.CountersSignificant())}, {"counters_verdict", CounterVerdict(c)},
		{"significant", sig}, {"verdict", Verdict(c)}, {"verdict_note", compareNote(c)}, {"effects", effectsObject(c)},
	}
}

// WriteComparisonJSON writes the comparison as one indented JSON object
// with a trailing newline.
func WriteComparisonJSON(w io.Writer, c *compare.Comparison) error {
	b, err := json.MarshalIndent(ComparisonObject(c), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(unescapeHTML(b), '\n'))
	return err
}

// variantResults returns the variants' results named by their labels, for
// the plots that title a panel by its result's scenario.
func variantResults(c *compare.Comparison) []*analysis.Result {
	a, b := *c.A, *c.B
	a.Scenario, b.Scenario = "A: "+c.LabelA, "B: "+c.LabelB
	return []*analysis.Result{&a, &b}
}

func jsonBytes(c *compare.Comparison) ([]byte, error) {
	var b bytes.Buffer
	err := WriteComparisonJSON(&b, c)
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
	return []string{num(v.Margin), marginNames[v.Kind], more}
}

// appendMargin adds a verdict against a margin to a metric's JSON object.
func appendMargin(o object, v *compare.MarginVerdict) object {
	if v == nil {
		return o
	}
	m := object{{"margin", v.Margin}, {"as_given", marginGiven(v.Spec)}, {"verdict", marginNames[v.Kind]},
		{"bounds", [2]float64{v.Bounds.Lo, v.Bounds.Hi}}}
	if v.Kind == compare.MarginUndecided {
		m = append(m, field{"more_trials", v.More})
	}
	return append(o, field{"margin", m})
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
		pct(1-c.Alpha), pct(c.CounterLevel()), c.CounterTests())
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
		fmt.Fprintf(tw, "counter.%s\t%s\t%s\t%s\t[%s, %s]\t[%s, %s]\t%s\t%s\n", k.Name, num(k.MeanA), num(k.MeanB), signed(k.Diff),
			signed(k.Paired.Lo), signed(k.Paired.Hi), signed(k.Unpaired.Lo), signed(k.Unpaired.Hi), pvalStar(k.P, k.Significant), dist)
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
