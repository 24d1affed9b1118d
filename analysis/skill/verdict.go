package skill

import (
	"github.com/crucible-sim/crucible/analysis"
)

// Verdict is what a skill axis says of its answer: the move between the
// top two levels shown beyond the threshold, shown within it, or neither.
type Verdict string

const (
	// VerdictSensitive: the whole interval of the move lies beyond the
	// threshold (past +threshold or past −threshold): the answer changes
	// with skill.
	VerdictSensitive Verdict = "sensitive"
	// VerdictHolds: the whole interval lies within ±threshold: the answer
	// holds across the top two levels.
	VerdictHolds Verdict = "holds"
	// VerdictUndecided: the interval straddles a threshold; more trials
	// would decide.
	VerdictUndecided Verdict = "undecided"
)

// Verdict judges the move by its interval (MoveInterval): exact levels
// by the move itself, sensitive past the threshold.
func (a *Axis) Verdict() Verdict {
	lo, hi := a.MoveInterval()
	switch t := a.Threshold; {
	case lo > t || hi < -t:
		return VerdictSensitive
	case lo >= -t && hi <= t:
		return VerdictHolds
	}
	return VerdictUndecided
}

// Exact reports whether the move is exact: every win share it is made of
// was solved, not sampled.
func (a *Axis) Exact() bool {
	lo, hi := a.MoveInterval()
	return lo == hi
}

// Trials is the number of trials the sampled levels among the top two
// were played on; 0 when both are exact.
func (a *Axis) Trials() int64 {
	n := len(a.Levels)
	return max(a.Levels[n-2].sampledTrials(), a.Levels[n-1].sampledTrials())
}

// sampledTrials is the number of trials the level's sampled shares were
// played on; 0 when it is exact.
func (l Level) sampledTrials() int64 {
	var out int64
	for _, e := range append([]analysis.Estimate{l.share()}, baseOf(l)...) {
		if e.Lo != e.Hi {
			out = max(out, e.Trials)
		}
	}
	return out
}

// trialsText is the trials of the top two levels in words: "400 trials"
// when both were sampled alike or one is exact, "20000 and 48 trials"

func baseOf(l Level) []analysis.Estimate {
	if l.Base == nil {
		return nil
	}
	return []analysis.Estimate{l.Base[0]}
}

// Sensitive reports whether the answer is shown to change with skill
// (VerdictSensitive): false when it holds and when it is undecided.
func (a *Axis) Sensitive() bool { return a.Verdict() == VerdictSensitive }
