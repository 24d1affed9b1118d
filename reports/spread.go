package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// WriteSpread writes a policy spread for people: a row per cell (which
// side's policy is varied, the policies both sides play, each side's win
// share, side a's with its interval), the values left out and why, how far
// the headline moves and between which cells, each side's skill gap, and
// the note when the move passes the threshold.
func WriteSpread(w io.Writer, s *spread.Spread) error {
	fmt.Fprintf(w, "policy spread  %s   headline: %s   %s\n", s.Scenario, headline(s), spreadCells(s))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "varied\t%s\t%s\t%s\t95 %% interval\t%s wins\n", s.Fields[0], s.Fields[1], headline(s), s.Labels[1])
	for _, r := range spreadRows(s) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Varied, r.A, r.B, r.Win, r.Interval, r.Other)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for i, l := range leftLines(s) {
		head := "not played"
		if i > 0 {
			head = ""
		}
		fmt.Fprintf(w, "%-10s  %s\n", head, l)
	}
	fmt.Fprintf(w, "%-10s  %s\n", "range", rangeText(s))
	for _, g := range s.Gaps {
		fmt.Fprintf(w, "%-10s  %s\n", "skill gap", gapText(s, g))
	}
	if s.Noted() {
		fmt.Fprintf(w, "%-10s  %s\n", "NOTE", noteText(s))
	}
	return nil
}

// WriteSpreadNote writes a spread's note alone, when it has one, as the
// line a report adds to a result whose spread it computed unasked; and
// says so when the spread left policies out for its budget, so that no
// note does not read as no dependence on the policies.
func WriteSpreadNote(w io.Writer, s *spread.Spread) error {
	if s.Noted() {
		if _, err := fmt.Fprintf(w, "NOTE      %s\n          %s; --policy-spread shows every policy\n", noteText(s), rangeText(s)); err != nil {
			return err
		}
	}
	if n := s.CutShort(); n > 0 {
		what := "1 policy"
		if n > 1 {
			what = strconv.Itoa(n) + " policies"
		}
		_, err := fmt.Fprintf(w, "spread    %s left out for the budget of a spread computed unasked (the work of this solve): %s; --policy-spread solves them\n",
			what, cutShortText(s))
		return err
	}
	return nil
}

// cutShortText names the values a spread left out for its budget.
func cutShortText(s *spread.Spread) string {
	var names []string
	for _, l := range s.Left {
		if l.Budget {
			names = append(names, s.Fields[l.Side-1]+"="+l.Policy)
		}
	}
	return strings.Join(names, ", ")
}

// spreadRow is a cell of a spread as the text and the page show it.
type spreadRow struct{ Varied, A, B, Win, Interval, Other string }

func spreadRows(s *spread.Spread) []spreadRow {
	out := make([]spreadRow, len(s.Cells))
	for i, c := range s.Cells {
		out[i] = spreadRow{variedText(s, c), c.Policies[0], c.Policies[1], words.Pct(c.Win[0].Value), shareInterval(c.Win[0], c.Exact), words.Pct(c.Win[1].Value)}
	}
	return out
}

// leftLines say which values were not played and why.
func leftLines(s *spread.Spread) []string {
	out := make([]string, len(s.Left))
	for i, l := range s.Left {
		out[i] = s.Fields[l.Side-1] + "=" + l.Policy + ": " + l.Why
	}
	return out
}

// headline names the headline in the sides' own words ("attacker wins").
func headline(s *spread.Spread) string { return s.Labels[0] + " wins" }

// spreadCells says how the cells were found.
func spreadCells(s *spread.Spread) string {
	exact := 0
	for _, c := range s.Cells {
		if c.Exact {
			exact++
		}
	}
	switch {
	case exact == len(s.Cells):
		return "every cell exact"
	case exact == 0:
		return fmt.Sprintf("Monte Carlo, %d trials a cell, seed %d", s.Trials, s.Seed)
	}
	return fmt.Sprintf("%d cells exact, the others Monte Carlo, %d trials a cell, seed %d", exact, s.Trials, s.Seed)
}

