package explain

import (
	"context"
	"errors"
	"fmt"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Attribution says which of a side's players — its units, or the parts of
// its designs — win it its battles: its win share with every player (All)
// and with none (None: a side with no unit wins nothing; a design with no
// fittable part is solved), without one player of each kind (Without,
// leave-one-out), and the Shapley value of one player of each kind, exact
// over every coalition through the ruleset's exact solver.
type Attribution struct {
	Scenario string
	Side     rules.Side
	Of       rules.Players
	// Field is the side's label in the battle ("defender"), Units the
	// players, kinds of interchangeable ones with their counts.
	Field string
	Units []Unit
	// Note says what every coalition keeps (rules.Roster.Note).
	Note       string
	All, None  float64
	Without    []float64
	Shapley    []float64
	Coalitions int
	// Sampling is nil for an exact attribution; for a Monte Carlo one, its
	// seed and trials, and AllSE, NoneSE, WithoutSE and ShapleySE the
	// standard errors of All, None, Without and Shapley.
	Sampling             *Sampling
	AllSE, NoneSE        float64
	WithoutSE, ShapleySE []float64
	// Orders is true for a Monte Carlo attribution by sampled orders
	// (AttributeOrders): one order of the players a trial, not every
	// coalition.
	Orders bool

	cut rules.Coalitions
	at  *doc.Node // where the players are, for errors
}

// MaxAttributionCoalitions bounds the solves of an exact attribution.
const MaxAttributionCoalitions = 4096

// MaxAttributionWork bounds the work of all the solves of an exact
// attribution, in the solver's units (rules.WorkBounded: a few tens of
// nanoseconds each, so about a minute of CPU); beyond it, Attribute
// returns rules.ErrBudget and the caller may attribute by Monte Carlo.
const MaxAttributionWork = 3_000_000_000

// Attribute attributes side's win share in sc to its players of a kind,
// solving the battle exactly for every coalition. A side of fewer than two
// players, or a ruleset that cannot make coalitions, is a located error.
func Attribute(ctx context.Context, sc *scenarios.Scenario, side rules.Side, of rules.Players) (*Attribution, error) {
	a, err := attributionOf(sc, side, of)
	if err == nil {
		err = a.checkCoalitions()
	}
	if err != nil {
		return nil, err
	}
	left := int64(MaxAttributionWork)
	memo, err := valuesOf(ctx, a.Units, func(ctx context.Context, counts []int) (float64, error) {
		return a.winWith(ctx, sc, counts, &left)
	})
	if err != nil {
		return nil, err
	}
	a.fill(memo)
	return a, nil
}

// attributionOf reads the players of side in sc and checks that they can
// be attributed: two or more, in at most MaxAttributionCoalitions
// coalitions.
func attributionOf(sc *scenarios.Scenario, side rules.Side, of rules.Players) (*Attribution, error) {
	cut, err := rules.LookupCoalitions(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	b, err := sc.Compile()
	if err != nil {
		return nil, err
	}
	roster, err := cut.Players(sc.Document(), side, of)
	if err != nil {
		return nil, err
	}
	at := roster.At
	a := &Attribution{Scenario: sc.Name, Side: side, Of: of, Field: rules.SideLabel(b.Spec(), side), Units: roster.Kinds, Note: roster.Note, Coalitions: 1, cut: cut}
	for _, u := range a.Units {
		a.Coalitions = min(a.Coalitions*(u.Count+1), 1<<40) // 1<<40: more than any attribution fights
	}
	a.at = at
	if total := unitsIn(a.Units); total < 2 {
		noun := map[bool]string{true: "unit", false: "units"}[total == 1]
		if of == rules.Parts {
			noun = map[bool]string{true: "part", false: "parts"}[total == 1] + " a coalition may leave out (" + roster.Note + ")"
		}
		return nil, at.Errorf("the %s has %d %s: an attribution needs two or more to share its wins among", a.Field, total, noun)
	}
	return a, nil
}

// ErrTooManyCoalitions is the error of an attribution over every coalition
// of a side that has more than MaxAttributionCoalitions: AttributeOrders
// samples them instead.
var ErrTooManyCoalitions = errors.New("too many coalitions to fight or solve every one")

// checkCoalitions refuses an attribution over every coalition of more
// than MaxAttributionCoalitions.
func (a *Attribution) checkCoalitions() error {
	if a.Coalitions > MaxAttributionCoalitions {
		return fmt.Errorf("%w: %w", ErrTooManyCoalitions, a.at.Errorf("%d coalitions, more than the %d an attribution over every coalition allows (a Monte Carlo attribution samples one order of the players a trial instead)", a.Coalitions, MaxAttributionCoalitions))
	}
	return nil
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

// coalition returns sc cut down to counts of the side's players; nil for
// a side with no unit, which wins nothing without a battle.
func (a *Attribution) coalition(sc *scenarios.Scenario, counts []int) (*scenarios.Scenario, error) {
	if a.Of == rules.Units && sum(counts) == 0 {
		return nil, nil
	}
	v := sc.Clone()
	err := v.Edit(func(root *doc.Node) error { return a.cut.Coalition(root, a.Side, a.Of, a.Units, counts) })
	return v, err
}

// winWith solves sc cut down to counts and returns the side's win share,
// the solve's work taken from what is left of the attribution's.
func (a *Attribution) winWith(ctx context.Context, sc *scenarios.Scenario, counts []int, left *int64) (float64, error) {
	v, err := a.coalition(sc, counts)
	if v == nil || err != nil {
		return 0, err
	}
	e, err := analysis.SolveWithin(ctx, v, *left)
	if err != nil {
		return 0, err
	}
	if *left -= e.Work; *left <= 0 {
		return 0, fmt.Errorf("an exact attribution over %d coalitions: %w (%d units of work)", a.Coalitions, rules.ErrBudget, int64(MaxAttributionWork))
	}
	return e.Win[a.Side].F, nil
}
