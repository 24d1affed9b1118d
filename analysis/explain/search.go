package explain

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Search is a search of the trials after a run for outcomes that meet a
// condition: trials From … From+Trials−1, of which Matches met it.
type Search struct {
	From, Trials, Matches int64
	// Examples are the first trials (by index) that met it, up to the
	// number asked for.
	Examples []Example
	// Budget is the most trials the search could fight; Exhausted says
	// it fought them all without finding as many examples as asked.
	Budget    int64
	Exhausted bool
}

// Share returns the share of the searched trials that met the condition
// and its 95 % Clopper–Pearson interval (exact: never narrower than its
// coverage), which for no match at all is [0, about 3.7/Trials].
func (s Search) Share() (p, lo, hi float64) {
	if s.Trials == 0 {
		return 0, 0, 1
	}
	lo, hi = analysis.ClopperPearson(s.Matches, s.Trials, 0.05)
	return float64(s.Matches) / float64(s.Trials), lo, hi
}

// The search fights its trials in passes of growing size, each split into
// pieces the workers share. The passes' bounds depend only on from, budget
// and the number of examples wanted, never on the workers, so that a
// search finds the same trials and counts the same matches on any machine.
const (
	firstPass = 1 << 16
	lastPass  = 1 << 22
	piece     = 1 << 14
	// checkEvery is how many trials a worker fights between looks at its
	// context: a few milliseconds of the slowest built-in battles.
	checkEvery = 256
)

// SearchFrom fights trials from, from+1, … of the run with the given seed
// and key, on the streams every run gives them, until want of them meet
// cond or budget trials are fought, with up to workers goroutines (0: one
// per core). It stops within a few milliseconds of ctx's end (a battle
// whose single trial is longer delays it by that trial) and returns what
// the passes finished by then, with ctx's error.
func SearchFrom(ctx context.Context, b rules.Battle, seed, key uint64, cond rules.Condition, from, budget int64, want, workers int) (Search, error) {
	s := Search{From: from, Budget: budget}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	size := int64(firstPass)
	for s.Trials < budget && len(s.Examples) < want {
		n := min(size, budget-s.Trials)
		found, matches, err := searchPass(ctx, b, seed, key, cond, from+s.Trials, n, want, workers)
		if err != nil {
			return s, err
		}
		s.Trials += n
		s.Matches += matches
		s.Examples = append(s.Examples, found[:min(len(found), want-len(s.Examples))]...)
		size = min(2*size, lastPass)
	}
	s.Exhausted = len(s.Examples) < want
	return s, nil
}

// searchPass fights trials lo … lo+n−1 in pieces and returns the first
// want that meet cond, by trial index, and how many met it in all.
func searchPass(ctx context.Context, b rules.Battle, seed, key uint64, cond rules.Condition, lo, n int64, want, workers int) ([]Example, int64, error) {
	pieces := int((n + piece - 1) / piece)
	found := make([][]Example, pieces)
	counts := make([]int64, pieces)
	errs := make([]error, pieces)
	next := make(chan int, pieces)
	for p := range pieces {
		next <- p
	}
	close(next)
	var wg sync.WaitGroup
	for range min(workers, pieces) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				start := lo + int64(p)*piece
				found[p], counts[p], errs[p] = searchPiece(ctx, b, seed, key, cond, start, min(piece, lo+n-start), want)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, err
	}
	var all []Example
	var matches int64
	for p := range pieces {
		all = append(all, found[p]...)
		matches += counts[p]
	}
	return all, matches, nil // pieces in order, each in order: all is by trial index
}

// searchPiece fights trials start … start+n−1 on one fighter and returns
// the first want that meet cond and how many did.
func searchPiece(ctx context.Context, b rules.Battle, seed, key uint64, cond rules.Condition, start, n int64, want int) ([]Example, int64, error) {
	var out []Example
	var matches int64
	err := sim.Outcomes(b, seed, key, start, n, func(i int64, o *rules.Outcome) error {
		if (i-start)%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if cond.Holds(o) {
			matches++
			if len(out) < want {
				out = append(out, Example{Trial: i, Outcome: copyOutcome(o)})
			}
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		err = fmt.Errorf("searching trials %d to %d: %w", start, start+n-1, err)
	}
	return out, matches, err
}
