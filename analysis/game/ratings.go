package game

import (
	"errors"
	"fmt"
	"math"
	"slices"

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
// Each pair gets one extra game split evenly (PriorGames), a prior that
// keeps an entry that never scored at a finite rating and is negligible
// beside the thousands of games a matchup gets. The likelihood is then
// strictly concave on ratings that sum to zero, and Newton's method (see
// fitStrengths) climbs it to its maximum; a fit that does not get there
// within its iterations is an error (ErrNotConverged), never a rating.
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
				w[i][j], g[i][j] = wins[i][j]+PriorGames/2, games[i][j]+PriorGames
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

// PriorGames is the games BradleyTerry adds to every pair, split evenly.
const PriorGames = 1.0

// ErrNotConverged is BradleyTerry's error when Newton's method does not
// reach the likelihood's maximum within maxNewtonSteps.
var ErrNotConverged = errors.New("game: the Bradley–Terry fit did not converge")

// maxNewtonSteps bounds the Newton iterations; from the start at equal
// strengths a fit takes a few dozen, most of them damped while the
// strengths are far from their values (ten Eclipse designs, exact cells
// weighing a million games each: 5).
const maxNewtonSteps = 500

// fitStrengths returns the log-strengths θ, summing to zero, that maximise
// the log-likelihood ℓ(θ) = Σᵢⱼ wᵢⱼ θᵢ − Σ_{i<j} gᵢⱼ log(e^θᵢ + e^θⱼ), by
// Newton's method: each step solves I·Δ = ∇ℓ for the Fisher information I
// (the negated Hessian: positive definite on the zero-sum plane, the one
// direction it lacks, all strengths up at once, changing nothing), then
// halves Δ until ℓ rises (a backtracking line search, so that every step
// climbs from anywhere). When the Newton decrement ∇ℓᵀI⁻¹∇ℓ/2 — the most ℓ
// can still rise, to second order — is below 10^-12 of ℓ (or of 1, if ℓ
// is smaller), one last full step lands on the maximum, as near as
// doubles tell: ℓ sums millions of games' terms (ten Eclipse designs with
// exact cells: ℓ ≈ −5·10^7), and their rounding alone keeps the decrement
// near 10^-9 however long Newton goes on. Hunter's minorisation–maximisation
// iteration, used before, climbs too but by steps that shrink with the
// odds: on emojispace/sample-fits, whose exact cells weigh a million games,
// it stopped at its cap of 10,000 iterations with one fit 1,781 Elo points
// short of the maximum.
func fitStrengths(budget *Budget, w, g [][]float64) ([]float64, error) {
	n := len(g)
	theta := make([]float64, n)
	ll := logLikelihood(theta, w, g)
	for range maxNewtonSteps {
		if err := budget.spend(int64(n) * int64(n)); err != nil {
			return nil, err
		}
		grad := gradient(theta, w, g)
		if !slices.ContainsFunc(grad, func(d float64) bool { return d != 0 }) {
			return theta, nil // every score as expected: the maximum (copies of one entry, at the start)
		}
		// A step costs its system's factorisation, n³/3, and a few passes
		// over the pairs.
		if err := budget.spend(int64(n)*int64(n)*int64(n)/3 + 3*int64(n)*int64(n)); err != nil {
			return nil, err
		}
		step, err := strengthStep(theta, g, grad)
		if err != nil {
			return nil, err
		}
		decrement := 0.0
		for i := range n {
			decrement += grad[i] * step[i]
		}
		if decrement/2 < 1e-12*max(1, math.Abs(ll)) {
			// Within reach of the maximum, where ℓ is quadratic: one full
			// step squares the error, beyond what ℓ's own rounding would
			// let the line search tell.
			for i := range n {
				theta[i] += step[i]
			}
			return theta, nil
		}
		next := make([]float64, n)
		for t := 1.0; ; t /= 2 {
			for i := range n {
				next[i] = theta[i] + t*step[i]
			}
			if err := budget.spend(int64(n) * int64(n)); err != nil {
				return nil, err
			}
			if l := logLikelihood(next, w, g); l >= ll || t < 1e-12 {
				theta, ll = next, l
				break
			}
		}
	}
	return nil, ErrNotConverged
}

// logLikelihood is the Bradley–Terry log-likelihood of strengths θ.
func logLikelihood(theta []float64, w, g [][]float64) float64 {
	ll := 0.0
	for i := range theta {
		for j := range theta {
			if i == j {
				continue
			}
			ll += w[i][j] * theta[i]
			if i < j {
				hi, lo := max(theta[i], theta[j]), min(theta[i], theta[j])
				ll -= g[i][j] * (hi + math.Log1p(math.Exp(lo-hi))) // log(e^θᵢ + e^θⱼ), kept finite
			}
		}
	}
	return ll
}

// gradient is ∂ℓ/∂θᵢ = Σⱼ wᵢⱼ − Σⱼ gᵢⱼ·σ(θᵢ − θⱼ): what entry i scored less
// what the strengths expect it to.
func gradient(theta []float64, w, g [][]float64) []float64 {
	grad := make([]float64, len(theta))
	for i := range theta {
		for j := range theta {
			if i != j {
				grad[i] += w[i][j] - g[i][j]/(1+math.Exp(theta[j]-theta[i]))
			}
		}
	}
	return grad
}

// strengthStep solves I·Δ = ∇ℓ on the zero-sum plane, by adding 11ᵀ/n to
// the Fisher information I (which fills its one null direction, 1, and
// leaves Δ summing to zero, as ∇ℓ does).
func strengthStep(theta []float64, g [][]float64, grad []float64) ([]float64, error) {
	n := len(theta)
	chol, err := shiftedInformation(theta, g)
	if err != nil {
		return nil, err
	}
	var step mat.VecDense
	if err := chol.SolveVecTo(&step, mat.NewVecDense(n, slices.Clone(grad))); err != nil {
		return nil, err
	}
	return step.RawVector().Data, nil
}

// shiftedInformation factorizes I + 11ᵀ/n, the Fisher information at θ
// with its one null direction, 1, filled; it fails when the round robin is
// not connected (I has a second null direction).
func shiftedInformation(theta []float64, g [][]float64) (*mat.Cholesky, error) {
	n := len(theta)
	shifted := fisherInformation(theta, g)
	for i := range n {
		for j := i; j < n; j++ {
			shifted.SetSym(i, j, shifted.At(i, j)+1/float64(n))
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(shifted) {
		return nil, errors.New("game: the round robin is not connected: ratings of unconnected entries cannot be compared")
	}
	return &chol, nil
}

// fisherInformation is the negated Hessian of ℓ at θ: gᵢⱼ·pᵢⱼ(1 − pᵢⱼ) off
// the diagonal (negated) and their row sums on it.
func fisherInformation(theta []float64, g [][]float64) *mat.SymDense {
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
	return info
}

// strengthCovariance returns the covariance of the log-strengths under the
// constraint that they sum to zero: the Moore–Penrose inverse of the
// Fisher information, whose null space is that sum.
func strengthCovariance(theta []float64, g [][]float64) (*mat.Dense, error) {
	n := len(theta)
	// (I + 11ᵀ/n)⁻¹ − 11ᵀ/n is the pseudo-inverse when I's only null
	// direction is 1, as for any connected round robin.
	chol, err := shiftedInformation(theta, g)
	if err != nil {
		return nil, err
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
