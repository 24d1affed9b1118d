package meta

import (
	"context"
	"errors"
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

// DefaultWork is the analysis's default budget of operations (Options.Work):
// a minute or two of arithmetic on one core, thousands of times what the
// built-in rosters spend and over a hundred times what 64 sampled copies
// of one entry do (bench/meta.txt), so that only a pathological matrix
// meets it.
const DefaultWork = 50_000_000_000

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
	// Resampled is how many resamples Robustness counts: Resamples,
	// unless the analysis's budget ran out among them (then fewer, and
	// Robustness is nil if none was done).
	Resampled int
	// Spent is the operations the analysis spent, of the budget
	// Options.Work.
	Spent int64
}

// Analyse reads a fought roster: the symmetric view, dominance, cycles,
// the equilibrium, Nash averages, ratings and the equilibrium's
// robustness. Every figure is a pure function of the matrix and its seed.
//
// The arithmetic is charged to a budget of Options.Work operations (none
// when 0) and stops within a pivot or a Newton step of ctx's end, with
// ctx's error. A budget spent during the resamples of the robustness,
// the last and costliest part, leaves the robustness counted over the
// resamples done (Resampled says how many); one spent before is an error
// that says what was computed and what was not.
func (mm *Matrix) Analyse(ctx context.Context, margin bool) (*Analysis, error) {
	a := mm.views(margin)
	budget := game.NewBudget(ctx, mm.Options.Work)
	defer func() { a.Spent = budget.Spent() }()
	for _, part := range []struct {
		name  string
		solve func(*game.Budget) error
	}{{"the equilibrium", a.equilibrium}, {"the Nash averages", a.nashAverage}, {"the ratings", a.rate}} {
		err := part.solve(budget)
		if errors.Is(err, game.ErrOverBudget) {
			return nil, &BudgetError{Work: mm.Options.Work, Missing: part.name}
		}
		if err != nil {
			return nil, err
		}
	}
	if err := a.robustness(budget); err != nil && !errors.Is(err, game.ErrOverBudget) {
		return nil, err
	}
	return a, nil
}

// analyseEquilibrium is Analyse without Nash averages, ratings and
// robustness: what a balance search compares its candidates by.
func (mm *Matrix) analyseEquilibrium(ctx context.Context, margin bool) (*Analysis, error) {
	a := mm.views(margin)
	budget := game.NewBudget(ctx, mm.Options.Work)
	err := a.equilibrium(budget)
	a.Spent = budget.Spent()
	if errors.Is(err, game.ErrOverBudget) {
		return nil, &BudgetError{Work: mm.Options.Work, Missing: "the equilibrium"}
	}
	return a, err
}

// views returns the analysis's parts that need no budget: the symmetric
// view, dominance and cycles.
func (mm *Matrix) views(margin bool) *Analysis {
	n := len(mm.Cells)
	a := &Analysis{Matrix: mm, Margin: margin, Symmetric: make([][]Cell, n)}
	for i := range n {
		a.Symmetric[i] = make([]Cell, n)
		for j := range n {
			c, r := mm.Cells[i][j], mm.Cells[j][i]
			a.Symmetric[i][j] = Cell{Row: i, Col: j, Estimate: (c.Estimate + 1 - r.Estimate) / 2,
				Lo: (c.Lo + 1 - r.Hi) / 2, Hi: (c.Hi + 1 - r.Lo) / 2, Trials: c.Trials + r.Trials, Exact: c.Exact && r.Exact}
		}
	}
	a.dominance()
	a.Cycles = game.Cycles(func(i, j int) bool { return a.Symmetric[i][j].Lo > 0.5 }, n)
	return a
}

// BudgetError says that an analysis's budget of operations ran out
// before a part every reading needs.
type BudgetError struct {
	Work    int64  // the budget
	Missing string // the first part not computed
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the analysis's budget of %d operations ran out while computing %s: the matrix is fought and its dominance and cycles are read, but %s and what follows are not; raise the budget", e.Work, e.Missing, e.Missing)
}

// equilibrium solves the game of the estimates.
func (a *Analysis) equilibrium(budget *game.Budget) error {
	n := len(a.Cells)
	est := make(game.Matrix, n)
	for i := range n {
		est[i] = make([]float64, n)
		for j := range n {
			est[i][j] = a.Payoff(a.Cells[i][j].Estimate)
		}
	}
	var err error
	if a.Equilibrium, err = game.Solve(budget, est); err != nil && !stopped(err) {
		return fmt.Errorf("the equilibrium: %w", err)
	}
	return err
}

// nashAverage rates the entries by Nash averaging over the symmetric view.
func (a *Analysis) nashAverage(budget *game.Budget) error {
	n := len(a.Cells)
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
	nash, eq, err := game.NashAverage(budget, anti)
	if err != nil {
		if stopped(err) {
			return err
		}
		return fmt.Errorf("Nash averaging: %w", err)
	}
	a.Nash, a.NashMix = nash, eq.Row
	return nil
}

// rate fits the Bradley–Terry ratings.
func (a *Analysis) rate(budget *game.Budget) error {
	if len(a.Cells) < 2 {
		return nil
	}
	wins, games, z := a.scores()
	var err error
	if a.Ratings, err = game.BradleyTerry(budget, wins, games, z); err != nil && !stopped(err) {
		return fmt.Errorf("Bradley–Terry: %w", err)
	}
	return err
}

// stopped reports whether err ends an analysis early: its budget spent or
// its context ended.
func stopped(err error) bool {
	return errors.Is(err, game.ErrOverBudget) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
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
// often each entry stays in the support. A resample equal to the
// estimates (every cell exact) is not solved again. It stops with the
// budget, counting the resamples done.
func (a *Analysis) robustness(budget *game.Budget) error {
	n := len(a.Cells)
	rng := rand.New(rand.NewPCG(a.Seed, 0x6d657461)) // "meta"
	kept := [2][]float64{make([]float64, n), make([]float64, n)}
	m := make(game.Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	var err error
	done := 0
	for ; done < Resamples; done++ {
		same := true
		for i, row := range a.Cells {
			for j, c := range row {
				m[i][j] = a.Payoff(c.Lo + rng.Float64()*(c.Hi-c.Lo))
				same = same && c.Lo == c.Hi && c.Lo == c.Estimate
			}
		}
		eq := a.Equilibrium
		if !same {
			if eq, err = game.Solve(budget, m); err != nil {
				if !stopped(err) {
					err = fmt.Errorf("the equilibrium of a resampled matrix: %w", err)
				}
				break
			}
		}
		for k := range n {
			if eq.Row[k] >= SupportShare {
				kept[0][k]++
			}
			if eq.Col[k] >= SupportShare {
				kept[1][k]++
			}
		}
	}
	a.Resampled = done
	if done > 0 {
		for s := range kept {
			for k := range kept[s] {
				kept[s][k] /= float64(done)
			}
		}
		a.Robustness = kept
	}
	return err
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
