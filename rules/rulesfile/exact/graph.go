package exact

import (
	"encoding/binary"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile"
)

// chain is a battle's Markov chain as explored from its start: a node is a
// step to play in a canonical state; its edges lead to the nodes and ends
// its outcomes reach, each with its weight and the rounds begun on the
// way.
type chain[T any, A arith[T]] struct {
	ar  A
	m   *rulesfile.Model
	opt rulesfile.StepOptions
	bud *budget

	nodes nodes
	// Node i's edges are e0[i] to e0[i+1]−1: each leads to to[e] (a node,
	// or −1−k for end k), with weight w[e], beginning rnd[e] rounds.
	e0  []int32
	to  []int32
	w   []T
	rnd []int32

	terms   []terminal
	termIdx map[string]int32
	// The start leads to root (a node or −1−end) beginning rootRounds
	// rounds.
	root       int32
	rootRounds int32

	enum    *rulesfile.Enumerator[T, A]
	scratch []int32
	// the node expand is expanding: where its edges begin, the error an
	// edge met, and edge as the Enumerator calls it
	from    int32
	edgeErr error
	addEdge func(T, *rulesfile.Outcome)
	merge   map[[2]int32]int32
	termBuf []byte
	// a cycle's matrix (solveCycle)
	cells []T
	rows  [][]T
	loopP []T // a loop's chances (solveLoop)
	// the flow's visits and ends' chances (solveFlow)
	visits, term []T
	buf          buffers
}

// terminal is one end of the battle as the outputs see it.
type terminal struct {
	winner   rules.Side
	end      int
	counters []int64
}

// explore builds the chain of model m from its start, breadth first.
func explore[T any, A arith[T]](m *rulesfile.Model, ar A, opt rulesfile.StepOptions, bud *budget) (*chain[T, A], error) {
	c := newChain(m, ar, opt, bud)
	var err error
	if e := c.enum.Root(func(_ T, o *rulesfile.Outcome) {
		c.root, err = c.target(o)
		c.rootRounds = int32(o.Rounds)
	}); e != nil {
		return nil, e
	}
	if err != nil {
		return nil, err
	}
	for i := 0; i < c.nodes.len(); i++ {
		if err := c.expand(int32(i)); err != nil {
			return nil, err
		}
	}
	c.e0 = append(c.e0, int32(len(c.to)))
	return c, nil
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
func (c *chain[T, A]) edge(w T, o *rulesfile.Outcome) {
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
// on) to target to beginning rounds rounds, or −1: a scan, and a map past
// edgeScan edges.
func (c *chain[T, A]) edgeTo(e0, to, rounds int32) int32 {
	n := int32(len(c.to)) - e0
	if n <= edgeScan {
		for e := e0; e < int32(len(c.to)); e++ {
			if c.to[e] == to && c.rnd[e] == rounds {
				return e
			}
		}
		if n == edgeScan {
			if c.merge == nil {
				c.merge = map[[2]int32]int32{}
			}
			clear(c.merge)
			for e := e0; e < int32(len(c.to)); e++ {
				c.merge[[2]int32{c.to[e], c.rnd[e]}] = e
			}
			c.merge[[2]int32{to, rounds}] = int32(len(c.to))
		}
		return -1
	}
	if e, ok := c.merge[[2]int32{to, rounds}]; ok {
		return e
	}
	c.merge[[2]int32{to, rounds}] = int32(len(c.to))
	return -1
}

// edgeScan is how many edges of a node edgeTo scans before it indexes
// them.
const edgeScan = 16

// target returns the node or end an outcome reaches, creating it.
func (c *chain[T, A]) target(o *rulesfile.Outcome) (int32, error) {
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

func (c *chain[T, A]) terminal(o *rulesfile.Outcome) int32 {
	key := c.termBuf[:0]
	key = append(key, byte(o.Winner), byte(o.End), byte(o.End>>8))
	for _, v := range o.Counters {
		key = binary.AppendVarint(key, v)
	}
	c.termBuf = key
	if i, ok := c.termIdx[string(key)]; ok {
		return i
	}
	i := int32(len(c.terms))
	c.termIdx[string(key)] = i
	c.terms = append(c.terms, terminal{winner: o.Winner, end: o.End, counters: append([]int64(nil), o.Counters...)})
	return i
}

// edges returns node i's edges.
func (c *chain[T, A]) edges(i int32) (e0, e1 int32) { return c.e0[i], c.e0[i+1] }
