package game

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// On random bounded programs Ax ≤ b (a box row keeps them bounded), the
// simplex method finds the optimum gonum's implementation finds, an
// independent one; and a second objective optimised from the first's
// vertex finds its own optimum too.
func TestSimplexAgreesWithGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		rows, cols := 2+trial%7, 2+trial%5
		a := make([][]float64, rows)
		b := make([]float64, rows)
		for r := range a {
			a[r] = make([]float64, cols)
			for j := range a[r] {
				a[r][j] = math.Round(rng.Float64()*8-2) / 2 // ties and zeros, as degenerate programs have
			}
			b[r] = math.Round(rng.Float64() * 4)
		}
		for j := range a[0] {
			a[0][j] = 1 // Σx ≤ b[0]: bounded
		}
		s, err := newSlackSimplex(nil, a, b)
		if err != nil {
			t.Fatal(err)
		}
		for k := range 2 {
			c := make([]float64, cols+rows)
			for j := range cols {
				c[j] = rng.Float64() - 0.3*float64(k)
			}
			got, x, err := s.maximise(c)
			if err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
			want := gonumOptimum(t, a, b, c[:cols])
			if math.Abs(got-want) > 1e-9 {
				t.Errorf("trial %d objective %d: optimum %v, gonum %v", trial, k, got, want)
			}
			for r := range rows {
				lhs := 0.0
				for j := range cols {
					lhs += a[r][j] * x[j]
				}
				if lhs > b[r]+1e-9 {
					t.Errorf("trial %d: row %d violated: %v > %v", trial, r, lhs, b[r])
				}
			}
		}
	}
}

// gonumOptimum is the maximum of cᵀx over Ax ≤ b, x ≥ 0 by gonum's simplex.
func gonumOptimum(t *testing.T, a [][]float64, b, c []float64) float64 {
	t.Helper()
	rows, cols := len(a), len(c)
	std := mat.NewDense(rows, cols+rows, nil)
	cost := make([]float64, cols+rows)
	for r := range rows {
		for j := range cols {
			std.Set(r, j, a[r][j])
		}
		std.Set(r, cols+r, 1)
	}
	for j := range cols {
		cost[j] = -c[j]
	}
	opt, _, err := lp.Simplex(cost, std, b, 1e-12, nil)
	if err != nil {
		t.Fatal(err)
	}
	return -opt
}

// A program with no feasible point is said to have none; one whose start
// is infeasible but which has feasible points is found feasible by phase 1.
func TestSimplexPhaseOne(t *testing.T) {
	// x − y = −1, x + y = 3: the start (x, y basic? no: y in row 0, x in
	// row 1) is x = 3 − y ... solved at x = 1, y = 2.
	s, err := newSimplex(nil, [][]float64{{1, -1}, {1, 1}}, []float64{-1, 3}, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, x, err := s.maximise([]float64{0, 0}); err != nil || math.Abs(x[0]-1) > 1e-12 || math.Abs(x[1]-2) > 1e-12 {
		t.Errorf("x = %v, %v; want 1, 2", x, err)
	}
	// x + s = −1 with x, s ≥ 0 has no solution.
	if _, err := newSimplex(nil, [][]float64{{1, 1}, {1, 0}}, []float64{-1, 0}, []int{1, 0}); !errors.Is(err, errInfeasible) {
		t.Errorf("an infeasible program: %v", err)
	}
}

// Solve stops when its context ends or its budget is spent, and a budget
// spent stops it at the same place every time (operations, not time).
func TestSolveStops(t *testing.T) {
	m := randomGame(rand.New(rand.NewPCG(5, 6)), 40, 0)
	whole := NewBudget(context.Background(), 0)
	if _, err := Solve(whole, m); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(NewBudget(ctx, 0), m); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	var spent []int64
	for range 2 {
		b := NewBudget(context.Background(), whole.Spent()/2)
		if _, err := Solve(b, m); !errors.Is(err, ErrOverBudget) {
			t.Fatalf("half the budget it needs: %v", err)
		}
		spent = append(spent, b.Spent())
	}
	if spent[0] != spent[1] || spent[0] > whole.Spent()/2+whole.Spent()/10 {
		t.Errorf("stopped after %v operations of a budget of %d", spent, whole.Spent()/2)
	}
}

// randomGame is an n×n game of payoffs on [0, 1], in steps of 1/grain (0:
// no steps).
func randomGame(rng *rand.Rand, n int, grain float64) Matrix {
	m := make(Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = rng.Float64()
			if grain > 0 {
				m[i][j] = math.Round(m[i][j]*grain) / grain
			}
		}
	}
	return m
}

