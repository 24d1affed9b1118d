package exact

import (
	"fmt"
	"math"
)

// components returns the chain's strongly connected components in
// topological order (a component before those it leads to), by Tarjan's
// algorithm without recursion. Within a round the steps only go forward,
// so a component of more than one node is a cycle of rounds: a round that
// leaves the state as it found it (a ring of one state), or states that
// come back (healing, a track that goes up and down).
//
// It is longer than a function should be: it visits every node and edge
// of the chain, and one function keeps the walk's state (the frame's node
// and edge, its low) in locals.
func (c *chain[T, A]) components() [][]int32 {
	n := int32(c.nodes.len())
	// A node's index is its place in the walk plus one (0: not reached
	// yet), or done once its component is found: the one array is all a
	// node's lookup reads (low and index side by side, and no flag for
	// the stack: a node found in a component leaves low alone).
	const done = math.MaxInt32
	tj := zeroed(&c.buf.tarjan, int(n))
	// The components are cut from one array (flat, ends[i] where the i-th
	// ends) once all are found: a battle has as many as it has states.
	stack, flat, ends := c.buf.stack[:0], c.buf.flat[:0], c.buf.ends[:0]
	next := int32(1)
	call := c.buf.call[:0]
	targets, e0 := c.to, c.e0
	for r := range n {
		if tj[r].index != 0 {
			continue
		}
		call = append(call[:0], frame{r, e0[r]})
		tj[r] = tarjanNode{next, next}
		next++
		stack = append(stack, r)
		for len(call) > 0 {
			// v's edges from the frame's on, in one loop: down the first
			// that leads to a node not yet seen, else v is done.
			top := len(call) - 1
			v, e := call[top].v, call[top].e
			lv, down := tj[v].low, false
			for e1 := e0[v+1]; e < e1; e++ {
				w := targets[e]
				if w < 0 {
					continue
				}
				if x := tj[w].index; x == 0 {
					call[top].e = e + 1
					tj[w] = tarjanNode{next, next}
					next++
					stack = append(stack, w)
					call = append(call, frame{w, e0[w]})
					down = true
					break
				} else {
					lv = min(lv, x)
				}
			}
			tj[v].low = lv
			if down {
				continue
			}
			call = call[:top]
			if top > 0 {
				p := call[top-1].v
				tj[p].low = min(tj[p].low, lv)
			}
			if lv == tj[v].index {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					tj[w].index = done
					flat = append(flat, w)
					if w == v {
						break
					}
				}
				ends = append(ends, len(flat))
			}
		}
	}
	// The components live no longer than c.
	c.buf.stack, c.buf.flat, c.buf.ends, c.buf.call = stack, flat, ends, call
	// Tarjan finds a component after every component it leads to.
	out := zeroed(&c.buf.comps, len(ends))
	from := 0
	for i, to := range ends {
		out[len(ends)-1-i] = flat[from:to:to]
		from = to
	}
	return out
}

// maxCycle is the most nodes a cycle of the chain may have: its linear
// system is solved densely.
const maxCycle = 512

// flow is the chain's solution: each node's expected visits, each end's
// probability and the expected rounds.
type flow[T any] struct {
	visits []T
	term   []T
	rounds T
}

// flowOf is solveFlow in any arithmetic.
func (c *chain[T, A]) flowOf(comps [][]int32) (*flow[T], error) {
	ar := c.ar
	n := c.nodes.len()
	// The visits and the ends' chances live no longer than c.
	fl := &flow[T]{visits: zeroed(&c.visits, n), term: zeroed(&c.term, len(c.terms)), rounds: ar.Frac(int64(c.rootRounds), 1)}
	for i := range fl.visits {
		fl.visits[i] = ar.Zero()
	}
	for i := range fl.term {
		fl.term[i] = ar.Zero()
	}
	if c.root < 0 {
		fl.term[-1-c.root] = ar.Frac(1, 1)
		return fl, nil
	}
	fl.visits[c.root] = ar.Frac(1, 1)
	pos := zeroed(&c.buf.pos, n) // a node's place in the cycle being solved, or −1
	for i := range pos {
		pos[i] = -1
	}
	in := zeroed(&c.buf.in, n) // the nodes of the component at hand
	for _, comp := range comps {
		if err := c.bud.spend(int64(len(comp))); err != nil {
			return nil, err
		}
		if len(comp) > 1 || c.selfLoop(comp[0]) {
			if err := c.solveCycle(comp, pos, fl.visits); err != nil {
				return nil, err
			}
		}
		for _, v := range comp {
			in[v] = true
		}
		for _, v := range comp {
			x := fl.visits[v]
			if ar.IsZero(x) {
				continue
			}
			e0, e1 := c.edges(v)
			for e := e0; e < e1; e++ {
				xe := ar.Mul(x, c.w[e])
				if c.rnd[e] != 0 {
					fl.rounds = ar.Add(fl.rounds, ar.Mul(xe, ar.Frac(int64(c.rnd[e]), 1)))
				}
				to := c.to[e]
				switch {
				case to < 0:
					fl.term[-1-to] = ar.Add(fl.term[-1-to], xe)
				case !in[to]:
					fl.visits[to] = ar.Add(fl.visits[to], xe)
				}
			}
		}
		for _, v := range comp {
			in[v] = false
		}
	}
	return fl, nil
}

