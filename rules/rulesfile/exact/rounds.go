package exact

import (
	"math"
	"math/bits"
	"slices"
)

// maxSweep bounds the rounds the distribution of rounds follows.
const maxSweep = 1_000_000

// pruneMass is the mass below which a node's share of one round is not
// followed further but counted in the tail (rest): most of the work of a
// long distribution goes to such crumbs, and their total stays far below
// the tail tolerance (each bin is low by at most the pruned total).
const pruneMass = 1e-22

// sweepPerStep is how many nodes or edges the sweep follows for a step of
// the budget.
const sweepPerStep = 16

// sweep is the chain laid out for roundsDist: the nodes by step (within a
// round the steps only go forward, so that is an order in which every
// edge that begins no round leads later), each node's edges contiguous.
//
// Its mass holds two rounds: with h = n+2, round r's place p is cell
// (r mod 2)·h + p, cell (r mod 2)·h + n the mass that ends the battle in
// round r and (r mod 2)·h + n + 1 the mass that ends it once one more
// round begins; the next round's are the other half. An edge's cell thus
// depends only on the parity of the round (to[0] in an even round, to[1]
// in an odd one), and the sweep adds its mass there without asking where
// it leads. Only an edge that begins two rounds or more (farCell, looked
// up in far) is told apart, and only in the nodes that have one.
type sweep struct {
	nodes []sweepNode // by place
	p     []float64   // by edge, in the order of places
	to    [2][]int32
	far   map[int32][2]int32 // edge → target place (−1: an end), rounds
	heads []int32            // the places an edge beginning one round reaches, in order
	mass  []float64
	// marks has a bit a place (sparseRound), cur the sparse round's half
	// of mass (−1 in a dense one)
	marks []uint64
	cur   int32
}

// farCell is the cell of an edge that begins two rounds or more.
const farCell = -1

// layOut lays c out for the sweep, and returns it and each node's place.
func layOut(c *chain[float64, floats]) (*sweep, []int32) {
	n := int32(c.nodes.len())
	h := n + 2
	order := stepOrder(c)
	place := zeroed(&c.buf.place, int(n))
	for p, v := range order {
		place[v] = int32(p)
	}
	b := &c.buf
	sw := &sweep{nodes: zeroed(&b.sweep, int(n)), p: zeroed(&b.pr, len(c.to)), to: [2][]int32{zeroed(&b.to0, len(c.to)), zeroed(&b.to1, len(c.to))},
		far: map[int32][2]int32{}, mass: zeroed(&b.mass, 2*int(h)), marks: zeroed(&b.marks, (int(n)+63)/64), cur: -1}
	head := zeroed(&b.head, int(n))
	e := int32(0)
	for p, v := range order {
		sn := sweepNode{e0: e, hi: -1, nlo: math.MaxInt32, nhi: -1}
		e0, e1 := c.edges(v)
		for k := e0; k < e1; k++ {
			t, dr := int32(-1), c.rnd[k]
			if c.to[k] >= 0 {
				t = place[c.to[k]]
			}
			even, odd := int32(farCell), int32(farCell)
			switch {
			case dr > 1:
				sw.far[e] = [2]int32{t, dr}
				sn.far = true
			case t < 0: // an end, now or once one more round begins
				even = n + dr
				odd = even + h
			case dr == 0:
				even, odd = t, t+h
				sn.hi = max(sn.hi, t)
			default:
				even, odd = t+h, t
				sn.nlo, sn.nhi = min(sn.nlo, t), max(sn.nhi, t)
				head[t] = true
			}
			sw.p[e], sw.to[0][e], sw.to[1][e] = c.w[k], even, odd
			e++
		}
		sn.e1 = e
		sw.nodes[p] = sn
	}
	sw.heads = b.heads[:0]
	for p, is := range head {
		if is {
			sw.heads = append(sw.heads, int32(p))
		}
	}
	b.heads = sw.heads
	return sw, place
}

// stepOrder returns c's nodes by step, each step's in the order of their
// indices: a counting sort, the steps being few (a model's).
func stepOrder(c *chain[float64, floats]) []int32 {
	n := c.nodes.len()
	top := 0
	for i := range n {
		top = max(top, c.nodes.pos(int32(i)))
	}
	start := zeroed(&c.buf.count, top+2)
	for i := range n {
		start[c.nodes.pos(int32(i))+1]++
	}
	for s := 1; s < len(start); s++ {
		start[s] += start[s-1]
	}
	order := zeroed(&c.buf.order, n)
	for i := range n {
		s := c.nodes.pos(int32(i))
		order[start[s]] = int32(i)
		start[s]++
	}
	return order
}

