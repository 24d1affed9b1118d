package meta

import (
	"context"
	"errors"
	"fmt"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Defaults of a metagame's sampling.
const (
	// DefaultPrecision is the half-width, in points of share, to which
	// a sampled cell is known unless its decisions settle first.
	DefaultPrecision = 0.01
	// DefaultFirst is the trials of a cell's first look.
	DefaultFirst = 1000
	// DefaultBudget is the most trials of one cell.
	DefaultBudget = 1 << 20
)

// Options are how a metagame is fought.
type Options struct {
	// Precision is the half-width, in points of win share with draws
	// half, at which a cell stops.
	Precision float64
	// Confidence is the level at which every cell's interval holds,
	// jointly over the cells (Bonferroni) and over each cell's looks
	// (alpha spending).
	Confidence float64
	// First and Budget are a cell's first look and its most trials.
	First, Budget int64
	// Exact solves each cell where the ruleset's solver reaches it.
	Exact bool
	// PrecisionOnly samples every cell to the precision, whatever its
	// decisions: what the adaptive stop saves is measured against it.
	PrecisionOnly bool
	// Work is the most operations the analysis of the fought matrix
	// spends (Analyse), 0 for no bound.
	Work int64
}

// Check refuses settings no metagame can take.
func (o Options) Check() error {
	switch {
	case !(o.Precision > 0 && o.Precision < 0.5):
		return fmt.Errorf("precision %g: allowed: a number above 0 and below 0.5 (a share's half-width)", o.Precision)
	case !(o.Confidence >= scenarios.MinConfidence && o.Confidence <= scenarios.MaxConfidence):
		return fmt.Errorf("confidence %g: allowed: a number from %g to %g", o.Confidence, scenarios.MinConfidence, scenarios.MaxConfidence)
	case o.First < 1 || o.Budget < o.First || o.Budget > sim.MaxTrials:
		return fmt.Errorf("first look %d and budget %d trials per cell (allowed: 1 ≤ first ≤ budget ≤ %d)", o.First, o.Budget, int64(sim.MaxTrials))
	case o.Work < 0:
		return fmt.Errorf("analysis budget %d operations (allowed: 0 for none, or a positive count)", o.Work)
	}
	return nil
}

// Cell is one fought cell: entry Row as side a against entry Col as
// side b. Its payoff is side a's win share with draws counted half.
type Cell struct {
	Row, Col int
	// Estimate, Lo and Hi are the payoff and its interval, at the rate
	// the cell's last look spent (Alpha); all three equal when exact.
	Estimate, Lo, Hi float64
	// Wins are the trials' wins, indexed by rules.Side (zero when exact).
	Wins   [3]int64
	Trials int64
	Looks  int
	Alpha  float64
	// Exact is set for a cell the solver decided.
	Exact bool
	// Stop says why sampling stopped: "exact", "precise" (the interval
	// is within the precision), "settled" (every decision that reads the
	// cell is decided) or "budget".
	Stop string
	// Note says why a cell asked of the solver was sampled instead.
	Note string
}

// Half is the cell's half-width.
func (c Cell) Half() float64 { return (c.Hi - c.Lo) / 2 }

// Matrix is a fought roster: every cell.
type Matrix struct {
	Meta    *Meta
	Seed    uint64
	Version string
	Options Options
	// Cells[i][j] is entry i as side a against entry j as side b.
	Cells [][]Cell
	// PerCell is each sampled cell's share of the error rate (Bonferroni
	// over the sampled cells), spent over its looks: α/2 at the first,
	// α/4 at the second, …
	PerCell float64
	// Notes say, once per reason, why cells were sampled, not solved.
	Notes []string
}

// Trials is the trials fought over every cell.
func (mm *Matrix) Trials() int64 {
	var n int64
	for _, row := range mm.Cells {
		for _, c := range row {
			n += c.Trials
		}
	}
	return n
}

// Run fights every cell of roster m as r says, each on the base scenario's
// streams (common random numbers: trial i of every cell draws the same
// stream). A cell the solver reaches is exact; the others are sampled in
// rounds of doubling looks (First, 2·First, … up to Budget trials), every
// open cell one look per round in row-major order, until its interval is
// within ±Precision or every decision that reads it is settled: side a
// or side b favoured (the interval leaves one half), and the cell's order
// against every other cell of its row and of its column (the interval
// apart from theirs), which dominance and the equilibrium's support
// compare. Its checkpoints (Run.Save, Run.Resume) hold one part per
// cell's look, so a resumed meta gives the output of an uninterrupted one.
func Run(ctx context.Context, r analysis.Run, m *Meta, o Options) (*Matrix, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	r.Shard, r.Streams = sim.Shard{}, m.Streams
	n := len(m.Entries)
	out := &Matrix{Meta: m, Seed: r.Seed, Version: r.Version, Options: o, Cells: make([][]Cell, n)}
	scs := make([][]*scenarios.Scenario, n)
	for i := range n {
		out.Cells[i], scs[i] = make([]Cell, n), make([]*scenarios.Scenario, n)
		for j := range n {
			sc, err := m.Cell(i, j)
			if err != nil {
				return nil, err
			}
			scs[i][j], out.Cells[i][j] = sc, Cell{Row: i, Col: j}
		}
	}
	open, err := solveCells(ctx, r, out, scs, o.Exact)
	if err != nil {
		return out, err
	}
	if len(open) == 0 {
		return out, nil
	}
	out.PerCell = (1 - o.Confidence) / float64(len(open))
	return out, sampleCells(ctx, r, out, scs, open)
}

// solveCells solves every cell the solver reaches and returns the others,
// in row-major order; a refusal is a note, and the cell is sampled.
func solveCells(ctx context.Context, r analysis.Run, out *Matrix, scs [][]*scenarios.Scenario, exact bool) ([][2]int, error) {
	_, noSolver := rules.LookupSolver(out.Meta.Ruleset)
	exact = exact && noSolver == nil
	var open [][2]int
	count := map[string]int{}
	var order []string
	for i, row := range scs {
		for j, sc := range row {
			if !exact {
				open = append(open, [2]int{i, j})
				continue
			}
			sol, err := analysis.Solve(ctx, sc, false)
			switch {
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case err != nil:
				note := err.Error()
				if errors.Is(err, rules.ErrBudget) {
					note = "beyond the solver's budget"
				}
				if count[note] == 0 {
					order = append(order, note)
				}
				count[note]++
				out.Cells[i][j].Note = note
				open = append(open, [2]int{i, j})
				continue
			}
			v := sol.Win[rules.A].F + sol.Win[rules.None].F/2
			out.Cells[i][j] = Cell{Row: i, Col: j, Estimate: v, Lo: v, Hi: v, Exact: true, Stop: "exact"}
		}
	}
	cells := len(scs) * len(scs)
	for _, note := range order {
		out.Notes = append(out.Notes, fmt.Sprintf("%d of %d cells sampled by Monte Carlo: %s", count[note], cells, note))
	}
	return open, nil
}

// sampleCells samples the open cells in rounds of doubling looks until
// each stops (see Run).
func sampleCells(ctx context.Context, r analysis.Run, out *Matrix, scs [][]*scenarios.Scenario, open [][2]int) error {
	o := out.Options
	first := min(o.First, o.Budget)
	j := r.Journal(r.Resume)
	var parts []*sim.Checkpoint
	for _, c := range open {
		sc := scs[c[0]][c[1]]
		b, err := sc.Compile()
		if err != nil {
			return err
		}
		parts = append(parts, j.Empty(analysis.Part{Scenario: sc.Name, Name: analysis.BatchName(0, first), Hash: sc.Hash()}, r.Batch(sc, b, 0, first)))
	}
	if err := j.Begin(parts, true); err != nil {
		return err
	}
	defer j.End()
	grows := map[[2]int]func(int64) (*analysis.Result, error){}
	for _, c := range open {
		g, err := r.Grower(ctx, j, scs[c[0]][c[1]])
		if err != nil {
			return err
		}
		grows[c] = g
	}
	for look, n := 1, first; len(open) > 0; look, n = look+1, min(2*n, o.Budget) {
		spend := out.PerCell / float64(uint64(1)<<min(look, 62))
		for _, c := range open {
			res, err := grows[c](n)
			if res != nil && res.Tally.Trials > 0 {
				cell := &out.Cells[c[0]][c[1]]
				t := res.Tally
				cell.Wins, cell.Trials, cell.Looks, cell.Alpha = t.Wins, t.Trials, look, spend
				cell.Estimate, cell.Lo, cell.Hi = PayoffInterval(t.Wins[rules.A], t.Wins[rules.B], t.Trials, spend)
			}
			if err != nil {
				return err
			}
		}
		var still [][2]int
		for _, c := range open {
			cell := &out.Cells[c[0]][c[1]]
			switch {
			case cell.Half() <= o.Precision:
				cell.Stop = "precise"
			case !o.PrecisionOnly && settled(out.Cells, c[0], c[1]):
				cell.Stop = "settled"
			case n >= o.Budget:
				cell.Stop = "budget"
			default:
				still = append(still, c)
			}
		}
		open = still
	}
	return nil
}

// settled reports whether every decision that reads cell (i, j) is
// decided: its interval leaves one half (a side is favoured) and is apart
// from the interval of every other cell of its row and of its column.
func settled(cells [][]Cell, i, j int) bool {
	c := cells[i][j]
	if c.Lo <= 0.5 && c.Hi >= 0.5 {
		return false
	}
	apart := func(d Cell) bool { return d.Hi < c.Lo || d.Lo > c.Hi }
	for k := range cells {
		if k != i && !apart(cells[k][j]) {
			return false
		}
		if k != j && !apart(cells[i][k]) {
			return false
		}
	}
	return true
}

// PayoffInterval returns the win share of side a with draws counted half,
// (a + draws/2)/n for a wins of side a and b of side b in n trials, and
// its interval at false-alarm rate alpha. The payoff is (1 + margin)/2,
// where the margin is win.a − win.b, so its interval is the margin's
// (analysis.MarginInterval) mapped the same way: without draws, exactly the
// Clopper–Pearson interval of side a's wins, and with them conservative —
// at least 1 − alpha at every n, as a share's interval is.
func PayoffInterval(a, b, n int64, alpha float64) (est, lo, hi float64) {
	if n <= 0 {
		return 0.5, 0, 1
	}
	mlo, mhi := analysis.MarginInterval(a, b, n, alpha)
	return (1 + float64(a-b)/float64(n)) / 2, (1 + mlo) / 2, (1 + mhi) / 2
}