func (c *chain[T, A]) selfLoop(v int32) bool {
	e0, e1 := c.edges(v)
	for e := e0; e < e1; e++ {
		if c.to[e] == v {
			return true
		}
	}
	return false
}

// solveCycle replaces the visits of a cycle's nodes (the probability that
// flowed in from before it) by their expected visits, solving
// x = b + Pᵀ x over the cycle: a loop in one pass, any other cycle by
// Gaussian elimination.
func (c *chain[T, A]) solveCycle(comp []int32, pos []int32, visits []T) error {
	if err := c.enterCycle(comp, pos); err != nil {
		return err
	}
	defer leaveCycle(comp, pos)
	if len(comp) == 1 {
		return c.solveRing(comp[0], visits)
	}
	if ok, err := c.solveLoop(comp, pos, visits); ok {
		return err
	}
	return c.solveDense(comp, pos, visits)
}

// enterCycle marks the nodes of cycle comp in pos by their places in it,
// unless it is too large to solve or closed (the battle never leaves it).
func (c *chain[T, A]) enterCycle(comp []int32, pos []int32) error {
	if k := len(comp); k > maxCycle {
		return fmt.Errorf("exact: a cycle of %d states (more than %d): %w", k, maxCycle, errCycle)
	}
	for i, v := range comp {
		pos[v] = int32(i)
	}
	if c.closed(comp, pos) {
		leaveCycle(comp, pos)
		return fmt.Errorf("exact: %w the battle never leaves", errCycle)
	}
	return nil
}

// leaveCycle unmarks the nodes of cycle comp in pos.
func leaveCycle(comp []int32, pos []int32) {
	for _, v := range comp {
		pos[v] = -1
	}
}

// solveDense is solveCycle of any cycle, by Gaussian elimination.
func (c *chain[T, A]) solveDense(comp []int32, pos []int32, visits []T) error {
	ar := c.ar
	k := len(comp)
	// m is the augmented matrix [I − Pᵀ | b], in the chain's buffers.
	m := c.matrix(k)
	for i := range m {
		for j := range m[i] {
			m[i][j] = ar.Zero()
		}
		m[i][i] = ar.Frac(1, 1)
		m[i][k] = visits[comp[i]]
	}
	for i, v := range comp {
		e0, e1 := c.edges(v)
		for e := e0; e < e1; e++ {
			if to := c.to[e]; to >= 0 && pos[to] >= 0 {
				j := pos[to]
				m[j][i] = ar.Sub(m[j][i], c.w[e])
			}
		}
	}
	if err := gauss(ar, m); err != nil {
		return err
	}
	for i, v := range comp {
		visits[v] = ar.Div(m[i][k], m[i][i])
	}
	return nil
}

// solveRing is solveCycle of a ring of one state, v, which a battle may
// have for most of its states: the system of one equation solved as
// Gaussian elimination solves it, x = b / (1 − p) with p the chance to
// stay, taken off one edge at a time in the edges' order.
func (c *chain[T, A]) solveRing(v int32, visits []T) error {
	ar := c.ar
	d := ar.Frac(1, 1)
	e0, e1 := c.edges(v)
	for e := e0; e < e1; e++ {
		if c.to[e] == v {
			d = ar.Sub(d, c.w[e])
		}
	}
	if ar.IsZero(d) {
		return fmt.Errorf("exact: %w the battle never leaves", errCycle)
	}
	visits[v] = ar.Div(visits[v], d)
	return nil
}