// remaining returns the mass of places lo..hi in the half of mass at
// next, added up in order. Only heads get mass for the next round (every
// other cell of its half was emptied when swept, and adding a zero
// changes no sum), so it adds up the heads' cells alone: of the
// thousands of places a round spans, a few hundred.
func (sw *sweep) remaining(next, lo, hi int32) float64 {
	if hi < lo {
		return 0 // no mass goes on
	}
	i, _ := slices.BinarySearch(sw.heads, lo)
	j, _ := slices.BinarySearch(sw.heads, hi+1)
	sum := 0.0
	for _, p := range sw.heads[i:j] {
		sum += sw.mass[next+p]
	}
	return sum
}

// roundsDist is the distribution of the rounds a battle lasts, P(rounds =
// r), swept round by round through the chain: each round one pass over
// the nodes in step order, an edge that begins a round carrying its mass
// to the next pass. The sweep stops once less than tail of the mass is
// left (rest). Everything is visited in an order fixed by the chain, so
// the sums are the same every run.
//
// It is longer than a function should be: it is the hot loop of the
// distribution, and one function keeps its variables in registers.
func roundsDist(c *chain[float64, floats], tail float64) (dist []float64, rest float64, err error) {
	if c.root < 0 {
		addAt(&dist, c.rootRounds, 1)
		return dist, 0, nil
	}
	sw, place := layOut(c)
	nodes, mass := sw.nodes, sw.mass
	n := int32(len(nodes))
	h := n + 2
	far := map[int32][]pending{} // mass of edges that pass over rounds
	pruned := 0.0
	nlo, nhi := place[c.root], place[c.root]
	mass[int32(c.rootRounds%2)*h+nlo] = 1
	// the places the round before spanned and the nodes it visited (the
	// first round is dense)
	spanned, visited := int32(0), n
	for r := c.rootRounds; r < maxSweep; r++ {
		cur := (r % 2) * h
		to := sw.to[r%2]
		p := sw.p[:len(to)]
		lo, hi := nlo, nhi
		sparse := int64(visited)*sparseRatio < int64(spanned)
		// The next round's span, kept in memory: the loop needs the
		// registers more.
		span := [2]int32{n, -1}
		if len(far) > 0 {
			for _, q := range far[r] {
				mass[cur+q.v] += q.x
				lo, hi = min(lo, q.v), max(hi, q.v)
				if sparse {
					sw.marks[q.v>>6] |= 1 << (q.v & 63)
				}
			}
			delete(far, r)
		}
		visited = 0
		if sparse {
			at := sparseAt{lo: lo, hi: hi, span: span, pruned: pruned}
			sw.sparseRound(r, &at, far, &dist)
			hi, span, pruned, visited = at.hi, at.span, at.pruned, at.visited
		} else {
			for i := lo; i <= hi; i++ {
				m := mass[cur+i]
				if m == 0 {
					continue
				}
				mass[cur+i] = 0
				if m < pruneMass {
					pruned += m
					continue
				}
				visited++
				sn := &nodes[i]
				hi = max(hi, sn.hi)
				span[0], span[1] = min(span[0], sn.nlo), max(span[1], sn.nhi)
				if sn.far {
					sw.spill(sn, m, r, far, &dist)
					continue
				}
				for e := sn.e0; e < sn.e1; e++ {
					mass[to[e]] += m * p[e]
				}
			}
		}
		nlo, nhi, spanned = span[0], span[1], hi-lo+1
		addAt(&dist, r, mass[cur+n])
		addAt(&dist, r+1, mass[cur+n+1])
		mass[cur+n], mass[cur+n+1] = 0, 0
		if hi >= lo {
			if err := c.bud.spend(int64(nodes[hi].e1-nodes[lo].e0+hi-lo) / sweepPerStep); err != nil {
				return nil, 0, err
			}
		}
		rest = sw.remaining(h-cur, nlo, nhi)
		if len(far) > 0 {
			for _, d := range slices.Sorted(mapKeys(far)) {
				for _, q := range far[d] {
					rest += q.x
				}
			}
		}
		if rest+pruned < tail {
			break
		}
	}
	for len(dist) > 1 && dist[len(dist)-1] == 0 {
		dist = dist[:len(dist)-1]
	}
	return dist, rest + pruned, nil
}

