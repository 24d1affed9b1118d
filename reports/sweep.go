package reports

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// SweepRows returns the tidy table of a sweep: one row per grid point and
// metric (win.a, win.b, win.none, end.<reason> for each end reason, then
// rounds.mean), with the columns sweep, scenario, scenario_hash,
// crucible_version, seed, point, one column per varied field (named by
// its path), metric, count, trials, value, lo95, hi95, exact, side_label
// and interrupted. Shares carry their 95 % Wilson interval, rounds.mean
// its 95 % normal interval; exact is the solver's value, empty where the
// point has none; side_label names the side of a win share as the ruleset
// does at that point; interrupted is true on every row of a sweep cut
// short, whose rows cover the points that finished.
func SweepRows(s *analysis.SweepResult) [][]string {
	head := []string{"sweep", "scenario", "scenario_hash", "crucible_version", "seed", "point"}
	for _, a := range s.Sweep.Axes {
		head = append(head, a.Path)
	}
	cut := strconv.FormatBool(s.Interrupted())
	rows := [][]string{append(head, "metric", "count", "trials", "value", "lo95", "hi95", "exact", "side_label", "interrupted")}
	for _, p := range s.Points {
		r := p.Result
		id := append([]string{s.Sweep.Name, r.Scenario, r.Hash, r.Version, strconv.FormatUint(r.Seed, 10), strconv.Itoa(p.Index)}, p.Values...)
		trials := strconv.FormatInt(r.Tally.Trials, 10)
		names := namesOf(r.Spec)
		add := func(m rules.Metric, count string, v, lo, hi float64) {
			exact := ""
			if x, ok := p.ExactShare(m); ok {
				exact = num(x)
			}
			rows = append(rows, append(append([]string{}, id...), m.String(), count, trials, num(v), num(lo), num(hi), exact, names.metricLabel(m), cut))
		}
		for _, m := range sweepMetrics(r) {
			if m.Kind == rules.RoundsMean {
				add(m, "", p.Rounds.Mean, p.Rounds.MeanLo, p.Rounds.MeanHi)
				continue
			}
			sh := p.Share(m)
			add(m, strconv.FormatInt(sh.K, 10), sh.P, sh.Lo, sh.Hi)
		}
	}
	return rows
}

// sweepMetrics are the metrics of a sweep's table, in row order.
func sweepMetrics(r *analysis.Result) []rules.Metric {
	ms := []rules.Metric{{Kind: rules.WinShare, Side: rules.A}, {Kind: rules.WinShare, Side: rules.B}, {Kind: rules.WinShare, Side: rules.None}}
	for _, n := range r.Tally.EndNames {
		ms = append(ms, rules.Metric{Kind: rules.EndShare, Name: n})
	}
	return append(ms, rules.Metric{Kind: rules.RoundsMean})
}

// BreakEvenRows returns the break-even intervals of a sweep: one row per
// interval (or one saying there is none), with the columns sweep, metric,
// field, given (PATH=VALUE of the second field, empty for one field),
// state (crossed, several, above, below or no-points), lo and hi (the
// interval's ends as positions on the field: its values for a numeric
// field, indices from 0 for a field of names), lo_edge and hi_edge
// (true when the interval reaches the grid's first or last value, so that
// it may extend beyond the grid), side_label (the side of a win share as
// the ruleset names it at every point; empty where the points differ), and
// interrupted: true on every row of a sweep cut short, whose intervals,
// "above" and "below" cover only the points that finished (not crossed
// there, perhaps crossed in the rest).
func BreakEvenRows(s *analysis.SweepResult) [][]string {
	rows := [][]string{{"sweep", "metric", "field", "given", "state", "lo", "hi", "lo_edge", "hi_edge", "side_label", "interrupted"}}
	label := sweepNames(s).metricLabel(s.Sweep.Metric)
	cut := strconv.FormatBool(s.Interrupted())
	for _, line := range s.BreakEvens() {
		head := []string{s.Sweep.Name, s.Sweep.Metric.String(), s.Sweep.Axes[0].Path, given(s, line)}
		if len(line.Spans) == 0 {
			rows = append(rows, append(head, line.State.String(), "", "", "", "", label, cut))
		}
		for _, sp := range line.Spans {
			rows = append(rows, append(append([]string{}, head...), line.State.String(), num(sp.Lo), num(sp.Hi),
				strconv.FormatBool(sp.LoEdge), strconv.FormatBool(sp.HiEdge), label, cut))
		}
	}
	return rows
}

