package sweep

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
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

// AxisSide returns the side axis k's field belongs to — its path within
// one of the fields the ruleset's rules.Sided names for a side
// ("b.armor" within stratfight's "b") — or rules.None for a field of the
// battle (an option, a blueprint both sides use) or a ruleset without
// sides.
func (s *Sweep) AxisSide(k int) rules.Side {
	rs, err := rules.Lookup(s.Ruleset)
	if err != nil {
		return rules.None
	}
	sided, ok := rs.(rules.Sided)
	if !ok {
		return rules.None
	}
	path := s.Axes[k].Path
	for i, fields := range sided.SideFields() {
		for _, f := range fields {
			if rest, ok := strings.CutPrefix(path, f); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				return [2]rules.Side{rules.A, rules.B}[i]
			}
		}
	}
	return rules.None
}
