package game

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// On small games full of ties (payoffs on a coarse grid), where the
// equilibria are often a polytope, the equilibrium Solve returns has the
// greatest entropy, checked another way: the vertices of the row
// player's optimal set are enumerated (every choice of tight constraints
// solved), and the Frank–Wolfe method climbs the entropy over their hull.
// Solve's mixture must guarantee the value (so it is in the set, and its
// entropy is at most the maximum) and have at least the entropy the
// climb reaches, which is within the climb's duality gap of the maximum.
func TestMaxEntropyAgainstVertexEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 80 {
		r, c := 2+trial%4, 2+(trial/4)%4
		grain := float64(2 + trial%3)
		m := make(Matrix, r)
		for i := range m {
			m[i] = make([]float64, c)
			for j := range m[i] {
				m[i][j] = math.Round(rng.Float64()*grain) / grain
			}
		}
		eq, err := Solve(nil, m)
		if err != nil {
			t.Fatal(err)
		}
		if !guarantees(m, eq.Row, eq.Value-1e-9) {
			t.Fatalf("%v: %v does not guarantee %v", m, eq.Row, eq.Value)
		}
		vertices := optimalVertices(m, eq.Value)
		best, gap := climbEntropy(vertices)
		if gap > 1e-3 {
			t.Fatalf("%v: the climb ended %g from the maximum", m, gap)
		}
		if h := entropy(eq.Row); h < best-1e-9 {
			t.Errorf("%v: Solve's %v has entropy %.9f; the hull of %d optimal vertices reaches %.9f", m, eq.Row, h, len(vertices), best)
		}
	}
}

// optimalVertices enumerates the vertices of {x ≥ 0, Σx = 1, Σᵢ xᵢ·Mᵢⱼ ≥ v}:
// every point where Σx = 1 and r−1 of the inequalities hold tight (and
// determine it) that meets the rest.
func optimalVertices(m Matrix, v float64) [][]float64 {
	r, c := m.Dims()
	// Constraint k < r is xₖ ≥ 0; r + j is column j's.
	row := func(k int) []float64 {
		out := make([]float64, r)
		if k < r {
			out[k] = 1
			return out
		}
		for i := range r {
			out[i] = m[i][k-r] - v
		}
		return out
	}
	var out [][]float64
	var choose func(start int, picked []int)
	choose = func(start int, picked []int) {
		if len(picked) == r-1 {
			a := mat.NewDense(r, r, nil)
			b := mat.NewVecDense(r, nil)
			for i := range r {
				a.Set(0, i, 1)
			}
			b.SetVec(0, 1)
			for q, k := range picked {
				a.SetRow(q+1, row(k))
			}
			var x mat.VecDense
			if err := x.SolveVec(a, b); err != nil {
				return
			}
			p := x.RawVector().Data
			for k := range r + c {
				s := 0.0
				for i, w := range row(k) {
					s += w * p[i]
				}
				if s < -1e-9 {
					return
				}
			}
			out = append(out, append([]float64(nil), p...))
			return
		}
		for k := start; k < r+c; k++ {
			choose(k+1, append(picked, k))
		}
	}
	choose(0, nil)
	return out
}

// climbEntropy maximises the entropy over the hull of the vertices by
// Frank–Wolfe with an exact line search from their average, and returns
// the entropy reached and the duality gap, which bounds how far below the
// maximum it is.
func climbEntropy(vertices [][]float64) (float64, float64) {
	n := len(vertices[0])
	x := make([]float64, n)
	for _, v := range vertices {
		for i := range x {
			x[i] += v[i] / float64(len(vertices))
		}
	}
	gap := math.Inf(1)
	for range 4000 {
		grad := make([]float64, n)
		for i, p := range x {
			if p > 0 {
				grad[i] = -math.Log(p) - 1
			}
		}
		best, bestV := math.Inf(-1), vertices[0]
		for _, v := range vertices {
			if s := dotVec(grad, v) - dotVec(grad, x); s > best {
				best, bestV = s, v
			}
		}
		if gap = best; gap < 1e-7 {
			break
		}
		lo, hi := 0.0, 1.0 // entropy is concave along the segment
		for range 60 {
			a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
			if entropy(mix(x, bestV, a)) < entropy(mix(x, bestV, b)) {
				lo = a
			} else {
				hi = b
			}
		}
		x = mix(x, bestV, (lo+hi)/2)
	}
	return entropy(x), gap
}

func mix(x, v []float64, t float64) []float64 {
	out := make([]float64, len(x))
	for i := range x {
		out[i] = (1-t)*x[i] + t*v[i]
	}
	return out
}

func dotVec(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func entropy(x []float64) float64 {
	h := 0.0
	for _, p := range x {
		if p > 0 {
			h -= p * math.Log(p)
		}
	}
	return h
}
