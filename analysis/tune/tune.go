package tune

import (
	"fmt"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Tune is a tuning question: the value of one field of a base scenario at
// which a metric meets a target ("the fewest Interceptors that win 70 %
// of the time", "the armor that makes the duel fair").
type Tune struct {
	// Name names the tune in output: the tune file's name, or the base
	// scenario's for a tune given by flags.
	Name, Description string
	Base              *scenarios.Scenario
	Axis              Axis
	Target            scenarios.Target
	// Confidence is the level at which the answer's statements hold
	// jointly (DefaultConfidence when 0).
	Confidence float64
	// First is the trials of a probe's first look, Budget the most trials
	// one probe may fight (DefaultFirst and DefaultBudget when 0).
	First, Budget int64
	// Decide is the most trials the re-check fights to decide a value the
	// search left indistinguishable from a one-sided target, on which the
	// answer hangs ("6 or 7?"); DecideFactor × the budget when 0.
	Decide int64
	// Exact solves each probe exactly where the ruleset's solver reaches
	// it, with fractions when Rational is set.
	Exact, Rational bool
}

// Defaults of a tune.
const (
	DefaultConfidence = 0.95
	DefaultFirst      = 250
	DefaultBudget     = 200_000
	// DecideFactor sizes the default decide budget from the probe budget.
	DecideFactor = 5
)

// New checks the question before the first trial: the base compiles
// at both ends of the axis, and reports the target's metric there.
func New(name string, base *scenarios.Scenario, axis Axis, target scenarios.Target) (*Tune, error) {
	t := &Tune{Name: name, Base: base, Axis: axis, Target: target}
	for _, i := range []int64{0, axis.Last()} {
		sc, err := t.scenarioAt(i)
		if err != nil {
			return nil, err
		}
		b, err := sc.Compile()
		if err != nil {
			return nil, err
		}
		if err := target.Metric.Check(b.Spec()); err != nil {
			return nil, &TargetError{Target: target, Err: err}
		}
	}
	return t, nil
}

// From builds the tune q asks (a tune file, or tune's flags read as
// one) of the scenario base (q.Scenario, loaded, with q.Sets applied): its
// axis over the base's ruleset (an *AxisError when the range or the field
// cannot be searched), checked by New, with q's description,
// confidence and budget.
func From(q *scenarios.Tune, base *scenarios.Scenario) (*Tune, error) {
	axis, err := NewAxis(base.Ruleset, q.Axis)
	if err != nil {
		return nil, &AxisError{Origin: q.Axis.Origin, Err: err}
	}
	t, err := New(q.Name, base, axis, q.Target)
	if err != nil {
		return nil, err
	}
	t.Description, t.Confidence, t.First, t.Budget, t.Decide = q.Description, q.Confidence, q.FirstTrials, q.MaxTrials, q.DecideTrials
	return t, nil
}

// AxisError is From's error for a range or field a tune cannot
// search, located at the axis's origin.
type AxisError struct {
	Origin string
	Err    error
}

func (e *AxisError) Error() string { return e.Origin + ": " + e.Err.Error() }
func (e *AxisError) Unwrap() error { return e.Err }

// TargetError is New's error for a target whose metric the battle
// does not report (an end reason or counter it does not declare).
type TargetError struct {
	Target scenarios.Target
	Err    error
}

func (e *TargetError) Error() string { return fmt.Sprintf("target %s: %v", e.Target, e.Err) }
func (e *TargetError) Unwrap() error { return e.Err }

// scenarioAt returns the base scenario with the field set to point i.
func (t *Tune) scenarioAt(i int64) (*scenarios.Scenario, error) {
	sc := t.Base.Clone()
	return sc, sc.Override(t.Axis.Override(i))
}

// AnswerScenarios returns the scenarios the answer rests on, for a skill
// axis to re-judge (analysis/skill): the value that meets a one-sided
// target, else the two values of the bracket, else the pair the statement
// rests on; none when there are none. Each is named for its value ("BASE
// at PATH=VALUE") and draws the base's streams.
func (r *Result) AnswerScenarios() ([]*scenarios.Scenario, error) {
	var probes []Probe
	switch {
	case r.Answer != nil:
		probes = []Probe{*r.Answer}
	case r.Below != nil && r.Above != nil:
		probes = []Probe{*r.Below, *r.Above}
	default:
		probes = r.Pair
	}
	t := r.Tune
	var out []*scenarios.Scenario
	for _, p := range probes {
		sc, err := t.scenarioAt(p.Index)
		if err != nil {
			return nil, err
		}
		sc.Name, sc.Streams = fmt.Sprintf("%s at %s=%s", t.Base.Name, t.Axis.Path, p.Value), t.Base.StreamName()
		out = append(out, sc)
	}
	return out, nil
}

// Alpha returns the false-alarm rate of the answer's statements, jointly.
func (t *Tune) Alpha() float64 {
	if t.Confidence == 0 {
		return 1 - DefaultConfidence
	}
	return 1 - t.Confidence
}

// budget returns the trials of a probe's first look and the most it may
// fight.
func (t *Tune) budget() (first, most int64) {
	first, most = t.First, t.Budget
	if most == 0 {
		most = max(DefaultBudget, first)
	}
	if first == 0 {
		first = min(DefaultFirst, most)
	}
	return first, most
}

// decideBudget returns the most trials the re-check fights to decide a
// value the search left indistinguishable from the target.
func (t *Tune) decideBudget() int64 {
	_, most := t.budget()
	if t.Decide != 0 {
		return t.Decide
	}
	return min(DecideFactor*most, sim.MaxTrials)
}

// Check refuses settings no search can run with.
func (t *Tune) Check() error {
	first, most := t.budget()
	switch {
	case t.Decide != 0 && (t.Decide < most || t.Decide > sim.MaxTrials):
		return fmt.Errorf("decide budget %d: allowed: from the probe budget %d to %d trials", t.Decide, most, int64(sim.MaxTrials))
	case t.Confidence != 0 && !(t.Confidence >= scenarios.MinConfidence && t.Confidence <= scenarios.MaxConfidence):
		return fmt.Errorf("confidence %g: allowed: a number from %g to %g", t.Confidence, scenarios.MinConfidence, scenarios.MaxConfidence)
	case first < 1 || first > most || most > sim.MaxTrials:
		return fmt.Errorf("tune budget: first look %d and at most %d trials per probe (want 1 ≤ first ≤ most ≤ %d)", first, most, int64(sim.MaxTrials))
	}
	return nil
}

// Decision is where a probe puts the metric against the target's value.
type Decision uint8

const (
	// Undecided: the probe was interrupted before it could say.
	Undecided Decision = iota
	// BelowTarget: the metric is below the target's value (its interval lies
	// wholly below it, or its exact value is below).
	BelowTarget
	// AtTarget: the interval still holds the target's value when the probe's
	// budget is spent (indistinguishable from it), or the exact value is
	// the target's.
	AtTarget
	// AboveTarget: the metric is above the target's value.
	AboveTarget
)

func (d Decision) String() string {
	return [...]string{"undecided", "below", "at", "above"}[d]
}

// Phase says which part of a tune fought a probe.
type Phase uint8

const (
	// SearchPhase probes look for the bracket, all on the base scenario's
	// streams (common random numbers).
	SearchPhase Phase = iota
	// RecheckPhase probes fight the values the answer rests on again, on a
	// stream family of their own.
	RecheckPhase
	// DecidePhase probes fight a value the search left indistinguishable
	// from a one-sided target, on the re-check's streams, with the decide
	// budget: whether it meets the target decides the answer.
	DecidePhase
)

func (p Phase) String() string { return [...]string{"search", "recheck", "decide"}[p] }

// Probe is one value of the field, decided against the target.
type Probe struct {
	Index int64
	Value string
	Phase Phase
	// Decision is the probe's verdict; Estimate the metric at the look
	// that gave it, its interval the one the decision was read from (at
	// level 1 − Spent), or for an exact probe the exact value with
	// Lo = Hi = Value.
	Decision Decision
	Estimate analysis.Estimate
	// Exact is the solver's value when the probe was decided exactly.
	Exact *rules.Value
	// Trials and Looks are what the probe fought (0 for an exact probe).
	Trials int64
	Looks  int
	// Alpha is the false-alarm rate the probe may spend over its looks,
	// Spent what its last look spent.
	Alpha, Spent float64
	// Streams names the random streams the probe drew.
	Streams string
	// Note says why a probe the solver was asked for was fought by Monte
	// Carlo instead.
	Note string
	// Spec is the battle's spec at this value (its side labels and unit).
	Spec rules.Spec
}

// Status is what a tune found.
type Status uint8

const (
	// Bracketed: the target lies between two values (neighbours, or with
	// values indistinguishable from it between them), each on its side
	// with the stated confidence; the re-check confirmed both.
	Bracketed Status = iota
	// Unreachable: the metric is on one side of the target at both ends
	// of the range.
	Unreachable
	// NonMonotonic: the decisions contradict the direction the ends give,
	// so there is no single crossing to bracket.
	NonMonotonic
	// Inconclusive: the budget, or the re-check on fresh streams, left the
	// answer undecided (Why says how).
	Inconclusive
	// Interrupted: the tune was cancelled; the probes so far are kept.
	Interrupted
)

func (s Status) String() string {
	return [...]string{"bracketed", "unreachable", "non-monotonic", "inconclusive", "interrupted"}[s]
}

// Result is a tune's answer and every probe it fought.
type Result struct {
	Tune    *Tune
	Seed    uint64
	Version string
	Status  Status
	// Direction is +1 when the metric grows with the field, −1 when it
	// falls, 0 when the ends do not say.
	Direction int
	// Below and Above are the values on either side of the target that
	// the answer states (the re-check's probes, or exact search probes);
	// nil unless the status is Bracketed. For Unreachable and
	// NonMonotonic, Pair holds the two values the statement rests on,
	// re-checked.
	Below, Above *Probe
	// Between are probed values between Below and Above that are
	// indistinguishable from the target (or equal to it, exactly).
	Between []Probe
	// Answer is, for a one-sided target, the value that meets it with
	// the stated confidence (Above for ≥, Below for ≤); nil otherwise.
	Answer *Probe
	// OneOf is, for a one-sided target whose answer the decide budget left
	// open, the first and last axis points it may be, in axis order: every
	// point between them is indistinguishable from the target or was not
	// probed, and the answer is one of them ("6 or 7"). Answer is then nil.
	OneOf *[2]int64
	Pair  []Probe
	// Probes are the search's probes in the order fought; Recheck the
	// re-check's and the decide phase's, on the streams RecheckStreams.
	Probes         []Probe
	Recheck        []Probe
	Streams        string
	RecheckStreams string
	// Why says what left a Inconclusive tune undecided.
	Why string
	// Notes say where the solver gave way to Monte Carlo.
	Notes []string
}

// Trials returns the trials fought by every probe.
func (r *Result) Trials() int64 {
	var n int64
	for _, ps := range [][]Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			n += p.Trials
		}
	}
	return n
}

// Sampled reports whether any probe was fought by Monte Carlo: when none
// was, every value is exact, and the seed and the level are no part of
// the answer.
func (r *Result) Sampled() bool {
	for _, ps := range [][]Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			if p.Exact == nil {
				return true
			}
		}
	}
	return false
}

// Monotonic reports whether no decisions contradicted a single direction.
func (r *Result) Monotonic() bool { return r.Status != NonMonotonic }

// Alpha returns the false-alarm rate of the answer's statements, jointly.
func (r *Result) Alpha() float64 { return r.Tune.Alpha() }
