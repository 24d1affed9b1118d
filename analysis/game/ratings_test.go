package game

import (
	"math"
	"slices"
	"testing"
)

// On a transitive toy — entry i beats entry j with probability σ(θᵢ−θⱼ)
// for known strengths, games in exact expected counts — the fit recovers
// the strengths (so their order) and its intervals contain them.
func TestBradleyTerryRecoversATransitiveOrder(t *testing.T) {
	theta := []float64{0.9, 0.3, 0, -0.4, -0.8} // sums to 0
	n := len(theta)
	wins, games := make([][]float64, n), make([][]float64, n)
	for i := range n {
		wins[i], games[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			if i != j {
				games[i][j] = 20000
				wins[i][j] = 20000 / (1 + math.Exp(theta[j]-theta[i]))
			}
		}
	}
	ratings, err := BradleyTerry(nil, wins, games, 1.96)
	if err != nil {
		t.Fatal(err)
	}
	var elos []float64
	for i, r := range ratings {
		want := EloMean + eloPerNat*theta[i]
		// The prior game per pair pulls each strength a hair towards the
		// mean: 1 game in 20,000.
		if math.Abs(r.Elo-want) > 0.5 || r.Lo > want || r.Hi < want {
			t.Errorf("entry %d: %+v, want %.2f inside", i, r, want)
		}
		elos = append(elos, r.Elo)
	}
	if !slices.IsSortedFunc(elos, func(a, b float64) int { return int(math.Copysign(1, b-a)) }) {
		t.Errorf("ratings %v are not in the strengths' order", elos)
	}
	// A 2-entry hand check: 3 wins to 1 is odds 3 (after the prior game,
	// 3.5 to 1.5), a gap of 400·log10(3.5/1.5) Elo points.
	two, err := BradleyTerry(nil, [][]float64{{0, 3}, {1, 0}}, [][]float64{{0, 4}, {4, 0}}, 1.96)
	if err != nil {
		t.Fatal(err)
	}
	if gap := two[0].Elo - two[1].Elo; math.Abs(gap-400*math.Log10(3.5/1.5)) > 1e-6 {
		t.Errorf("gap %v", gap)
	}
}

// Two halves that never met are still rated — the prior game per pair
// connects them — with intervals that say how little is known across them;
// an entry that never scored gets a finite rating.
func TestBradleyTerryWithGaps(t *testing.T) {
	g := [][]float64{{0, 5, 0, 0}, {5, 0, 0, 0}, {0, 0, 0, 5}, {0, 0, 5, 0}}
	w := [][]float64{{0, 5, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 4, 0}}
	r, err := BradleyTerry(nil, w, g, 1.96)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range r {
		if math.IsInf(x.Lo, 0) || math.IsNaN(x.Lo) || x.Hi-x.Lo < 100 {
			t.Errorf("entry %d: %+v", i, x)
		}
	}
	if _, err := BradleyTerry(nil, [][]float64{{0}}, [][]float64{{0}}, 1.96); err == nil {
		t.Error("one entry accepted")
	}
}

// Nash averaging: in rock–paper–scissors every entry is in the equilibrium
// and rates 0; a fourth entry that loses to all three rates below, and
// does not lift the others (a duplicated weak entry changes nothing).
func TestNashAverage(t *testing.T) {
	rps := Matrix{{0, -1, 1, 1}, {1, 0, -1, 1}, {-1, 1, 0, 1}, {-1, -1, -1, 0}}
	r, eq, err := NashAverage(nil, rps)
	if err != nil {
		t.Fatal(err)
	}
	if !nearAll(r, []float64{0, 0, 0, -1}, 1e-7) || !nearAll(eq.Col, []float64{1. / 3, 1. / 3, 1. / 3, 0}, 1e-7) {
		t.Errorf("ratings %v, equilibrium %v", r, eq.Col)
	}
	dup := Matrix{{0, -1, 1, 1, 1}, {1, 0, -1, 1, 1}, {-1, 1, 0, 1, 1}, {-1, -1, -1, 0, 0}, {-1, -1, -1, 0, 0}}
	r2, _, err := NashAverage(nil, dup)
	if err != nil {
		t.Fatal(err)
	}
	if !nearAll(r2[:3], []float64{0, 0, 0}, 1e-7) {
		t.Errorf("copies of a weak entry lifted the others: %v", r2)
	}
	if _, _, err := NashAverage(nil, Matrix{{0, 1}, {1, 0}}); err == nil {
		t.Error("a matrix that is not antisymmetric accepted")
	}
}

