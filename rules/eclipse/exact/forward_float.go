package exact

// forwardFloats is forward for the floating-point solver with its
// arithmetic written out. Through the num interface every sum and product
// is a call (a type parameter's method is called through the
// instantiation's dictionary, never inlined), which was most of the
// pass's cost beyond the edges themselves: fleet-mirror-upgraded's
// forward pass took 90 M instructions. Every product is rounded before it
// is added, as floats' methods round it (the explicit conversion forbids
// a fused multiply-add), so the numbers are forward's to the bit; a test
// holds the two to that.
func forwardFloats(s *solver[float64, floats]) error {
	s.mass = zeroed(s.ar, s.mass, len(s.nodes))
	s.term = zeroed(s.ar, s.term, len(s.terms))
	s.rndE = 0
	s.mass[s.root] = 1
	var ms [16]float64
	return s.clusters(false, func(cl []int32) {
		// M_i = α_i + β_i M_0 along the no-change chain; M_0 closes the
		// loop (see forward).
		n := len(cl)
		s.alpha, s.beta = scratch(s.alpha, n), scratch(s.beta, n) // every element is set below
		alpha, beta, mass, nc := s.alpha, s.beta, s.mass, s.nc
		alpha[0], beta[0] = 0, 1
		for i := 1; i < n; i++ {
			prev := cl[i-1]
			if s.intra(prev) && s.nodes[prev].ncTo == cl[i] {
				alpha[i] = mass[cl[i]] + float64(nc[prev]*alpha[i-1])
				beta[i] = float64(nc[prev] * beta[i-1])
			} else {
				alpha[i], beta[i] = mass[cl[i]], 0
			}
		}
		last := cl[n-1]
		m0 := mass[cl[0]]
		if s.intra(last) && s.nodes[last].ncTo == cl[0] {
			q := nc[last]
			m0 = (m0 + float64(q*alpha[n-1])) / (1 - float64(q*beta[n-1]))
		}
		ms[0] = m0
		for i := 1; i < n; i++ {
			ms[i] = alpha[i] + float64(beta[i]*m0)
		}
		for i, a := range cl {
			if m := ms[i]; m != 0 {
				flowFloat(s, a, m)
			}
		}
	})
}

// flowFloat is flow for the floating-point solver (see forwardFloats).
func flowFloat(s *solver[float64, floats], a int32, m float64) {
	nd := &s.nodes[a]
	if nd.k == 0 && !nd.stale && s.enc.roundOf(nd.key/s.enc.ptrs) >= 1 {
		s.rndE += m // a round begins at each visit
	}
	e0, e1 := s.edges(a)
	floats{}.spread(m, s.prob[e0:e1], s.to[e0:e1], s.mass, s.term)
	if nd.ncTo >= 0 && !s.intra(a) {
		s.mass[nd.ncTo] += float64(m * s.nc[a])
	}
}
