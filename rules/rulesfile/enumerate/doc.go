// Package enumerate plays the steps of an exact model (exactmodel.Model)
// over every outcome of their random events, each with its exact weight:
// where the fighter rolls dice, the Enumerator enumerates the distribution
// of what they do — a pool as counts of faces per class of effect, a roll
// as the distribution of its result, a contest as each side's chances —
// and runs the fighter's own deterministic code (package fight) on each
// outcome, merging outcomes that leave the battle alike as it finds them.
//
// Files, each above the ones it uses (7 of its 22 arrows run back up;
// the Enumerator and the steps it plays call each other):
//
//	stepfire.go                                          a fire step: both sides' volleys as counts of faces, their assignments
//	stepeffects.go                                       contest and each steps
//	dist.go                                              the distributions of rolls and contests
//	enumerator.go (uses ↑ dist, stepeffects, stepfire)   Enumerator: a step played over every outcome, outcomes merged as found
//	firekey.go (uses ↑ enumerator)                       what a side's fire reads of a state, packed as a key
//	pairsdist.go (uses ↑ dist, enumerator, stepeffects)  contests compared in pairs: the sequences of pair results
//	slab.go                                              slabs: slices cut from reused blocks
//	wordtable.go                                         an open-addressed table of two-word keys
package enumerate
