package explain

import (
	"context"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Ways is the answer to "what is the most probable way this happens": the
// k most probable paths of the scenario's chain to the outcome, and the
// chain, which describes their states.
type Ways struct {
	Scenario  string
	Condition rules.Condition
	Chain     rules.Chain
	Paths     []Path
}

// MostProbableWays finds the k most probable paths to an outcome of sc
// through its ruleset's exact solver, which must give its chain
// (rules.ChainSolver): Eclipse, EmojiSpace, Strategic Fighting and rules
// files', and any solver that implements it.
func MostProbableWays(ctx context.Context, sc *scenarios.Scenario, cond rules.Condition, k int) (*Ways, error) {
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		return nil, err
	}
	cs, ok := solver.(rules.ChainSolver)
	if !ok {
		return nil, fmt.Errorf("the exact solver of %s gives no chain to walk: the most probable path needs one (rules.ChainSolver)", sc.Ruleset)
	}
	ch, err := cs.Chain(ctx, sc.Document())
	if err != nil {
		return nil, err
	}
	paths, err := MostProbable(ctx, ch, cond, k)
	if err != nil {
		return nil, err
	}
	return &Ways{Scenario: sc.Name, Condition: cond, Chain: ch, Paths: paths}, nil
}
