package explain

import (
	"context"
	"fmt"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Attribution says which of a side's units win it its battles: its win
// share with every unit (All) and with none (None: a side with no unit
// wins nothing), without one unit of each kind (Without, leave-one-out),
// and the Shapley value of one unit of each kind, exact over every
// coalition through the ruleset's exact solver.
type Attribution struct {
	Scenario string
	Side     rules.Side
	// Field is the side's field in the scenario ("defender"), whose
	// ships mapping the coalitions change.
	Field      string
	Units      []Unit
	All, None  float64
	Without    []float64
	Shapley    []float64
	Coalitions int
	// Sampling is nil for an exact attribution; for a Monte Carlo one, its
	// seed and trials, and AllSE, WithoutSE and ShapleySE the standard
	// errors of All, Without and Shapley.
	Sampling             *Sampling
	AllSE                float64
	WithoutSE, ShapleySE []float64
}

// MaxAttributionCoalitions bounds the solves of an exact attribution.
const MaxAttributionCoalitions = 4096

// AttributeUnits attributes side's win share in sc to its units, a
// ships mapping of unit kinds to counts under the side's field (an Eclipse
// fleet), solving the battle exactly for every coalition. A side of fewer
// than two units, or a scenario without such a mapping, is a located
// error.
func AttributeUnits(ctx context.Context, sc *scenarios.Scenario, side rules.Side) (*Attribution, error) {
	a, err := attributionOf(sc, side)
	if err != nil {
		return nil, err
	}
	memo, err := valuesOf(ctx, a.Units, func(ctx context.Context, counts []int) (float64, error) {
		return winWith(ctx, sc, side, a.Field, a.Units, counts)
	})
	if err != nil {
		return nil, err
	}
	a.fill(memo)
	return a, nil
}

// attributionOf reads the units of side in sc and checks that they can be
// attributed: two or more, in at most MaxAttributionCoalitions coalitions.
func attributionOf(sc *scenarios.Scenario, side rules.Side) (*Attribution, error) {
	field, ships, err := sideShips(sc.Document(), side)
	if err != nil {
		return nil, err
	}
	a := &Attribution{Scenario: sc.Name, Side: side, Field: field, Coalitions: 1}
	for i, k := range ships.Keys {
		n, err := strconv.Atoi(ships.Vals[i].Value)
		if ships.Vals[i].Kind != doc.Scalar || err != nil || n < 0 {
			return nil, ships.Vals[i].Errorf("an attribution over units needs a count of ships here (a whole number)")
		}
		if n > 0 {
			a.Units = append(a.Units, Unit{Name: k, Count: n})
			a.Coalitions *= n + 1
		}
	}
	if total := unitsIn(a.Units); total < 2 {
		return nil, ships.Errorf("the %s has %d ship: an attribution needs two or more to share its wins among", field, total)
	}
	if a.Coalitions > MaxAttributionCoalitions {
		return nil, ships.Errorf("%d coalitions, more than the %d an attribution allows", a.Coalitions, MaxAttributionCoalitions)
	}
	return a, nil
}

// fill sets the values read off the value of every coalition.
func (a *Attribution) fill(memo []float64) {
	counts := make([]int, len(a.Units))
	for k, u := range a.Units {
		counts[k] = u.Count
	}
	a.All, a.None = memo[encodeCounts(a.Units, counts)], memo[0]
	for k := range a.Units {
		counts[k]--
		a.Without = append(a.Without, memo[encodeCounts(a.Units, counts)])
		counts[k]++
	}
	a.Shapley = shapleyOf(a.Units, memo)
}

func unitsIn(units []Unit) int {
	n := 0
	for _, u := range units {
		n += u.Count
	}
	return n
}

// sideShips returns the field of side in a scenario document and its
// ships mapping.
func sideShips(root *doc.Node, side rules.Side) (string, *doc.Node, error) {
	names := map[rules.Side][]string{rules.A: {"attacker", "a"}, rules.B: {"defender", "b"}}[side]
	for _, f := range names {
		if n := root.Get(f); n != nil {
			ships := n.Get("ships")
			if ships == nil || ships.Kind != doc.Map {
				return "", nil, n.Errorf("an attribution over units needs the side's ships as a mapping of kinds to counts (ships: {Interceptor: 2, Cruiser: 1})")
			}
			return f, ships, nil
		}
	}
	return "", nil, fmt.Errorf("%s: no side %s (a field %s) to attribute", sceneName(root), side, names[0])
}

func sceneName(root *doc.Node) string {
	if root.Pos.File != "" {
		return root.Pos.File
	}
	return "the scenario"
}

// winWith solves sc with the side's ships cut to counts and returns the
// side's win share; 0 with no ship at all, which wins nothing.
func winWith(ctx context.Context, sc *scenarios.Scenario, side rules.Side, field string, units []Unit, counts []int) (float64, error) {
	if sum(counts) == 0 {
		return 0, nil
	}
	v, err := withShips(sc, field, units, counts)
	if err != nil {
		return 0, err
	}
	e, err := analysis.Solve(ctx, v, false)
	if err != nil {
		return 0, err
	}
	return e.Win[side].F, nil
}
