package sweepreport

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Rows returns the tidy table of a sweep: one row per grid point and
// metric (win.a, win.b, win.none, end.<reason> for each end reason,
// rounds.mean, then the sweep's metric where it is none of those), with
// the columns sweep, scenario, scenario_hash, crucible_version, seed,
// point, one column per varied field (named by its path), metric, count,
// trials, value, lo95, hi95, exact, side_label and interrupted. Every
// interval is the 95 % one claims use (analysis.EstimateOf):
// Clopper–Pearson for shares, the difference of the sides' Clopper–Pearson
// limits for the margin, normal for means, order statistics for quantiles. exact is the solver's value, empty where the
// point has none; side_label names the side of a win share (or counter)
// as the ruleset does at that point; interrupted is true on every row of
// a sweep cut short, whose rows cover the points that finished.
func Rows(s *sweep.Result) [][]string {
	var rows [][]string
	eachRow(s, func(row []string) error {
		rows = append(rows, row)
		return nil
	})
	return rows
}

// WriteRows writes Rows(s) as CSV row by row, never holding the whole
// table: a sweep of 10,000 points has 60,000 rows.
func WriteRows(w io.Writer, s *sweep.Result) error {
	rw := formats.NewRowWriter(w)
	if err := eachRow(s, rw.Write); err != nil {
		return err
	}
	return rw.Flush()
}

