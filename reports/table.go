package reports

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/figure"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// WriteTable writes a human-readable report of each result.
func WriteTable(w io.Writer, results []*analysis.Result) error {
	return WriteRunTable(w, results, nil, false)
}

// writeOne writes the report of one result: what was run, its outcomes,
// its rounds, its counters and what they split the wins by.
func writeOne(w io.Writer, r *analysis.Result) error {
	writeRunHead(w, r)
	if err := writeOutcomes(w, r); err != nil {
		return err
	}
	rs := r.Rounds()
	fmt.Fprintf(w, "\n%s  mean %s [%s, %s]  sd %s  min %d  p50 %d  p90 %d  p99 %d  max %d\n",
		words.UnitName(r.Spec.RoundsUnit), words.Num(rs.Mean), words.Num(rs.MeanLo), words.Num(rs.MeanHi), words.Num(rs.SD), rs.Min, rs.P50, rs.P90, rs.P99, rs.Max)
	if rs.Max >= rs.ExactQuantileBelow {
		fmt.Fprintf(w, "          (quantiles at or above %d are bin edges, within 0.8 %%; mean, min and max are exact)\n", rs.ExactQuantileBelow)
	}
	if err := writeCounters(w, r); err != nil {
		return err
	}
	return writeWinsBy(w, r)
}

// writeRunHead writes what was run: the scenario, its trials and seed, the
// shard, whether it was cut short, its options and its notes.
func writeRunHead(w io.Writer, r *analysis.Result) {
	t := r.Tally
	fmt.Fprintf(w, "scenario  %s   ruleset %s   trials %d   seed %d\n", r.Scenario, r.Ruleset, t.Trials, r.Seed)
	if r.Shard != "" {
		fmt.Fprintf(w, "shard     %s (trials %d to %d)\n", r.Shard, r.First, r.First+r.Planned-1)
	}
	if r.Interrupted() {
		fmt.Fprintf(w, "INTERRUPTED: %d of %d planned trials finished; the figures below cover those.\n", t.Trials, r.Planned)
	}
	if opts := words.SettingsText(r.Spec.Options); opts != "" {
		fmt.Fprintf(w, "options   %s\n", opts)
	}
	for _, n := range r.Spec.Notes {
		fmt.Fprintf(w, "note      %s\n", n)
	}
}

