package game

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Tolerances of the simplex method, for payoffs of order one (shares,
// margins, their differences from a value).
const (
	// pivotTol is the smallest entry a pivot may divide by: a smaller one
	// would amplify rounding into the whole tableau.
	pivotTol = 1e-9
	// costTol is the smallest reduced cost that improves the objective.
	costTol = 1e-11
	// feasibleTol is how far from zero phase 1 may end and the program
	// still count as feasible.
	feasibleTol = 1e-9
)

// errUnbounded and errInfeasible are the two ways a linear program has no
// optimum.
var (
	errUnbounded  = errors.New("game: the linear program is unbounded")
	errInfeasible = errors.New("game: the linear program has no feasible point")
)

// simplex is a linear program in standard form — maximise cᵀx subject to
// Ax = b, x ≥ 0 — held as a dense tableau at a feasible basis, so that
// one polytope can be optimised for one objective after another, each
// starting from the last one's optimal vertex (what finding the faces of
// an equilibrium set does: dozens of objectives over one polytope).
//
// Row r of the tableau is B⁻¹A and B⁻¹b (its last entry) for the basis B;
// the last row holds the reduced costs cⱼ − c_Bᵀ B⁻¹Aⱼ and −c_Bᵀ B⁻¹b.
// Entering columns are chosen by the largest reduced cost (Dantzig),
// switching to the lowest index (Bland) while pivots make no progress, so
// that degenerate vertices — which games with ties are full of — cannot
// make it cycle.
type simplex struct {
	rows, cols int
	t          [][]float64 // rows+1 rows of cols+1 entries
	basis      []int       // the basic variable of each row
	budget     *Budget
}

// newSimplex returns the program Ax = b, x ≥ 0 (a is rows × cols) at a
// feasible basis, found from basis, the variable each row starts with
// (their columns must be independent, each nonzero in its row once the
// rows before have been pivoted). Where that basis's solution is not
// feasible (some variable negative), phase 1 adds one artificial variable
// in the rows that are and minimises it away: a single artificial,
// rather than one per row, so that the right-hand sides stay distinct
// and the start is not the wholly degenerate vertex that makes the
// simplex method crawl. a and b are not modified.
func newSimplex(budget *Budget, a [][]float64, b []float64, basis []int) (*simplex, error) {
	rows, cols := len(a), len(a[0])
	// One column more than the program's, for the artificial.
	s := &simplex{rows: rows, cols: cols + 1, budget: budget, basis: make([]int, rows)}
	s.t = make([][]float64, rows+1)
	for r := range rows {
		s.t[r] = make([]float64, cols+2)
		copy(s.t[r], a[r])
		s.t[r][cols+1] = b[r]
	}
	s.t[rows] = make([]float64, cols+2)
	for r, j := range basis {
		if math.Abs(s.t[r][j]) <= pivotTol {
			return nil, fmt.Errorf("game: the starting basis of a linear program is singular at row %d", r)
		}
		if err := s.pivot(r, j); err != nil {
			return nil, err
		}
	}
	worst := -1
	for r := range rows {
		if rhs := s.t[r][s.cols]; rhs < 0 && (worst < 0 || rhs < s.t[worst][s.cols]) {
			worst = r
		}
	}
	if worst >= 0 {
		if err := s.phaseOne(worst); err != nil {
			return nil, err
		}
	}
	for r := range s.t {
		s.t[r] = append(s.t[r][:cols], s.t[r][cols+1])
	}
	s.cols = cols
	return s, nil
}

// phaseOne makes the basis feasible: the artificial variable (the last
// column) enters with −1 in every row whose right-hand side is negative,
// in the place of the most negative (worst), which makes every right-hand
// side non-negative; it is then minimised to zero (else the program has
// no feasible point) and pivoted out of the basis, or its row dropped
// where nothing can replace it (a constraint the others imply).
func (s *simplex) phaseOne(worst int) error {
	art := s.cols - 1
	for r := range s.rows {
		if s.t[r][s.cols] < 0 {
			s.t[r][art] = -1
		}
	}
	if err := s.pivot(worst, art); err != nil {
		return err
	}
	start := s.t[worst][s.cols]
	objective := make([]float64, s.cols)
	objective[art] = -1
	if _, _, err := s.maximise(objective); err != nil {
		return err
	}
	if s.value() < -feasibleTol*(1+start) {
		return errInfeasible
	}
	r := slices.Index(s.basis, art)
	if r < 0 {
		return nil
	}
	j := -1
	for k := range art {
		if math.Abs(s.t[r][k]) > pivotTol && (j < 0 || math.Abs(s.t[r][k]) > math.Abs(s.t[r][j])) {
			j = k
		}
	}
	if j >= 0 {
		return s.pivot(r, j)
	}
	s.t = slices.Delete(s.t, r, r+1)
	s.basis = slices.Delete(s.basis, r, r+1)
	s.rows--
	return nil
}

// newSlackSimplex returns the program Ax ≤ b, x ≥ 0 for b ≥ 0 (a is
// rows × cols), in standard form with a slack variable per row after the
// x's, at the basis of the slacks (x = 0), which is feasible.
func newSlackSimplex(budget *Budget, a [][]float64, b []float64) (*simplex, error) {
	rows, cols := len(a), len(a[0])
	std := make([][]float64, rows)
	basis := make([]int, rows)
	for r := range rows {
		std[r] = make([]float64, cols+rows)
		copy(std[r], a[r])
		std[r][cols+r] = 1
		basis[r] = cols + r
	}
	return newSimplex(budget, std, b, basis)
}

// maximise optimises c (one coefficient per variable) from the current
// basis and returns the optimum and the optimal vertex.
func (s *simplex) maximise(c []float64) (float64, []float64, error) {
	obj := s.t[s.rows]
	copy(obj, c)
	obj[s.cols] = 0
	for r, j := range s.basis {
		if c[j] == 0 {
			continue
		}
		for k, v := range s.t[r] {
			obj[k] -= c[j] * v
		}
	}
	if err := s.optimise(); err != nil {
		return 0, nil, err
	}
	return s.value(), s.vertex(), nil
}

// duals returns, at an optimum of a program newSlackSimplex made (its
// slack variables from column first on), the optimal solution of its dual
// program: the price of each constraint, minus its slack's reduced cost.
func (s *simplex) duals(first int) []float64 {
	u := make([]float64, s.cols-first)
	for k := range u {
		u[k] = -s.t[s.rows][first+k]
	}
	return u
}

// value is the objective at the current vertex.
func (s *simplex) value() float64 { return -s.t[s.rows][s.cols] }

// vertex returns the current basic solution.
func (s *simplex) vertex() []float64 {
	x := make([]float64, s.cols)
	for r, j := range s.basis {
		x[j] = max(s.t[r][s.cols], 0)
	}
	return x
}

// optimise pivots until no reduced cost is positive.
func (s *simplex) optimise() error {
	stalled := 0
	for range 50 * (s.rows + s.cols + 1) {
		j := s.entering(stalled > s.rows)
		if j < 0 {
			return nil
		}
		r := s.leaving(j)
		if r < 0 {
			return errUnbounded
		}
		if s.t[r][s.cols] > 0 {
			stalled = 0
		} else {
			stalled++
		}
		if err := s.pivot(r, j); err != nil {
			return err
		}
	}
	return fmt.Errorf("game: the simplex method made no progress in %d pivots (a %d×%d program)", 50*(s.rows+s.cols+1), s.rows, s.cols)
}

// entering returns the column to enter the basis — the largest reduced
// cost, or with bland the first positive one — or −1 at an optimum.
func (s *simplex) entering(bland bool) int {
	obj, j := s.t[s.rows], -1
	for k := range s.cols {
		if obj[k] > costTol && (j < 0 || !bland && obj[k] > obj[j]) {
			j = k
			if bland {
				break
			}
		}
	}
	return j
}

// leaving returns the row whose basic variable leaves when column j
// enters (the ratio test; ties to the lowest variable index, as Bland's
// rule asks), or −1 when nothing bounds column j.
func (s *simplex) leaving(j int) int {
	r := -1
	var best float64
	for k := range s.rows {
		if a := s.t[k][j]; a > pivotTol {
			ratio := max(s.t[k][s.cols], 0) / a
			if r < 0 || ratio < best || ratio == best && s.basis[k] < s.basis[r] {
				r, best = k, ratio
			}
		}
	}
	return r
}

// pivot makes column j basic in row r, charging the tableau's size to
// the budget.
func (s *simplex) pivot(r, j int) error {
	if err := s.budget.spend(int64(s.rows+1) * int64(s.cols+1)); err != nil {
		return err
	}
	p := s.t[r]
	inv := 1 / p[j]
	for k := range p {
		p[k] *= inv
	}
	p[j] = 1
	for k, row := range s.t {
		f := row[j]
		if k == r || f == 0 {
			continue
		}
		for i, v := range p {
			row[i] -= f * v
		}
		row[j] = 0
	}
	s.basis[r] = j
	return nil
}
