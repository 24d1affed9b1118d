package explainreport

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// WriteWays writes the most probable ways to an outcome in a designer's
// words: for each, its probability and length, then its steps round by
// round, each with its chance, then the end.
func WriteWays(w io.Writer, ways *explain.Ways) error {
	n := len(ways.Paths)
	if n == 0 {
		_, err := fmt.Fprintf(w, "%s: no way to: %s — the solver's chain never ends like this\n", ways.Scenario, ways.Condition)
		return err
	}
	fmt.Fprintf(w, "%s: the %s most probable way%s to: %s (exact: the solver's chain, nothing random)\n",
		ways.Scenario, countWord(n), plural(n), ways.Condition)
	fmt.Fprintf(w, "start: %s\n", ways.Chain.Describe(ways.Chain.Start()))
	units := words.UnitName(ways.Chain.Spec().RoundsUnit)
	unit := words.Singular(units)
	for i, p := range ways.Paths {
		long := units
		if p.Rounds == 1 {
			long = unit
		}
		fmt.Fprintf(w, "\n%d. %s of all battles go exactly this way (%d %s):\n", i+1, pctWords(p.P), p.Rounds, long)
		round := int64(0)
		for _, s := range p.Steps {
			if s.Rounds > 0 {
				round += s.Rounds
				fmt.Fprintf(w, "   %s %d\n", unit, round)
			}
			fmt.Fprintf(w, "     %s (%s)\n", s.Event, pctWords(s.P))
		}
		fmt.Fprintf(w, "   → %s\n", ways.Chain.Describe(p.End))
	}
	return nil
}

// countWord writes 1 as "single" ("the single most probable way") and
// more as a number.
func countWord(n int) string {
	if n == 1 {
		return "single"
	}
	return strconv.Itoa(n)
}

// pctWords writes a probability as a percentage with three significant
// digits, or in powers of ten when below 0.1 %.
func pctWords(p float64) string {
	switch {
	case p == 0:
		return "0 %"
	case p < 1e-3:
		return strconv.FormatFloat(p, 'e', 2, 64)
	case p > 0.999 && p < 1: // not "100 %" for what may fail
		return strconv.FormatFloat(100*p, 'f', 4, 64) + " %"
	}
	return strconv.FormatFloat(100*p, 'g', 3, 64) + " %"
}

// WaysJSON returns the ways as one object: the scenario and condition,
// then each path's probability, rounds, outcome, steps (round, event,
// probability, the state reached) and end state in words.
func WaysJSON(ways *explain.Ways) ([]byte, error) {
	spec := ways.Chain.Spec()
	var paths []formats.Object
	for _, p := range ways.Paths {
		var steps []formats.Object
		round := int64(0)
		for _, s := range p.Steps {
			round += s.Rounds
			steps = append(steps, formats.Object{
				{Key: "round", Val: round}, {Key: "event", Val: s.Event},
				{Key: "probability", Val: s.P}, {Key: "state", Val: ways.Chain.Describe(s.To)},
			})
		}
		paths = append(paths, formats.Object{
			{Key: "probability", Val: p.P}, {Key: "rounds", Val: p.Rounds},
			{Key: "winner", Val: p.Outcome.Winner.String()}, {Key: "end", Val: spec.Ends[p.Outcome.End]},
			{Key: "steps", Val: steps}, {Key: "end_state", Val: ways.Chain.Describe(p.End)},
		})
	}
	return json.MarshalIndent(formats.Object{
		{Key: "scenario", Val: ways.Scenario}, {Key: "outcome", Val: ways.Condition.String()},
		{Key: "start", Val: ways.Chain.Describe(ways.Chain.Start())}, {Key: "paths", Val: paths},
	}, "", "  ")
}