// On random games up to 64 entries, with and without ties, the value is
// the one gonum's simplex finds for the classic program (an independent
// implementation), and both mixtures guarantee it.
func TestSolveValueAgreesWithGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{3, 9, 24, 64} {
		for _, grain := range []float64{0, 20, 4} {
			m := randomGame(rng, n, grain)
			eq, err := Solve(nil, m)
			if err != nil {
				t.Fatalf("%d entries, grain %v: %v", n, grain, err)
			}
			if want := gonumValue(t, m); math.Abs(eq.Value-want) > 1e-9 {
				t.Errorf("%d entries, grain %v: value %v, gonum %v", n, grain, eq.Value, want)
			}
			if !guarantees(m, eq.Row, eq.Value-1e-7) || !guarantees(m.Transpose(), eq.Col, -eq.Value-1e-7) {
				t.Errorf("%d entries, grain %v: not an equilibrium", n, grain)
			}
		}
	}
}

// gonumValue is the value of m by gonum's simplex: min Σu over Mᵀu ≥ 1,
// u ≥ 0, payoffs shifted to be at least 1.
func gonumValue(t *testing.T, m Matrix) float64 {
	t.Helper()
	r, c := m.Dims()
	std := mat.NewDense(c, r+c, nil)
	for j := range c {
		for i := range r {
			std.Set(j, i, m[i][j]+1)
		}
		std.Set(j, r+j, -1)
	}
	cost := make([]float64, r+c)
	ones := make([]float64, c)
	for i := range r {
		cost[i] = 1
	}
	for j := range ones {
		ones[j] = 1
	}
	sum, _, err := lp.Simplex(cost, std, ones, 1e-12, nil)
	if err != nil {
		t.Fatal(err)
	}
	return 1/sum - 1
}

// Copies of an entry are one strategy under several names: a game whose
// rows and columns are each repeated (row i k times) has for maximum-
// entropy equilibrium the base game's, each entry's mass split evenly
// among its copies — the base game having, generically, one equilibrium,
// which the guarantee confirms.
func TestSolveSplitsCopiesEvenly(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, copies := range [][]int{{1, 2, 3}, {5, 1, 1, 4}, {64}, {16, 16, 16, 16}} {
		base := randomGame(rng, len(copies), 0)
		eq, err := Solve(nil, base)
		if err != nil {
			t.Fatal(err)
		}
		if !guarantees(base, eq.Row, eq.Value-1e-9) || !guarantees(base.Transpose(), eq.Col, -eq.Value-1e-9) {
			t.Fatalf("the base game %v: %+v is not an equilibrium", base, eq)
		}
		var idx []int
		for i, k := range copies {
			for range k {
				idx = append(idx, i)
			}
		}
		big := make(Matrix, len(idx))
		for a, i := range idx {
			big[a] = make([]float64, len(idx))
			for b, j := range idx {
				big[a][b] = base[i][j]
			}
		}
		got, err := Solve(nil, big)
		if err != nil {
			t.Fatal(err)
		}
		for a, i := range idx {
			if !near(got.Row[a], eq.Row[i]/float64(copies[i]), 1e-9) || !near(got.Col[a], eq.Col[i]/float64(copies[i]), 1e-9) {
				t.Errorf("copies %v: entry %d (a copy of %d): %v and %v, want %v and %v", copies, a, i, got.Row[a], got.Col[a],
					eq.Row[i]/float64(copies[i]), eq.Col[i]/float64(copies[i]))
			}
		}
	}
}
