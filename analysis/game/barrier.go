package game

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
)

// barrier maximises the weighted entropy Σ xᵢ(wᵢ − log xᵢ) of a mixture
// over rows (wᵢ is log k for a row standing for k equal ones, see
// maxEntropyOptimal) subject to Σᵢ xᵢ·Bᵢⱼ = 0 on the equal columns and ≥ 0
// on the atLeast ones, from x0, which is positive on rows and strictly
// inside the inequalities (the equalities may be off by rounding: the
// first Newton step corrects them). It minimises Σ xᵢ(log xᵢ − wᵢ) −
// μ Σⱼ log gⱼ(x) for μ falling to nothing, each by Newton steps with the
// equalities as constraints, every step charged to the budget. It returns
// nil if it cannot make progress, and an error only when the budget stops
// it.
func barrier(budget *Budget, b Matrix, w []float64, rows, equal, atLeast []int, x0 []float64) ([]float64, error) {
	n := len(rows)
	x := make([]float64, n)
	wk := make([]float64, n)
	for k, i := range rows {
		x[k], wk[k] = x0[i], w[i]
	}
	cons := independentRows(equalityRows(b, rows, equal))
	rhs := make([]float64, len(cons))
	rhs[0] = 1 // the first is Σx = 1
	if len(cons) == n {
		// The equalities leave one mixture (a unique equilibrium, as most
		// games have): nothing to maximise, and Newton's steps would only
		// stir its rounding.
		if err := budget.spend(int64(n) * int64(n) * int64(n)); err != nil {
			return nil, err
		}
		if !project(cons, rhs, x) {
			return nil, nil
		}
		return widen(len(b), rows, x), nil
	}
	// A Newton step builds and solves its system; a line search tries a
	// few points, each the gaps' cost.
	size := int64(n + len(cons))
	stepOps := int64(n)*int64(n)*int64(len(atLeast)+1) + size*size*size/3 + 8*int64(n)*int64(len(atLeast)+1)
	for mu := 1.0; ; mu /= 8 {
		for range 60 {
			if err := budget.spend(stepOps); err != nil {
				return nil, err
			}
			step, ok := newtonStep(b, wk, rows, atLeast, cons, rhs, x, mu)
			if !ok {
				return nil, nil
			}
			if !lineSearch(b, wk, rows, atLeast, x, step, mu) {
				break
			}
		}
		// An ill-conditioned Newton system lets the equalities drift by
		// its rounding; put x back on them. A strong barrier (μ large
		// beside the entropy) may hold a probability so near zero that
		// the rounding of the projection crosses it: the later steps,
		// which weaken the barrier, lift it again, and only the last
		// projection must succeed.
		last := mu*float64(len(atLeast)+1) < 1e-13
		if !project(cons, rhs, x) && last {
			return nil, nil
		}
		if last {
			break
		}
	}
	return widen(len(b), rows, x), nil
}

// widen returns the mixture over all n rows that gives rows[k] x[k].
func widen(n int, rows []int, x []float64) []float64 {
	out := make([]float64, n)
	for k, i := range rows {
		out[i] = math.Max(x[k], 0)
	}
	return out
}

// equalityRows returns the equality constraints over the rows given: Σx,
// then Σᵢ xᵢ·Bᵢⱼ for each equal column.
func equalityRows(b Matrix, rows, equal []int) [][]float64 {
	out := [][]float64{make([]float64, len(rows))}
	for k := range rows {
		out[0][k] = 1
	}
	for _, j := range equal {
		row := make([]float64, len(rows))
		for k, i := range rows {
			row[k] = b[i][j]
		}
		out = append(out, row)
	}
	return out
}

// independentRows keeps the constraints that are not combinations of those
// before them (Gram–Schmidt), since a redundant equality makes Newton's
// system singular; the first (Σx = 1) is always kept.
func independentRows(rows [][]float64) [][]float64 {
	var basis, kept [][]float64
	for _, r := range rows {
		u := append([]float64(nil), r...)
		for _, q := range basis {
			d := 0.0
			for k := range u {
				d += u[k] * q[k]
			}
			for k := range u {
				u[k] -= d * q[k]
			}
		}
		norm := 0.0
		for _, x := range u {
			norm += x * x
		}
		norm = math.Sqrt(norm)
		if norm < 1e-9*math.Max(1, vecNorm(r)) {
			continue
		}
		for k := range u {
			u[k] /= norm
		}
		basis, kept = append(basis, u), append(kept, r)
	}
	return kept
}

