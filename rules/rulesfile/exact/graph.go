package exact

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/enumerate"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
)

// chain is a battle's Markov chain as explored from its start: a node is a
// step to play in a canonical state; its edges lead to the nodes and ends
// its outcomes reach, each with its weight and the rounds begun on the
// way.
type chain[T any, A arith[T]] struct {
	ar  A
	m   *exactmodel.Model
	opt enumerate.StepOptions
	bud *budget

	nodes nodes
	// Node i's edges are e0[i] to e0[i+1]−1: each leads to to[e] (a node,
	// or −1−k for end k), with weight w[e], beginning rnd[e] rounds.
	e0  []int32
	to  []int32
	w   []T
	rnd []int32

	terms   []terminal
	termIdx map[uint64]int32
	// The start leads to root (a node or −1−end) beginning rootRounds
	// rounds.
	root       int32
	rootRounds int32

	enum    *enumerate.Enumerator[T, A]
	scratch []int32
	// the node expand is expanding: where its edges begin, the error an
	// edge met, and edge as the Enumerator calls it
	from    int32
	edgeErr error
	addEdge func(T, *enumerate.Outcome)
	// each target's latest edge (edgeTo)
	nodeEdge, endEdge []int32
	termCtr           []int64 // the ends' counters
	// a cycle's matrix (solveCycle)
	cells []T
	rows  [][]T
	loopP []T // a loop's chances (solveLoop)
	// the flow's visits and ends' chances (solveFlow)
	visits, term []T
	// the counters' distributions (gather)
	values []int64
	ps     []T
	buf    buffers
}

// terminal is one end of the battle as the outputs see it.
type terminal struct {
	winner   rules.Side
	end      int
	counters []int64
}

// expand adds node i's edges.
func (c *chain[T, A]) expand(i int32) error {
	if err := c.bud.spend(nodeSteps); err != nil {
		return err
	}
	e0 := int32(len(c.to))
	c.e0 = append(c.e0, e0)
	if c.addEdge == nil {
		c.addEdge = c.edge // made once a chain: a closure made for every node cost an allocation each
	}
	c.from, c.edgeErr = e0, nil
	var e error
	if c.nodes.packed {
		e = c.enum.StepKey(c.nodes.keys64[i], c.addEdge)
	} else {
		pos, st := c.nodes.decode(i, c.scratch)
		c.scratch = st
		e = c.enum.Step(pos, st, c.addEdge)
	}
	if e != nil {
		return fmt.Errorf("exact: %s: %w", c.m.Describe(c.nodes.pos(i)), e)
	}
	if c.edgeErr != nil {
		return c.edgeErr
	}
	return c.bud.spend(int64(len(c.to)) - int64(e0))
}

// edge adds the edge of an outcome of the node being expanded, whose
// edges begin at c.from, or keeps the error in c.edgeErr.
func (c *chain[T, A]) edge(w T, o *enumerate.Outcome) {
	if c.edgeErr != nil {
		return
	}
	to, err := c.target(o)
	if err != nil {
		c.edgeErr = err
		return
	}
	// Distinct outcomes of a step may reach the same node by different
	// ways: one edge each target.
	if e := c.edgeTo(c.from, to, int32(o.Rounds)); e >= 0 {
		c.w[e] = c.ar.Add(c.w[e], w)
		return
	}
	c.to = append(c.to, to)
	c.w = append(c.w, w)
	c.rnd = append(c.rnd, int32(o.Rounds))
}

// edgeTo returns the edge of the node being expanded (its edges from e0
// on) to target to beginning rounds rounds, or −1, and then takes the
// edge about to be added as to's latest. A target's latest edge
// (lastEdge) is one look-up where a scan of the node's edges cost a
// branch mispredicted at almost every edge found; it is the node's only
// when it is e0 or later and leads to to, and only another edge to the
// same target beginning other rounds sends edgeTo to the scan.
func (c *chain[T, A]) edgeTo(e0, to, rounds int32) int32 {
	slot := c.lastEdge(to)
	e := *slot
	if e >= e0 && e < int32(len(c.to)) && c.to[e] == to {
		if c.rnd[e] == rounds {
			return e
		}
		for e := e0; e < int32(len(c.to)); e++ {
			if c.to[e] == to && c.rnd[e] == rounds {
				return e
			}
		}
	}
	*slot = int32(len(c.to))
	return -1
}

// lastEdge returns where the latest edge to target to is kept: node i's
// in c.nodeEdge[i], end k's (to = −1−k) in c.endEdge[k]. A kept edge
// may be stale, from a node expanded before or a solve before; edgeTo
// checks it.
func (c *chain[T, A]) lastEdge(to int32) *int32 {
	at, i := &c.nodeEdge, to
	if to < 0 {
		at, i = &c.endEdge, -1-to
	}
	if int(i) >= len(*at) {
		*at = append(*at, make([]int32, int(i)+1-len(*at))...)
		*at = (*at)[:cap(*at)]
	}
	return &(*at)[i]
}

// target returns the node or end an outcome reaches, creating it.
func (c *chain[T, A]) target(o *enumerate.Outcome) (int32, error) {
	if o.Pos < 0 {
		return -1 - c.terminal(o), nil
	}
	var i int32
	var created bool
	if o.Keyed && c.nodes.packed {
		i, created = c.nodes.addKey(o.Key)
	} else {
		i, created = c.nodes.add(o.Pos, o.State)
	}
	if created && c.nodes.len() > c.bud.maxStates {
		return 0, c.bud.statesErr()
	}
	return i, nil
}

// terminal returns the end outcome o reaches, numbered as first reached.
// The ends are indexed by a hash of what tells them apart (termIdx): a
// map of strings allocated a key for every end, and the ends' counters
// are cut from one array (termCtr) the pooled chain keeps. Two ends of
// one hash (never met: 64 bits for a few thousand ends) are told apart
// by a scan.
func (c *chain[T, A]) terminal(o *enumerate.Outcome) int32 {
	h := termHash(o)
	if i, ok := c.termIdx[h]; ok {
		if c.terms[i].is(o) {
			return i
		}
		for j := range c.terms {
			if c.terms[j].is(o) {
				return int32(j)
			}
		}
	} else {
		c.termIdx[h] = int32(len(c.terms))
	}
	n := len(c.termCtr)
	c.termCtr = append(c.termCtr, o.Counters...)
	c.terms = append(c.terms, terminal{winner: o.Winner, end: o.End, counters: c.termCtr[n:len(c.termCtr):len(c.termCtr)]})
	return int32(len(c.terms) - 1)
}

// is reports whether t is the end outcome o reaches.
func (t *terminal) is(o *enumerate.Outcome) bool {
	return t.winner == o.Winner && t.end == o.End && slices.Equal(t.counters, o.Counters)
}

// termHash mixes what tells an end apart: its winner, its end and its
// counters.
func termHash(o *enumerate.Outcome) uint64 {
	h := uint64(o.Winner)<<32 ^ uint64(o.End) ^ 0x9e3779b97f4a7c15
	for _, v := range o.Counters {
		h = (h ^ uint64(v)) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// edges returns node i's edges.
func (c *chain[T, A]) edges(i int32) (e0, e1 int32) { return c.e0[i], c.e0[i+1] }