// writeOutcomes writes the table of outcomes, with how a scored result's
// sides are told apart.
func writeOutcomes(w io.Writer, r *analysis.Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\noutcome\tcount\tshare\t95 % Clopper–Pearson")
	for _, row := range outcomeRows(r) {
		sh := row.S
		fmt.Fprintf(tw, "%s\t%d\t%s\t[%s, %s]\n", row.Name, sh.K, words.Pct(sh.P), words.Pct(sh.Lo), words.Pct(sh.Hi))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if note := scoredNote(r); note != "" {
		fmt.Fprintf(w, "          (%s)\n", note)
	}
	return nil
}

// writeCounters writes the listed counters' means, the heat maps' summaries
// and the distributions' quantiles.
func writeCounters(w io.Writer, r *analysis.Result) error {
	names := words.NamesOf(r.Spec)
	if cs := listedCounters(r); len(cs) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "\ncounter\tmean per trial\t95 % interval")
		for _, c := range cs {
			fmt.Fprintf(tw, "%s\t%s\t[%s, %s]\n", names.Counter(c.Name), words.Num(c.Mean), words.Num(c.Lo), words.Num(c.Hi))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	for _, h := range figure.HeatSummaries(r) {
		fmt.Fprintf(w, "heat map  %s\n", h.Text())
	}
	if ds := r.Dists(); len(ds) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "\ndistribution\tmin\tp50\tp90\tp99\tmax")
		for _, d := range ds {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\n", names.Counter(d.Name), d.Min, d.P50, d.P90, d.P99, d.Max)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// writeWinsBy writes, for each counter the wins are split by, each bin's
// trials and each side's wins.
func writeWinsBy(w io.Writer, r *analysis.Result) error {
	names := words.NamesOf(r.Spec)
	for _, wb := range r.WinsBy() {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "\nby %s\ttrials\tshare\t%s%s\t95 %% Clopper–Pearson\t%s%s\t95 %% Clopper–Pearson\t%s\n", names.Counter(wb.Name),
			names.Wins(rules.A), names.Tag(rules.A), names.Wins(rules.B), names.Tag(rules.B), names.Wins(rules.None))
		for _, at := range wb.At {
			a, b, n := at.Win[rules.A], at.Win[rules.B], at.Win[rules.None]
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t[%s, %s]\t%s\t[%s, %s]\t%s\n", binText(at.Low, at.High), at.Trials.K, words.Pct(at.Trials.P),
				words.Pct(a.P), words.Pct(a.Lo), words.Pct(a.Hi), words.Pct(b.P), words.Pct(b.Lo), words.Pct(b.Hi), words.Pct(n.P))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// listedCounters returns the counters a report lists one by one: all but
// the per-cell counters of a board's heat maps, which it draws and sums up
// instead (the CSV and JSON keep every counter).
func listedCounters(r *analysis.Result) []analysis.CounterMean {
	cs := r.Counters()
	onMap := r.Spec.Board.MapCounters()
	if len(onMap) == 0 {
		return cs
	}
	out := make([]analysis.CounterMean, 0, len(cs))
	for _, c := range cs {
		if !onMap[c.Name] {
			out = append(out, c)
		}
	}
	return out
}

// binText writes a histogram bin: its value, or its range.
func binText(lo, hi int64) string {
	if lo == hi {
		return strconv.FormatInt(lo, 10)
	}
	return strconv.FormatInt(lo, 10) + "–" + strconv.FormatInt(hi, 10)
}

// SummaryRows returns the tidy summary: one row per scenario and metric.
// The last column, side_label, names the side a metric belongs to as the
// ruleset does (a side's wins and counters; empty for the others).
func SummaryRows(results []*analysis.Result) [][]string {
	rows := [][]string{{"scenario", "ruleset", "scenario_hash", "crucible_version", "seed", "trials", "metric", "count", "value", "lo95", "hi95", "side_label"}}
	for _, r := range results {
		head := []string{r.Scenario, r.Ruleset, r.Hash, r.Version, strconv.FormatUint(r.Seed, 10), strconv.FormatInt(r.Tally.Trials, 10)}
		names := words.NamesOf(r.Spec)
		add := func(metric, count string, v, lo, hi float64) {
			m, _ := rules.ParseMetric(metric)
			rows = append(rows, append(append([]string{}, head...), metric, count, words.Num(v), words.Num(lo), words.Num(hi), names.MetricLabel(m)))
		}
		for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
			sh := r.Win(s)
			add("win."+s.String(), strconv.FormatInt(sh.K, 10), sh.P, sh.Lo, sh.Hi)
		}
		for _, n := range r.Tally.EndNames {
			sh := r.End(n)
			add("end."+n, strconv.FormatInt(sh.K, 10), sh.P, sh.Lo, sh.Hi)
		}
		rs := r.Rounds()
		add("rounds.mean", "", rs.Mean, rs.MeanLo, rs.MeanHi)
		for _, q := range []struct {
			name string
			v    int64
		}{{"rounds.min", rs.Min}, {"rounds.p50", rs.P50}, {"rounds.p90", rs.P90}, {"rounds.p99", rs.P99}, {"rounds.max", rs.Max}} {
			rows = append(rows, append(append([]string{}, head...), q.name, "", strconv.FormatInt(q.v, 10), "", "", ""))
		}
		for _, c := range r.Counters() {
			add("counter."+c.Name, strconv.FormatInt(c.Sum, 10), c.Mean, c.Lo, c.Hi)
		}
	}
	return rows
}

// RoundRows returns the round histogram of every result: one row per
// non-empty bin (low = high below the exact limit).
func RoundRows(results []*analysis.Result) [][]string {
	rows := [][]string{{"scenario", "low", "high", "count", "share"}}
	for _, r := range results {
		n := float64(r.Tally.Trials)
		for _, b := range r.Tally.Rounds.Bins() {
			rows = append(rows, []string{r.Scenario, strconv.FormatInt(b.Low, 10), strconv.FormatInt(b.High, 10),
				strconv.FormatInt(b.Count, 10), words.Num(float64(b.Count) / n)})
		}
	}
	return rows
}

// CounterRows returns the histogram of every distribution counter of every
// result: one row per non-empty bin, the label of the counter's side last
// (as in SummaryRows).
func CounterRows(results []*analysis.Result) [][]string {
	rows := [][]string{{"scenario", "counter", "low", "high", "count", "share", "side_label"}}
	for _, r := range results {
		n := float64(r.Tally.Trials)
		names := words.NamesOf(r.Spec)
		for _, d := range r.Dists() {
			label := names.MetricLabel(rules.Metric{Kind: rules.CounterMean, Name: d.Name})
			for _, b := range d.Hist.Bins() {
				rows = append(rows, []string{r.Scenario, d.Name, strconv.FormatInt(b.Low, 10), strconv.FormatInt(b.High, 10),
					strconv.FormatInt(b.Count, 10), words.Num(float64(b.Count) / n), label})
			}
		}
	}
	return rows
}

// WriteRunTable is WriteTable with each result's policy spread, where
// spreads has one, after it: the whole spread when full, else its note
// alone (a spread a report made unasked).
func WriteRunTable(w io.Writer, results []*analysis.Result, spreads []*spread.Spread, full bool) error {
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := writeOne(w, r); err != nil {
			return err
		}
		if s := SpreadOf(spreads, r.Scenario); s != nil {
			if err := WriteSpreadAfter(w, s, full); err != nil {
				return err
			}
		}
	}
	return nil
}
