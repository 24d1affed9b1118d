// Package compare answers "is B better than A, and by how much?": it
// fights two variants on the same streams (three passes: A, B and the pair
// in one battle), and tests every share, the rounds and the counters for a
// difference (McNemar, paired intervals, distribution tests), family-wise
// at the stated rate; with margins it judges each difference as higher,
// lower or equivalent. Exact compares the two exact solutions where the
// ruleset has a solver.
//
// It fights through package analysis (Run, Journal, the paired battle); it
// knows no other engine.
//
// Files, each above the ones it uses (two arrows run back up: the
// Comparison's methods in counters.go and margin.go read compare.go's types):
//
//	exact.go              Exact: two exact solutions compared
//	compare.go            Variant, Comparison, Run: the passes and the tests
//	margin.go (↑)         Margin: equivalence and superiority verdicts
//	counters.go (↑)       the counters' paired differences
package compare
