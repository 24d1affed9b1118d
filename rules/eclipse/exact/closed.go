package exact

// A round is closed when all it can do is end the battle or change
// nothing: from its head, each activation's outcomes either end the
// battle or leave the fleet state as it was (a miss: the no-change exit),
// and the last activation's no-change exit leads back to the same head,
// in the next round. A duel of two ships that each die at the first hit
// is closed from its first round; every round is then the same chain of
// nodes, with the same probabilities. (The issue that asked for this
// called such rounds "absorbing-only".)
//
// Their distribution is geometric, and its tail could be summed as a
// series, but floating-point sums done otherwise would differ from the
// sweep's in the last bits. sweepClosed instead follows the chain with
// the very operations rounds would do, in the same order, so the
// distribution stays bit for bit what the sweep gives, at a fraction of
// its cost: a closed round of a duel is four multiplications and two
// additions, where the sweep pays for scanning positions and looking up
// edges and cells.
//
// It takes over only where that is plainly so: a single head holding
// mass, a chain short enough that the sweep's rounds would cost no step
// of the budget, and mass enough that no node of the chain falls below
// pruneMass (where the sweep prunes). It hands the rounds back to the
// sweep once that last condition fails (a tail of less than 1e-22 asked
// for).

// closedRound is the chain sweepClosed follows: its head's position and
// its operations in order from the head, and the least mass of the head
// with which no node of the chain gets less than pruneMass.
type closedRound struct {
	head   int32
	ops    []closedOp
	safe   float64
	open   int32 // a head found not to qualify (see closedFrom), −1 if none
	rounds int   // the rounds sweepClosed swept in this solve
}

// closedOp is one step of a chain, ended += m·a then m *= b: an edge that
// ends the battle (a = its probability, b = 1) or a node's no-change exit
// to the next (a = 0, b = its probability). Adding m·0 or multiplying by
// 1 changes no bit of a non-negative float, so every step can be both
// and the loop need not ask which.
type closedOp struct {
	a, b float64
}

// closedFrom reports whether sweepClosed may sweep round at.r, whose
// heads are at positions at.lo..at.hi: there is a single one, its round
// is closed and costs no step, and its mass is safe; and if so lays its
// chain out in w.closed. A head found not to qualify never will: it is
// not asked about again.
func (w *sweeper) closedFrom(at sweepAt) bool {
	c, h := w.closed, at.lo
	if h != at.hi || h == c.open {
		return false
	}
	last, ok := w.closedChain(h)
	if !ok || w.work[last+1]-w.work[h] >= sweepPerStep || w.mass[w.cell(at.r, h)] < c.safe {
		c.open = h
		return false
	}
	c.head = h
	return true
}

// closedChain lays out in w.closed the chain of the round headed at
// position h, and returns its last position and whether the round is
// closed. The cells of an even round tell the edges apart (see
// sweeper.mass): n is the end of the battle, a position below n is the
// same round, and n+1+h the head h in the next round.
func (w *sweeper) closedChain(h int32) (int32, bool) {
	c := w.closed
	n := int32(len(w.sweep))
	c.ops = c.ops[:0]
	prod := 1.0 // the exits' probabilities before the last node's
	for j := h; ; j++ {
		sn := &w.sweep[j]
		if sn.e0 == staleNode {
			return j, false
		}
		exit, to, first := 0.0, int32(-1), len(c.ops)
		for e := sn.e0; e < sn.e1; e++ {
			if to = w.to[0][e]; to == n {
				c.ops = append(c.ops, closedOp{a: w.p[e], b: 1})
				continue
			}
			// Not an end: it must be the no-change exit, the node's last
			// edge, to the next node of the same state or to the head.
			sameState := to == j+1 && w.nodes[w.order[j+1]].state() == w.nodes[w.order[j]].state()
			if e != sn.e1-1 || !sameState && to != n+1+h {
				return j, false
			}
			exit = w.p[e]
		}
		// The exit folds into the node's last end, if it has one: (a, 1)
		// then (0, q) is (a, q), the same operations less two that
		// change nothing.
		if k := len(c.ops) - 1; k >= first && c.ops[k].b == 1 {
			c.ops[k].b = exit
		} else {
			c.ops = append(c.ops, closedOp{b: exit})
		}
		switch {
		case exit == 0:
			return j, false // it ends the battle at once: not worth a chain
		case to == n+1+h:
			c.safe = safeMass(prod)
			return j, true
		}
		prod *= exit
	}
}

// safeMass is the safe mass of a chain whose last node gets the head's
// mass times prod, the product of the exits before it. A node j gets the
// head's mass m times q_0 … q_(j−1), computed with a relative error
// below 10⁻¹⁴ (under 64 roundings of 2⁻⁵³, far from the subnormal
// numbers): with m ≥ pruneMass / prod and a margin of 10⁻⁹ above it,
// every node gets pruneMass or more. (A product that underflows makes it
// infinite: the sweep keeps the rounds.)
func safeMass(prod float64) float64 {
	return pruneMass / prod * (1 + 1e-9)
}

// sweepClosed sweeps the closed rounds from round at.r on, as rounds
// would: per round, the chain's operations on the head's mass, what ends
// the battle added up in the order of the edges, and the mass back at the
// head the mass remaining. It returns where it stopped and whether the
// distribution is done (for the tail or maxRounds). If not, the head's
// mass is no longer safe: it is back in its cell of round at.r, for the
// sweep to go on from there.
func (w *sweeper) sweepClosed(at sweepAt) (sweepAt, bool) {
	c := w.closed
	ops, safe, dist := c.ops, c.safe, w.dist
	cell := w.cell(at.r, c.head)
	m, r, done := w.mass[cell], at.r, false
	w.mass[cell] = 0
	for m >= safe {
		ended := 0.0
		for _, op := range ops {
			ended += m * op.a
			m *= op.b
		}
		dist[r] += ended
		r++
		if done = m < w.tail || r > maxRounds; done {
			break
		}
		dist = append(dist, 0)
	}
	w.dist = dist
	c.rounds += r - at.r
	at.r, at.remaining = r, m
	if !done {
		c.open = c.head
		w.mass[w.cell(r, c.head)] = m
		at.lo, at.hi = c.head, c.head
	}
	return at, done
}