// given names the value of the second field a break-even line holds, as
// PATH=VALUE ("" for a sweep of one field).
func given(s *analysis.SweepResult, line analysis.BreakEvenLine) string {
	if line.Given < 0 {
		return ""
	}
	a := s.Sweep.Axes[1]
	return a.Path + "=" + a.Values[line.Given]
}

// BreakEvenText says in words where the sweep's metric breaks even along
// its first field, e.g. "parts[0].shield from 2.04 to 2.19".
func BreakEvenText(s *analysis.SweepResult, line analysis.BreakEvenLine) string {
	a := s.Sweep.Axes[0]
	metric := sweepNames(s).described(s.Sweep.Metric)
	switch line.State {
	case analysis.NoPoints:
		return "no point finished"
	case analysis.Above, analysis.Below:
		where, every := "in the grid", "every point"
		if s.Interrupted() {
			where, every = "in the points that finished (the sweep was cut short)", "each of them"
		}
		side := map[analysis.BreakEvenState]string{analysis.Above: "above", analysis.Below: "below"}[line.State]
		return fmt.Sprintf("not crossed %s: %s is %s 50 %% at %s (the whole 95 %% band)", where, metric, side, every)
	}
	var parts []string
	for _, sp := range line.Spans {
		parts = append(parts, spanText(a, sp))
	}
	if line.State == analysis.Several {
		return fmt.Sprintf("crossed several times: %s %s", a.Path, strings.Join(parts, "; "))
	}
	return a.Path + " " + parts[0]
}

// spanText writes one interval of an axis: interpolated values on a
// numeric axis; on a list of names, the names around it (interpolating
// between names would mean nothing).
func spanText(a scenarios.Axis, sp analysis.Span) string {
	lo, hi := axisValue(a, sp.Lo, math.Floor), axisValue(a, sp.Hi, math.Ceil)
	var b strings.Builder
	switch {
	case !a.Numeric() && sp.Lo != math.Floor(sp.Lo) && math.Floor(sp.Lo) == math.Floor(sp.Hi):
		fmt.Fprintf(&b, "between %s and %s", lo, hi)
	case lo == hi:
		fmt.Fprintf(&b, "at %s", lo)
	default:
		fmt.Fprintf(&b, "from %s to %s", lo, hi)
	}
	var edges []string
	if sp.LoEdge {
		edges = append(edges, "the grid's first value: it may extend below")
	}
	if sp.HiEdge {
		edges = append(edges, "the grid's last value: it may extend above")
	}
	if len(edges) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(edges, "; "))
	}
	return b.String()
}

// axisValue writes a position on an axis: a number with two more
// decimals than the axis's values, or on a list of names the name at the
// position rounded outwards by round.
func axisValue(a scenarios.Axis, x float64, round func(float64) float64) string {
	if !a.Numeric() {
		return a.Values[int(round(x))]
	}
	places := 0
	for _, v := range a.Values {
		if _, frac, ok := strings.Cut(v, "."); ok {
			places = max(places, len(frac))
		}
	}
	return strconv.FormatFloat(x, 'f', places+2, 64)
}

