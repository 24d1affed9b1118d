package game

import (
	"fmt"
	"math"
	"slices"
)

// Equilibrium is a Nash equilibrium of a zero-sum game: mixtures over the
// rows and the columns that each guarantee Value, which neither player can
// improve on alone.
type Equilibrium struct {
	Row, Col []float64
	// Value is the row player's expected payoff at the equilibrium.
	Value float64
}

// Solve returns the game's value and, of the equilibria (a convex set when
// there are several), the one whose mixtures have the greatest entropy:
// the one that spreads mass over every entry some equilibrium plays, and
// so depends on no arbitrary choice of the solver. Its linear programs
// and Newton steps are charged to budget, which may stop it (nil: no
// bound).
//
// The game is solved with its payoffs mapped onto [0, 1] (an affine map,
// which changes no equilibrium), so that the tolerances of its programs
// mean the same whatever the payoffs' spread: a metagame of near-equal
// entries, whose shares differ by a thousandth, is solved as surely as
// one whose shares span the range.
func Solve(budget *Budget, m Matrix) (*Equilibrium, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	unit, lo, spread := toUnit(m)
	if spread == 0 { // every mixture is optimal: the uniform one has the most entropy
		r, c := m.Dims()
		return &Equilibrium{Row: uniform(r), Col: uniform(c), Value: lo}, nil
	}
	v, x, y, err := value(budget, unit)
	if err != nil {
		return nil, err
	}
	row, err := maxEntropyOptimal(budget, unit, v, x, y)
	if err != nil {
		return nil, err
	}
	col, err := maxEntropyOptimal(budget, unit.Transpose(), -v, y, x)
	if err != nil {
		return nil, err
	}
	return &Equilibrium{Row: row, Col: col, Value: lo + v*spread}, nil
}

// toUnit returns m mapped onto [0, 1], (m − lo)/spread, with the lowest
// payoff lo and the spread (0 when every payoff is the same, and then m
// itself).
func toUnit(m Matrix) (Matrix, float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range m {
		lo, hi = math.Min(lo, slices.Min(row)), math.Max(hi, slices.Max(row))
	}
	spread := hi - lo
	if spread == 0 {
		return m, lo, 0
	}
	out := make(Matrix, len(m))
	for i, row := range m {
		out[i] = make([]float64, len(row))
		for j, p := range row {
			out[i][j] = (p - lo) / spread
		}
	}
	return out, lo, spread
}

// uniform is the mixture of n entries in equal parts.
func uniform(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1 / float64(n)
	}
	return out
}

// value returns the value of the game to the row player, and an optimal
// mixture of each player — x over the distinct rows, y over the distinct
// columns (equal rows, and equal columns, are one constraint and one
// variable, kept once: see twins) — by the classic linear program of the
// column player: with every payoff shifted to be positive (at least 1),
// the column player's optimal mixture is y/Σy for the y ≥ 0 that
// maximises Σy subject to Σⱼ Mᵢⱼ·yⱼ ≤ 1 for every row i, the value is 1/Σy
// less the shift, and the program's dual is the row player's.
func value(budget *Budget, m Matrix) (v float64, x, y []float64, err error) {
	rows, cols := distinct(m), distinct(m.Transpose())
	lo := math.Inf(1)
	for _, row := range m {
		for _, p := range row {
			lo = math.Min(lo, p)
		}
	}
	shift := 1 - lo
	a := make([][]float64, len(rows))
	ones := make([]float64, len(rows))
	for k, i := range rows {
		a[k] = make([]float64, len(cols))
		for l, j := range cols {
			a[k][l] = m[i][j] + shift
		}
		ones[k] = 1
	}
	lp, err := newSlackSimplex(budget, a, ones)
	if err != nil {
		return 0, nil, nil, err
	}
	cost := make([]float64, len(cols)+len(rows))
	for l := range cols {
		cost[l] = 1
	}
	sum, sol, err := lp.maximise(cost)
	if err != nil {
		if stopped(err) {
			return 0, nil, nil, err
		}
		return 0, nil, nil, fmt.Errorf("game: solving for the value: %w", err)
	}
	return 1/sum - shift, normalised(lp.duals(len(cols))), normalised(sol[:len(cols)]), nil
}

// normalised returns x ≥ 0 scaled to sum to 1 (negative rounding zeroed).
func normalised(x []float64) []float64 {
	sum := 0.0
	for i, p := range x {
		x[i] = max(p, 0)
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
	return x
}
