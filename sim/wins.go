package sim

import "sync/atomic"

// Wins counts the wins of a run's chunks as they finish, so that a display
// can show the estimate so far while the run goes on (Job.Wins). A worker
// adds a finished chunk's three counts once per chunk, with atomic adds:
// nothing is locked and nothing is added per trial.
type Wins struct {
	n [3]atomic.Int64 // indexed by rules.Side, as Tally.Wins
}

// NewWins returns a count that starts from the wins of trials already
// fought (a resumed run's, a sequential check's earlier looks).
func NewWins(prior [3]int64) *Wins {
	w := new(Wins)
	for s, n := range prior {
		w.n[s].Store(n)
	}
	return w
}

// add counts the wins of a finished chunk.
func (w *Wins) add(chunk *Tally) {
	for s, n := range chunk.Wins {
		if n != 0 {
			w.n[s].Add(n)
		}
	}
}

// Load returns the wins counted so far, indexed by rules.Side. Read while
// chunks finish, the three counts may stand at different chunks, so their
// sum is the trials they cover; a share of it stays within [0, 1].
func (w *Wins) Load() [3]int64 {
	var out [3]int64
	for s := range out {
		out[s] = w.n[s].Load()
	}
	return out
}
