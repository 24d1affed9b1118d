package rules

import "math/big"

// Exact is the exact solution of a scenario, as every solver returns it and
// reports render it: probabilities and moments computed analytically, with
// no random numbers.
type Exact struct {
	// Win is P(side s wins), indexed by Side (Win[None]: no winner).
	Win [3]Value
	// Ends is P(end reason) for every end reason, in Spec order.
	Ends []NamedValue
	// RoundsMean is E[rounds] (in RoundsUnit).
	RoundsMean Value
	// RoundsSD and RoundsMin are set when the solver knows them.
	RoundsSD  *float64
	RoundsMin *int64
	// Rounds[r] is P(rounds = r), truncated where less than RoundsTail of
	// the mass remains; nil when the solver gives no distribution.
	Rounds     []float64
	RoundsTail float64
	RoundsUnit string
	// Counters are the exact distributions of counters, named as in the
	// battle's Spec.
	Counters []ExactCounter
	// States is the size of the state space solved (0 for a closed form).
	States int
	// Work is the work the solve took, in its solver's own units (see
	// WorkBounded); 0 when the solver does not count it.
	Work int64
	// Options lists every option in force, defaults included; Notes the
	// warnings every output repeats.
	Options []Setting
	Notes   []string
	// Labels and NonVictories are the battle's Spec's: how reports name
	// the sides, and which ends are not victories. A solver gives the
	// non-victory ends' side counters (NonVictoryCounters) among Counters
	// where it can, so that reports tell each side's victories from them.
	Labels       [2]string
	NonVictories []NonVictory
}

// Value is an exact quantity: its float64 value and, when the solve was
// asked for fractions, the exact fraction ("5/11"; "" otherwise).
type Value struct {
	F   float64
	Rat string
}

// NamedValue is a Value with the name of what it measures.
type NamedValue struct {
	Name string
	Value
}

// ExactCounter is the exact distribution of one counter: P[k] is
// P(value = k), and Rat the same as fractions when the solve gave them.
type ExactCounter struct {
	Name string
	Mean Value
	P    []float64
	Rat  []string
}

// Rational reports whether the solution carries exact fractions.
func (e *Exact) Rational() bool { return e.Win[A].Rat != "" }

// Counter returns the distribution of the named counter.
func (e *Exact) Counter(name string) (ExactCounter, bool) {
	for _, c := range e.Counters {
		if c.Name == name {
			return c, true
		}
	}
	return ExactCounter{}, false
}

// Metric returns the exact value of m: a win or end share, the mean or
// minimum of the rounds, or a counter's mean. ok is false for metrics the
// solution does not give (quantiles, maxima, counters it did not solve).
func (e *Exact) Metric(m Metric) (v Value, ok bool) {
	switch m.Kind {
	case WinShare:
		return e.Win[m.Side], true
	case Margin:
		return e.margin(), true
	case EndShare:
		for _, x := range e.Ends {
			if x.Name == m.Name {
				return x.Value, true
			}
		}
	case RoundsMean:
		return e.RoundsMean, true
	case RoundsMin:
		if e.RoundsMin != nil {
			return Value{F: float64(*e.RoundsMin)}, true
		}
	case CounterMean:
		if c, found := e.Counter(m.Name); found {
			return c.Mean, true
		}
	}
	return Value{}, false
}

// margin returns P(a wins) − P(b wins), as a fraction too when both are
// fractions.
func (e *Exact) margin() Value {
	v := Value{F: e.Win[A].F - e.Win[B].F}
	a, okA := new(big.Rat).SetString(e.Win[A].Rat)
	b, okB := new(big.Rat).SetString(e.Win[B].Rat)
	if e.Win[A].Rat != "" && e.Win[B].Rat != "" && okA && okB {
		v.Rat = new(big.Rat).Sub(a, b).RatString()
	}
	return v
}
