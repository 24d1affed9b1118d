package exact

import (
	"context"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// registered makes the exact solver reachable through rules.LookupSolver, so
// that `crucible exact` and exact claims need not know this package.
type registered struct{}

func init() { rules.RegisterSolver("eclipse", registered{}) }

func (registered) Solve(_ context.Context, n *doc.Node, rational bool) (rules.Solution, error) {
	r, err := SolveDoc(n, Options{Rational: rational})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// InForce returns the options in force and the notes of the solved battle.
func (r *Result) InForce() ([]rules.Setting, []string) { return r.Options, r.Notes }