// eachRow calls row with each row of Rows(s) in order, stopping at its
// first error; a row is the caller's to keep.
func eachRow(s *sweep.Result, row func([]string) error) error {
	head := []string{"sweep", "scenario", "scenario_hash", "crucible_version", "seed", "point"}
	for _, a := range s.Sweep.Axes {
		head = append(head, a.Path)
	}
	cut := strconv.FormatBool(s.Interrupted())
	if err := row(append(head, "metric", "count", "trials", "value", "lo95", "hi95", "exact", "side_label", "interrupted")); err != nil {
		return err
	}
	for _, p := range s.Points {
		r := p.Result
		id := append([]string{s.Sweep.Name, r.Scenario, r.Hash, r.Version, strconv.FormatUint(r.Seed, 10), strconv.Itoa(p.Index)}, p.Values...)
		trials := strconv.FormatInt(r.Tally.Trials, 10)
		names := words.NamesOf(r.Spec)
		add := func(m rules.Metric, count string, e analysis.Estimate, exact string) error {
			return row(append(append([]string{}, id...), m.String(), count, trials, words.Num(e.Value), words.Num(e.Lo), words.Num(e.Hi), exact, names.MetricLabel(m), cut))
		}
		for _, m := range sweepMetrics(s) {
			var err error
			switch {
			case m == s.Sweep.Metric:
				err = add(m, shareCount(m, p), p.Estimate, exactText(p.ExactMetric))
			case m.Kind == rules.RoundsMean:
				err = add(m, "", analysis.Estimate{Value: p.Rounds.Mean, Lo: p.Rounds.MeanLo, Hi: p.Rounds.MeanHi}, pointExact(p, m))
			default:
				err = add(m, shareCount(m, p), analysis.EstimateOf(r, m, sweep.Alpha), pointExact(p, m))
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// sweepMetrics are the metrics of a sweep's table, in row order: the
// shares and the mean rounds of its first point's battle, and the sweep's
// metric last where it is none of those.
func sweepMetrics(s *sweep.Result) []rules.Metric {
	ms := []rules.Metric{{Kind: rules.WinShare, Side: rules.A}, {Kind: rules.WinShare, Side: rules.B}, {Kind: rules.WinShare, Side: rules.None}}
	if len(s.Points) > 0 {
		for _, n := range s.Points[0].Result.Tally.EndNames {
			ms = append(ms, rules.Metric{Kind: rules.EndShare, Name: n})
		}
	}
	ms = append(ms, rules.Metric{Kind: rules.RoundsMean})
	if !slices.Contains(ms, s.Sweep.Metric) {
		ms = append(ms, s.Sweep.Metric)
	}
	return ms
}

// shareCount is the count column of a share's row: the trials it counts;
// "" for any other metric.
func shareCount(m rules.Metric, p sweep.PointResult) string {
	if !m.Share() {
		return ""
	}
	return strconv.FormatInt(p.Share(m).K, 10)
}

// pointExact is the exact column of metric m at a point ("" for none).
func pointExact(p sweep.PointResult, m rules.Metric) string {
	if x, ok := p.ExactShare(m); ok {
		return words.Num(x)
	}
	return ""
}

func exactText(v *rules.Value) string {
	if v == nil {
		return ""
	}
	return words.Num(v.F)
}

// BreakEvenRows returns the break-even intervals of a sweep: one row per
// interval (or one saying there is none), with the columns sweep, metric,
// level (the value the metric breaks even at), field, given (PATH=VALUE
// of the second field, empty for one field), state (crossed, several,
// above, below or no-points), lo and hi (the interval's ends as positions
// on the field: on an integer field the two grid values around the
// crossing), lo_edge and hi_edge (true when the interval reaches the
// grid's first or last value, so that it may extend beyond the grid),
// exact (true when read from exact values at every point), side_label
// (the side of a win share as the ruleset names it at every point; empty
// where the points differ), and interrupted: true on every row of a sweep
// cut short, whose intervals, "above" and "below" cover only the points
// that finished (not crossed there, perhaps crossed in the rest). A sweep
// of a field of names, or of a metric without a level, has no rows.
func BreakEvenRows(s *sweep.Result) [][]string {
	rows := [][]string{{"sweep", "metric", "level", "field", "given", "state", "lo", "hi", "lo_edge", "hi_edge", "exact", "side_label", "interrupted"}}
	label := words.SweepNames(s).MetricLabel(s.Sweep.Metric)
	cut := strconv.FormatBool(s.Interrupted())
	level, _ := s.Sweep.LevelOf()
	for _, line := range s.BreakEvens() {
		head := []string{s.Sweep.Name, s.Sweep.Metric.String(), words.Num(level), s.Sweep.Axes[0].Path, given(s, line.Given)}
		exact := strconv.FormatBool(line.Exact)
		if len(line.Spans) == 0 {
			rows = append(rows, append(head, line.State.String(), "", "", "", "", exact, label, cut))
		}
		for _, sp := range line.Spans {
			rows = append(rows, append(append([]string{}, head...), line.State.String(), words.Num(sp.Lo), words.Num(sp.Hi),
				strconv.FormatBool(sp.LoEdge), strconv.FormatBool(sp.HiEdge), exact, label, cut))
		}
	}
	return rows
}

// given names the value of the second field a line holds, as PATH=VALUE
// ("" for a sweep of one field).
func given(s *sweep.Result, j int) string {
	if j < 0 {
		return ""
	}
	a := s.Sweep.Axes[1]
	return a.Path + "=" + a.Values[j]
}

// band writes an estimate's interval, "[47.22 %, 55.95 %]" for a share,
// "[+5.7, +11.2]" (points) for the margin; "-" where it has none.
func band(m rules.Metric, e analysis.Estimate) string {
	if e.NoInterval != "" || (e.Lo == e.Hi && e.SD == 0) {
		return "-"
	}
	if !m.Share() {
		return words.IntervalText(m, e.Lo, e.Hi)
	}
	return "[" + words.Figure(m, e.Lo) + ", " + words.Figure(m, e.Hi) + "]"
}

// pointWords writes a point's value of the field and of the metric with
// its interval, "3: 22.20 % [18.78 %, 26.05 %]" (exactly, where read from
// the exact value).
func pointWords(s *sweep.Result, p sweep.PointResult, exact bool) string {
	m := s.Sweep.Metric
	e := p.Value(exact)
	if exact {
		return fmt.Sprintf("%s (%s exactly)", p.Values[0], words.Figure(m, e.Value))
	}
	return fmt.Sprintf("%s (%s %s)", p.Values[0], words.Figure(m, e.Value), band(m, e))
}

// BreakEvenHead says how the break-even was read, for the line above the
// break-evens; "" when there is none to read (a field of names).
func BreakEvenHead(s *sweep.Result) string {
	m, kind := words.MetricName(s), s.Sweep.Kinds[0]
	if _, ok := s.Sweep.LevelOf(); !ok {
		if kind == sweep.Categorical {
			return ""
		}
		return fmt.Sprintf("break-even: none sought: %s has no level of its own (give one with --level X, or level: in the sweep file)", s.Sweep.Metric)
	}
	exact := len(s.Points) > 0
	for _, l := range s.BreakEvens() {
		exact = exact && l.Exact
	}
	switch {
	case kind == sweep.Categorical:
		return ""
	case kind == sweep.Integer && exact:
		return fmt.Sprintf("break-even: where %s crosses %s, as the two grid values on either side (exact values; %s takes whole numbers)", m, words.SweepLevel(s), s.Sweep.Axes[0].Name())
	case kind == sweep.Integer:
		return fmt.Sprintf("break-even: where %s crosses %s, as the two grid values on either side, each below, above or indistinguishable from it at 95 %% (%s takes whole numbers)", m, words.SweepLevel(s), s.Sweep.Axes[0].Name())
	case exact:
		return fmt.Sprintf("break-even: where the exact value of %s crosses %s (linear between grid points)", m, words.SweepLevel(s))
	}
	return fmt.Sprintf("break-even: where the 95 %% band of %s contains %s (linear between grid points)", m, words.SweepLevel(s))
}

// BreakEvenText says in words where the sweep's metric breaks even along
// its first field, e.g. "parts[0].shield from 2.04 to 2.19", or on an
// integer field "Guard armor between 0 (51.60 % [47.22 %, 55.95 %]) and
// 1 (40.60 % [36.38 %, 44.96 %])".
func BreakEvenText(s *sweep.Result, line sweep.BreakEvenLine) string {
	a := s.Sweep.Axes[0]
	switch line.State {
	case sweep.NoPoints:
		return "no point finished"
	case sweep.Above, sweep.Below:
		where, every := "in the grid", "every point"
		if s.Interrupted() {
			where, every = "in the points that finished (the sweep was cut short)", "each of them"
		}
		side := map[sweep.BreakEvenState]string{sweep.Above: "above", sweep.Below: "below"}[line.State]
		what := "the whole 95 % band"
		if line.Exact {
			what = "exactly"
		}
		return fmt.Sprintf("not crossed %s: %s is %s %s at %s (%s)", where, words.MetricName(s), side, words.SweepLevel(s), every, what)
	}
	var parts []string
	for _, sp := range line.Spans {
		if s.Sweep.Kinds[0] == sweep.Integer {
			parts = append(parts, bracketText(s, line, sp))
		} else {
			parts = append(parts, spanText(a, sp))
		}
	}
	if line.State == sweep.Several {
		return fmt.Sprintf("crossed several times: %s %s", a.Name(), strings.Join(parts, "; "))
	}
	return a.Name() + " " + parts[0]
}

// maxBetweenNamed is the most grid values a bracket names, each with its
// value, between its ends: a noisy sweep of 10,000 points may hold the
// level within the intervals of thousands, which the answer counts (the
// tables give each).
const maxBetweenNamed = 8

// bracketText writes one crossing on an integer field: the two grid
// values around it with their values, and those between, which hold the
// level within their intervals (counted, beyond maxBetweenNamed).
func bracketText(s *sweep.Result, line sweep.BreakEvenLine, sp sweep.Span) string {
	lo, hi := s.Points[sp.LoAt], s.Points[sp.HiAt]
	var b strings.Builder
	if sp.LoAt == sp.HiAt {
		fmt.Fprintf(&b, "at %s", pointWords(s, lo, line.Exact))
	} else {
		fmt.Fprintf(&b, "between %s and %s", pointWords(s, lo, line.Exact), pointWords(s, hi, line.Exact))
	}
	var between []string
	pos := s.Sweep.Axes[0].Positions()
	for _, p := range s.Points {
		if x := pos[p.At[0]]; x > sp.Lo && x < sp.Hi && (line.Given < 0 || p.At[1] == line.Given) {
			between = append(between, pointWords(s, p, line.Exact))
		}
	}
	switch {
	case len(between) > maxBetweenNamed:
		fmt.Fprintf(&b, ", at %s within their intervals at each of the %s values between", words.SweepLevel(s), words.Thousands(int64(len(between))))
	case len(between) > 0:
		fmt.Fprintf(&b, ", at %s within their intervals between: %s", words.SweepLevel(s), strings.Join(between, ", "))
	}
	var edges []string
	if sp.LoEdge {
		edges = append(edges, fmt.Sprintf("the grid's first value holds %s: it may cross below", words.SweepLevel(s)))
	}
	if sp.HiEdge {
		edges = append(edges, fmt.Sprintf("the grid's last value holds %s: it may cross above", words.SweepLevel(s)))
	}
	if len(edges) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(edges, "; "))
	}
	return b.String()
}

// spanText writes one interval of a continuous axis.
func spanText(a scenarios.Axis, sp sweep.Span) string {
	lo, hi := axisValue(a, sp.Lo), axisValue(a, sp.Hi)
	var b strings.Builder
	if lo == hi {
		fmt.Fprintf(&b, "at %s", lo)
	} else {
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

// axisValue writes a position on a numeric axis with two more decimals
// than the axis's values.
func axisValue(a scenarios.Axis, x float64) string {
	places := 0
	for _, v := range a.Values {
		if _, frac, ok := strings.Cut(v, "."); ok {
			places = max(places, len(frac))
		}
	}
	return strconv.FormatFloat(x, 'f', places+2, 64)
}

// ShapeTexts says which curves of a sweep are not monotonic, and which
// points show it: one sentence per such curve.
func ShapeTexts(s *sweep.Result) []string {
	var out []string
	for _, sh := range s.Shapes() {
		if sh.Monotonic() {
			continue
		}
		way, against := "rises", "falls"
		if sh.Direction < 0 {
			way, against = "falls", "rises"
		}
		exact := false
		for _, l := range s.Lines() {
			exact = exact || (l.Given == sh.Given && l.Exact)
		}
		var pairs []string
		for i, r := range sh.Reversals {
			if i == maxReversals {
				pairs = append(pairs, fmt.Sprintf("and %d more", len(sh.Reversals)-i))
				break
			}
			pairs = append(pairs, fmt.Sprintf("from %s to %s", pointWords(s, s.Points[r.Before], exact), pointWords(s, s.Points[r.After], exact)))
		}
		where := ""
		if g := words.GivenWords(s, sh.Given); g != "" {
			where = " at " + g
		}
		apart := "their intervals lie apart"
		if exact {
			apart = "exactly"
		}
		out = append(out, fmt.Sprintf("NOT MONOTONIC%s: %s %s with %s overall but %s %s (%s)",
			where, words.MetricName(s), way, s.Sweep.Axes[0].Name(), against, strings.Join(pairs, ", "), apart))
	}
	return out
}

// maxReversals is the most reversals a sentence names.
const maxReversals = 5

// RankingRows returns the ranking of a sweep over a field of names: one
// row per value, with the columns sweep, metric, field, given, rank (1
// for the highest), value (the field's), estimate, lo95, hi95, exact,
// tied (indistinguishable from the highest), p_holm (the Holm-adjusted
// p-value against the highest; empty for the highest, for exact values
// and where untested) and interrupted. No rows for a numeric field.
func RankingRows(s *sweep.Result) [][]string {
	rows := [][]string{{"sweep", "metric", "field", "given", "rank", "value", "estimate", "lo95", "hi95", "exact", "tied", "p_holm", "interrupted"}}
	cut := strconv.FormatBool(s.Interrupted())
	for _, r := range s.Rankings() {
		for i, k := range r.Order {
			p := s.Points[k]
			ph := ""
			if x, ok := rankP(r, i); ok {
				ph = words.Num(x)
			}
			rows = append(rows, []string{s.Sweep.Name, s.Sweep.Metric.String(), s.Sweep.Axes[0].Path, given(s, r.Given), strconv.Itoa(i + 1),
				p.Values[0], words.Num(p.Estimate.Value), words.Num(p.Estimate.Lo), words.Num(p.Estimate.Hi), exactText(p.ExactMetric),
				strconv.FormatBool(r.Untested == "" && r.Tied[i]), ph, cut})
		}
	}
	return rows
}

// rankP returns the Holm-adjusted p-value of the i-th value of a
// ranking; ok is false where there is none (the highest, against which
// the others are tested; exact values; untested ones).
func rankP(r sweep.Ranking, i int) (p float64, ok bool) {
	if (i == 0 && r.Level == nil) || r.Exact || r.Untested != "" {
		return 0, false
	}
	return r.P[i], true
}

// RankingHead says how a ranking reads, for the line above it.
func RankingHead(s *sweep.Result, r sweep.Ranking) string {
	if r.Level != nil {
		head := fmt.Sprintf("ranking: %s by %s, nearest %s first; ", s.Sweep.Axes[0].Name(), words.MetricName(s), words.SweepLevel(s))
		switch {
		case r.Exact:
			return head + fmt.Sprintf("= marks the values equal to %s (exact values)", words.SweepLevel(s))
		case r.Untested != "":
			return head + "no test against the level: " + r.Untested
		}
		return head + fmt.Sprintf("= marks those indistinguishable from %s: %s", words.SweepLevel(s), sweep.LevelRankMethod)
	}
	top := RankTop(r)
	head := fmt.Sprintf("ranking: %s by %s, %s first%s; ", s.Sweep.Axes[0].Name(), words.MetricName(s), strings.TrimPrefix(top, "the "), rankedFor(s, r))
	switch {
	case r.Exact:
		return head + "= marks the values equal to " + top + " (exact values)"
	case r.Untested != "":
		return head + "no test against " + top + ": " + r.Untested
	}
	return head + "= marks those indistinguishable from " + top + ": " + strings.ReplaceAll(sweep.RankMethod, "the highest", top)
}

// RankTop names the first value of a ranking without a level: "the
// highest", or "the lowest" where lowest is best for the field's side.
func RankTop(r sweep.Ranking) string {
	if r.Lowest {
		return "the lowest"
	}
	return "the highest"
}

// rankedFor says whose best a ranking puts first, when the metric tells:
// " (the best for Guard, whose field this is)".
func rankedFor(s *sweep.Result, r sweep.Ranking) string {
	if r.Best == rules.None {
		return ""
	}
	return fmt.Sprintf(" (the best for %s, whose field this is)", words.SweepNames(s).Name(r.Best))
}

// rankRow is one row of a ranking, as the table and the page show it.
type rankRow struct {
	Rank                      int
	Value, Figure, Band, Mark string
}

// writeRanking writes a ranking as a table: rank, value, the metric with
// its interval (or "exactly"), and where it stands against the highest.
func writeRanking(w io.Writer, s *sweep.Result, r sweep.Ranking) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range rankRows(s, r) {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\n", row.Rank, row.Value, row.Figure, row.Band, row.Mark)
	}
	return tw.Flush()
}

// WriteTable writes a sweep as text: a header, one line per finished
// point with the metric and its interval (and the exact value where
// solved) and the mean rounds, then the break-even (or, on a field of
// names, the ranking) and any curve that is not monotonic.
func WriteTable(w io.Writer, s *sweep.Result) error {
	sw := s.Sweep
	fmt.Fprintf(w, "sweep     %s   base %s   ruleset %s   seed %d\n", sw.Name, sw.Base, sw.Ruleset, s.Seed)
	fmt.Fprintf(w, "grid      %d points × %d trials, on common random numbers (the streams of %s)\n", len(sw.Points), s.Trials, sw.Streams)
	if s.Interrupted() {
		fmt.Fprintf(w, "INTERRUPTED: %d of %d points finished; the figures below cover those.\n", len(s.Points), len(sw.Points))
	}
	if err := writePoints(w, s); err != nil {
		return err
	}
	if h := BreakEvenHead(s); h != "" {
		fmt.Fprintf(w, "\n%s\n", h)
	}
	for _, line := range s.BreakEvens() {
		if g := words.GivenWords(s, line.Given); g != "" {
			fmt.Fprintf(w, "  at %s: %s\n", g, BreakEvenText(s, line))
		} else {
			fmt.Fprintf(w, "  %s\n", BreakEvenText(s, line))
		}
	}
	last := ""
	for _, r := range s.Rankings() {
		if h := RankingHead(s, r); h != last {
			fmt.Fprintf(w, "\n%s\n", h)
			last = h
		}
		if g := words.GivenWords(s, r.Given); g != "" {
			fmt.Fprintf(w, "  at %s:\n", g)
		}
		if err := writeRanking(w, s, r); err != nil {
			return err
		}
	}
	for _, n := range ShapeTexts(s) {
		fmt.Fprintf(w, "%s\n", n)
	}
	for _, n := range ExactNotes(s) {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if n := figure.CurveNote(s); n != "" {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// writePoints writes a sweep's table: one line per finished point with its
// values, the metric and its interval, the exact value where some point is
// solved, and the mean rounds.
func writePoints(w io.Writer, s *sweep.Result) error {
	sw := s.Sweep
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var head []string
	for _, a := range sw.Axes {
		head = append(head, a.Name())
	}
	head = append(head, words.MetricName(s), words.IntervalName(sw.Metric))
	solved := anySolved(s)
	if solved {
		head = append(head, "exact")
	}
	fmt.Fprintln(tw, "\n"+strings.Join(append(head, "mean "+words.UnitOfSweep(s)), "\t"))
	for _, p := range s.Points {
		cells := append(append([]string{}, p.Values...), words.Figure(sw.Metric, p.Estimate.Value), band(sw.Metric, p.Estimate))
		if solved {
			cells = append(cells, exactCell(p, sw.Metric))
		}
		fmt.Fprintln(tw, strings.Join(append(cells, words.Num(p.Rounds.Mean)), "\t"))
	}
	return tw.Flush()
}

// anySolved reports whether some point of the sweep has an exact
// solution, so that its tables and plots show an exact column or curve.
func anySolved(s *sweep.Result) bool {
	for _, p := range s.Points {
		if p.Exact != nil {
			return true
		}
	}
	return false
}

// exactCell is a point's exact value of m for a table: a percentage, or
// why there is none.
func exactCell(p sweep.PointResult, m rules.Metric) string {
	if p.ExactMetric != nil {
		return words.Figure(m, p.ExactMetric.F)
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
func ExactNotes(s *sweep.Result) []string {
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

// rankRows are a ranking's rows, as the table and the page show them.
func rankRows(s *sweep.Result, r sweep.Ranking) []rankRow {
	m := s.Sweep.Metric
	var out []rankRow
	for i, k := range r.Order {
		p := s.Points[k]
		e := p.Value(r.Exact)
		row := rankRow{Rank: i + 1, Value: p.Values[0], Figure: words.Figure(m, e.Value), Band: band(m, e), Mark: rankMark(r, i)}
		if r.Exact {
			row.Band = "exactly"
		}
		out = append(out, row)
	}
	return out
}

// rankMark says where the i-th value of a ranking stands against the
// first: "=" (indistinguishable from it), "below (p 0.003)" ("above" when
// ranked lowest first), or ""
// where untested; against a level, "apart" for one told from it.
func rankMark(r sweep.Ranking, i int) string {
	apart := "below"
	switch {
	case r.Level != nil:
		apart = "apart"
	case r.Lowest:
		apart = "above"
	}
	switch {
	case r.Untested != "":
		return ""
	case r.Tied[i]:
		return "="
	case r.Exact:
		return apart
	}
	if r.P[i] < 1e-4 {
		return apart + " (p < 0.0001)"
	}
	return apart + " (p " + strconv.FormatFloat(r.P[i], 'g', 2, 64) + ")"
}
