// Package exact solves stratfight lifespans (§9) in closed form, and is
// registered with rules (rules.RegisterSolver), so that `crucible exact`
// and exact claims reach it through rules.LookupSolver.
package exact

import (
	"context"
	"errors"
	"math"
	"math/big"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/stratfight"
)

func init() { rules.RegisterSolver(stratfight.ID, solver{}) }

// solver gives the closed forms of the lifespan model (§9): waits are
// independent geometric variables with p = 2^−k for k coins, so the time
// from start to stop coins has mean Σ 2^k, variance Σ (4^k − 2^k) and
// minimum start − stop. Duels have no exact solution here. A closed form
// is a sum of at most 63 terms: the solver needs no budget, and it does
// not look at its context.
type solver struct{}

func (solver) Solve(_ context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	b, p, err := lifespan(n)
	if err != nil {
		return nil, err
	}
	return lifespanExact(p, b.Spec(), rational), nil
}

func (solver) Check(n *doc.Node) error {
	_, _, err := lifespan(n)
	return err
}

// lifespan compiles a scenario the closed forms solve: a lifespan without
// old age.
func lifespan(n *doc.Node) (rules.Battle, stratfight.LifespanParams, error) {
	r, err := rules.Lookup(stratfight.ID)
	if err != nil {
		return nil, stratfight.LifespanParams{}, err
	}
	b, err := r.Compile(n)
	if err != nil {
		return nil, stratfight.LifespanParams{}, err
	}
	p, ok := stratfight.Lifespan(b)
	if !ok {
		return nil, p, errors.New("stratfight solves lifespan scenarios exactly (closed forms of §9); duels need Monte Carlo")
	}
	if p.OldAge {
		return nil, p, errors.New("the lifespan closed forms assume old-age: off; with old age, use Monte Carlo")
	}
	return b, p, nil
}

// lifespanExact gives the closed forms of a life from start to stop coins:
// no winner, death exactly when stop is 0, mean Σ_{k=stop+1..start} 2^k
// seconds (an integer, so exact as a fraction too), its variance and its
// minimum, start − stop seconds.
func lifespanExact(p stratfight.LifespanParams, spec rules.Spec, rational bool) *rules.Exact {
	value := func(f float64, rat string) rules.Value {
		if !rational {
			rat = ""
		}
		return rules.Value{F: f, Rat: rat}
	}
	zero, one := value(0, "0"), value(1, "1")
	death, stopped := one, zero
	if p.Stop > 0 {
		death, stopped = zero, one
	}
	mean := new(big.Int)
	for k := p.Stop + 1; k <= p.Start; k++ {
		mean.Add(mean, new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	sd := math.Sqrt(stratfight.LifespanVariance(p.Start, p.Stop))
	least := stratfight.LifespanMin(p.Start, p.Stop)
	return &rules.Exact{
		Win:        [3]rules.Value{rules.None: one, rules.A: zero, rules.B: zero},
		Ends:       []rules.NamedValue{{Name: "death", Value: death}, {Name: "stopped", Value: stopped}},
		RoundsMean: value(stratfight.LifespanMean(p.Start, p.Stop), mean.String()),
		RoundsSD:   &sd,
		RoundsMin:  &least,
		RoundsUnit: spec.RoundsUnit,
		Options:    spec.Options,
		Notes:      spec.Notes,
	}
}
