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
	cod coder

	keys  []string // per node: its key (step and state)
	index map[string]int32
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
	merge   map[int32]int32
}

// terminal is one end of the battle as the outputs see it.
type terminal struct {
	winner   rules.Side
	end      int
	counters []int64
}

// explore builds the chain of model m from its start, breadth first.
func explore[T any, A arith[T]](m *rulesfile.Model, ar A, opt rulesfile.StepOptions, bud *budget) (*chain[T, A], error) {
	c := &chain[T, A]{ar: ar, m: m, opt: opt, bud: bud, cod: newCoder(m), index: map[string]int32{},
		termIdx: map[string]int32{}, merge: map[int32]int32{}}
	opt.Spend = bud.spend
	c.enum = rulesfile.NewEnumerator[T, A](m, ar, opt)
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
	for i := 0; i < len(c.keys); i++ {
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
	pos, st := c.cod.decode(c.keys[i], c.scratch)
	c.scratch = st
	e0 := int32(len(c.to))
	c.e0 = append(c.e0, e0)
	clear(c.merge)
	var err error
	emit := func(w T, o *rulesfile.Outcome) {
		if err != nil {
			return
		}
		var to int32
		if to, err = c.target(o); err != nil {
			return
		}
		// Distinct outcomes of a step may reach the same node by
		// different ways: one edge each target.
		if e, ok := c.merge[to]; ok && c.rnd[e] == int32(o.Rounds) {
			c.w[e] = c.ar.Add(c.w[e], w)
			return
		}
		c.merge[to] = int32(len(c.to))
		c.to = append(c.to, to)
		c.w = append(c.w, w)
		c.rnd = append(c.rnd, int32(o.Rounds))
	}
	if e := c.enum.Step(pos, st, emit); e != nil {
		return fmt.Errorf("exact: %s: %w", c.m.Describe(pos), e)
	}
	if err != nil {
		return err
	}
	return c.bud.spend(int64(len(c.to)) - int64(e0))
}

// target returns the node or end an outcome reaches, creating it.
func (c *chain[T, A]) target(o *rulesfile.Outcome) (int32, error) {
	if o.Pos < 0 {
		return -1 - c.terminal(o), nil
	}
	key := c.cod.encode(o.Pos, o.State)
	if i, ok := c.index[string(key)]; ok {
		return i, nil
	}
	if len(c.keys) >= c.bud.maxStates {
		return 0, c.bud.statesErr()
	}
	i := int32(len(c.keys))
	k := string(key)
	c.index[k] = i
	c.keys = append(c.keys, k)
	return i, nil
}

func (c *chain[T, A]) terminal(o *rulesfile.Outcome) int32 {
	key := c.cod.buf[:0]
	key = append(key, byte(o.Winner), byte(o.End), byte(o.End>>8))
	for _, v := range o.Counters {
		key = binary.AppendVarint(key, v)
	}
	c.cod.buf = key
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

// coder packs a node (its step and its state) into a key: each integer of
// the state in as few bytes as its range needs.
type coder struct {
	lo    []int32
	width []uint8
	buf   []byte
}

func newCoder(m *rulesfile.Model) coder {
	slots := m.Slots()
	c := coder{lo: make([]int32, len(slots)), width: make([]uint8, len(slots))}
	for i, s := range slots {
		c.lo[i] = s.Lo
		span := uint32(s.Hi - s.Lo)
		switch {
		case span < 1<<8:
			c.width[i] = 1
		case span < 1<<16:
			c.width[i] = 2
		default:
			c.width[i] = 4
		}
	}
	return c
}

func (c *coder) encode(pos int, st []int32) []byte {
	b := append(c.buf[:0], byte(pos), byte(pos>>8))
	for i, v := range st {
		x := uint32(v - c.lo[i])
		switch c.width[i] {
		case 1:
			b = append(b, byte(x))
		case 2:
			b = append(b, byte(x), byte(x>>8))
		default:
			b = binary.LittleEndian.AppendUint32(b, x)
		}
	}
	c.buf = b
	return b
}

func (c *coder) decode(key string, st []int32) (int, []int32) {
	pos := int(key[0]) | int(key[1])<<8
	st = st[:0]
	k := 2
	for i := range c.lo {
		var x uint32
		switch c.width[i] {
		case 1:
			x = uint32(key[k])
		case 2:
			x = uint32(key[k]) | uint32(key[k+1])<<8
		default:
			x = binary.LittleEndian.Uint32([]byte(key[k : k+4]))
		}
		k += int(c.width[i])
		st = append(st, int32(x)+c.lo[i])
	}
	return pos, st
}

// stateKey returns the state part of a node's key.
func stateKey(key string) string { return key[2:] }