func TestDominatedAndCycles(t *testing.T) {
	m := Matrix{{0.6, 0.4, 0.5}, {0.7, 0.4, 0.6}, {0.2, 0.9, 0.5}}
	dom := Dominated(func(k, i, j int) bool { return m[k][j] >= m[i][j] }, func(k, i, j int) bool { return m[k][j] > m[i][j] }, 3, 3)
	if !slices.Equal(dom[0], []int{1}) || dom[1] != nil || dom[2] != nil {
		t.Errorf("dominated: %v, want row 0 by row 1 only", dom)
	}
	rps := [][]bool{{false, false, true}, {true, false, false}, {false, true, false}} // 0 beats 2, 1 beats 0, 2 beats 1
	got := Cycles(func(i, j int) bool { return rps[i][j] }, 3)
	if !slices.Equal(got, [][3]int{{0, 2, 1}}) {
		t.Errorf("cycles %v, want [[0 2 1]]", got)
	}
	if got := Cycles(func(i, j int) bool { return i < j }, 4); got != nil {
		t.Errorf("a transitive order has cycles %v", got)
	}
}

// On a round robin as lopsided as exact cells make one (a million games a
// pair, the weaker side scoring a few), the fit is the likelihood's
// maximum. The likelihood is strictly concave on strengths summing to
// zero, so its maximum is the one point where every score equation holds,
// Σⱼ gᵢⱼ·σ(θᵢ − θⱼ) = Σⱼ wᵢⱼ (with the prior game per pair): the test
// computes both sides from the fitted ratings, and the likelihood a step
// away in each direction, itself. Every rating lies inside its own
// interval. Hunter's iteration, used before, stopped at its
// 10,000-iteration cap with entry 0 298 Elo points short.
func TestBradleyTerryReachesTheMaximum(t *testing.T) {
	const m = 1e6
	games := [][]float64{{0, m, m, m}, {m, 0, m, m}, {m, m, 0, m}, {m, m, m, 0}}
	wins := [][]float64{
		{0, m - 40, m - 1, m},
		{40, 0, m - 60, m - 2},
		{1, 60, 0, m - 300},
		{0, 2, 300, 0},
	}
	r, err := BradleyTerry(nil, wins, games, 1.96)
	if err != nil {
		t.Fatal(err)
	}
	theta := make([]float64, len(r))
	for i := range r {
		theta[i] = (r[i].Elo - EloMean) / eloPerNat
		if r[i].Lo > r[i].Elo || r[i].Hi < r[i].Elo {
			t.Errorf("entry %d: %+v lies outside its interval", i, r[i])
		}
	}
	// loglik is the likelihood with the prior, written here afresh.
	loglik := func(th []float64) float64 {
		l := 0.0
		for i := range th {
			for j := i + 1; j < len(th); j++ {
				p := 1 / (1 + math.Exp(th[j]-th[i]))
				l += (wins[i][j]+0.5)*math.Log(p) + (wins[j][i]+0.5)*math.Log1p(-p)
			}
		}
		return l
	}
	for i := range theta {
		scored, expected := 0.0, 0.0
		for j := range theta {
			if j != i {
				scored += wins[i][j] + 0.5
				expected += (games[i][j] + 1) / (1 + math.Exp(theta[j]-theta[i]))
			}
		}
		if math.Abs(scored-expected) > 1e-6 {
			t.Errorf("entry %d: scored %.9f, the fit expects %.9f", i, scored, expected)
		}
		for _, d := range []float64{-1e-4, 1e-4} {
			moved := slices.Clone(theta)
			moved[i] += d
			if loglik(moved) > loglik(theta) {
				t.Errorf("entry %d moved by %g: the likelihood rises from %.12f to %.12f", i, d, loglik(theta), loglik(moved))
			}
		}
	}
}
