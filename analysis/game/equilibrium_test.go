package game

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func nearAll(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !near(got[i], want[i], tol) {
			return false
		}
	}
	return true
}

// Games whose equilibria are known by hand.
func TestSolveKnownGames(t *testing.T) {
	for _, c := range []struct {
		name     string
		m        Matrix
		row, col []float64
		value    float64
	}{
		{"rock-paper-scissors", Matrix{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}},
			[]float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}, 0},
		// Rock beats scissors for 2: paper is played half the time
		// (every column then pays 0: 0·¼ + 1·½ − 2·¼, −¼ + ¼, 2·¼ − ½).
		{"biased rock-paper-scissors", Matrix{{0, -1, 2}, {1, 0, -1}, {-2, 1, 0}},
			[]float64{0.25, 0.5, 0.25}, []float64{0.25, 0.5, 0.25}, 0},
		// Row 2 is worse than row 0 against every column: it gets no mass.
		{"strictly dominated row", Matrix{{0.6, 0.4}, {0.4, 0.6}, {0.3, 0.2}},
			[]float64{0.5, 0.5, 0}, []float64{0.5, 0.5}, 0.5},
		// A saddle point: row 0 against column 1.
		{"pure saddle", Matrix{{0.7, 0.55}, {0.5, 0.3}},
			[]float64{1, 0}, []float64{0, 1}, 0.55},
		// Two identical rows: every split between them is optimal; the
		// maximum-entropy one splits evenly.
		{"duplicated row", Matrix{{1, -1}, {1, -1}, {-1, 1}},
			[]float64{0.25, 0.25, 0.5}, []float64{0.5, 0.5}, 0},
		// Win shares with draws counted half, as a metagame gives them.
		{"shares", Matrix{{0.5, 0.8, 0.3}, {0.2, 0.5, 0.7}, {0.7, 0.3, 0.5}},
			nil, nil, math.NaN()},
	} {
		eq, err := Solve(nil, c.m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.row != nil && (!nearAll(eq.Row, c.row, 1e-7) || !nearAll(eq.Col, c.col, 1e-7)) {
			t.Errorf("%s: row %v col %v, want %v and %v", c.name, eq.Row, eq.Col, c.row, c.col)
		}
		if !math.IsNaN(c.value) && !near(eq.Value, c.value, 1e-9) {
			t.Errorf("%s: value %v, want %v", c.name, eq.Value, c.value)
		}
		// Whatever the game, the mixtures guarantee the value to both.
		if !guarantees(c.m, eq.Row, eq.Value-1e-7) || !guarantees(c.m.Transpose(), eq.Col, -eq.Value-1e-7) {
			t.Errorf("%s: %+v is not an equilibrium", c.name, eq)
		}
	}
}

// The maximum-entropy equilibrium of a game with a continuum of them is
// the unique one that splits mass evenly between interchangeable rows, and
// has more entropy than a vertex of the set.
func TestMaxEntropyAmongMany(t *testing.T) {
	// Rows 0 and 1 are the same strategy; row 2 and 3 too. The
	// equilibrium set is {(p, ½−p, q, ½−q)}: maximum entropy at ¼ each.
	m := Matrix{{1, -1}, {1, -1}, {-1, 1}, {-1, 1}}
	eq, err := Solve(nil, m)
	if err != nil {
		t.Fatal(err)
	}
	if !nearAll(eq.Row, []float64{0.25, 0.25, 0.25, 0.25}, 1e-7) {
		t.Errorf("row %v, want ¼ each", eq.Row)
	}
}

func TestSolveRefusesBadMatrices(t *testing.T) {
	for _, m := range []Matrix{nil, {{}}, {{1, 2}, {3}}, {{math.NaN()}}} {
		if _, err := Solve(nil, m); err == nil {
			t.Errorf("Solve(%v) accepted", m)
		}
	}
}

// On random win-share matrices (fixed seeds, with the ties real shares
// have) the solution is an equilibrium, and the barrier method reaches the
// maximum-entropy one without falling back on the average of the linear
// programs' solutions.
func TestSolveRandomGames(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	before := fallbacks.Load()
	defer func() {
		if n := fallbacks.Load() - before; n > 0 {
			t.Errorf("%d solves fell back on the average of the linear programs", n)
		}
	}()
	for trial := range 60 {
		n := 2 + trial%16
		m := make(Matrix, n)
		for i := range m {
			m[i] = make([]float64, n)
			for j := range m[i] {
				m[i][j] = math.Round(rnd.Float64()*20) / 20 // ties, as real shares have
			}
		}
		eq, err := Solve(nil, m)
		if err != nil {
			t.Fatalf("%d×%d: %v", n, n, err)
		}
		if !guarantees(m, eq.Row, eq.Value-1e-7) || !guarantees(m.Transpose(), eq.Col, -eq.Value-1e-7) {
			t.Errorf("%v: %+v is not an equilibrium", m, eq)
		}
		sum := 0.0
		for _, p := range eq.Row {
			sum += p
		}
		if !near(sum, 1, 1e-9) {
			t.Errorf("row mixture sums to %v", sum)
		}
	}
}
