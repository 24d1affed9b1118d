package rulestest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// sided checks the side contract of a rules.Sided ruleset, which a
// metagame roster relies on to place one entry as either side: each side
// declares as many fields as the other, distinct paths; some kit scenario
// has every field of both sides; and on every kit scenario that has them,
// the sides exchanged, side a's values written over side b's, and b's over
// a's each compile, or are refused with an error located in a side's
// fields: a side that may not be placed there (an NPC that only defends),
// or that does not fit the other (a priority list naming ships the
// opponent lacks, a house that may not meet itself). The exchange must
// compile on at least one scenario. A ruleset without sides passes.
func (k Kit) sided([]rules.Battle) (problems []string) {
	s, ok := k.Ruleset.(rules.Sided)
	if !ok {
		return nil
	}
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	fields := s.SideFields()
	if len(fields[0]) == 0 || len(fields[0]) != len(fields[1]) {
		report("side a has %d fields and side b %d: want the same number, at least one", len(fields[0]), len(fields[1]))
		return problems
	}
	seen := map[string]bool{}
	for _, side := range fields {
		for _, p := range side {
			if seen[p] {
				report("field %s is declared twice", p)
			}
			seen[p] = true
		}
	}
	have, exchanged := 0, 0
	for _, sc := range k.Scenarios {
		n, err := scenarios.ParseDocument(sc.Name+".yaml", []byte(sc.Src))
		if err != nil {
			continue // the invalid-documents check reports it
		}
		a, errA := rules.SideValues(n, fields[0])
		b, errB := rules.SideValues(n, fields[1])
		if errA != nil || errB != nil {
			continue
		}
		have++
		for _, m := range []struct {
			name   string
			places [][2]any
		}{
			{"the sides exchanged", [][2]any{{fields[0], b}, {fields[1], a}}},
			{"side a over side b", [][2]any{{fields[1], a}}},
			{"side b over side a", [][2]any{{fields[0], b}}},
		} {
			ok, msg := k.placed(n, m.places, fields, m.name)
			if msg != "" {
				report("%s: %s", sc.Name, msg)
			}
			if ok && m.name == "the sides exchanged" {
				exchanged++
			}
		}
	}
	switch {
	case have == 0:
		report("no kit scenario has every side field (%v, %v): add one", fields[0], fields[1])
	case exchanged == 0:
		report("on no kit scenario do the sides compile exchanged")
	}
	return problems
}

// placed writes each side's values into a copy of n and compiles it: ok
// when it compiles, and a problem when it is refused anywhere but in the
// side fields (all of them: a conflict between the sides may be located
// in either).
func (k Kit) placed(n *doc.Node, places [][2]any, sides [2][]string, name string) (ok bool, problem string) {
	m := n.Clone()
	for _, p := range places {
		to, values := p[0].([]string), p[1].([]*doc.Node)
		if err := rules.PlaceSide(m, to, values, name); err != nil {
			return false, fmt.Sprintf("with %s: %v", name, err)
		}
	}
	into := append(append([]string(nil), sides[0]...), sides[1]...)
	_, err := k.Ruleset.Compile(m)
	if err == nil {
		return true, ""
	}
	var de *doc.Error
	if errors.As(err, &de) {
		for _, f := range into {
			if de.Path == f || strings.HasPrefix(de.Path, f+".") || strings.HasPrefix(de.Path, f+"[") {
				return false, ""
			}
		}
	}
	return false, fmt.Sprintf("with %s, refused elsewhere than in the side's fields: %v", name, err)
}
