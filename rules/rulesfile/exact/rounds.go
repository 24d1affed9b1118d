package exact

import (
	"cmp"
	"math"
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

// sweep is the chain laid out for roundsDist: the nodes by step (within
// a round the steps only go forward, so that is an order in which every
// edge that begins no round leads later), each node's edges contiguous,
// each edge's target coded with the rounds it begins: p ≥ 0 the node at
// place p in the same round, endNow an end in the same round, endNext an
// end after beginning one more round, −3−p the node at place p in the
// next round, farEdge anything further (looked up in far).
type sweep struct {
	e0  []int32 // place i's edges are e0[i] to e0[i+1]−1
	tgt []int32
	pr  []float64
	far map[int32][2]int32 // edge → target place (−1: an end), rounds
}

// Codes of sweep.tgt besides places.
const (
	endNow  = -1
	endNext = -2
	farEdge = math.MinInt32
)

func layOut(c *chain[float64, floats]) (*sweep, []int32) {
	n := c.nodes.len()
	order := zeroed(&c.buf.order, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(x, y int32) int { return cmp.Compare(c.nodes.pos(x), c.nodes.pos(y)) })
	place := zeroed(&c.buf.place, n)
	for p, v := range order {
		place[v] = int32(p)
	}
	sw := &sweep{e0: zeroed(&c.buf.e0, n+1), tgt: zeroed(&c.buf.tgt, len(c.to))[:0], pr: zeroed(&c.buf.pr, len(c.to))[:0], far: map[int32][2]int32{}}
	for p, v := range order {
		sw.e0[p] = int32(len(sw.tgt))
		e0, e1 := c.edges(v)
		for e := e0; e < e1; e++ {
			t, dr := int32(-1), c.rnd[e]
			if c.to[e] >= 0 {
				t = place[c.to[e]]
			}
			code := int32(farEdge)
			switch {
			case t < 0 && dr == 0:
				code = endNow
			case t < 0 && dr == 1:
				code = endNext
			case dr == 0:
				code = t
			case dr == 1:
				code = -3 - t
			default:
				sw.far[int32(len(sw.tgt))] = [2]int32{t, dr}
			}
			sw.tgt = append(sw.tgt, code)
			sw.pr = append(sw.pr, c.w[e])
		}
	}
	sw.e0[n] = int32(len(sw.tgt))
	return sw, place
}

// roundsDist is the distribution of the rounds a battle lasts, P(rounds =
// r), swept round by round through the chain: each round one pass over
// the nodes in step order, an edge that begins a round carrying its mass
// to the next pass. The sweep stops once less than tail of the mass is
// left (rest). Everything is visited in an order fixed by the chain, so
// the sums are the same every run.
func roundsDist(c *chain[float64, floats], tail float64) (dist []float64, rest float64, err error) {
	add := func(r int32, x float64) {
		for int(r) >= len(dist) {
			dist = append(dist, 0)
		}
		dist[r] += x
	}
	if c.root < 0 {
		add(c.rootRounds, 1)
		return dist, 0, nil
	}
	sw, place := layOut(c)
	n := int32(len(place))
	cur, nxt := zeroed(&c.buf.cur, int(n)), zeroed(&c.buf.nxt, int(n))
	far := map[int32][]pending{} // mass of edges that pass over rounds
	pruned := 0.0
	nxt[place[c.root]] = 1
	nlo, nhi := place[c.root], place[c.root]
	for r := c.rootRounds; r < maxSweep; r++ {
		cur, nxt = nxt, cur
		lo, hi := nlo, nhi
		nlo, nhi = n, -1
		for _, p := range far[r] {
			cur[p.v] += p.x
			lo, hi = min(lo, p.v), max(hi, p.v)
		}
		delete(far, r)
		ended, endedNext := 0.0, 0.0
		tgt := sw.tgt
		for i := lo; i <= hi; i++ {
			m := cur[i]
			if m == 0 {
				continue
			}
			cur[i] = 0
			if m < pruneMass {
				pruned += m
				continue
			}
			for e := sw.e0[i]; e < sw.e0[i+1]; e++ {
				x, t := m*sw.pr[e], tgt[e]
				switch {
				case t >= 0: // later in this round, later in the order
					cur[t] += x
					hi = max(hi, t)
				case t == endNow:
					ended += x
				case t == endNext:
					endedNext += x
				case t != farEdge:
					t = -3 - t
					nxt[t] += x
					nlo, nhi = min(nlo, t), max(nhi, t)
				default:
					fe := sw.far[e]
					if fe[0] < 0 {
						add(r+fe[1], x)
					} else {
						far[r+fe[1]] = append(far[r+fe[1]], pending{fe[0], x})
					}
				}
			}
		}
		add(r, ended)
		add(r+1, endedNext)
		if hi >= lo {
			if err := c.bud.spend(int64(sw.e0[hi+1]-sw.e0[lo]+hi-lo) / sweepPerStep); err != nil {
				return nil, 0, err
			}
		}
		rest = 0
		for i := nlo; i <= nhi; i++ {
			rest += nxt[i]
		}
		for _, d := range slices.Sorted(mapKeys(far)) {
			for _, p := range far[d] {
				rest += p.x
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

// pending is mass waiting for a later round at a node's place.
type pending struct {
	v int32
	x float64
}
