package meta

import (
	"fmt"
	"math/rand/v2"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/game"
	"github.com/crucible-sim/crucible/rules"
)

// SupportShare is the least equilibrium mass at which an entry counts as
// played: below it, a mass is the solver's rounding or a mixture no
// designer would call a choice.
const SupportShare = 0.005

// Resamples is how many times the robustness of the support is tested:
// each time every sampled cell is drawn uniformly within its interval and
// the game solved again.
const Resamples = 200

// bradleyTerryExactGames is what an exact cell counts for in the
// Bradley–Terry fit, which needs counts: as many games as a well-sampled
// cell, so that its rating intervals are as narrow as the sampled ones'.
const bradleyTerryExactGames = 1_000_000

// Analysis is what a designer reads from a fought roster.
type Analysis struct {
	*Matrix
	// Margin says that payoffs are read as a margin, P(a wins) − P(b
	// wins) = 2·share − 1, rather than as a share.
	Margin bool
	// Symmetric[i][j] is entry i against entry j over both placements:
	// i as a against j as b averaged with j as a against i as b, read from
	// i's side; its interval averages the two cells' ends.
	Symmetric [][]Cell
	// Equilibrium is the maximum-entropy equilibrium of the payoff
	// matrix's estimates: Row over the entries as side a, Col as side b,
	// Value side a's payoff.
	Equilibrium *game.Equilibrium
	// Robustness[s][k] is the share of resamples in which entry k stays
	// in side s's support (mass ≥ SupportShare).
	Robustness [2][]float64
	// DominatedA[i] lists the entries that dominate entry i as side a
	// (at least as good against every b-entry, intervals apart in one),
	// DominatedB likewise as side b; DominatedSym in the symmetric view.
	DominatedA, DominatedB, DominatedSym [][]int
	// Nash are the Nash-averaged ratings of the symmetric view (0 for an
	// entry its equilibrium plays, less for one it does not), NashMix the
	// equilibrium they average over.
	Nash    []float64
	NashMix []float64
	// Ratings are the Bradley–Terry ratings (Elo scale) over both
	// placements, at the matrix's confidence.
	Ratings []game.Rating
	// Cycles are the non-transitive triples of the symmetric view: i beats
	// j, j beats k, k beats i, each with its interval above one half.
	Cycles [][3]int
}

// Analyse reads a fought roster: the symmetric view, dominance, the
// equilibrium and its robustness, ratings and cycles. Every figure is a
// pure function of the matrix and its seed.
func (mm *Matrix) Analyse(margin bool) (*Analysis, error) {
	n := len(mm.Cells)
	a := &Analysis{Matrix: mm, Margin: margin, Symmetric: make([][]Cell, n)}
	est := make(game.Matrix, n)
	for i := range n {
		est[i] = make([]float64, n)
		a.Symmetric[i] = make([]Cell, n)
		for j := range n {
			c, r := mm.Cells[i][j], mm.Cells[j][i]
			est[i][j] = a.Payoff(c.Estimate)
			a.Symmetric[i][j] = Cell{Row: i, Col: j, Estimate: (c.Estimate + 1 - r.Estimate) / 2,
				Lo: (c.Lo + 1 - r.Hi) / 2, Hi: (c.Hi + 1 - r.Lo) / 2, Trials: c.Trials + r.Trials, Exact: c.Exact && r.Exact}
		}
	}
	var err error
	if a.Equilibrium, err = game.Solve(est); err != nil {
		return nil, fmt.Errorf("the equilibrium: %w", err)
	}
	if err := a.robustness(); err != nil {
		return nil, err
	}
	a.dominance()
	anti := make(game.Matrix, n)
	for i := range n {
		anti[i] = make([]float64, n)
		for j := range n {
			anti[i][j] = a.Symmetric[i][j].Estimate - 0.5
			if i > j {
				anti[i][j] = -anti[j][i] // exactly antisymmetric, whatever the rounding
			}
		}
	}
	nash, eq, err := game.NashAverage(anti)
	if err != nil {
		return nil, fmt.Errorf("Nash averaging: %w", err)
	}
	a.Nash, a.NashMix = nash, eq.Row
	if n >= 2 {
		if a.Ratings, err = game.BradleyTerry(a.scores()); err != nil {
			return nil, fmt.Errorf("Bradley–Terry: %w", err)
		}
	}
	a.Cycles = game.Cycles(func(i, j int) bool { return a.Symmetric[i][j].Lo > 0.5 }, n)
	return a, nil
}

