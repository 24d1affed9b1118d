package skill

import (
	"slices"

	"github.com/crucible-sim/crucible/analysis"
)

// Axis is a scenario's answer at each level of skill asked for.
type Axis struct {
	Scenario string `json:"scenario"`
	// Labels name side a and side b.
	Labels [2]string `json:"labels"`
	// Levels are the answers, in the order asked (weakest first).
	Levels []Level `json:"levels"`
	// Threshold is the move of side a's win share, as a share, between
	// the top two levels beyond which the answer changes with skill: it
	// is Sensitive when the move's whole interval lies beyond it.
	Threshold float64 `json:"threshold"`
	// Effect names variant B of a comparison when the answer is B's
	// effect on side a's win share (Level.Base holds variant A's at each
	// level, Win variant B's): the move is then the effect's; "" when the
	// answer is the scenario's own win shares.
	Effect string `json:"effect,omitempty"`
	// Mirror says how side b is side a's mirror ("RED is BLUE turned
	// 180°", rules.Mirrored) when the battle is mirrored at every level,
	// side a's and side b's win shares then being equal at every level
	// but for chance; "" when it is not mirrored at some level.
	Mirror string `json:"mirror,omitempty"`
}

// Answer names what an axis judges.
type Answer string

const (
	// AnswerSide: side a's win share (Level.Win[0]).
	AnswerSide Answer = "side-a-win-share"
	// AnswerFirstMover: the first mover's win share (Level.FirstMover), on
	// a battle mirrored at every level that counts its first mover's wins.
	AnswerFirstMover Answer = "first-mover-win-share"
	// AnswerEffect: variant B's effect on side a's win share (Axis.Effect).
	AnswerEffect Answer = "effect-on-side-a-win-share"
)

// Answer returns what the axis judges: a comparison's effect, else the
// first mover's win share when every level has it, else side a's.
func (a *Axis) Answer() Answer {
	switch {
	case a.Effect != "":
		return AnswerEffect
	case len(a.Levels) > 0 && !slices.ContainsFunc(a.Levels, func(l Level) bool { return l.FirstMover == nil }):
		return AnswerFirstMover
	}
	return AnswerSide
}

// Level is the scenario with both sides played by one player.
type Level struct {
	Policy string `json:"policy"`
	// Win are side a's and side b's win shares with their 95 %
	// intervals (Clopper–Pearson; Lo = Hi = Value when Exact).
	Win   [2]analysis.Estimate `json:"win"`
	Exact bool                 `json:"exact"`
	// Base is variant A's win shares at this level, when the axis is a
	// comparison's effect (Axis.Effect); nil otherwise.
	Base *[2]analysis.Estimate `json:"base,omitempty"`
	// Style is true when the player is a style of play, not a level of
	// skill: neither a rung of the ruleset's ladder of skill
	// (rules.PolicyValue.Rung) nor the exact solver's optimal play.
	Style bool `json:"style,omitempty"`
	// FirstMover is the first mover's win share with its 95 % interval
	// (Clopper–Pearson), when the axis judges it (Axis.Answer); nil
	// otherwise. Run keeps it only when every level has it.
	FirstMover *analysis.Estimate `json:"first_mover,omitempty"`
	// mirror is the level's battle's Mirror(), for Run.
	mirror string
}

// Answer is the level's answer: side a's win share, the first mover's on
// an axis that judges it, or for a comparison's effect the move of side
// a's from variant A to variant B.
func (l Level) Answer() float64 {
	if l.Base != nil {
		return l.Win[0].Value - l.Base[0].Value
	}
	return l.share().Value
}

// share is the win share the level's answer is made of: the first
// mover's when the level has it, else side a's.
func (l Level) share() analysis.Estimate {
	if l.FirstMover != nil && l.Base == nil {
		return *l.FirstMover
	}
	return l.Win[0]
}

// DefaultThreshold is the move beyond which an answer is skill-sensitive:
// 5 points, as a policy spread's.
const DefaultThreshold = 0.05

// Move returns how far the answer (Level.Answer) moves from the
// second-highest level to the highest: positive when the better players
// favour side a more (or, for an effect, when B favours side a more under
// the better players).
func (a *Axis) Move() float64 {
	n := len(a.Levels)
	return a.Levels[n-1].Answer() - a.Levels[n-2].Answer()
}

// MoveInterval returns the 95 % interval of Move. Exact levels give the
// move itself (Lo = Hi). Otherwise it is the difference of the levels'
// own 95 % limits (Clopper–Pearson, as Level.Win holds them): the move
// less the top level's distance down to its lower limit and the level
// below's up to its upper one, and so on for the upper limit; for an
// effect, the four win shares' distances added alike. It is Newcombe's
// hybrid interval for a difference of proportions with the estimates'
// correlation at its bound −1 (MOVER; analysis.MarginInterval is the same
// construction): the levels are played on the same streams, so their
// outcomes are correlated by an amount no run measures, and the standard
// deviation of a difference is at most the sum of the parts' (Cauchy–
// Schwarz) whatever the correlation — valid however the players couple,
// where an interval for independent proportions is short when they
// couple negatively (TestMoveFalseVerdicts plays such a coupling). The
// price is width: up to √2 times the independent interval's.
func (a *Axis) MoveInterval() (lo, hi float64) {
	n := len(a.Levels)
	top, below := a.Levels[n-1], a.Levels[n-2]
	tDown, tUp := top.answerReach()
	bDown, bUp := below.answerReach()
	m := a.Move()
	return m - tDown - bUp, m + tUp + bDown
}

// answerReach returns how far the level's answer's 95 % interval reaches
// below and above it: its share's limits (side a's or the first mover's),
// and for an effect variant A's as well, added (the limits' distances of
// a difference).
func (l Level) answerReach() (down, up float64) {
	w := l.share()
	down, up = w.Value-w.Lo, w.Hi-w.Value
	if l.Base != nil {
		down += l.Base[0].Hi - l.Base[0].Value
		up += l.Base[0].Value - l.Base[0].Lo
	}
	return down, up
}
