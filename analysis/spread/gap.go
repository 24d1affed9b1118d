package spread

import (
	"context"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Lowest and Highest return the cells of the least and the greatest
// headline (side a's win share), the first of equals.
func (s *Spread) Lowest() Cell  { return s.Cells[s.extreme(-1)] }
func (s *Spread) Highest() Cell { return s.Cells[s.extreme(1)] }

func (s *Spread) extreme(sign float64) int {
	best := 0
	for i, c := range s.Cells {
		if sign*(c.Win[0].Value-s.Cells[best].Win[0].Value) > 0 {
			best = i
		}
	}
	return best
}

// Range returns how far the headline moves across the cells: the highest
// less the lowest.
func (s *Spread) Range() float64 { return s.Highest().Win[0].Value - s.Lowest().Win[0].Value }

// Noted reports whether the headline moves by more than the threshold.
func (s *Spread) Noted() bool { return s.Range() > s.Threshold }

// sideCells returns the cells in which side plays each of its values, the
// other side as the scenario says: the scenario's own, and side's.
func (s *Spread) sideCells(side rules.Side) []Cell {
	var out []Cell
	for _, c := range s.Cells {
		if c.Varied == rules.None || c.Varied == side {
			out = append(out, c)
		}
	}
	return out
}

// gap measures side's skill gap (SkillGap).
func (f *spreadFight) gap(ctx context.Context, s *Spread, side rules.Side) (SkillGap, error) {
	cells := s.sideCells(side)
	g := SkillGap{Side: side, Played: len(cells)}
	i := side - 1
	strong, weak := cells[0], cells[0]
	for _, c := range cells[1:] {
		if c.Win[i].Value > strong.Win[i].Value {
			strong = c
		}
		if c.Win[i].Value < weak.Win[i].Value {
			weak = c
		}
	}
	if len(cells) < 2 {
		return g, nil
	}
	g.Strong, g.Weak = strong.Policies[i], weak.Policies[i]
	hi, lo := strong.Win[i], weak.Win[i]
	g.Diff = hi.Value - lo.Value
	switch {
	case strong.Policies == weak.Policies: // every policy won alike
		g.Lo, g.Hi, g.Exact = 0, 0, strong.Exact
	case strong.Exact && weak.Exact:
		g.Lo, g.Hi, g.Exact = g.Diff, g.Diff, true
	case strong.Exact || weak.Exact || !f.plan.PairGaps || !slices.Equal(strong.battle.Spec().Ends, weak.battle.Spec().Ends):
		g.Lo, g.Hi = hi.Lo-lo.Hi, hi.Hi-lo.Lo
	default:
		counts, err := f.pairedWins(ctx, weak.battle, strong.battle, side)
		if err != nil {
			return g, err
		}
		iv := analysis.PairedShareInterval(counts, -analysis.NormalQuantile(spreadAlpha/2))
		g.Diff, g.Lo, g.Hi, g.Pairs = counts.Diff(), iv.Lo, iv.Hi, counts.N()
	}
	return g, nil
}

// pairedWins fights a and b on the spread's fresh streams — those of its
// cells with " skill gap" added — and counts, trial by trial, whether side
// won under each.
func (f *spreadFight) pairedWins(ctx context.Context, a, b rules.Battle, side rules.Side) (analysis.PairedCounts, error) {
	job := sim.Job{
		Battle: analysis.NewPairedBattle(a, b), Key: sim.Key(f.streams + " skill gap"), Seed: f.r.Seed,
		Trials: f.plan.Trials, Workers: f.r.Workers, Chunk: f.r.Chunk,
	}
	if f.r.Progress != nil {
		var stop func()
		name := "policy spread of " + f.streams + ": skill gap of " + side.String()
		job.Done, stop = f.r.Progress(f.r.Stage(name, job.Trials, 0, a.Spec(), nil))
		defer stop()
	}
	t, err := untilStopped(ctx, func() (*sim.Tally, error) { return sim.Run(ctx, job) })
	if err != nil {
		return analysis.PairedCounts{}, err
	}
	var pc analysis.PairedCounts
	for _, x := range analysis.Winners {
		for _, y := range analysis.Winners {
			k, _ := t.Counter(analysis.WinnersCounter(x, y))
			pc = analysis.TallyPair(pc, x == side, y == side, k)
		}
	}
	return pc, nil
}
