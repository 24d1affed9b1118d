package explain

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Sensitivity says which of a scenario's numbers matter to a metric: the
// Sobol indices of the fields Axes, each uniform over its values, computed
// on a Saltelli design (Sobol).
type Sensitivity struct {
	Scenario string
	Metric   rules.Metric
	// Spec is the base battle's, for the metric's and the sides' names.
	Spec   rules.Spec
	Axes   []scenarios.Axis
	Design Design
	Indices
	// Points is how many distinct combinations of the fields' values the
	// design asked for (each computed once), Exact how many of them the
	// solver gave exactly; the others were fought by Monte Carlo at
	// Sampling, nil when none was.
	Points, Exact int
	Sampling      *Sampling
	// Noise is the mean over the fought points of their estimates' own
	// variance (SD²/trials): the part of Variance that Monte Carlo error,
	// not the fields, makes, which the indices read as interactions. 0
	// when every point was solved.
	Noise float64
}

// SensitivityOptions are how Sensitivities computes: the design, the
// Monte Carlo of the points the solver does not reach (every point on the
// base scenario's streams, so that points differ by their values, not by
// luck), and MonteCarlo to fight every point even where the solver
// reaches.
type SensitivityOptions struct {
	Design     Design
	Sampling   Sampling
	Workers    int
	MonteCarlo bool
}

// MaxSensitivityPoints bounds the distinct combinations a sensitivity may
// need: the product of the fields' numbers of values.
const MaxSensitivityPoints = 100_000

// Sensitivities computes the Sobol indices of metric m over the fields
// axes of sc. Every field must be numeric with two or more values, each
// of which sc accepts (a value it rejects is the scenario's located
// error, naming the flag that gave it); m must be one sc reports.
func Sensitivities(ctx context.Context, sc *scenarios.Scenario, axes []scenarios.Axis, m rules.Metric, o SensitivityOptions) (*Sensitivity, error) {
	spec, err := checkSensitivity(sc, axes, m)
	if err != nil {
		return nil, err
	}
	s := &Sensitivity{Scenario: sc.Name, Metric: m, Spec: spec, Axes: axes, Design: o.Design}
	_, noSolver := rules.LookupSolver(sc.Ruleset)
	exact := noSolver == nil && !o.MonteCarlo
	memo := map[string]float64{}
	noises := 0.0
	model := func(ctx context.Context, at []int) (float64, error) {
		key := fmt.Sprint(at)
		if y, ok := memo[key]; ok {
			return y, nil
		}
		y, noise, solved, err := s.valueAt(ctx, sc, at, exact, o)
		if err != nil {
			return 0, err
		}
		noises += noise
		memo[key] = y
		s.Points++
		if solved {
			s.Exact++
		}
		return y, nil
	}
	levels := make([]int, len(axes))
	for i, a := range axes {
		levels[i] = len(a.Values)
	}
	ix, err := Sobol(ctx, levels, o.Design, model)
	if err != nil {
		return nil, err
	}
	s.Indices = *ix
	if fought := s.Points - s.Exact; fought > 0 {
		s.Noise = noises / float64(fought)
	}
	return s, nil
}

// checkSensitivity refuses fields that are not numbers, have fewer than
// two values, are given twice or are too many in product, values sc
// rejects, and a metric sc does not report.
func checkSensitivity(sc *scenarios.Scenario, axes []scenarios.Axis, m rules.Metric) (rules.Spec, error) {
	if len(axes) == 0 {
		return rules.Spec{}, errors.New("a sensitivity needs one or more fields PATH=LO..HI")
	}
	if err := scenarios.CheckAxes(axes); err != nil {
		return rules.Spec{}, err
	}
	points := 1
	for _, a := range axes {
		if !a.Numeric() || len(a.Values) < 2 {
			return rules.Spec{}, fmt.Errorf("%s=%s: a sensitivity needs two or more numbers for a field (allowed: LO..HI, LO..HI:STEP or a list of numbers)", a.Path, strings.Join(a.Values, ","))
		}
		points *= len(a.Values)
		for i := range a.Values {
			v := sc.Clone()
			if err := v.Override(a.Override(i)); err != nil {
				return rules.Spec{}, err
			}
			if _, err := v.Compile(); err != nil {
				return rules.Spec{}, err
			}
		}
	}
	if points > MaxSensitivityPoints {
		return rules.Spec{}, fmt.Errorf("the fields' ranges make %d combinations, more than the %d a sensitivity allows", points, MaxSensitivityPoints)
	}
	b, err := sc.Compile()
	if err != nil {
		return rules.Spec{}, err
	}
	if err := m.Check(b.Spec()); err != nil {
		return rules.Spec{}, fmt.Errorf("metric %s: %v", m, err)
	}
	return b.Spec(), nil
}

// valueAt is the metric at one combination of the fields' values: exact
// through the solver when exact is set and it solves the point (and gives
// the metric), else the Monte Carlo estimate over the sampling's trials on the
// base scenario's streams.
func (s *Sensitivity) valueAt(ctx context.Context, sc *scenarios.Scenario, at []int, exact bool, o SensitivityOptions) (y, noise float64, solved bool, err error) {
	v := sc.Clone()
	for i, k := range at {
		if err := v.Override(s.Axes[i].Override(k)); err != nil {
			return 0, 0, false, err
		}
	}
	if exact {
		sol, err := analysis.Solve(ctx, v, false)
		// A solver that refuses the point (beyond its budget, or a
		// battle it does not solve: a Strategic Fighting duel) leaves it
		// to Monte Carlo, as a sweep's points are.
		if ctx.Err() != nil {
			return 0, 0, false, ctx.Err()
		}
		if err == nil {
			if x, ok := sol.Metric(s.Metric); ok {
				return x.F, 0, true, nil
			}
		}
	}
	s.Sampling = &o.Sampling
	run := analysis.Run{Seed: o.Sampling.Seed, Trials: o.Sampling.Trials, Workers: o.Workers, Streams: sc.StreamName()}
	res, _, err := run.Fight(ctx, v, nil)
	if err != nil {
		return 0, 0, false, err
	}
	e := analysis.EstimateOf(res, s.Metric, 0.05)
	return e.Value, e.SD * e.SD / float64(e.Trials), false, nil
}

// Ranked returns the fields' indices in order of total index, largest
// first.
func (s *Sensitivity) Ranked() []int {
	order := make([]int, len(s.Axes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(s.Total[j], s.Total[i]) })
	return order
}