// Payoff converts a share into the payoff the game is solved for.
func (a *Analysis) Payoff(share float64) float64 {
	if a.Margin {
		return 2*share - 1
	}
	return share
}

// robustness resamples every cell uniformly within its interval, on a
// stream of the matrix's seed, solves each resampled game and counts how
// often each entry stays in the support.
func (a *Analysis) robustness() error {
	n := len(a.Cells)
	rng := rand.New(rand.NewPCG(a.Seed, 0x6d657461)) // "meta"
	a.Robustness = [2][]float64{make([]float64, n), make([]float64, n)}
	m := make(game.Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	for range Resamples {
		for i, row := range a.Cells {
			for j, c := range row {
				m[i][j] = a.Payoff(c.Lo + rng.Float64()*(c.Hi-c.Lo))
			}
		}
		eq, err := game.Solve(m)
		if err != nil {
			return fmt.Errorf("the equilibrium of a resampled matrix: %w", err)
		}
		for k := range n {
			if eq.Row[k] >= SupportShare {
				a.Robustness[0][k]++
			}
			if eq.Col[k] >= SupportShare {
				a.Robustness[1][k]++
			}
		}
	}
	for s := range a.Robustness {
		for k := range a.Robustness[s] {
			a.Robustness[s][k] /= Resamples
		}
	}
	return nil
}

// dominance finds the dominated entries: k dominates i when, against
// every opponent, k does at least as well as i to within the precision
// (k's interval reaches no further below i's than twice the precision,
// the gap two equal cells known to ±precision may show: so that equal
// cells, exact ones included, count as equal), and, against one, strictly
// better (its interval wholly above i's). The strict statements hold at
// the matrix's confidence, jointly, since every interval does.
func (a *Analysis) dominance() {
	n := len(a.Cells)
	c, eps := a.Cells, 2*a.Options.Precision
	a.DominatedA = game.Dominated(
		func(k, i, j int) bool { return c[k][j].Lo >= c[i][j].Hi-eps },
		func(k, i, j int) bool { return c[k][j].Lo > c[i][j].Hi }, n, n)
	// Side b wants side a's share low: column k dominates column i when
	// every row does no better against k than against i.
	a.DominatedB = game.Dominated(
		func(k, i, j int) bool { return c[j][k].Hi <= c[j][i].Lo+eps },
		func(k, i, j int) bool { return c[j][k].Hi < c[j][i].Lo }, n, n)
	s := a.Symmetric
	a.DominatedSym = game.Dominated(
		func(k, i, j int) bool { return s[k][j].Lo >= s[i][j].Hi-eps },
		func(k, i, j int) bool { return s[k][j].Lo > s[i][j].Hi }, n, n)
}

// scores returns the Bradley–Terry inputs: what entry i scored against
// entry j over both placements (draws half), in how many games, and the
// normal quantile of the matrix's confidence.
func (a *Analysis) scores() (wins, games [][]float64, z float64) {
	n := len(a.Cells)
	wins, games = make([][]float64, n), make([][]float64, n)
	for i := range n {
		wins[i], games[i] = make([]float64, n), make([]float64, n)
	}
	count := func(c Cell) (score, played float64) {
		if c.Exact {
			return c.Estimate * bradleyTerryExactGames, bradleyTerryExactGames
		}
		return float64(c.Wins[rules.A]) + float64(c.Wins[rules.None])/2, float64(c.Trials)
	}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			s, g := count(a.Cells[i][j]) // i as a
			wins[i][j] += s
			wins[j][i] += g - s
			games[i][j] += g
			games[j][i] += g
		}
	}
	return wins, games, -analysis.NormalQuantile((1 - a.Options.Confidence) / 2)
}