func vecNorm(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	return math.Sqrt(s)
}

// gaps returns gⱼ(x) = Σₖ xₖ·B[rows[k]][j] for the atLeast columns.
func gaps(b Matrix, rows, atLeast []int, x []float64) []float64 {
	g := make([]float64, len(atLeast))
	for a, j := range atLeast {
		for k, i := range rows {
			g[a] += x[k] * b[i][j]
		}
	}
	return g
}

// newtonStep solves the equality-constrained Newton system of
// f(x) = Σ xₖ(log xₖ − wₖ) − μ Σ log gⱼ(x) at x, whose step also closes
// the equalities' residual.
func newtonStep(b Matrix, w []float64, rows, atLeast []int, cons [][]float64, rhs, x []float64, mu float64) ([]float64, bool) {
	n, p := len(x), len(cons)
	g := gaps(b, rows, atLeast, x)
	kkt := mat.NewDense(n+p, n+p, nil)
	vec := make([]float64, n+p)
	for k, i := range rows {
		grad := math.Log(x[k]) + 1 - w[k]
		for a, j := range atLeast {
			grad -= mu * b[i][j] / g[a]
		}
		vec[k] = -grad
		kkt.Set(k, k, 1/x[k])
		for l, i2 := range rows {
			h := 0.0
			for a, j := range atLeast {
				h += mu * b[i][j] * b[i2][j] / (g[a] * g[a])
			}
			kkt.Set(k, l, kkt.At(k, l)+h)
		}
	}
	for c, row := range cons {
		res := rhs[c]
		for k := range row {
			kkt.Set(n+c, k, row[k])
			kkt.Set(k, n+c, row[k])
			res -= row[k] * x[k]
		}
		vec[n+c] = res
	}
	var sol mat.VecDense
	// A tiny probability makes the system ill-conditioned, which gonum
	// reports as a Condition error with the solution still computed.
	if err := sol.SolveVec(kkt, mat.NewVecDense(n+p, vec)); err != nil && !errors.As(err, new(mat.Condition)) {
		return nil, false
	}
	step := sol.RawVector().Data[:n]
	for _, d := range step {
		if math.IsNaN(d) || math.IsInf(d, 0) {
			return nil, false
		}
	}
	return step, true
}

// lineSearch moves x along step by the largest fraction (backtracking from
// a full step) that keeps x and the gaps positive and does not raise f by
// more than rounding, and reports whether the step moved x measurably.
func lineSearch(b Matrix, w []float64, rows, atLeast []int, x, step []float64, mu float64) bool {
	f := func(y []float64) float64 {
		s := 0.0
		for k, v := range y {
			if v <= 0 {
				return math.Inf(1)
			}
			s += v * (math.Log(v) - w[k])
		}
		for _, g := range gaps(b, rows, atLeast, y) {
			if g <= 0 {
				return math.Inf(1)
			}
			s -= mu * math.Log(g)
		}
		return s
	}
	f0 := f(x)
	y := make([]float64, len(x))
	for t := 1.0; t > 1e-12; t /= 2 {
		for k := range x {
			y[k] = x[k] + t*step[k]
		}
		if fy := f(y); fy <= f0+1e-12*math.Max(1, math.Abs(f0)) {
			moved := 0.0
			for k := range x {
				moved = math.Max(moved, math.Abs(y[k]-x[k]))
			}
			copy(x, y)
			return moved > 1e-13
		}
	}
	return false
}

// project moves x to the nearest point (in the least-squares sense) that
// meets the constraints cons·x = rhs exactly, and reports whether that
// point keeps every probability positive (if not, x is left as it was).
func project(cons [][]float64, rhs, x []float64) bool {
	p, n := len(cons), len(x)
	c := mat.NewDense(p, n, nil)
	res := make([]float64, p)
	for i, row := range cons {
		c.SetRow(i, row)
		res[i] = rhs[i]
		for k := range row {
			res[i] -= row[k] * x[k]
		}
	}
	var gram mat.Dense
	gram.Mul(c, c.T())
	var w mat.VecDense
	if err := w.SolveVec(&gram, mat.NewVecDense(p, res)); err != nil && !errors.As(err, new(mat.Condition)) {
		return false
	}
	var dx mat.VecDense
	dx.MulVec(c.T(), &w)
	for k := range x {
		if !(x[k]+dx.AtVec(k) > 0) {
			return false
		}
	}
	for k := range x {
		x[k] += dx.AtVec(k)
	}
	return true
}
