package game

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
)

// maxEntropyOptimal returns, of the row player's mixtures x that guarantee
// the value v (Σᵢ xᵢ·Mᵢⱼ ≥ v for every column j), the one of greatest
// entropy.
//
// Rows with equal payoffs are one strategy played under several names:
// they are merged into one before any program is solved, and its mass is
// split evenly among them after — exactly the maximum, since with a
// group's total fixed the entropy is greatest split evenly, and the group
// of k names then adds its mass times log k, which the barrier method
// maximises with the rest. Equal columns are one constraint, kept once.
// A roster of 64 copies of one design is so a game of one row and one
// column.
//
// The optimal mixtures form a polytope. Linear programs over it find the
// rows some optimal mixture plays (the others get no mass in any) and the
// columns every optimal mixture holds exactly at v (equalities) rather
// than merely at least: one program per row or column not already shown
// played or loose by an earlier program's solution, each starting from the
// last one's vertex. The average of the solutions that showed them is
// then strictly inside what is left — positive on every played row, above
// v on every inequality column — and an interior-point method (Newton's,
// on the entropy plus a logarithmic barrier for the inequalities, the
// equalities held exactly) walks from it to the maximum. Should that fail,
// the average itself — optimal, if not of greatest entropy — is returned,
// so that the answer is always an equilibrium.
func maxEntropyOptimal(budget *Budget, m Matrix, v float64, x0, y0 []float64) ([]float64, error) {
	groups, cols := twins(m), distinct(m.Transpose())
	scale := 1.0
	b := make(Matrix, len(groups))
	weight := make([]float64, len(groups))
	for g, rows := range groups {
		b[g] = make([]float64, len(cols))
		for k, j := range cols {
			x := m[rows[0]][j]
			scale = math.Max(scale, math.Abs(x))
			b[g][k] = x - v
		}
		weight[g] = math.Log(float64(len(rows)))
	}
	// v carries the simplex's rounding, so the programs allow it as slack:
	// as little as they can solve with, since a slack lets a row the
	// optimal mixtures never play, or a column they always hold tight, seem
	// to have room of about its size.
	var f *faces
	var err error
	for slack := 1e-12 * scale; slack < 1e-5*scale; slack *= 100 {
		if f, err = classify(budget, b, slack, x0, y0); err == nil || stopped(err) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	y, err := barrier(budget, b, weight, f.rows, f.equal, f.atLeast, f.start)
	if err != nil {
		return nil, err
	}
	x := splitEvenly(groups, y, len(m))
	if y == nil || !guarantees(m, x, v-1e-9*scale) {
		x = splitEvenly(groups, f.start, len(m))
		fallbacks.Add(1)
	}
	return clean(x), nil
}

// stopped reports whether err ends an analysis: its budget spent or its
// context ended.
func stopped(err error) bool {
	return errors.Is(err, ErrOverBudget) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// twins groups the rows of m with equal payoffs, each group in order of
// its first row.
func twins(m Matrix) [][]int {
	var groups [][]int
	for i, row := range m {
		g := slices.IndexFunc(groups, func(g []int) bool { return slices.Equal(m[g[0]], row) })
		if g < 0 {
			groups = append(groups, []int{i})
		} else {
			groups[g] = append(groups[g], i)
		}
	}
	return groups
}

// distinct returns the first row of each group of equal rows of m.
func distinct(m Matrix) []int {
	var out []int
	for _, g := range twins(m) {
		out = append(out, g[0])
	}
	return out
}

// splitEvenly returns the mixture over n rows that gives each row of group g
// an even share of x[g]; nil for a nil x.
func splitEvenly(groups [][]int, x []float64, n int) []float64 {
	if x == nil {
		return nil
	}
	out := make([]float64, n)
	for g, rows := range groups {
		for _, i := range rows {
			out[i] = x[g] / float64(len(rows))
		}
	}
	return out
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

// classify finds the faces of the polytope P = {x ≥ 0, Σx = 1,
// Σᵢ xᵢ·Bᵢⱼ ≥ −slack}: the rows some x in P plays (above the slack's
// room) and the columns some x in P holds loose. x0 and y0 are optimal
// mixtures of the two players (as value finds them), which decide most of
// it without a program: x0, when in P, shows the rows it plays and the
// columns it holds loose; and y0 bounds every x in P, by the duality of
// the two players' programs (see notPlayed and tight). A linear program
// is solved only for what is left — rows and columns that some optimal
// mixture may or may not use, as ties give — and a solution that shows
// more is kept for the average.
func classify(budget *Budget, b Matrix, slack float64, x0, y0 []float64) (*faces, error) {
	r, c := b.Dims()
	s := &faceSearch{budget: budget, b: b, slack: slack, room: 1e3 * slack,
		played: make([]bool, r), loose: make([]bool, c), objective: make([]float64, r+c)}
	if inPolytope(b, x0, slack) {
		s.keep(x0)
	}
	bound := dualBound(b, y0, slack)
	for i := range r {
		if s.played[i] || bound.notPlayed(i, max(s.room, Tol)) {
			continue
		}
		clear(s.objective)
		s.objective[i] = 1
		if err := s.solve(); err != nil {
			return nil, err
		}
	}
	f := &faces{}
	for i := range r {
		if s.played[i] {
			f.rows = append(f.rows, i)
		}
	}
	if len(f.rows) == 0 {
		return nil, errors.New("game: no row is played by any optimal mixture")
	}
	for j := range c {
		if !s.loose[j] && !bound.tight(j, s.room) {
			clear(s.objective)
			for i := range r {
				s.objective[i] = b[i][j]
			}
			if err := s.solve(); err != nil {
				return nil, err
			}
		}
		if s.loose[j] {
			f.atLeast = append(f.atLeast, j)
		} else {
			f.equal = append(f.equal, j)
		}
	}
	f.start = s.average()
	return f, nil
}

// faceSearch is classify's state: the rows shown played and the columns
// shown loose so far, by the solutions kept, and the linear program over
// P, built on its first use.
type faceSearch struct {
	budget        *Budget
	b             Matrix
	slack, room   float64 // room: what the slack alone can make seem positive
	played, loose []bool
	sols          [][]float64
	lp            *simplex
	objective     []float64
}

// keep records a solution that shows rows played or columns loose not
// shown before.
func (s *faceSearch) keep(x []float64) {
	shows := false
	for i := range s.played {
		if !s.played[i] && x[i] > max(s.room, Tol) {
			s.played[i], shows = true, true
		}
	}
	for j := range s.loose {
		if !s.loose[j] && dot(x, s.b, j) > s.room {
			s.loose[j], shows = true, true
		}
	}
	if shows {
		s.sols = append(s.sols, x)
	}
}

// solve maximises the objective over P and keeps the solution.
func (s *faceSearch) solve() error {
	if s.lp == nil {
		lp, err := optimalMixtures(s.budget, s.b, s.slack)
		if err != nil {
			return err
		}
		s.lp = lp
	}
	_, x, err := s.lp.maximise(s.objective)
	if err == nil {
		s.keep(x[:len(s.played)])
	}
	return err
}

// average is the mean of the solutions kept, with the rows none plays
// held at exactly zero.
func (s *faceSearch) average() []float64 {
	start := make([]float64, len(s.played))
	for _, x := range s.sols {
		for i := range x {
			start[i] += x[i] / float64(len(s.sols))
		}
	}
	for i := range start {
		if !s.played[i] {
			start[i] = 0
		}
	}
	return start
}

// inPolytope reports whether x is in {x ≥ 0, Σx = 1, Σᵢ xᵢ·Bᵢⱼ ≥ −slack}.
func inPolytope(b Matrix, x []float64, slack float64) bool {
	_, c := b.Dims()
	sum := 0.0
	for _, p := range x {
		if p < 0 {
			return false
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-12 {
		return false
	}
	for j := range c {
		if dot(x, b, j) < -slack {
			return false
		}
	}
	return true
}

// duality is what a column mixture y (y ≥ 0, Σy = 1) proves of every x in
// P = {x ≥ 0, Σx = 1, Σᵢ xᵢ·Bᵢⱼ ≥ −slack}. With dᵢ = Σⱼ Bᵢⱼ·yⱼ (what row i
// earns against y, less the value) and ε = max(0, maxᵢ dᵢ) — 0 up to
// rounding for an optimal y — every x in P has Σᵢ xᵢ·dᵢ = Σⱼ yⱼ·(Σᵢ xᵢ·Bᵢⱼ),
// which is at least −slack and at most ε. Hence xₖ ≤ (slack + ε)/(−dₖ) for
// a row with dₖ < 0, and Σᵢ xᵢ·Bᵢⱼ ≤ (ε + slack)/yⱼ for a column with
// yⱼ > 0: the complementary slackness of the two players' programs, with
// the slack counted.
type duality struct {
	d, y  []float64
	bound float64 // slack + ε, and a margin for the rounding of d
}

// dualBound returns what y proves (nothing for a nil y).
func dualBound(b Matrix, y []float64, slack float64) duality {
	r, c := b.Dims()
	if len(y) != c {
		return duality{}
	}
	out := duality{d: make([]float64, r), y: y}
	eps := 0.0
	for i := range r {
		for j := range c {
			out.d[i] += b[i][j] * y[j]
		}
		eps = max(eps, out.d[i])
	}
	out.bound = slack + eps + float64(c)*1e-15
	return out
}

// sure is a shortfall dᵢ or a mass yⱼ too large to be the rounding of an
// optimal y, in a game whose payoffs span [0, 1] (as Solve scales them):
// then, for the game itself rather than its slackened polytope, dᵢ < 0
// means that no optimal mixture plays row i, and yⱼ > 0 that every one
// holds column j tight (complementary slackness). The slack's bounds
// alone would call a column with yⱼ of 10⁻⁴ loose, since the slack lets
// it seem to have room of slack/yⱼ: an inequality the barrier method
// could then only hold open by a hair.
const sure = 1e-9

// notPlayed reports whether row i is shown to be played by no optimal
// mixture, or by none in P with more than limit.
func (p duality) notPlayed(i int, limit float64) bool {
	return p.d != nil && p.d[i] < 0 && (-p.d[i] >= sure || p.bound/-p.d[i] <= limit)
}

// tight reports whether column j is shown to be held tight by every
// optimal mixture, or within limit of tight by every x in P.
func (p duality) tight(j int, limit float64) bool {
	return p.y != nil && p.y[j] > 0 && (p.y[j] >= sure || p.bound/p.y[j] <= limit)
}

// optimalMixtures returns the polytope {x ≥ 0, Σx = 1, Σᵢ xᵢ·Bᵢⱼ ≥ −slack
// for every j} as a linear program over [x; s]: Σᵢ xᵢ·(Bᵢⱼ + slack) − sⱼ =
// 0, Σx = 1, x, s ≥ 0. It starts from the best pure strategy (the row
// whose worst column is best) with every sⱼ basic.
func optimalMixtures(budget *Budget, b Matrix, slack float64) (*simplex, error) {
	r, c := b.Dims()
	a := make([][]float64, c+1)
	basis := make([]int, c+1)
	for j := range c {
		a[j] = make([]float64, r+c)
		for i := range r {
			a[j][i] = b[i][j] + slack
		}
		a[j][r+j] = -1
		basis[j] = r + j
	}
	a[c] = make([]float64, r+c)
	for i := range r {
		a[c][i] = 1
	}
	best, worst := 0, math.Inf(-1)
	for i, row := range b {
		if w := slices.Min(row); w > worst {
			best, worst = i, w
		}
	}
	basis[c] = best
	rhs := make([]float64, c+1)
	rhs[c] = 1
	lp, err := newSimplex(budget, a, rhs, basis)
	if err != nil && !stopped(err) {
		return nil, fmt.Errorf("game: a linear program over the optimal mixtures: %w", err)
	}
	return lp, err
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
