package exact

import "fmt"

// solveFlow pushes the start's probability through the components in
// topological order; within a cycle the visits solve (I − Pᵀ) x = b, the
// cycle's own chances kept exact, so a round that changes nothing is
// summed as its geometric series, not iterated.
func (c *chain[T, A]) solveFlow(comps [][]int32) (*flow[T], error) {
	if fc, ok := any(c).(*chain[float64, floats]); ok {
		fl, err := solveFlowFloats(fc, comps)
		return any(fl).(*flow[T]), err
	}
	return c.flowOf(comps)
}

// solveFlowFloats is solveFlow for the floating-point solver with its
// arithmetic written out: through the arith interface every sum and
// product is a call (a type parameter's method is called through the
// instantiation's dictionary, never inlined), which was most of the
// flow's cost beyond the edges themselves. Every product is rounded
// before it is added, as floats' methods round it (the explicit
// conversion forbids a fused multiply-add), and every sum is taken in
// flowOf's order, so the numbers are flowOf's to the bit;
// TestFlowFloatsIsFlow holds the two to that.
func solveFlowFloats(c *chain[float64, floats], comps [][]int32) (*flow[float64], error) {
	n := c.nodes.len()
	visits, term := zeroed(&c.visits, n), zeroed(&c.term, len(c.terms))
	fl := &flow[float64]{visits: visits, term: term, rounds: float64(c.rootRounds)}
	if c.root < 0 {
		term[-1-c.root] = 1
		return fl, nil
	}
	visits[c.root] = 1
	pos := zeroed(&c.buf.pos, n) // a node's place in the cycle being solved, or −1
	for i := range pos {
		pos[i] = -1
	}
	in := zeroed(&c.buf.in, n) // the nodes of the component at hand
	rounds := fl.rounds
	for _, comp := range comps {
		if err := c.bud.spend(int64(len(comp))); err != nil {
			return nil, err
		}
		if len(comp) > 1 || c.selfLoop(comp[0]) {
			if err := cycleFloats(c, comp, pos, visits); err != nil {
				return nil, err
			}
		}
		for _, v := range comp {
			in[v] = true
		}
		for _, v := range comp {
			x := visits[v]
			if x == 0 {
				continue
			}
			e0, e1 := c.e0[v], c.e0[v+1]
			w, rnd := c.w[e0:e1], c.rnd[e0:e1]
			for e, to := range c.to[e0:e1] {
				xe := float64(x * w[e])
				if r := rnd[e]; r != 0 {
					rounds += float64(xe * float64(r))
				}
				switch {
				case to < 0:
					term[-1-to] += xe
				case !in[to]:
					visits[to] += xe
				}
			}
		}
		for _, v := range comp {
			in[v] = false
		}
	}
	fl.rounds = rounds
	return fl, nil
}

// cycleFloats is solveCycle in floats.
func cycleFloats(c *chain[float64, floats], comp []int32, pos []int32, visits []float64) error {
	if err := c.enterCycle(comp, pos); err != nil {
		return err
	}
	defer leaveCycle(comp, pos)
	if len(comp) == 1 {
		return ringFloats(c, comp[0], visits)
	}
	if ok, err := loopFloats(c, comp, pos, visits); ok {
		return err
	}
	return c.solveDense(comp, pos, visits)
}

// ringFloats is solveRing in floats.
func ringFloats(c *chain[float64, floats], v int32, visits []float64) error {
	d := 1.0
	e0, e1 := c.edges(v)
	for e := e0; e < e1; e++ {
		if c.to[e] == v {
			d -= c.w[e]
		}
	}
	if d == 0 {
		return fmt.Errorf("exact: %w the battle never leaves", errCycle)
	}
	visits[v] /= d
	return nil
}

// loopFloats is solveLoop in floats.
func loopFloats(c *chain[float64, floats], comp []int32, pos []int32, visits []float64) (ok bool, err error) {
	k := len(comp)
	next := zeroed(&c.buf.next, k) // by place in comp: the one successor's place
	p := c.loopP[:0]               // by place: the chance of going to it
	for i, v := range comp {
		next[i] = -1
		sum := 0.0
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
			sum += c.w[e]
		}
		p = append(p, sum)
	}
	c.loopP = p
	// x_j = a·x₀ + s along the loop from place 0.
	a, s := 1.0, 0.0
	j := int32(0)
	for range k - 1 {
		a, s = float64(p[j]*a), visits[comp[next[j]]]+float64(p[j]*s)
		j = next[j]
	}
	d := 1 - float64(p[j]*a)
	if d == 0 {
		return true, fmt.Errorf("exact: %w the battle never leaves", errCycle)
	}
	x := (visits[comp[0]] + float64(p[j]*s)) / d
	visits[comp[0]] = x
	j = 0
	for range k - 1 {
		n := next[j]
		x = visits[comp[n]] + float64(p[j]*x)
		visits[comp[n]] = x
		j = n
	}
	return true, nil
}
