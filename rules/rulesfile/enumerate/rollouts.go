package enumerate

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// rollOut is one value of a roll and its weight.
type rollOut[T any] struct {
	v int32
	w T
}

// rollKey identifies a roll's distribution: the roll, its number of dice,
// what is added, and which faces its tests pass in the context (a test
// may read the state), or its faces when the state says them.
type rollKey struct {
	rc          *program.Roll
	n, plus, nf int32
	masks       string
}

// pairSeq is one sequence of pair results (pairSelf, pairOther, pairNone,
// one a pair) and its weight.
type pairSeq[T any] struct {
	res []int8
	w   T
}

// pairsKey identifies a contest's pair sequences: the rolls, the pools'
// sizes and what their dice do in the context (faceKey).
type pairsKey struct {
	c          *program.Contest
	rs, ro     *program.Roll
	ns, no     int32
	keyS, keyO string
}
