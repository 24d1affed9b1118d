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

// Sweep is a grid of variants of one base scenario, ready to fight: every
// point is the base with one value of each axis set, compiled.
type Sweep struct {
	// Name names the sweep in output: the sweep file's name, or the base
	// scenario's for a sweep given by --vary.
	Name, Description string
	// Base is the base scenario's name.
	Base string
	// Streams names the streams every point draws (the base's,
	// scenarios.Scenario.StreamName), so that points differ by their
	// overrides, not by luck.
	Streams string
	Ruleset string
	Axes    []scenarios.Axis
	// Metric is what the curve, the heat map and the break-even follow:
	// any metric a claim takes.
	Metric rules.Metric
	// Level is the value at which the metric breaks even; nil for the
	// metric's own (scenarios.DefaultLevel), which only shares and the
	// margin have.
	Level *float64
	// Kinds[k] is how axis k is read: a scale, whole numbers or names.
	Kinds  []AxisKind
	Points []GridPoint
	// base is the base scenario, from which Scenario makes each point's.
	base *scenarios.Scenario
}

// GridPoint is one point of a sweep's grid. It holds no scenario (Sweep.
// Scenario makes it when the point is fought), so that a grid of 10,000
// points does not keep 10,000 documents.
type GridPoint struct {
	// Index is the point's place in the grid: the last axis varies
	// fastest.
	Index int
	// At[k] is the index of the point's value on axis k.
	At []int
}

// Scenario returns the scenario of grid point p: the base with the
// point's value of each axis set.
func (s *Sweep) Scenario(p GridPoint) (*scenarios.Scenario, error) {
	sc := s.base.Clone()
	for k, i := range p.At {
		if err := sc.Override(s.Axes[k].Override(i)); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// compile returns the scenario of grid point p and its battle.
func (s *Sweep) compile(p GridPoint) (*scenarios.Scenario, rules.Battle, error) {
	sc, err := s.Scenario(p)
	if err != nil {
		return nil, nil, err
	}
	b, err := sc.Compile()
	return sc, b, err
}

// Values returns the point's value of each axis.
func (s *Sweep) Values(p GridPoint) []string {
	out := make([]string, len(s.Axes))
	for k, i := range p.At {
		out[k] = s.Axes[k].Values[i]
	}
	return out
}

// New builds the grid of axes over base and compiles every point
// before the first trial, so that a value the scenario rejects costs no
// computing time; its error is the scenario's, located at the value.
func New(name string, base *scenarios.Scenario, axes []scenarios.Axis, metric rules.Metric) (*Sweep, error) {
	if err := scenarios.CheckAxes(axes); err != nil {
		return nil, err
	}
	if err := scenarios.CheckSweepSize(scenarios.Points(axes), 1); err != nil {
		return nil, err
	}
	s := &Sweep{Name: name, Base: base.Name, Streams: base.StreamName(), Ruleset: base.Ruleset, Axes: axes, Metric: metric, base: base.Clone()}
	for _, a := range axes {
		s.Kinds = append(s.Kinds, KindOf(base.Ruleset, a))
	}
	for idx := range scenarios.Points(axes) {
		p := GridPoint{Index: idx, At: gridIndex(idx, axes)}
		_, b, err := s.compile(p)
		if err != nil {
			return nil, err
		}
		if err := metric.Check(b.Spec()); err != nil {
			return nil, &MetricError{Metric: metric, Err: err}
		}
		s.Points = append(s.Points, p)
	}
	return s, nil
}

// LevelOf returns the value at which the sweep's metric breaks even: the
// level given, else the metric's own; ok is false when there is none (a
// mean or a quantile with no level given), and then no break-even is
// sought.
func (s *Sweep) LevelOf() (level float64, ok bool) {
	if s.Level != nil {
		return *s.Level, true
	}
	return scenarios.DefaultLevel(s.Metric)
}

// MetricError is New's error for a metric the battle does not report
// (an end reason or counter it does not declare).
type MetricError struct {
	Metric rules.Metric
	Err    error
}

func (e *MetricError) Error() string { return fmt.Sprintf("metric %s: %v", e.Metric, e.Err) }
func (e *MetricError) Unwrap() error { return e.Err }

// gridIndex returns the value indices of the grid point idx, the last axis
// varying fastest.
func gridIndex(idx int, axes []scenarios.Axis) []int {
	at := make([]int, len(axes))
	for k := len(axes) - 1; k >= 0; k-- {
		n := len(axes[k].Values)
		at[k] = idx % n
		idx /= n
	}
	return at
}

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