// WriteSweepTable writes a sweep as text: a header, one line per finished
// point with the metric and its interval (and the exact value where
// solved) and the mean rounds, and the break-even.
func WriteSweepTable(w io.Writer, s *analysis.SweepResult) error {
	sw := s.Sweep
	fmt.Fprintf(w, "sweep     %s   base %s   ruleset %s   seed %d\n", sw.Name, sw.Base, sw.Ruleset, s.Seed)
	fmt.Fprintf(w, "grid      %d points × %d trials, on common random numbers (the streams of %s)\n", len(sw.Points), s.Trials, sw.Streams)
	if s.Interrupted() {
		fmt.Fprintf(w, "INTERRUPTED: %d of %d points finished; the figures below cover those.\n", len(s.Points), len(sw.Points))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var head []string
	for _, a := range sw.Axes {
		head = append(head, a.Path)
	}
	metric := sweepNames(s).described(sw.Metric)
	head = append(head, metric, "95 % Wilson")
	solved := anySolved(s)
	if solved {
		head = append(head, "exact")
	}
	fmt.Fprintln(tw, "\n"+strings.Join(append(head, "mean "+unitOfSweep(s)), "\t"))
	for _, p := range s.Points {
		sh := p.Share(sw.Metric)
		cells := append(append([]string{}, p.Values...), pct(sh.P), fmt.Sprintf("[%s, %s]", pct(sh.Lo), pct(sh.Hi)))
		if solved {
			cells = append(cells, exactCell(p, sw.Metric))
		}
		fmt.Fprintln(tw, strings.Join(append(cells, num(p.Rounds.Mean)), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nbreak-even: where the 95 %% band of %s contains 50 %% (linear between grid points)\n", metric)
	for _, line := range s.BreakEvens() {
		if g := given(s, line); g != "" {
			fmt.Fprintf(w, "  at %s: %s\n", g, BreakEvenText(s, line))
		} else {
			fmt.Fprintf(w, "  %s\n", BreakEvenText(s, line))
		}
	}
	for _, n := range ExactNotes(s) {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if n := CurveNote(s); n != "" {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// sweepNames names the sides of a sweep's points: by their labels where
// every finished point gives the same, else by their letters.
func sweepNames(s *analysis.SweepResult) sideNames {
	specs := make([]rules.Spec, len(s.Points))
	for i, p := range s.Points {
		specs[i] = p.Result.Spec
	}
	return commonNames(specs, nil)
}

// anySolved reports whether some point of the sweep has an exact
// solution, so that its tables and plots show an exact column or curve.
func anySolved(s *analysis.SweepResult) bool {
	for _, p := range s.Points {
		if p.Exact != nil {
			return true
		}
	}
	return false
}

// exactCell is a point's exact value of m for a table: a percentage, or
// why there is none.
func exactCell(p analysis.PointResult, m rules.Metric) string {
	if x, ok := p.ExactShare(m); ok {
		return pct(x)
	}
	if errors.Is(p.ExactErr, rules.ErrBudget) {
		return "beyond budget"
	}
	return "-"
}

// ExactNotes says why points of a sweep lack an exact solution: each
// distinct reason once, with the number of points it applies to. Where a
// budget refused the solve it says so first: the Monte Carlo estimate is
// then the point's only value, which is what the sweep falls back on.
func ExactNotes(s *analysis.SweepResult) []string {
	var order []error
	count := map[string]int{}
	for _, p := range s.Points {
		if p.ExactErr == nil {
			continue
		}
		msg := p.ExactErr.Error()
		if count[msg] == 0 {
			order = append(order, p.ExactErr)
		}
		count[msg]++
	}
	var out []string
	for _, err := range order {
		n := count[err.Error()]
		if errors.Is(err, rules.ErrBudget) {
			out = append(out, fmt.Sprintf("no exact value at %d of %d points, beyond the exact solver's budget: the Monte Carlo estimate stands alone there (%v)", n, len(s.Points), err))
			continue
		}
		out = append(out, fmt.Sprintf("no exact value at %d of %d points: %v", n, len(s.Points), err))
	}
	return out
}

func unitOfSweep(s *analysis.SweepResult) string {
	if len(s.Points) == 0 {
		return "rounds"
	}
	return unitOf(s.Points[0].Result)
}