func variedText(s *spread.Spread, c spread.Cell) string {
	if c.Varied == rules.None {
		return "scenario"
	}
	return s.Labels[c.Varied-1]
}

// shareInterval writes a cell's 95 % interval of a win share, or "exact".
func shareInterval(e analysis.Estimate, exact bool) string {
	if exact {
		return "exact"
	}
	return "[" + words.Pct(e.Lo) + ", " + words.Pct(e.Hi) + "]"
}

// cellName names a cell by what sets it apart: "attacker.policy=optimal",
// or "the scenario's policies".
func cellName(s *spread.Spread, c spread.Cell) string {
	if c.Varied == rules.None {
		return "the scenario's policies"
	}
	i := c.Varied - 1
	return s.Fields[i] + "=" + c.Policies[i]
}

// points formats a difference of shares in percentage points.
func points(d float64) string { return strconv.FormatFloat(100*d, 'f', 2, 64) }

func rangeText(s *spread.Spread) string {
	lo, hi := s.Lowest(), s.Highest()
	return fmt.Sprintf("%s from %s (%s) to %s (%s): %s points",
		headline(s), words.Pct(lo.Win[0].Value), cellName(s, lo), words.Pct(hi.Win[0].Value), cellName(s, hi), points(s.Range()))
}

// gapText says a side's skill gap: how much more often it wins playing
// its strongest policy than its weakest.
func gapText(s *spread.Spread, g spread.SkillGap) string {
	label := s.Labels[g.Side-1]
	switch {
	case g.Played < 2:
		return label + ": none, it played one policy only"
	case g.Strong == g.Weak:
		return fmt.Sprintf("%s: none, its %d policies win alike", label, g.Played)
	}
	how := "exact"
	switch {
	case g.Pairs > 0:
		how = fmt.Sprintf("[%s, %s], paired, %d trials on fresh streams", points(g.Lo), points(g.Hi), g.Pairs)
	case !g.Exact:
		how = fmt.Sprintf("[%s, %s]", points(g.Lo), points(g.Hi))
	}
	return fmt.Sprintf("%s wins %s points more often playing %s than %s (%s)", label, points(g.Diff), g.Strong, g.Weak, how)
}

func noteText(s *spread.Spread) string {
	return fmt.Sprintf("%s moves by %s points across the sides' policies, more than the %s-point threshold: this answer depends on how the sides are played",
		headline(s), points(s.Range()), strconv.FormatFloat(100*s.Threshold, 'g', 6, 64))
}

// SpreadWords returns what a spread says in words, a line each: the range
// of the headline, each side's skill gap, the values not played, and the
// note when the answer depends on how the sides are played.
func SpreadWords(s *spread.Spread) []string {
	out := []string{rangeText(s)}
	for _, g := range s.Gaps {
		out = append(out, gapText(s, g))
	}
	for _, l := range leftLines(s) {
		out = append(out, "not played: "+l)
	}
	if s.Noted() {
		out = append(out, noteText(s))
	}
	return out
}

// SpreadJSON writes a spread as the JSON of a run writes it under
// "policy_spread".
func SpreadJSON(s *spread.Spread) json.Marshaler { return spreadObject(s) }

// SpreadRows returns the tidy rows of policy spreads: one per cell and
// side whose win share it gives.
func SpreadRows(spreads []*spread.Spread) [][]string {
	rows := [][]string{{"scenario", "varied", "policy_a", "policy_b", "metric", "value", "lo95", "hi95", "exact", "trials", "seed"}}
	for _, s := range spreads {
		for _, c := range s.Cells {
			for side, e := range c.Win {
				rows = append(rows, []string{s.Scenario, c.Varied.String(), c.Policies[0], c.Policies[1],
					"win." + rules.Side(side+1).String(), words.Num(e.Value), words.Num(e.Lo), words.Num(e.Hi), strconv.FormatBool(c.Exact),
					strconv.FormatInt(cellTrials(s, c), 10), strconv.FormatUint(s.Seed, 10)})
			}
		}
	}
	return rows
}

