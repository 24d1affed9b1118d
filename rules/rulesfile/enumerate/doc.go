// Package enumerate plays the steps of an exact model (exactmodel.Model)
// over every outcome of their random events, each with its exact weight:
// where the fighter rolls dice, the Enumerator enumerates the distribution
// of what they do — a pool as counts of faces per class of effect, a roll
// as the distribution of its result, a contest as each side's chances —
// and runs the fighter's own deterministic code (package fight) on each
// outcome, merging outcomes that leave the battle alike as it finds them.
//
// Files, each above the ones it uses (no arrow runs back up):
//
//	step.go          NewEnumerator, Reset, Root, Step, StepKey: a step played over every outcome
//	stepfire.go      a fire step: both sides' volleys, their outcomes, the sides apart when they fire apart
//	volleycount.go   a side's volleys as counts of faces per class, block by block
//	assign.go        hits assigned to targets, and what each assignment leaves of the enemy
//	stepeffects.go   contest and each steps, nested contests, effects played
//	pairsdist.go     contests compared in pairs: the sequences of pair results
//	firekey.go       what a side's fire reads of a state, packed as a key
//	emit.go          a configuration carried through what is certain to the next step or the end
//	dist.go          the distributions of rolls and contests
//	enumerator.go    Enumerator: its memos and scratch, bags and mergers of weighted outcomes
//	firestate.go     a fire step's values: volleys, partial volleys, a side's outcomes and their merger, assignments
//	wordtable.go     an open-addressed table of two-word keys
//	slab.go          slabs: slices cut from reused blocks
//	rollouts.go      a roll's outcomes and the keys the distributions are kept by
package enumerate
