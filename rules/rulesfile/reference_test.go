package rulesfile_test

import (
	"maps"
	"math"
	"slices"
)

// Independent references for the interaction suite (interaction_test.go):
// probability mass functions built by hand from the rules' words, by
// convolution and by enumerating every outcome of a few dice. Nothing here
// reads the rules files or crucible's code.

// pmf is a distribution over integers.
type pmf map[int]float64

// uniform is one die whose faces are equally likely.
func uniform(faces ...int) pmf {
	p := pmf{}
	for _, f := range faces {
		p[f] += 1 / float64(len(faces))
	}
	return p
}

// dN is a die of faces 1..n.
func dN(n int) pmf {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = i + 1
	}
	return uniform(faces...)
}

// point is the value v for certain.
func point(v int) pmf { return pmf{v: 1} }

// plus is the distribution of the sum of independent draws of p and q.
func (p pmf) plus(q pmf) pmf {
	r := pmf{}
	for x, px := range p {
		for y, qy := range q {
			r[x+y] += px * qy
		}
	}
	return r
}

// times is the sum of n independent draws of p.
func (p pmf) times(n int) pmf {
	r := point(0)
	for range n {
		r = r.plus(p)
	}
	return r
}

// atLeast is P(X ≥ h).
func (p pmf) atLeast(h int) float64 {
	s := 0.0
	for x, px := range p {
		if x >= h {
			s += px
		}
	}
	return s
}

// mean is E[X].
func (p pmf) mean() float64 {
	s := 0.0
	for x, px := range p {
		s += float64(x) * px
	}
	return s
}

// sd is the standard deviation of X.
func (p pmf) sd() float64 {
	m, s := p.mean(), 0.0
	for x, px := range p {
		s += px * (float64(x) - m) * (float64(x) - m)
	}
	return math.Sqrt(s)
}

// bernoulli is 1 with probability q, else 0.
func bernoulli(q float64) pmf { return pmf{1: q, 0: 1 - q} }

// binomial is the number of successes in n trials of chance q.
func binomial(n int, q float64) pmf { return bernoulli(q).times(n) }

// mapped is the distribution of f(X).
func (p pmf) mapped(f func(int) int) pmf {
	r := pmf{}
	for x, px := range p {
		r[f(x)] += px
	}
	return r
}

// mixed is, with the weights w, a draw of one of the distributions ps.
func mixed(w []float64, ps ...pmf) pmf {
	r := pmf{}
	for i, p := range ps {
		for x, px := range p {
			r[x] += w[i] * px
		}
	}
	return r
}

// rerolledOnce is a die of p rolled again, once, when its face meets
// cond: the second face stands.
func rerolledOnce(p pmf, cond func(int) bool) pmf {
	again := 0.0
	r := pmf{}
	for f, pf := range p {
		if cond(f) {
			again += pf
		} else {
			r[f] += pf
		}
	}
	for f, pf := range p {
		r[f] += again * pf
	}
	return r
}

// exploding is a die of faces 1..n that adds another die whenever its face
// meets on, at most depth times: the chain's total.
func exploding(n int, on func(int) bool, depth int) pmf {
	if depth == 0 {
		return dN(n)
	}
	rest := exploding(n, on, depth-1)
	r := pmf{}
	for f := 1; f <= n; f++ {
		if !on(f) {
			r[f] += 1 / float64(n)
			continue
		}
		for x, px := range rest {
			r[f+x] += px / float64(n)
		}
	}
	return r
}

// pool enumerates every outcome of n independent dice of p and gives the
// distribution of f of the sorted faces (highest first).
func pool(p pmf, n int, f func(desc []int) int) pmf {
	faces := slices.Sorted(maps.Keys(p))
	r := pmf{}
	roll := make([]int, n)
	desc := make([]int, n)
	var walk func(i int, w float64)
	walk = func(i int, w float64) {
		if i == n {
			copy(desc, roll)
			slices.Sort(desc)
			slices.Reverse(desc)
			r[f(desc)] += w
			return
		}
		for _, x := range faces {
			roll[i] = x
			walk(i+1, w*p[x])
		}
	}
	walk(0, 1)
	return r
}

// sumFirst is the sum of the first k of faces.
func sumFirst(k int) func([]int) int {
	return func(faces []int) int {
		s := 0
		for _, x := range faces[:k] {
			s += x
		}
		return s
	}
}

// compare is the chance that a draw of p is above, equal to and below a
// draw of q.
func compare(p, q pmf) (above, tie, below float64) {
	for x, px := range p {
		for y, qy := range q {
			switch {
			case x > y:
				above += px * qy
			case x == y:
				tie += px * qy
			default:
				below += px * qy
			}
		}
	}
	return
}

// budgeted is the hits of n dice that hit with chance q, the misses
// rolled again while a budget of b re-rolls lasts.
func budgeted(n int, q float64, b int) pmf {
	r := pmf{}
	for k, pk := range binomial(n, q) {
		again := min(n-k, b)
		for x, px := range binomial(again, q) {
			r[k+x] += pk * px
		}
	}
	return r
}

// choose is the binomial coefficient.
func choose(n, k int) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}
