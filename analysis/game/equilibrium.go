// Package game solves the two-player zero-sum matrix games a metagame
// defines: the row player picks an entry to play as side a, the column
// player an entry to play as side b, and the payoff is the row player's
// (a win share with draws counted half, say). It finds the value and the
// maximum-entropy equilibrium by linear programming (gonum's simplex),
// rates the entries (Nash averaging, Bradley–Terry), finds dominated entries
// and the non-transitive cycles ratings cannot express.
//
// It knows nothing of battles or intervals: package analysis builds the
// matrix from runs and resamples it; this package is the arithmetic.
package game

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Matrix is a payoff matrix: Matrix[i][j] is the row player's payoff when
// row i meets column j. Every row has the same length.
type Matrix [][]float64

// Dims returns the numbers of rows and columns.
func (m Matrix) Dims() (rows, cols int) {
	if len(m) == 0 {
		return 0, 0
	}
	return len(m), len(m[0])
}

// check refuses an empty, ragged or non-finite matrix.
func (m Matrix) check() error {
	r, c := m.Dims()
	if r == 0 || c == 0 {
		return errors.New("game: an empty payoff matrix")
	}
	for i, row := range m {
		if len(row) != c {
			return fmt.Errorf("game: row %d has %d payoffs, row 0 has %d", i, len(row), c)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("game: payoff [%d][%d] is %v", i, j, v)
			}
		}
	}
	return nil
}

// Transpose returns the game as the column player sees it: rows and
// columns swapped and payoffs negated, so that the column player maximises.
func (m Matrix) Transpose() Matrix {
	r, c := m.Dims()
	t := make(Matrix, c)
	for j := range t {
		t[j] = make([]float64, r)
		for i := range r {
			t[j][i] = -m[i][j]
		}
	}
	return t
}

// Equilibrium is a Nash equilibrium of a zero-sum game: mixtures over the
// rows and the columns that each guarantee Value, which neither player can
// improve on alone.
type Equilibrium struct {
	Row, Col []float64
	// Value is the row player's expected payoff at the equilibrium.
	Value float64
}

// Tol is the tolerance below which a probability or a payoff difference
// counts as zero.
const Tol = 1e-7

// Solve returns the game's value and, of the equilibria (a convex set when
// there are several), the one whose mixtures have the greatest entropy:
// the one that spreads mass over every entry some equilibrium plays, and
// so depends on no arbitrary choice of the solver.
func Solve(m Matrix) (*Equilibrium, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	v, err := value(m)
	if err != nil {
		return nil, err
	}
	row, err := maxEntropyOptimal(m, v)
	if err != nil {
		return nil, err
	}
	col, err := maxEntropyOptimal(m.Transpose(), -v)
	if err != nil {
		return nil, err
	}
	return &Equilibrium{Row: row, Col: col, Value: v}, nil
}

// value returns the value of the game to the row player, by the classic
// linear program: with every payoff shifted to be positive, the row
// player's optimal mixture is u/Σu for the u ≥ 0 that minimises Σu subject
// to Σᵢ uᵢ·Mᵢⱼ ≥ 1 for every column j, and the value is 1/Σu less the shift.
func value(m Matrix) (float64, error) {
	r, c := m.Dims()
	lo := math.Inf(1)
	for _, row := range m {
		for _, x := range row {
			lo = math.Min(lo, x)
		}
	}
	shift := 1 - lo // every shifted payoff is at least 1
	// Standard form over [u; s]: Mᵀu − s = 1, u, s ≥ 0.
	a := mat.NewDense(c, r+c, nil)
	for j := range c {
		for i := range r {
			a.Set(j, i, m[i][j]+shift)
		}
		a.Set(j, r+j, -1)
	}
	cost := make([]float64, r+c)
	for i := range r {
		cost[i] = 1
	}
	ones := make([]float64, c)
	for j := range ones {
		ones[j] = 1
	}
	sum, _, err := lp.Simplex(cost, a, ones, 1e-12, nil)
	if err != nil {
		return 0, fmt.Errorf("game: solving for the value: %w", err)
	}
	return 1/sum - shift, nil
}
