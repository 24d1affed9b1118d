package exact

// forwardFloats is forward for the floating-point solver with its
// arithmetic written out, and its walk over the clusters and a node's
// flow along its edges inlined. Through the num interface every sum and
// product is a call (a type parameter's method is called through the
// instantiation's dictionary, never inlined), which was most of the
// pass's cost beyond the edges themselves: fleet-mirror-upgraded's
// forward pass took 90 M instructions. Every product is rounded before it
// is added, as floats' methods round it (the explicit conversion forbids
// a fused multiply-add), and every sum is taken in forward's order, so
// the numbers are forward's to the bit; a test holds the two to that.
func forwardFloats(s *solver[float64, floats]) error {
	// Zeroed by clear, not by zeroed's call of the arithmetic's zero
	// per element.
	s.mass, s.term = scratch(s.mass, len(s.nodes)), scratch(s.term, len(s.terms))
	clear(s.mass)
	clear(s.term)
	s.rndE = 0
	s.mass[s.root] = 1
	nodes, order := s.nodes, s.order
	for done, i := 0, 0; i < len(order); done++ {
		if done%clustersPerLook == 0 {
			if err := s.bud.ctx.Err(); err != nil {
				return err
			}
		}
		// The cluster: the run of nodes of one fleet state (see clusters).
		j, st := i+1, nodes[order[i]].state()
		for j < len(order) && nodes[order[j]].state() == st {
			j++
		}
		forwardCluster(s, order[i:j])
		i = j
	}
	return nil
}

// forwardCluster solves the no-change loop of cluster cl and sends each
// node's mass on (see forward): M_i = α_i + β_i M_0 along the no-change
// chain; M_0 closes the loop. A node's no-change successor within the
// cluster is in its fleet state, so that it is the next node of cl (or
// the first) says it is within.
func forwardCluster(s *solver[float64, floats], cl []int32) {
	var alpha, beta [16]float64 // a cluster holds at most ptrs ≤ MaxTypes nodes
	nodes, mass, nc := s.nodes, s.mass, s.nc
	n := len(cl)
	alpha[0], beta[0] = 0, 1
	for i := 1; i < n; i++ {
		prev := cl[i-1]
		if nodes[prev].ncTo == cl[i] {
			alpha[i] = mass[cl[i]] + float64(nc[prev]*alpha[i-1])
			beta[i] = float64(nc[prev] * beta[i-1])
		} else {
			alpha[i], beta[i] = mass[cl[i]], 0
		}
	}
	last := cl[n-1]
	m0 := mass[cl[0]]
	if nodes[last].ncTo == cl[0] {
		q := nc[last]
		m0 = (m0 + float64(q*alpha[n-1])) / (1 - float64(q*beta[n-1]))
	}
	for i, a := range cl {
		m := m0
		if i > 0 {
			m = alpha[i] + float64(beta[i]*m0)
		}
		if m != 0 {
			flowFloat(s, a, m)
		}
	}
}

// flowFloat is flow for the floating-point solver (see forwardFloats).
func flowFloat(s *solver[float64, floats], a int32, m float64) {
	nd := &s.nodes[a]
	// A round's key is at least a round digit's span of keys: the round
	// digit is the key's highest (see encoder.join).
	if nd.k == 0 && !nd.stale && nd.key >= s.enc.side[0]*s.enc.side[1]*s.enc.ptrs {
		s.rndE += m // a round begins at each visit
	}
	e0, e1 := s.edges(a)
	mass, term, prob := s.mass, s.term, s.prob[e0:e1]
	for e, t := range s.to[e0:e1] {
		if t < 0 {
			term[-1-t] += float64(m * prob[e])
		} else {
			mass[t] += float64(m * prob[e])
		}
	}
	if to := nd.ncTo; to >= 0 && s.nodes[to].state() != nd.state() {
		mass[to] += float64(m * s.nc[a])
	}
}
