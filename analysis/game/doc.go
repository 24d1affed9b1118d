// Package game solves the two-player zero-sum matrix games a metagame
// defines: the row player picks an entry to play as side a, the column
// player an entry to play as side b, and the payoff is the row player's
// (a win share with draws counted half, say). It finds the value and the
// maximum-entropy equilibrium by linear programming (a dense simplex
// method of its own, which starts each of the many programs over one
// polytope from the last one's vertex), rates the entries (Nash
// averaging, Bradley–Terry), finds dominated entries and the
// non-transitive cycles ratings cannot express. Its work is charged to a
// Budget, which a context or a count of operations ends.
//
// It knows nothing of battles or intervals: package analysis builds the
// matrix from runs and resamples it; this package is the arithmetic.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	ratings.go       the entries rated: Nash averaging, Bradley–Terry
//	equilibrium.go   Solve: the value and the maximum-entropy equilibrium
//	maxent.go        of the optimal mixtures, the one of greatest entropy
//	barrier.go       the entropy maximised by a barrier method's Newton steps
//	simplex.go       the dense simplex method, warm-started from the last vertex
//	relations.go     dominated entries and non-transitive cycles
//	matrix.go        Matrix: a payoff matrix, its checks and its transpose; Tol
//	budget.go        Budget: the operations an analysis may spend
package game
