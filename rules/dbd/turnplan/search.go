package turnplan

import "github.com/crucible-sim/crucible/rules"

// populationSize is the number of plans the search keeps: enough to hold
// greedy's best openings and ending the turn, small enough for dozens of
// generations at the smallest budget.
const populationSize = 16

// Turn identifies the turn a decision is of: the next decision of the
// same turn starts from the plans that began with the activation just
// played.
type Turn struct{ Started, Side int }

// Search is the search's working space: the population, the next one,
// the catalogue of the decision, and the search's own random stream, all
// kept from one decision to the next, so that a search allocates nothing
// once it has grown.
type Search[A Action[A]] struct {
	pop, next []Plan[A]
	// cat lists the activations of the decision's position that a plan's
	// genes draw from (greedy's candidates), best first; top is the
	// number at the head of it the mutation favours.
	cat []A
	top int
	// turn identifies the turn the population was planned for.
	turn    Turn
	carried bool
	played  Gene[A] // the first gene of the plan the last decision chose
	rng     rules.Rand
	// plays counts the decision's evaluations (its budget's use).
	plays int
	// sv, sl, svl and sll sum the decision's values v and luck l, their
	// products and the squares of the luck: the regression of value on
	// luck (luckWeight).
	sv, sl, svl, sll float64
}

// Init makes the search's buffers.
func (s *Search[A]) Init() {
	s.pop = make([]Plan[A], 0, populationSize)
	s.next = make([]Plan[A], 0, populationSize)
	s.cat = make([]A, 0, 256)
	s.turn = Turn{Started: -1}
}

// Forget drops the plans carried from the last decision: the next one
// starts afresh, as the first of a turn does.
func (s *Search[A]) Forget() { s.carried = false }

// Plays is the number of plays the last decision made.
func (s *Search[A]) Plays() int { return s.plays }

// Population is the plans of the last decision: each round of halving
// sorts the plans it played, so the first two are the last round's, best
// first, and the rest in the order of the round that dropped them.
func (s *Search[A]) Population() []Plan[A] { return s.pop }
