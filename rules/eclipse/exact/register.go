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

func (registered) Solve(_ context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	return SolveDoc(n, Options{Rational: rational})
}
