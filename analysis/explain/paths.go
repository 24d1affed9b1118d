package explain

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/crucible-sim/crucible/rules"
)

// Path is one way a battle comes to an outcome: the sequence of its
// chain's steps from the start to an absorbing state, with the product of
// their probabilities.
type Path struct {
	P      float64
	Rounds int64
	Steps  []PathStep
	// End is the absorbing state reached and its outcome.
	End     int
	Outcome rules.ChainEnd
}

// PathStep is one step of a Path: from state From to state Step.To.
type PathStep struct {
	From int
	rules.Step
}

// MaxPathWalks bounds the partial paths MostProbable keeps (32 bytes
// each): a chain whose outcome needs more is beyond the search.
const MaxPathWalks = 4_000_000

// ErrPathBudget is wrapped by MostProbable's error when the search needs
// more than MaxPathWalks partial paths.
var ErrPathBudget = errors.New("beyond the path search's budget")

// MostProbable returns the k most probable paths of the chain that end in
// an outcome meeting cond, most probable first (fewer when the chain has
// fewer). It is a best-first search over partial paths (max-product, the
// shortest paths of −log p), in which a state is expanded at most k times
// for each count of rounds the condition tells apart: the i-th time a
// state is taken from the queue, it is by its i-th most probable path, so
// the k most probable paths to the outcome go only through those. Steps to
// the same state (nothing changed) make walks, not simple paths: "both
// miss twice, then …" is a path of its own.
func MostProbable(ctx context.Context, ch rules.Chain, cond rules.Condition, k int) ([]Path, error) {
	limit := roundsCap(cond)
	_, hi, ok := cond.Rounds()
	if !ok || k < 1 {
		return nil, nil
	}
	q := &pathQueue{}
	arena := []walk{{state: int32(ch.Start()), parent: -1, p: 1}}
	heap.Push(q, queued{1, 0})
	expanded := map[[2]int64]int{}
	var out []Path
	var buf []rules.Step
	for pops := 0; q.Len() > 0 && len(out) < k; pops++ {
		if pops%1024 == 0 && ctx.Err() != nil {
			return out, ctx.Err()
		}
		if len(arena) > MaxPathWalks {
			return out, fmt.Errorf("%w: more than %d partial paths", ErrPathBudget, MaxPathWalks)
		}
		i := heap.Pop(q).(queued).i
		w := arena[i]
		if end, absorbing := ch.End(int(w.state)); absorbing {
			if cond.HoldsAt(end.Winner, end.End, w.rounds, end.Counters, end.Known) {
				out = append(out, pathOf(ch, arena, i, end))
			}
			continue
		}
		key := [2]int64{int64(w.state), min(w.rounds, limit)}
		if expanded[key] >= k {
			continue
		}
		expanded[key]++
		buf = ch.Steps(int(w.state), buf[:0])
		for j, s := range buf {
			if s.To < 0 || s.To > math.MaxInt32 {
				return out, fmt.Errorf("the chain's state %d (%s) steps to state %d, outside 0 to 2^31−1 (rules.Chain)", w.state, ch.Describe(int(w.state)), s.To)
			}
			r := w.rounds + s.Rounds
			if hi >= 0 && r > hi {
				continue
			}
			arena = append(arena, walk{state: int32(s.To), parent: int32(i), step: int32(j), p: w.p * s.P, rounds: r})
			heap.Push(q, queued{w.p * s.P, len(arena) - 1})
		}
	}
	return out, nil
}

// roundsCap returns the rounds beyond which the condition tells no counts
// apart: one past the largest number of rounds it names.
func roundsCap(cond rules.Condition) int64 {
	var c int64
	for _, cl := range cond.Clauses {
		if cl.Kind == rules.ClauseRounds {
			c = max(c, cl.Value+1)
		}
	}
	return c
}

// walk is a partial path: its last state, its parent (an index in the
// arena) and the index of the step that led here among the parent's
// Steps, its probability and rounds.
type walk struct {
	state, parent, step int32
	p                   float64
	rounds              int64
}

// pathOf reads the path ending at walk i back to the start, asking the
// chain again for each step's words.
func pathOf(ch rules.Chain, arena []walk, i int, end rules.ChainEnd) Path {
	p := Path{P: arena[i].p, Rounds: arena[i].rounds, End: int(arena[i].state), Outcome: end}
	var buf []rules.Step
	for ; arena[i].parent >= 0; i = int(arena[i].parent) {
		from := int(arena[arena[i].parent].state)
		buf = ch.Steps(from, buf[:0])
		p.Steps = append(p.Steps, PathStep{From: from, Step: buf[arena[i].step]})
	}
	for l, r := 0, len(p.Steps)-1; l < r; l, r = l+1, r-1 {
		p.Steps[l], p.Steps[r] = p.Steps[r], p.Steps[l]
	}
	return p
}

// pathQueue is a max-heap of partial paths by probability; equal
// probabilities come out in the order they went in (their arena index),
// so that the answer is the same on every machine.
type pathQueue []queued

type queued struct {
	p float64
	i int
}

func (q pathQueue) Len() int { return len(q) }
func (q pathQueue) Less(a, b int) bool {
	if q[a].p != q[b].p {
		return q[a].p > q[b].p
	}
	return q[a].i < q[b].i
}
func (q pathQueue) Swap(a, b int) { q[a], q[b] = q[b], q[a] }
func (q *pathQueue) Push(x any)   { *q = append(*q, x.(queued)) }
func (q *pathQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