// solveLoop is solveCycle of a cycle each of whose nodes leads within it
// to one node alone — the steps of a round that leaves the state as it
// found it, which a battle may have for nearly every state — when it is
// one (ok). A component in which every node has one successor is a single
// loop v₀ → v₁ → … → v₀, and its system x_{j+1} = b_{j+1} + p_j x_j
// (p_j the chance of going from v_j to v_{j+1}) is solved in one pass,
// not by elimination: x_j = a_j x₀ + s_j with a₀ = 1, s₀ = 0, so that
// x₀ = (b₀ + p s) / (1 − p a) from the last node's a and s, and then
// each x_j from the one before it. The solution is the same (as
// fractions exactly; in floats to rounding).
func (c *chain[T, A]) solveLoop(comp []int32, pos []int32, visits []T) (ok bool, err error) {
	ar := c.ar
	k := len(comp)
	next := zeroed(&c.buf.next, k) // by place in comp: the one successor's place
	p := c.loopP[:0]               // by place: the chance of going to it
	for i, v := range comp {
		next[i] = -1
		sum := ar.Zero()
		e0, e1 := c.edges(v)
		for e := e0; e < e1; e++ {
			to := c.to[e]
			if to < 0 || pos[to] < 0 {
				continue
			}
			if next[i] >= 0 && next[i] != pos[to] {
				c.loopP = p
				return false, nil
			}
			next[i] = pos[to]
			sum = ar.Add(sum, c.w[e])
		}
		p = append(p, sum)
	}
	c.loopP = p
	// x_j = a·x₀ + s along the loop from place 0.
	a, s := ar.Frac(1, 1), ar.Zero()
	j := int32(0)
	for range k - 1 {
		a, s = ar.Mul(p[j], a), ar.Add(visits[comp[next[j]]], ar.Mul(p[j], s))
		j = next[j]
	}
	d := ar.Sub(ar.Frac(1, 1), ar.Mul(p[j], a))
	if ar.IsZero(d) {
		return true, fmt.Errorf("exact: %w the battle never leaves", errCycle)
	}
	x := ar.Div(ar.Add(visits[comp[0]], ar.Mul(p[j], s)), d)
	visits[comp[0]] = x
	j = 0
	for range k - 1 {
		n := next[j]
		x = ar.Add(visits[comp[n]], ar.Mul(p[j], x))
		visits[comp[n]] = x
		j = n
	}
	return true, nil
}

// matrix returns k rows of k+1 values cut from the chain's buffers, which
// the next call reuses.
func (c *chain[T, A]) matrix(k int) [][]T {
	if n := k * (k + 1); cap(c.cells) < n {
		c.cells = make([]T, n)
	}
	if cap(c.rows) < k {
		c.rows = make([][]T, k)
	}
	m := c.rows[:k]
	for i := range m {
		m[i] = c.cells[i*(k+1) : (i+1)*(k+1)]
	}
	return m
}

// closed reports whether no edge leaves a cycle (pos marks its nodes).
func (c *chain[T, A]) closed(comp []int32, pos []int32) bool {
	for _, v := range comp {
		e0, e1 := c.edges(v)
		for e := e0; e < e1; e++ {
			if to := c.to[e]; to < 0 || pos[to] < 0 {
				return false
			}
		}
	}
	return true
}

// errCycle marks a cycle the battle may never leave, or too large to
// solve: only recording every round to the cap follows it.
var errCycle = fmt.Errorf("a cycle of states")

// gauss reduces the augmented system m (k rows, k+1 columns) in place to
// a diagonal one: unknown i is m[i][k] / m[i][i].
func gauss[T any, A arith[T]](ar A, m [][]T) error {
	k := len(m)
	for col := range k {
		p := -1
		best := 0.0
		for r := col; r < k; r++ {
			if f := abs(ar.Float(m[r][col])); !ar.IsZero(m[r][col]) && (p < 0 || f > best) {
				p, best = r, f
			}
		}
		if p < 0 {
			return fmt.Errorf("exact: %w the battle never leaves", errCycle)
		}
		m[col], m[p] = m[p], m[col]
		for r := range k {
			if r == col || ar.IsZero(m[r][col]) {
				continue
			}
			f := ar.Div(m[r][col], m[col][col])
			for j := col; j <= k; j++ {
				m[r][j] = ar.Sub(m[r][j], ar.Mul(f, m[col][j]))
			}
		}
	}
	return nil
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
