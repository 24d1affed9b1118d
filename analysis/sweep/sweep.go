package sweep

import (
	"context"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Result is a fought sweep: the result of every finished point.
type Result struct {
	Sweep   *Sweep
	Seed    uint64
	Version string
	// Trials is the number of trials of every point.
	Trials int64
	// Points are the finished points in grid order; after an interrupt,
	// fewer than the grid's.
	Points []PointResult
	// Exact says whether exact solutions were sought (the ruleset has a
	// solver and the run asked for them).
	Exact bool
}

// Interrupted reports whether fewer points finished than the grid has.
func (s *Result) Interrupted() bool { return len(s.Points) < len(s.Sweep.Points) }

// PointResult is one finished grid point, holding what a sweep's outputs
// read (see trim).
type PointResult struct {
	GridPoint
	Values []string
	// Result is the point's result without what a sweep does not report:
	// its tally keeps the trials, wins and end reasons, but no counters and
	// no rounds histogram, whose statistics are Rounds.
	Result *analysis.Result
	// Rounds are the statistics of the point's rounds (Result.Rounds
	// before the histogram was dropped).
	Rounds analysis.HistStats
	// RoundsBins are the non-empty bins of the point's rounds histogram
	// where the sweep keeps them (Sweep.Overlaid), nil elsewhere: a few
	// hundred bytes where the histogram of a lifespan's seconds is 30 KB.
	RoundsBins []sim.Bin
	// Estimate is the sweep's metric at the point with its 95 % interval
	// (EstimateOf), read before the counters and the histogram were
	// dropped.
	Estimate analysis.Estimate
	// ExactMetric is the solver's value of the sweep's metric, nil where
	// it gives none.
	ExactMetric *rules.Value
	// Exact is the point's exact solution, nil when there is none:
	// ExactErr then says why (wrapping rules.ErrBudget when the point is
	// beyond the solver's budget), unless no solve was sought.
	Exact    *rules.Exact
	ExactErr error
}

// Share returns the sweep's metric at the point, with its 95 % Clopper–Pearson interval.
func (p PointResult) Share(m rules.Metric) analysis.Share {
	if m.Kind == rules.EndShare {
		return p.Result.End(m.Name)
	}
	return p.Result.Win(m.Side)
}

// Value returns the sweep's metric at the point as the break-even, the
// ranking and the shape read it: the exact value (an interval of one
// point) when exact is set and the point has one, else the estimate.
func (p PointResult) Value(exact bool) analysis.Estimate {
	if exact && p.ExactMetric != nil {
		v := p.ExactMetric.F
		return analysis.Estimate{Value: v, Lo: v, Hi: v, Trials: p.Estimate.Trials}
	}
	return p.Estimate
}

// Alpha is the false-alarm rate of a sweep's intervals: 95 %.
const Alpha = 0.05

// ExactShare returns the exact value of the metric at the point; ok is
// false when the point has no exact solution.
func (p PointResult) ExactShare(m rules.Metric) (float64, bool) {
	if p.Exact == nil {
		return 0, false
	}
	v, ok := p.Exact.Metric(m)
	return v.F, ok
}

// Run fights every point of sweep s in grid order, as r says, each on the same
// streams (common random numbers: trial i of every point draws the stream
// of the base scenario's trial i), with r.Trials trials (DefaultTrials
// when 0). With exact set, it also solves each point exactly where the
// ruleset has a solver. When ctx is cancelled it returns the points that
// finished, and ctx's error: a point cut short is left out, since its
// trials would not match the others'. Its checkpoints (Run.Save,
// Run.Resume) hold one part per point.
func Run(ctx context.Context, r analysis.Run, s *Sweep, exact bool) (*Result, error) {
	if r.Trials <= 0 {
		r.Trials = analysis.DefaultTrials
	}
	if err := scenarios.CheckSweepSize(len(s.Points), r.Trials); err != nil {
		return nil, err
	}
	r.Streams = s.Streams
	r.Shard = sim.Shard{}
	j := r.Journal(r.Resume)
	var parts []*sim.Checkpoint
	for _, p := range s.Points {
		sc, b, err := s.compile(p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, j.Empty(pointPart(sc, p), r.Job(sc, b)))
	}
	if err := j.Begin(parts, false); err != nil {
		return nil, err
	}
	defer j.End()
	_, noSolver := rules.LookupSolver(s.Ruleset)
	out := &Result{Sweep: s, Seed: r.Seed, Version: r.Version, Trials: r.Trials, Exact: exact && noSolver == nil}
	for _, p := range s.Points {
		pr, err := point(ctx, r, j, s, p, out.Exact)
		if err != nil {
			return out, err
		}
		out.Points = append(out.Points, pr)
	}
	return out, nil
}

// pointPart names a grid point's part of a sweep's work; sc is the
// point's scenario.
func pointPart(sc *scenarios.Scenario, p GridPoint) analysis.Part {
	return analysis.Part{Scenario: sc.Name, Name: fmt.Sprintf("point %d", p.Index), Hash: sc.Hash()}
}

// point fights (and solves) one grid point, the part of the sweep's work
// whose journal is j.
func point(ctx context.Context, r analysis.Run, j *analysis.Journal, s *Sweep, p GridPoint, exact bool) (PointResult, error) {
	var at []string
	for k, v := range s.Values(p) {
		at = append(at, s.Axes[k].Path+"="+v)
	}
	sc, err := s.Scenario(p)
	if err != nil {
		return PointResult{}, err
	}
	n := int64(len(s.Points))
	r = r.At(analysis.Place{Step: p.Index + 1, Steps: len(s.Points), Unit: "point", Name: strings.Join(at, " "),
		Before: int64(p.Index) * r.Trials, Total: n * r.Trials})
	res, err := r.FightIn(ctx, j, sc, pointPart(sc, p).Name)
	if err != nil {
		return PointResult{}, err
	}
	pr := PointResult{GridPoint: p, Values: s.Values(p), Result: res, Rounds: res.Rounds(), Estimate: analysis.EstimateOf(res, s.Metric, Alpha)}
	if exact {
		pr.Exact, err = analysis.Solve(ctx, sc, false)
		switch {
		case ctx.Err() != nil:
			return PointResult{}, ctx.Err()
		case err != nil:
			pr.Exact, pr.ExactErr = nil, err
		default:
			if v, ok := pr.Exact.Metric(s.Metric); ok {
				pr.ExactMetric = &v
			}
		}
	}
	pr.trim(s.Overlaid(p))
	return pr, nil
}

// trim drops from a fought point what no output of a sweep reads, since a
// sweep holds every point until its report is written: the compiled battle,
// the counters (sums, squares, histograms) and their declarations, the
// options, the board, the rounds histogram (its statistics are kept in
// Rounds: a lifespan's histogram of seconds alone is 30 KB), and the exact
// solution's distributions, options and notes. What stays is what
// SweepRows, the table, the page and the plots read: the trials, wins and
// ends of the tally, the rounds' statistics, and the exact win, end and
// mean-rounds values; and, where keepRounds is set, the rounds histogram
// in RoundsBins. A point of a sweep of Eclipse duels held 88 KB, and a
// 10,000-point sweep peaked at 815 MiB (bench/rss.txt).
func (pr *PointResult) trim(keepRounds bool) {
	r := *pr.Result
	if keepRounds {
		pr.RoundsBins = r.Tally.Rounds.Bins()
	}
	r.Battle = nil
	r.Spec.Counters, r.Spec.Options, r.Spec.Board = nil, nil, nil
	t := *r.Tally
	t.Counters, t.CounterNames, t.CountersSq = nil, nil, nil
	t.Dists, t.DistOf, t.WinDists, t.WinDistOf = nil, nil, nil, nil
	t.Rounds = sim.Hist{}
	t.Examples = nil // a sweep's outputs replay no example game
	r.Tally = &t
	pr.Result = &r
	if x := pr.Exact; x != nil {
		pr.Exact = &rules.Exact{Win: x.Win, Ends: x.Ends, RoundsMean: x.RoundsMean, RoundsUnit: x.RoundsUnit, States: x.States}
	}
}