// sparseRatio is how many times the nodes a round visits the places it
// spans must be for the next round to be swept sparse (sparseRound); 4
// took the fewest instructions for both Eclipse battles of
// BenchmarkVersusEclipse (2 and 8 a few tenths of a percent more). Tests
// set it to sweep every round sparse (0) or none (math.MaxInt32).
var sparseRatio int64 = 4

// sparseAt is where sparseRound stands: the round's places lo..hi (hi
// widened by the nodes' reach), the next round's span, the mass pruned
// so far (added up in the order the dense loop adds it) and the nodes
// the round visited.
type sparseAt struct {
	lo, hi  int32
	span    [2]int32
	pruned  float64
	visited int32
}

// sparseRound sweeps round r as roundsDist's loop does, visiting only the
// cells that hold mass: in a battle's last rounds a few hundred of the
// thousands of places a round spans do (upgraded-three-types: 54 of 6,522
// in its last round), and the dense loop's pass over the empty ones cost
// more than the rest. A bitmap of the round's places (sw.marks) holds
// the cells with mass: the heads and what far brought as the round
// begins (roundsDist marks the latter), then every place an edge brings
// mass to an empty cell of. The cells are visited in the order of their
// places, as the dense loop visits them (an edge of the round leads to a
// later place, so the bitmap is read once forward), and each adds the
// same products in the same order: every sum is the dense loop's to the
// bit.
func (sw *sweep) sparseRound(r int32, at *sparseAt, far map[int32][]pending, dist *[]float64) {
	nodes, mass, marks := sw.nodes, sw.mass, sw.marks
	n := int32(len(nodes))
	cur := (r % 2) * (n + 2)
	cells := mass[cur : cur+n]
	to := sw.to[r%2]
	p := sw.p[:len(to)]
	i, _ := slices.BinarySearch(sw.heads, at.lo)
	for _, v := range sw.heads[i:] {
		if v > at.hi {
			break
		}
		if cells[v] != 0 {
			marks[v>>6] |= 1 << (v & 63)
		}
	}
	sw.cur = cur
	for w := at.lo >> 6; w < int32(len(marks)); w++ {
		for marks[w] != 0 {
			b := int32(bits.TrailingZeros64(marks[w]))
			marks[w] &^= 1 << b
			i := w<<6 | b
			m := cells[i]
			if m == 0 {
				continue
			}
			cells[i] = 0
			if m < pruneMass {
				at.pruned += m
				continue
			}
			at.visited++
			sn := &nodes[i]
			at.hi = max(at.hi, sn.hi)
			at.span[0], at.span[1] = min(at.span[0], sn.nlo), max(at.span[1], sn.nhi)
			if sn.far {
				sw.spill(sn, m, r, far, dist)
				continue
			}
			for e := sn.e0; e < sn.e1; e++ {
				t := to[e]
				old := mass[t]
				mass[t] = old + m*p[e]
				if u := t - cur; old == 0 && uint32(u) < uint32(n) {
					marks[u>>6] |= 1 << (u & 63)
				}
			}
		}
	}
	sw.cur = -1
}

// spill follows the edges of node sn, with mass m in round r, one of
// which at least begins two rounds or more: such an edge's mass waits in
// far for its round, or goes to dist if it ends the battle.
func (sw *sweep) spill(sn *sweepNode, m float64, r int32, far map[int32][]pending, dist *[]float64) {
	to := sw.to[r%2]
	for e := sn.e0; e < sn.e1; e++ {
		x := m * sw.p[e]
		if t := to[e]; t != farCell {
			old := sw.mass[t]
			sw.mass[t] = old + x
			// In a sparse round, a place of the round that gets mass is
			// marked.
			if u := t - sw.cur; sw.cur >= 0 && old == 0 && uint32(u) < uint32(len(sw.nodes)) {
				sw.marks[u>>6] |= 1 << (u & 63)
			}
			continue
		}
		fe := sw.far[e]
		if fe[0] < 0 {
			addAt(dist, r+fe[1], x)
		} else {
			far[r+fe[1]] = append(far[r+fe[1]], pending{fe[0], x})
		}
	}
}

// addAt adds x to (*dist)[r], growing *dist as far as r.
func addAt(dist *[]float64, r int32, x float64) {
	for int(r) >= len(*dist) {
		*dist = append(*dist, 0)
	}
	(*dist)[r] += x
}

// pending is mass waiting for a later round at a node's place.
type pending struct {
	v int32
	x float64
}
