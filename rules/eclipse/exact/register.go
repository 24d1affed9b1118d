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

func (registered) Solve(ctx context.Context, n *doc.Node, rational bool) (*rules.Exact, error) {
	return SolveDoc(ctx, n, Options{Rational: rational})
}

// SolveWithin implements rules.WorkBounded: its unit of work is a step
// (budget.go), which Exact.Work counts for the solve and its rounds
// distribution.
func (registered) SolveWithin(ctx context.Context, n *doc.Node, rational bool, maxWork int64) (*rules.Exact, error) {
	return SolveDoc(ctx, n, Options{Rational: rational, Within: maxWork})
}

// SolveHeadlineFirst implements rules.HeadlineFirst.
func (registered) SolveHeadlineFirst(ctx context.Context, n *doc.Node, headline func(*rules.Exact)) (*rules.Exact, error) {
	return SolveDoc(ctx, n, Options{Headline: headline})
}

func (registered) Check(n *doc.Node) error { return Check(n, Options{}) }
