package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// ExactHeader identifies a scenario in the output of an exact solver.
type ExactHeader struct {
	Scenario, Ruleset, Hash, Version string
}

// WriteExactTable writes an exact solution for people: the win and end
// probabilities, the rounds' moments and distribution, and the counters'
// distributions, with exact fractions beside the numbers when the solution
// has them.
func WriteExactTable(w io.Writer, h ExactHeader, e *rules.Exact) error {
	var b strings.Builder
	fmt.Fprintf(&b, "scenario  %s   ruleset %s   exact solution", h.Scenario, h.Ruleset)
	if e.States > 0 {
		fmt.Fprintf(&b, " (%d states)", e.States)
	}
	b.WriteString("\n")
	if opts := words.SettingsText(e.Options); opts != "" {
		fmt.Fprintf(&b, "options   %s\n", opts)
	}
	for _, n := range e.Notes {
		fmt.Fprintf(&b, "note      %s\n", n)
	}
	unit := words.UnitName(e.RoundsUnit)
	head := exactHeadline(e)
	width := 26
	for _, r := range head {
		width = max(width, len([]rune(r.Name)))
	}
	row := func(label string, v rules.Value) {
		fmt.Fprintf(&b, "  %-*s %.12g", width, label, v.F)
		if v.Rat != "" {
			fmt.Fprintf(&b, "  = %s", v.Rat)
		}
		b.WriteString("\n")
	}
	for _, r := range head {
		row(r.Name, r.V)
	}
	for _, x := range e.Ends {
		row("P(end "+x.Name+")", x.Value)
	}
	row("E["+unit+"]", e.RoundsMean)
	if e.RoundsSD != nil {
		row("sd["+unit+"]", rules.Value{F: *e.RoundsSD})
	}
	if e.RoundsMin != nil {
		fmt.Fprintf(&b, "  %-*s %d\n", width, "min["+unit+"]", *e.RoundsMin)
	}
	if e.Rounds != nil {
		writeExactRounds(&b, unit, e)
	}
	if len(e.Counters) > 0 {
		writeExactCounters(&b, e)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeExactRounds writes the distribution of the rounds of an exact
// solution, leaving out the rows below 1e-9 and saying how much they and
// the tail beyond the last row hold.
func writeExactRounds(b *strings.Builder, unit string, e *rules.Exact) {
	fmt.Fprintf(b, "%s distribution, P(%s = r):\n", unit, unit)
	shown := 0.0
	for k, p := range e.Rounds {
		if p < 1e-9 {
			continue
		}
		fmt.Fprintf(b, "  %4d  %.12f\n", k, p)
		shown += p
	}
	fmt.Fprintf(b, "  rest  %.3g (rows below 1e-9, and %.3g beyond %d)\n", math.Max(0, 1-shown-e.RoundsTail), e.RoundsTail, len(e.Rounds)-1)
}

// writeExactCounters writes each counter of an exact solution: its mean
// (and fraction) and its distribution from 0 up.
func writeExactCounters(b *strings.Builder, e *rules.Exact) {
	b.WriteString("counters, P(value = k) for k = 0, 1, …:\n")
	names := words.NamesOf(rules.Spec{Labels: e.Labels})
	cw := 30
	for _, c := range e.Counters {
		cw = max(cw, len([]rune(names.Counter(c.Name))))
	}
	for _, c := range e.Counters {
		fmt.Fprintf(b, "  %-*s mean %.6f", cw, names.Counter(c.Name), c.Mean.F)
		if c.Mean.Rat != "" {
			fmt.Fprintf(b, " = %s", c.Mean.Rat)
		}
		b.WriteString(":")
		for _, p := range c.P {
			fmt.Fprintf(b, " %.6f", p)
		}
		b.WriteString("\n")
	}
}

// WriteExactJSON writes an exact solution as one object: the scenario fields
// of a run result (without seed and trials: nothing is random; "labels" and
// "non_victories" as a result has them) and "exact":
//
//	{"a", "b", "draw", "ends": {…}, "rounds_mean", "rounds_sd"?, "rounds_min"?,
//	 "rounds": {"1": …}?, "rounds_tail"?, "counters": {name: {"mean", "p": […]}},
//	 "states", "rational": {"a", "b", "draw", "ends", "rounds_mean",
//	 "counters": {name: {"mean", "p"}}}?}
func WriteExactJSON(w io.Writer, h ExactHeader, e *rules.Exact) error {
	return WriteExactSpreadJSON(w, h, e, nil)
}

// WriteExactSpreadJSON is WriteExactJSON with the scenario's policy spread,
// when s is not nil, under "policy_spread".
func WriteExactSpreadJSON(w io.Writer, h ExactHeader, e *rules.Exact, s *spread.Spread) error {
	o := formats.Object{
		{Key: "scenario", Val: h.Scenario}, {Key: "ruleset", Val: h.Ruleset}, {Key: "scenario_hash", Val: h.Hash},
		{Key: "crucible_version", Val: h.Version}, {Key: "options", Val: formats.SettingsObject(e.Options)},
	}
	o = append(o, formats.LabelsObject(rules.Spec{Labels: e.Labels, NonVictories: e.NonVictories})...)
	if len(e.Notes) > 0 {
		o = append(o, formats.Field{Key: "notes", Val: e.Notes})
	}
	o = append(o, formats.Field{Key: "exact", Val: exactObject(e)})
	if s != nil {
		o = append(o, formats.Field{Key: "policy_spread", Val: spreadObject(s)})
	}
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func exactObject(e *rules.Exact) formats.Object {
	ends := formats.Object{}
	for _, x := range e.Ends {
		ends = append(ends, formats.Field{Key: x.Name, Val: formats.ExactFloat(x.F)})
	}
	o := formats.Object{
		{Key: "a", Val: formats.ExactFloat(e.Win[rules.A].F)}, {Key: "b", Val: formats.ExactFloat(e.Win[rules.B].F)}, {Key: "draw", Val: formats.ExactFloat(e.Win[rules.None].F)},
		{Key: "ends", Val: ends}, {Key: "rounds_mean", Val: formats.ExactFloat(e.RoundsMean.F)},
	}
	if e.RoundsSD != nil {
		o = append(o, formats.Field{Key: "rounds_sd", Val: formats.ExactFloat(*e.RoundsSD)})
	}
	if e.RoundsMin != nil {
		o = append(o, formats.Field{Key: "rounds_min", Val: *e.RoundsMin})
	}
	if e.Rounds != nil {
		rounds := formats.Object{}
		for k, p := range e.Rounds {
			if p != 0 {
				rounds = append(rounds, formats.Field{Key: strconv.Itoa(k), Val: formats.ExactFloat(p)})
			}
		}
		o = append(o, formats.Field{Key: "rounds", Val: rounds}, formats.Field{Key: "rounds_tail", Val: formats.ExactFloat(e.RoundsTail)})
	}
	counters := formats.Object{}
	for _, c := range e.Counters {
		ps := make([]formats.ExactFloat, len(c.P))
		for k, p := range c.P {
			ps[k] = formats.ExactFloat(p)
		}
		counters = append(counters, formats.Field{Key: c.Name, Val: formats.Object{{Key: "mean", Val: formats.ExactFloat(c.Mean.F)}, {Key: "p", Val: ps}}})
	}
	o = append(o, formats.Field{Key: "counters", Val: counters}, formats.Field{Key: "states", Val: e.States})
	if e.Rational() {
		o = append(o, formats.Field{Key: "rational", Val: rationalObject(e)})
	}
	return o
}

func rationalObject(e *rules.Exact) formats.Object {
	ends := formats.Object{}
	for _, x := range e.Ends {
		ends = append(ends, formats.Field{Key: x.Name, Val: x.Rat})
	}
	o := formats.Object{
		{Key: "a", Val: e.Win[rules.A].Rat}, {Key: "b", Val: e.Win[rules.B].Rat}, {Key: "draw", Val: e.Win[rules.None].Rat},
		{Key: "ends", Val: ends}, {Key: "rounds_mean", Val: e.RoundsMean.Rat},
	}
	counters := formats.Object{}
	for _, c := range e.Counters {
		if c.Rat != nil {
			counters = append(counters, formats.Field{Key: c.Name, Val: formats.Object{{Key: "mean", Val: c.Mean.Rat}, {Key: "p", Val: c.Rat}}})
		}
	}
	if len(counters) > 0 {
		o = append(o, formats.Field{Key: "counters", Val: counters})
	}
	return o
}
