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
// Files, each above the ones it uses (no arrow runs back up):
//
//	compare.go      Run: the passes and the tests
//	verdicts.go     ApplyMargins: a comparison's equivalence and superiority verdicts
//	exact.go        Exact: two exact solutions compared
//	counters.go     the counters' paired differences; two distributions tested
//	comparison.go   Variant, Comparison: what a comparison holds
//	margin.go       Margin: read from its words, and the verdict it gives
package compare
