package game

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// maxEntropyOptimal returns, of the row player's mixtures x that guarantee
// the value v (Σᵢ xᵢ·Mᵢⱼ ≥ v for every column j), the one of greatest
// entropy.
//
// The optimal mixtures form a polytope. A linear program per row finds the
// rows some optimal mixture plays (the others get no mass in any); one per
// column finds the columns every optimal mixture holds exactly at v
// (equalities) rather than merely at least. The average of those programs'
// solutions is then strictly inside what is left — positive on every
// played row, above v on every inequality column — and an interior-point
// method (Newton's, on the entropy plus a logarithmic barrier for the
// inequalities, the equalities held exactly) walks from it to the maximum.
// Should that fail, the average itself — optimal, if not of greatest
// entropy — is returned, so that the answer is always an equilibrium.
func maxEntropyOptimal(m Matrix, v float64) ([]float64, error) {
	r, c := m.Dims()
	scale := 1.0
	for _, row := range m {
		for _, x := range row {
			scale = math.Max(scale, math.Abs(x))
		}
	}
	b := make(Matrix, r)
	for i := range b {
		b[i] = make([]float64, c)
		for j := range c {
			b[i][j] = m[i][j] - v
		}
	}
	// v carries the simplex's rounding, so the programs allow it as slack:
	// as little as they can solve with, since a slack lets a row the
	// optimal mixtures never play, or a column they always hold tight, seem
	// to have room of about its size.
	var f *faces
	var err error
	for slack := 1e-12 * scale; slack < 1e-5*scale; slack *= 100 {
		if f, err = classify(b, slack); err == nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	x := barrier(b, f.rows, f.equal, f.atLeast, f.start)
	if x == nil || !guarantees(m, x, v-1e-9*scale) {
		x = f.start
		fallbacks.Add(1)
	}
	return clean(x), nil
}

// faces is what the linear programs find of the optimal mixtures: the
// rows some of them play, the columns all of them hold exactly at the
// value (equal) or not (atLeast), and the average of the programs'
// solutions, which plays every such row and holds every atLeast column
// strictly.
type faces struct {
	rows, equal, atLeast []int
	start                []float64
}

// classify solves the linear programs over {x ≥ 0, Σx = 1, Σᵢ xᵢ·Bᵢⱼ ≥ −slack}.
func classify(b Matrix, slack float64) (*faces, error) {
	r, c := b.Dims()
	loose := make(Matrix, r)
	for i := range loose {
		loose[i] = make([]float64, c)
		for j := range c {
			loose[i][j] = b[i][j] + slack
		}
	}
	room := 1e3 * slack // what the slack alone can make seem positive
	f := &faces{start: make([]float64, r)}
	var sols [][]float64
	for i := range r {
		x, best, err := maximise(loose, func(x []float64) float64 { return x[i] })
		if err != nil {
			return nil, err
		}
		if best > max(room, Tol) {
			f.rows = append(f.rows, i)
			sols = append(sols, x)
		}
	}
	if len(f.rows) == 0 {
		return nil, errors.New("game: no row is played by any optimal mixture")
	}
	for j := range c {
		x, best, err := maximise(loose, func(x []float64) float64 { return dot(x, b, j) })
		if err != nil {
			return nil, err
		}
		if best > room {
			f.atLeast = append(f.atLeast, j)
			sols = append(sols, x)
		} else {
			f.equal = append(f.equal, j)
		}
	}
	for _, x := range sols {
		for i := range x {
			f.start[i] += x[i] / float64(len(sols))
		}
	}
	for i := range f.start {
		if !slices.Contains(f.rows, i) {
			f.start[i] = 0
		}
	}
	return f, nil
}

// fallbacks counts the solves that returned the average of the linear
// programs' solutions because the barrier method failed (tests watch it).
var fallbacks atomic.Int64

// dot returns Σᵢ xᵢ·Bᵢⱼ: what the mixture x earns against column j.
func dot(x []float64, b Matrix, j int) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * b[i][j]
	}
	return s
}

// maximise maximises a linear objective over the polytope {x ≥ 0, Σx = 1,
// Σᵢ xᵢ·Bᵢⱼ ≥ 0 for every j} by the simplex method and returns the
// maximiser and the maximum. objective is evaluated on unit vectors to read
// its coefficients.
func maximise(b Matrix, objective func(x []float64) float64) ([]float64, float64, error) {
	r, c := b.Dims()
	// Standard form over [x; s]: Bᵀx − s = 0, Σx = 1, x, s ≥ 0.
	a := mat.NewDense(c+1, r+c, nil)
	for j := range c {
		for i := range r {
			a.Set(j, i, b[i][j])
		}
		a.Set(j, r+j, -1)
	}
	for i := range r {
		a.Set(c, i, 1)
	}
	rhs := make([]float64, c+1)
	rhs[c] = 1
	cost := make([]float64, r+c)
	unit := make([]float64, r)
	for i := range r {
		unit[i] = 1
		cost[i] = -objective(unit)
		unit[i] = 0
	}
	opt, sol, err := lp.Simplex(cost, a, rhs, 1e-12, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("game: a linear program over the optimal mixtures: %w", err)
	}
	return sol[:r], -opt, nil
}

// guarantees reports whether the mixture x earns at least v against every
// column.
func guarantees(m Matrix, x []float64, v float64) bool {
	_, c := m.Dims()
	for j := range c {
		if dot(x, m, j) < v {
			return false
		}
	}
	return true
}

// clean zeroes the probabilities below Tol and renormalises.
func clean(x []float64) []float64 {
	sum := 0.0
	for i, p := range x {
		if p < Tol {
			x[i] = 0
		}
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
	return x
}
