package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis/spread"
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
	if opts := settingsText(e.Options); opts != "" {
		fmt.Fprintf(&b, "options   %s\n", opts)
	}
	for _, n := range e.Notes {
		fmt.Fprintf(&b, "note      %s\n", n)
	}
	unit := unitName(e.RoundsUnit)
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
		fmt.Fprintf(&b, "%s distribution, P(%s = r):\n", unit, unit)
		shown := 0.0
		for k, p := range e.Rounds {
			if p < 1e-9 {
				continue
			}
			fmt.Fprintf(&b, "  %4d  %.12f\n", k, p)
			shown += p
		}
		fmt.Fprintf(&b, "  rest  %.3g (rows below 1e-9, and %.3g beyond %d)\n", math.Max(0, 1-shown-e.RoundsTail), e.RoundsTail, len(e.Rounds)-1)
	}
	if len(e.Counters) > 0 {
		b.WriteString("counters, P(value = k) for k = 0, 1, …:\n")
		names := namesOf(rules.Spec{Labels: e.Labels})
		cw := 30
		for _, c := range e.Counters {
			cw = max(cw, len([]rune(names.counter(c.Name))))
		}
		for _, c := range e.Counters {
			fmt.Fprintf(&b, "  %-*s mean %.6f", cw, names.counter(c.Name), c.Mean.F)
			if c.Mean.Rat != "" {
				fmt.Fprintf(&b, " = %s", c.Mean.Rat)
			}
			b.WriteString(":")
			for _, p := range c.P {
				fmt.Fprintf(&b, " %.6f", p)
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
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
	o := object{
		{"scenario", h.Scenario}, {"ruleset", h.Ruleset}, {"scenario_hash", h.Hash},
		{"crucible_version", h.Version}, {"options", settingsObject(e.Options)},
	}
	o = append(o, labelsObject(rules.Spec{Labels: e.Labels, NonVictories: e.NonVictories})...)
	if len(e.Notes) > 0 {
		o = append(o, field{"notes", e.Notes})
	}
	o = append(o, field{"exact", exactObject(e)})
	if s != nil {
		o = append(o, field{"policy_spread", spreadObject(s)})
	}
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func exactObject(e *rules.Exact) object {
	ends := object{}
	for _, x := range e.Ends {
		ends = append(ends, field{x.Name, exactFloat(x.F)})
	}
	o := object{
		{"a", exactFloat(e.Win[rules.A].F)}, {"b", exactFloat(e.Win[rules.B].F)}, {"draw", exactFloat(e.Win[rules.None].F)},
		{"ends", ends}, {"rounds_mean", exactFloat(e.RoundsMean.F)},
	}
	if e.RoundsSD != nil {
		o = append(o, field{"rounds_sd", exactFloat(*e.RoundsSD)})
	}
	if e.RoundsMin != nil {
		o = append(o, field{"rounds_min", *e.RoundsMin})
	}
	if e.Rounds != nil {
		rounds := object{}
		for k, p := range e.Rounds {
			if p != 0 {
				rounds = append(rounds, field{strconv.Itoa(k), exactFloat(p)})
			}
		}
		o = append(o, field{"rounds", rounds}, field{"rounds_tail", exactFloat(e.RoundsTail)})
	}
	counters := object{}
	for _, c := range e.Counters {
		ps := make([]exactFloat, len(c.P))
		for k, p := range c.P {
			ps[k] = exactFloat(p)
		}
		counters = append(counters, field{c.Name, object{{"mean", exactFloat(c.Mean.F)}, {"p", ps}}})
	}
	o = append(o, field{"counters", counters}, field{"states", e.States})
	if e.Rational() {
		o = append(o, field{"rational", rationalObject(e)})
	}
	return o
}

func rationalObject(e *rules.Exact) object {
	ends := object{}
	for _, x := range e.Ends {
		ends = append(ends, field{x.Name, x.Rat})
	}
	o := object{
		{"a", e.Win[rules.A].Rat}, {"b", e.Win[rules.B].Rat}, {"draw", e.Win[rules.None].Rat},
		{"ends", ends}, {"rounds_mean", e.RoundsMean.Rat},
	}
	counters := object{}
	for _, c := range e.Counters {
		if c.Rat != nil {
			counters = append(counters, field{c.Name, object{{"mean", c.Mean.Rat}, {"p", c.Rat}}})
		}
	}
	if len(counters) > 0 {
		o = append(o, field{"counters", counters})
	}
	return o
}

// exactFloat writes a probability with every digit a float64 holds (the
// shortest form that reads back to the same value), and null for a NaN or
// infinity, which JSON cannot hold.
type exactFloat float64

func (x exactFloat) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

func settingsObject(ss []rules.Setting) object {
	o := object{}
	for _, s := range ss {
		o = append(o, field{s.Name, s.Value})
	}
	return o
}

func settingsText(ss []rules.Setting) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.Name + "=" + s.Value
	}
	return strings.Join(parts, " ")
}

func unitName(u string) string {
	if u == "" {
		return "rounds"
	}
	return u
}
