package verdicts

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// Write writes the verdicts of a check for people: the seed and the
// false-alarm budget, then a block per claim naming it and its sentence,
// the observed value and its interval in the claim's unit, what was
// expected, the test and the rate it spent, and the trials.
func Write(w io.Writer, c *analysis.Check) error {
	var b strings.Builder
	if c.Interrupted {
		fmt.Fprintf(&b, "INTERRUPTED: %d of %d claims judged before the check was cut short; it decides nothing.\n", len(c.Verdicts), c.Claims)
	}
	fmt.Fprintf(&b, "seed %d; false-alarm rate %g over %d claims, %.3g each (Bonferroni)\n", c.Seed, c.Alpha, c.Claims, c.PerClaim)
	if c.Looks > 1 {
		fmt.Fprintf(&b, "sequential: %d looks, the rate of each claim spent over them (α/2, α/4, …); %d trials in all\n", c.Looks, c.TrialsUsed)
	}
	for _, v := range c.Verdicts {
		b.WriteString("\n")
		writeVerdict(&b, c, v)
	}
	fmt.Fprintf(&b, "\n%s\n", Summary(c))
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary counts the verdicts in a line, "12 passed, 1 failed, 2
// inconclusive", adding the claims an interrupted check did not judge.
func Summary(c *analysis.Check) string {
	s := fmt.Sprintf("%d passed, %d failed, %d inconclusive", c.Count(analysis.Pass), c.Count(analysis.Fail), c.Count(analysis.Inconclusive))
	if n := c.Unjudged(); n > 0 {
		s += fmt.Sprintf(", %d not judged", n)
		if c.Interrupted {
			s += " (interrupted)"
		}
	}
	return s
}

func writeVerdict(b *strings.Builder, c *analysis.Check, v analysis.ClaimCheck) {
	fmt.Fprintf(b, "%-12s %s  %s", v.Verdict, v.Scenario, v.Claim.Label())
	if at := v.Claim.Where(); at != "" {
		fmt.Fprintf(b, " at %s", at)
	}
	if v.Claim.Says != "" {
		fmt.Fprintf(b, "  %q", v.Claim.Says)
	}
	b.WriteString("\n")
	for _, line := range verdictEvidence(c, v) {
		fmt.Fprintf(b, "%13s%s\n", "", line)
	}
}

// verdictEvidence is what a verdict rests on, in lines: the observed value
// and its interval in the claim's unit with what was expected; the test,
// the rate it spent, the seed and the trials; and any note.
func verdictEvidence(c *analysis.Check, v analysis.ClaimCheck) []string {
	num, unit := words.Num, ""
	if v.Unit != "" && v.Unit != "share" {
		unit = " " + v.Unit
	}
	if v.Claim.Metric.Kind == rules.Margin {
		num, unit = points, " points" // a margin reads in points everywhere
	}
	observed := fmt.Sprintf("observed %s%s%s", VerdictSubject(c, v), num(v.Observed), unit)
	if v.Lo != v.Observed || v.Hi != v.Observed {
		observed += fmt.Sprintf(", interval [%s, %s]%s", num(v.Lo), num(v.Hi), unit)
	}
	test := v.Test
	if v.Alpha > 0 {
		test += fmt.Sprintf("; α = %.3g of the family's %g", v.Alpha, c.Alpha)
	}
	if v.Claim.OnExact {
		test += "; no trials"
	} else {
		test += fmt.Sprintf("; seed %d, %d trials", c.Seed, v.Trials)
	}
	lines := []string{observed + "; expected " + expectation(v), test}
	if note := verdictNote(v); note != "" {
		lines = append(lines, note)
	}
	return lines
}

// VerdictSubject names what a verdict observed when it belongs to a side,
// as the ruleset names the side: "attacker wins (win.a) = "; "" for a
// metric of no side.
func VerdictSubject(c *analysis.Check, v analysis.ClaimCheck) string {
	m := v.Claim.Metric
	if m.Kind != rules.WinShare && words.MetricSide(m) == rules.None {
		return ""
	}
	return verdictNames(c, v).Described(m) + " = "
}

// verdictNames names the sides of the battle a verdict is about.
func verdictNames(c *analysis.Check, v analysis.ClaimCheck) words.SideNames {
	for _, r := range c.Results {
		if r.Scenario == v.Scenario {
			return words.NamesOf(r.Spec)
		}
	}
	if spec, ok := c.Unfought[v.Scenario]; ok {
		return words.NamesOf(spec)
	}
	return words.SideNames{}
}

// expectation states what the claim expects, with the exact value and its
// tolerance for an exact claim.
func expectation(v analysis.ClaimCheck) string {
	if v.Claim.Exact && v.Tolerance > 0 {
		if v.Claim.Metric.Kind == rules.Margin {
			return fmt.Sprintf("%s within ±%s points of %s points", v.Claim.Metric, points(v.Tolerance), points(v.Exact))
		}
		return fmt.Sprintf("%s within ±%s of %s", v.Claim.Metric, words.Num(v.Tolerance), words.Num(v.Exact))
	}
	return v.Claim.String()
}

// points writes a margin in points, to six significant digits as
// words.Num writes the other metrics.
func points(d float64) string { return words.Num(100 * d) }

func verdictNote(v analysis.ClaimCheck) string {
	switch {
	case v.Needed > 0:
		return strings.TrimPrefix(v.Note+"; ", "; ") + fmt.Sprintf("about %d trials would decide it at the observed value", v.Needed)
	}
	return v.Note
}

// verdictFields are the columns of a verdict in CSV and JSON, in order;
// side_label is the label of the side the claim's metric belongs to (as in
// SummaryRows), interrupted is true on every verdict of a check cut short,
// position is where the claim is written (file:line:column, or the --set
// that wrote it).
var verdictFields = []string{"scenario", "claim", "says", "metric", "expected", "verdict", "observed", "lo", "hi", "unit",
	"exact", "tolerance", "test", "alpha", "family_alpha", "seed", "trials", "needed", "note", "side_label", "interrupted", "position"}

func verdictValues(c *analysis.Check, v analysis.ClaimCheck) []any {
	var exact, tol any
	switch {
	case v.Claim.Exact:
		exact, tol = v.Exact, v.Tolerance
	case v.Claim.OnExact:
		exact = v.Exact
	}
	return []any{v.Scenario, v.Claim.Label(), v.Claim.Says, v.Claim.Metric.String(), expectation(v), v.Verdict.String(),
		v.Observed, v.Lo, v.Hi, v.Unit, exact, tol, v.Test, v.Alpha, c.Alpha, c.Seed, v.Trials, v.Needed, v.Note,
		verdictNames(c, v).MetricLabel(v.Claim.Metric), c.Interrupted, v.Claim.Where()}
}

// Rows returns the verdicts as CSV rows, one per claim.
func Rows(c *analysis.Check) [][]string {
	rows := [][]string{verdictFields}
	for _, v := range c.Verdicts {
		var row []string
		for _, x := range verdictValues(c, v) {
			switch x := x.(type) {
			case nil:
				row = append(row, "")
			case float64:
				row = append(row, words.Num(x))
			case string:
				row = append(row, x)
			default:
				row = append(row, fmt.Sprint(x))
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// WriteJSON writes the verdicts as a JSON object: the counts of
// VerdictSummary (claims, passed, failed, inconclusive, not_judged),
// interrupted, and the verdicts, an array of objects, one per claim, with
// the fields of VerdictRows and the seed also as seed_text.
func WriteJSON(w io.Writer, c *analysis.Check) error {
	b, err := json.MarshalIndent(Object(c), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Object is the JSON object WriteJSON writes.
func Object(c *analysis.Check) formats.Object {
	objs := make([]formats.Object, 0, len(c.Verdicts))
	for _, v := range c.Verdicts {
		o := formats.Object{}
		for i, x := range verdictValues(c, v) {
			if f, ok := x.(float64); ok {
				x = formats.ExactFloat(f)
			}
			o = append(o, formats.Field{Key: verdictFields[i], Val: x})
			if verdictFields[i] == "seed" {
				o = append(o, formats.Field{Key: "seed_text", Val: formats.SeedText(c.Seed)})
			}
		}
		objs = append(objs, o)
	}
	return formats.Object{{Key: "claims", Val: c.Claims}, {Key: "passed", Val: c.Count(analysis.Pass)}, {Key: "failed", Val: c.Count(analysis.Fail)},
		{Key: "inconclusive", Val: c.Count(analysis.Inconclusive)}, {Key: "not_judged", Val: c.Unjudged()}, {Key: "interrupted", Val: c.Interrupted}, {Key: "verdicts", Val: objs}}
}

// WriteOutcome writes the result of one replayed battle: the line every
// ruleset's replay ends with (rules.Fighter.Replay leaves it to the caller),
// the sides named as the ruleset names them, and an end that is not a
// victory said so with the side that ended the battle so.
func WriteOutcome(w io.Writer, spec rules.Spec, o *rules.Outcome) error {
	n := words.NamesOf(spec)
	winner := "no winner"
	if o.Winner != rules.None {
		winner = "winner " + n.Name(o.Winner) + n.Tag(o.Winner)
	}
	end := spec.Ends[o.End]
	if _, ok := spec.NonVictory(end); ok {
		for k, c := range rules.NonVictoryCounters(end) {
			if i := spec.CounterIndex(c); i >= 0 && o.Counters[i] > 0 {
				end += " (" + n.Ended(rules.A+rules.Side(k), spec.Ends[o.End]) + ": not a victory)"
			}
		}
	}
	fmt.Fprintf(w, "result: %s, end %s, %d %s\n", winner, end, o.Rounds, words.UnitName(spec.RoundsUnit))
	onMap := spec.Board.MapCounters()
	for i, c := range spec.Counters {
		if onMap[c.Name] {
			continue
		}
		if _, err := fmt.Fprintf(w, "  %s = %d\n", n.Counter(c.Name), o.Counters[i]); err != nil {
			return err
		}
	}
	// A board's per-cell counters: the cells that are not 0, per heat map.
	if b := spec.Board; b != nil {
		for _, m := range b.Maps {
			var cells []string
			for k, name := range m.Counters {
				if i := spec.CounterIndex(name); name != "" && i >= 0 && o.Counters[i] != 0 && k < len(b.Cells) {
					cells = append(cells, fmt.Sprintf("%s: %d", b.Cells[k].Label, o.Counters[i]))
				}
			}
			if len(cells) == 0 {
				cells = []string{"none"}
			}
			if _, err := fmt.Fprintf(w, "  %s: %s\n", m.Title, strings.Join(cells, ", ")); err != nil {
				return err
			}
		}
	}
	return nil
}
