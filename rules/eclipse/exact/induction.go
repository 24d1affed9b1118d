package exact

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// backward computes V = P(a wins) − P(b wins) for every node and the
// choices of optimal sides; fixed policies need no values.
func (s *solver[T, A]) backward() error {
	if s.c.Sides[0].Policy != assign.Optimal && s.c.Sides[1].Policy != assign.Optimal {
		return nil
	}
	ar := s.ar
	s.value = zeroed(ar, s.value, len(s.nodes))
	var cs, qs [16]T
	return s.clusters(true, func(cl []int32) {
		for i, a := range cl {
			cs[i], qs[i] = s.nodeSums(a)
		}
		// Within the cluster pointers increase along cl; the last node may
		// loop back to the first (a round with no change).
		n := len(cl)
		wrap := s.intra(cl[n-1]) && s.nodes[cl[n-1]].ncTo == cl[0]
		s.gam, s.del = scratch(s.gam, n), scratch(s.del, n) // every element is set below
		gam, del := s.gam, s.del
		for i := n - 1; i >= 0; i-- {
			next := i + 1
			linked := s.intra(cl[i]) && next < n && s.nodes[cl[i]].ncTo == cl[next]
			switch {
			case i == n-1 && wrap:
				gam[i], del[i] = cs[i], qs[i]
			case linked:
				gam[i] = ar.add(cs[i], ar.mul(qs[i], gam[next]))
				del[i] = ar.mul(qs[i], del[next])
			default:
				gam[i], del[i] = cs[i], ar.zero()
			}
		}
		v0 := gam[0]
		if !ar.isZero(del[0]) {
			v0 = ar.div(gam[0], ar.sub(ar.frac(1, 1), del[0]))
		}
		for i := range n {
			s.value[cl[i]] = ar.add(gam[i], ar.mul(del[i], v0))
		}
	})
}

// nodeSums returns node a's c_k, the value of its changed outcomes (and
// of its no-change exit when that leaves the cluster), and q_k, its
// intra-cluster no-change probability. On the way it points each edge at
// its best alternative for the side choosing.
func (s *solver[T, A]) nodeSums(a int32) (c, q T) {
	ar := s.ar
	nd := &s.nodes[a]
	sum := ar.zero()
	e0, e1 := s.edges(a)
	for e := e0; e < e1; e++ {
		s.to[e] = s.bestTarget(e, nd.chooser)
		sum = ar.add(sum, ar.mul(s.prob[e], s.targetValue(s.to[e])))
	}
	q = ar.zero()
	if nd.ncTo >= 0 {
		if s.intra(a) {
			q = s.nc[a]
		} else {
			sum = ar.add(sum, ar.mul(s.nc[a], s.value[nd.ncTo]))
		}
	}
	return sum, q
}

// bestTarget is the alternative target of edge e best for side chooser
// (values are side a's, so side b minimises them); the first of equals.
func (s *solver[T, A]) bestTarget(e int32, chooser int8) int32 {
	ar := s.ar
	best := int32(0)
	var bv T
	for o := int32(0); o < s.nalt[e]; o++ {
		v := s.targetValue(s.alts[s.alt0[e]+o])
		if chooser == 1 {
			v = ar.sub(ar.zero(), v)
		}
		if o == 0 || ar.better(v, bv) {
			best, bv = o, v
		}
	}
	return s.alts[s.alt0[e]+best]
}

// forward pushes the probability mass from the root through the chain and
// collects the terminal distribution and E[rounds] (§8.3).
func (s *solver[T, A]) forward() error {
	if fs, ok := any(s).(*solver[float64, floats]); ok {
		return forwardFloats(fs)
	}
	ar := s.ar
	s.mass = zeroed(ar, s.mass, len(s.nodes))
	s.term = zeroed(ar, s.term, len(s.terms))
	s.rndE = ar.zero()
	s.mass[s.root] = ar.frac(1, 1)
	var ms [16]T
	return s.clusters(false, func(cl []int32) {
		n := len(cl)
		// M_i = α_i + β_i M_0 along the no-change chain; M_0 closes the loop.
		s.alpha, s.beta = scratch(s.alpha, n), scratch(s.beta, n) // every element is set below
		alpha, beta := s.alpha, s.beta
		alpha[0], beta[0] = ar.zero(), ar.frac(1, 1)
		for i := 1; i < n; i++ {
			prev := cl[i-1]
			if s.intra(prev) && s.nodes[prev].ncTo == cl[i] {
				alpha[i] = ar.add(s.mass[cl[i]], ar.mul(s.nc[prev], alpha[i-1]))
				beta[i] = ar.mul(s.nc[prev], beta[i-1])
			} else {
				alpha[i], beta[i] = s.mass[cl[i]], ar.zero()
			}
		}
		last := cl[n-1]
		m0 := s.mass[cl[0]]
		if s.intra(last) && s.nodes[last].ncTo == cl[0] {
			q := s.nc[last]
			m0 = ar.div(ar.add(m0, ar.mul(q, alpha[n-1])), ar.sub(ar.frac(1, 1), ar.mul(q, beta[n-1])))
		}
		for i := range n {
			if i == 0 {
				ms[i] = m0
			} else {
				ms[i] = ar.add(alpha[i], ar.mul(beta[i], m0))
			}
		}
		for i, a := range cl {
			if !ar.isZero(ms[i]) {
				s.flow(a, ms[i])
			}
		}
	})
}

// flow sends node a's mass m along its edges, to nodes and terminals, and
// along its no-change exit when that leaves the cluster (the cluster's own
// loop is solved by forward).
func (s *solver[T, A]) flow(a int32, m T) {
	ar := s.ar
	nd := &s.nodes[a]
	if nd.k == 0 && !nd.stale && s.enc.roundOf(nd.key/s.enc.ptrs) >= 1 {
		s.rndE = ar.add(s.rndE, m) // a round begins at each visit
	}
	e0, e1 := s.edges(a)
	ar.spread(m, s.prob[e0:e1], s.to[e0:e1], s.mass, s.term)
	if nd.ncTo >= 0 && !s.intra(a) {
		s.mass[nd.ncTo] = ar.add(s.mass[nd.ncTo], ar.mul(m, s.nc[a]))
	}
}

// zeroed returns buf resized to n elements, each ar's zero.
func zeroed[T any, A num[T]](ar A, buf []T, n int) []T {
	buf = scratch(buf, n)
	for i := range buf {
		buf[i] = ar.zero()
	}
	return buf
}

func (s *solver[T, A]) termValue(i int32) T {
	switch s.terms[i].winner {
	case rules.A:
		return s.ar.frac(1, 1)
	case rules.B:
		return s.ar.frac(-1, 1)
	}
	return s.ar.zero()
}

func (s *solver[T, A]) targetValue(to int32) T {
	if to < 0 {
		return s.termValue(-1 - to)
	}
	return s.value[to]
}
