package game

import (
	"errors"
	"fmt"
	"math"
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

// Tol is the tolerance below which a probability or a payoff difference
// counts as zero.
const Tol = 1e-7
