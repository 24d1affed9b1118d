package rules

import "sync/atomic"

// Stop is a run's request that the battles in progress end now, shared by
// all of its workers: the engine raises it when the run is cancelled
// (Ctrl-C, SIGTERM), and a Fighter whose one trial may run long polls it
// (see Stoppable). Once raised it stays raised. The zero value is a stop
// not raised.
type Stop struct {
	raised atomic.Bool
	// The flag is read on every trial by every worker and written once:
	// it must not share a cache line with anything written often.
	_ [120]byte
}

// Requested reports whether the stop has been raised: one atomic load,
// cheap enough to call at every decision of a battle. A nil Stop is never
// raised, so a Fighter the engine gave none can poll it unchecked.
func (s *Stop) Requested() bool { return s != nil && s.raised.Load() }

// Raise raises the stop.
func (s *Stop) Raise() { s.raised.Store(true) }

// Stoppable is implemented by a Fighter one of whose trials may take long
// — more than about 50 ms, such as a battle that searches at each decision
// (dbd's rollout policy) or one whose round cap allows millions of rounds —
// so that a run stops within a second of Ctrl-C however long its trials
// are.
//
// The engine calls SetStop before the fighter's first trial. Fight polls
// s.Requested() at natural points of a battle (each decision, each bout,
// every few thousand rounds), a few milliseconds apart at most, and once it
// is true returns at once, leaving its Outcome unfinished. The engine
// discards every trial during which the stop was raised: it is neither
// tallied nor recorded as finished, so a resumed run fights it again from
// its start and the results are those of an uninterrupted run. Until it is
// raised the stop changes nothing: Fight draws and reports exactly what it
// would without one. A Fighter that wraps others passes the stop on to
// those that are Stoppable. Replay need not poll it.
type Stoppable interface {
	Fighter
	SetStop(s *Stop)
}