func cellTrials(s *spread.Spread, c spread.Cell) int64 {
	if c.Exact {
		return 0
	}
	return s.Trials
}

// spreadObject is the machine-readable form of a policy spread.
func spreadObject(s *spread.Spread) formats.Object {
	estimate := func(e analysis.Estimate) formats.Object {
		return formats.Object{{Key: "value", Val: formats.ExactFloat(e.Value)}, {Key: "lo", Val: formats.ExactFloat(e.Lo)}, {Key: "hi", Val: formats.ExactFloat(e.Hi)}}
	}
	sides := func(a, b any) formats.Object { return formats.Object{{Key: "a", Val: a}, {Key: "b", Val: b}} }
	cells := make([]formats.Object, len(s.Cells))
	for i, c := range s.Cells {
		cells[i] = formats.Object{{Key: "varied", Val: c.Varied.String()}, {Key: "policies", Val: sides(c.Policies[0], c.Policies[1])}, {Key: "exact", Val: c.Exact},
			{Key: "win_a", Val: estimate(c.Win[0])}, {Key: "win_b", Val: estimate(c.Win[1])}}
	}
	left := make([]formats.Object, len(s.Left))
	for i, l := range s.Left {
		left[i] = formats.Object{{Key: "side", Val: l.Side.String()}, {Key: "policy", Val: l.Policy}, {Key: "why", Val: l.Why}}
	}
	var gaps [2]formats.Object
	for i, g := range s.Gaps {
		gaps[i] = formats.Object{{Key: "played", Val: g.Played}, {Key: "strong", Val: g.Strong}, {Key: "weak", Val: g.Weak}, {Key: "diff", Val: formats.ExactFloat(g.Diff)},
			{Key: "lo", Val: formats.ExactFloat(g.Lo)}, {Key: "hi", Val: formats.ExactFloat(g.Hi)}, {Key: "exact", Val: g.Exact}, {Key: "pairs", Val: g.Pairs}}
	}
	lo, hi := s.Lowest(), s.Highest()
	return formats.Object{
		{Key: "headline", Val: "win.a"}, {Key: "labels", Val: sides(s.Labels[0], s.Labels[1])}, {Key: "fields", Val: sides(s.Fields[0], s.Fields[1])},
		{Key: "seed", Val: s.Seed}, {Key: "seed_text", Val: formats.SeedText(s.Seed)}, {Key: "trials", Val: s.Trials}, {Key: "threshold", Val: formats.ExactFloat(s.Threshold)},
		{Key: "cells", Val: cells}, {Key: "left", Val: left},
		{Key: "range", Val: formats.Object{{Key: "low", Val: formats.ExactFloat(lo.Win[0].Value)}, {Key: "low_cell", Val: cellName(s, lo)},
			{Key: "high", Val: formats.ExactFloat(hi.Win[0].Value)}, {Key: "high_cell", Val: cellName(s, hi)}, {Key: "width", Val: formats.ExactFloat(s.Range())}}},
		{Key: "skill_gaps", Val: sides(gaps[0], gaps[1])}, {Key: "noted", Val: s.Noted()},
	}
}

// SpreadOf returns the spread of the named scenario, or nil.
func SpreadOf(spreads []*spread.Spread, scenario string) *spread.Spread {
	for _, s := range spreads {
		if s != nil && s.Scenario == scenario {
			return s
		}
	}
	return nil
}

// WriteSpreadAfter writes a spread after the result it belongs to: whole,
// after a blank line, when full; else its note alone.
func WriteSpreadAfter(w io.Writer, s *spread.Spread, full bool) error {
	if !full {
		return WriteSpreadNote(w, s)
	}
	fmt.Fprintln(w)
	return WriteSpread(w, s)
}
