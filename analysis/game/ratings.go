package game

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Rating is one entry's Bradley–Terry strength on the Elo scale, with its
// interval.
type Rating struct {
	Elo, Lo, Hi float64
}

// EloMean is the mean rating of a set of entries: ratings say only how
// entries compare, so their level is fixed by convention, Elo's 1500.
const EloMean = 1500

// eloPerNat converts a log-strength difference to Elo points: a 400-point
// gap is odds of 10 to 1.
const eloPerNat = 400 / math.Ln10

// BradleyTerry fits the Bradley–Terry model to a round robin: wins[i][j]
// is what entry i scored against entry j (a draw counts half) in games[i][j]
// games (games is symmetric; the diagonal is ignored). It returns each
// entry's rating with a normal interval of z standard errors from the
// Fisher information (the ratings summing to a fixed total).
//
// Each pair gets one extra game split evenly, a prior that keeps an entry
// that never scored at a finite rating and is negligible beside the
// thousands of games a matchup gets.
//
// Its iterations are charged to budget, which may stop it (nil: no bound).
func BradleyTerry(budget *Budget, wins, games [][]float64, z float64) ([]Rating, error) {
	n := len(games)
	if n < 2 || len(wins) != n {
		return nil, errors.New("game: Bradley–Terry needs at least two entries, and as many rows of wins as of games")
	}
	w, g := make([][]float64, n), make([][]float64, n)
	for i := range n {
		if len(wins[i]) != n || len(games[i]) != n {
			return nil, fmt.Errorf("game: row %d of wins or games is not %d long", i, n)
		}
		w[i], g[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			if i != j {
				w[i][j], g[i][j] = wins[i][j]+0.5, games[i][j]+1
			}
		}
	}
	theta, err := fitStrengths(budget, w, g)
	if err != nil {
		return nil, err
	}
	cov, err := strengthCovariance(theta, g)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, n)
	for i, t := range theta {
		se := math.Sqrt(math.Max(cov.At(i, i), 0))
		out[i] = Rating{Elo: EloMean + eloPerNat*t, Lo: EloMean + eloPerNat*(t-z*se), Hi: EloMean + eloPerNat*(t+z*se)}
	}
	return out, nil
}

// fitStrengths returns the log-strengths that maximise the likelihood,
// summing to zero, by Hunter's minorisation–maximisation iteration
// (πᵢ ← Wᵢ / Σⱼ nᵢⱼ/(πᵢ+πⱼ)), which climbs the likelihood at every step.
func fitStrengths(budget *Budget, w, g [][]float64) ([]float64, error) {
	n := len(g)
	pi := make([]float64, n)
	for i := range pi {
		pi[i] = 1
	}
	next := make([]float64, n)
	for range 10_000 {
		if err := budget.spend(int64(n) * int64(n)); err != nil {
			return nil, err
		}
		change := 0.0
		for i := range n {
			score, denom := 0.0, 0.0
			for j := range n {
				if j != i {
					score += w[i][j]
					denom += g[i][j] / (pi[i] + pi[j])
				}
			}
			next[i] = score / denom
		}
		geo := 0.0
		for _, p := range next {
			geo += math.Log(p)
		}
		geo = math.Exp(geo / float64(n))
		for i := range pi {
			p := next[i] / geo
			change = math.Max(change, math.Abs(math.Log(p/pi[i])))
			pi[i] = p
		}
		if change < 1e-12 {
			break
		}
	}
	theta := make([]float64, n)
	for i, p := range pi {
		theta[i] = math.Log(p)
	}
	return theta, nil
}

// strengthCovariance returns the covariance of the log-strengths under the
// constraint that they sum to zero: the Moore–Penrose inverse of the
// Fisher information, whose null space is that sum.
func strengthCovariance(theta []float64, g [][]float64) (*mat.Dense, error) {
	n := len(theta)
	info := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := 1 / (1 + math.Exp(theta[j]-theta[i]))
			v := g[i][j] * p * (1 - p)
			info.SetSym(i, j, -v)
			info.SetSym(i, i, info.At(i, i)+v)
			info.SetSym(j, j, info.At(j, j)+v)
		}
	}
	// (I + 11ᵀ/n)⁻¹ − 11ᵀ/n is the pseudo-inverse when I's only null
	// direction is 1, as for any connected round robin.
	shifted := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			shifted.SetSym(i, j, info.At(i, j)+1/float64(n))
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(shifted) {
		return nil, errors.New("game: the round robin is not connected: ratings of unconnected entries cannot be compared")
	}
	var inv mat.SymDense
	if err := chol.InverseTo(&inv); err != nil {
		return nil, err
	}
	cov := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			cov.Set(i, j, inv.At(i, j)-1/float64(n))
		}
	}
	return cov, nil
}

// NashAverage rates the entries of a symmetric zero-sum game (a[i][j] =
// −a[j][i]: how much better entry i does against j than j against i) by
// what each earns against the maximum-entropy equilibrium mixture
// (Balduzzi et al., "Re-evaluating evaluation", 2018): 0 for an entry the
// equilibrium plays, less for one it does not. Unlike a mean over opponents,
// it does not reward an entry for beating many copies of one weak design.
// It returns the ratings and the equilibrium, solved within budget.
func NashAverage(budget *Budget, a Matrix) ([]float64, *Equilibrium, error) {
	if err := a.check(); err != nil {
		return nil, nil, err
	}
	r, c := a.Dims()
	if r != c {
		return nil, nil, fmt.Errorf("game: Nash averaging needs a square matrix, not %d×%d", r, c)
	}
	for i := range r {
		for j := range c {
			if math.Abs(a[i][j]+a[j][i]) > 1e-9 {
				return nil, nil, fmt.Errorf("game: Nash averaging needs an antisymmetric matrix: [%d][%d] = %g but [%d][%d] = %g", i, j, a[i][j], j, i, a[j][i])
			}
		}
	}
	eq, err := Solve(budget, a)
	if err != nil {
		return nil, nil, err
	}
	ratings := make([]float64, r)
	for i := range r {
		for j := range c {
			ratings[i] += a[i][j] * eq.Col[j]
		}
		if math.Abs(ratings[i]) < 1e-12 {
			ratings[i] = 0 // the value of a symmetric game, 0, up to rounding: no "−0.0"
		}
	}
	return ratings, eq, nil
}
