package meta

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

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

// ExactGames is what an exact cell counts for in the Bradley–Terry fit,
// which needs counts: as many games as a well-sampled cell, so that its
// rating intervals are as narrow as the sampled ones'.
const ExactGames = 1_000_000

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
	// DominatedA[i] lists the entries shown to dominate entry i as side a
	// (at least as good against every b-entry, better against one; see
	// dominance), DominatedB likewise as side b; DominatedSym in the
	// symmetric view.
	DominatedA, DominatedB, DominatedSym [][]int
	// WithinA, WithinB and WithinSym list the entries that dominate entry
	// i only within Slack: no worse than by more than Slack against any
	// opponent (where a sampled cell is involved), better against one.
	WithinA, WithinB, WithinSym [][]int
	// Slack is how much worse, in share, a sampled comparison may show a
	// dominating entry: twice the precision, the gap two equal cells known
	// to ±precision may show. Exact cells compare with none.
	Slack float64
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
			anti[i][j] = a.Payoff(a.Symmetric[i][j].Estimate) - a.Payoff(0.5) // in the payoff's units
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

// dominance finds the dominated entries as side a, as side b and over
// both sides. Entry k dominates entry i when, against every opponent, k
// does at least as well as i, and against one strictly better. Between two
// exact cells that is read exactly (equal up to the solver's rounding,
// analysis.ExactTolerance): no slack, whatever the precision. Where a
// sampled cell is involved it is read from the intervals, which hold
// jointly at the matrix's confidence: at least as well when k's interval
// lies wholly at or above i's, better when wholly above. That is a
// statement the intervals show (Dominated*); two equal sampled cells
// never show it, so k is also listed as dominating i within the slack
// (Within*) when every sampled comparison leaves k no worse than by more
// than Slack (k's interval reaches to within Slack of i's top).
func (a *Analysis) dominance() {
	n := len(a.Cells)
	a.Slack = 2 * a.Options.Precision
	c, s := a.Cells, a.Symmetric
	views := []struct {
		shown, within *[][]int
		pair          func(k, i, j int) (Cell, Cell) // k's and i's cell against j, the higher the better
	}{
		{&a.DominatedA, &a.WithinA, func(k, i, j int) (Cell, Cell) { return c[k][j], c[i][j] }},
		// Side b wants side a's share low.
		{&a.DominatedB, &a.WithinB, func(k, i, j int) (Cell, Cell) { return flipped(c[j][k]), flipped(c[j][i]) }},
		{&a.DominatedSym, &a.WithinSym, func(k, i, j int) (Cell, Cell) { return s[k][j], s[i][j] }},
	}
	for _, v := range views {
		better := func(k, i, j int) bool { return isBetter(v.pair(k, i, j)) }
		atLeast := func(slack float64) func(k, i, j int) bool {
			return func(k, i, j int) bool { x, y := v.pair(k, i, j); return atLeastAsGood(x, y, slack) }
		}
		*v.shown = game.Dominated(atLeast(0), better, n, n)
		loose := game.Dominated(atLeast(a.Slack), better, n, n)
		*v.within = make([][]int, n)
		for i := range n {
			for _, k := range loose[i] {
				if !slices.Contains((*v.shown)[i], k) {
					(*v.within)[i] = append((*v.within)[i], k)
				}
			}
		}
	}
}

// atLeastAsGood reports whether cell x is at least as good as cell y (the
// higher the better): exactly between exact cells, else x's interval at
// or above y's, less slack.
func atLeastAsGood(x, y Cell, slack float64) bool {
	if x.Exact && y.Exact {
		return x.Estimate >= y.Estimate-exactTie(x, y)
	}
	return x.Lo >= y.Hi-slack
}

// isBetter reports whether cell x is better than cell y: exactly between
// exact cells, else x's interval wholly above y's.
func isBetter(x, y Cell) bool {
	if x.Exact && y.Exact {
		return x.Estimate > y.Estimate+exactTie(x, y)
	}
	return x.Lo > y.Hi
}

// exactTie is how far apart two exact values may be and still be equal:
// the solver's rounding.
func exactTie(x, y Cell) float64 {
	return analysis.ExactTolerance * max(1, math.Abs(x.Estimate), math.Abs(y.Estimate))
}

// flipped is a cell from side b's view: the share side b concedes, the
// higher the better for b.
func flipped(c Cell) Cell {
	c.Estimate, c.Lo, c.Hi = 1-c.Estimate, 1-c.Hi, 1-c.Lo
	return c
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
			return c.Estimate * ExactGames, ExactGames
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
