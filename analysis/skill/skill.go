// Package skill re-judges a scenario's answer at several levels of skill:
// both sides played by the same player, rung after rung (dbd's greedy,
// then search:1k; Eclipse's kill-greedy, then optimal), so that a verdict
// that holds only for weak players is flagged as such. A designer's
// question is about the game, and an answer that moves with the players'
// skill is, in part, an answer about the players. The move between the
// top two levels is judged by its 95 % interval (Axis.Verdict): shown
// beyond the threshold (sensitive), shown within it (holds), or neither
// (undecided: more trials would decide).
package skill

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
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
}

// Answer is the level's answer: side a's win share, or for a
// comparison's effect the move of it from variant A to variant B.
func (l Level) Answer() float64 {
	if l.Base != nil {
		return l.Win[0].Value - l.Base[0].Value
	}
	return l.Win[0].Value
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
// below and above it: side a's win share's limits, and for an effect
// variant A's as well, added (the limits' distances of a difference).
func (l Level) answerReach() (down, up float64) {
	down, up = l.Win[0].Value-l.Win[0].Lo, l.Win[0].Hi-l.Win[0].Value
	if l.Base != nil {
		down += l.Base[0].Hi - l.Base[0].Value
		up += l.Base[0].Value - l.Base[0].Lo
	}
	return down, up
}

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
	var out int64
	for _, l := range a.Levels[n-2:] {
		for _, e := range append([]analysis.Estimate{l.Win[0]}, baseOf(l)...) {
			if e.Lo != e.Hi {
				out = max(out, e.Trials)
			}
		}
	}
	return out
}

func baseOf(l Level) []analysis.Estimate {
	if l.Base == nil {
		return nil
	}
	return []analysis.Estimate{l.Base[0]}
}

// Sensitive reports whether the answer is shown to change with skill
// (VerdictSensitive): false when it holds and when it is undecided.
func (a *Axis) Sensitive() bool { return a.Verdict() == VerdictSensitive }

// Flag says, when the answer is shown skill-sensitive, how it changes, in
// a designer's words ("this verdict changes with skill: attacker wins
// 41.37 % under kill-greedy, 59.71 % under optimal"); "" when it is not.
func (a *Axis) Flag() string {
	if !a.Sensitive() {
		return ""
	}
	n := len(a.Levels)
	lo, hi := a.Levels[n-2], a.Levels[n-1]
	return fmt.Sprintf("this verdict changes with skill: %s under %s, %s under %s (%s, more than the %g-point threshold)",
		a.favour(lo), lo.Policy, a.favour(hi), hi.Policy, a.MoveText(), 100*a.Threshold)
}

// MoveText is the move in points, with its 95 % interval and trials when
// it is sampled: "+18.34 points" when exact, "+2.50 points [-12.40,
// +17.40] at 40 trials" when not.
func (a *Axis) MoveText() string {
	if a.Exact() {
		return fmt.Sprintf("%+.2f points", 100*a.Move())
	}
	lo, hi := a.MoveInterval()
	return fmt.Sprintf("%+.2f points [%+.2f, %+.2f] at %d trials", 100*a.Move(), 100*lo, 100*hi, a.Trials())
}

// Note says, when neither of the top two levels is a level of skill
// (Level.Style: Eclipse's kill-greedy and largest-killable-first, any two
// of EmojiSpace's policies), that the move is between styles of play, as
// a policy spread measures it, not a move with skill; "" otherwise.
func (a *Axis) Note() string {
	n := len(a.Levels)
	lo, hi := a.Levels[n-2], a.Levels[n-1]
	if !lo.Style || !hi.Style {
		return ""
	}
	return fmt.Sprintf("neither %s nor %s is a rung of the ruleset's ladder of skill or its optimal play: they are styles of play, and the move between them is a style's (as --policy-spread measures it), not skill's", lo.Policy, hi.Policy)
}

// favour says which side a level favours and by how much; for an effect,
// how B moves side a's win share.
func (a *Axis) favour(l Level) string {
	if l.Base != nil {
		return fmt.Sprintf("%s moves %s's win share by %+.2f points (%.2f %% to %.2f %%)", a.Effect, a.Labels[0], 100*l.Answer(), 100*l.Base[0].Value, 100*l.Win[0].Value)
	}
	wa, wb := l.Win[0].Value, l.Win[1].Value
	switch {
	case l.Exact && wa == wb, !l.Exact && l.Win[0].Lo <= wb && wb <= l.Win[0].Hi && l.Win[1].Lo <= wa && wa <= l.Win[1].Hi:
		return fmt.Sprintf("even (%s %.2f %%, %s %.2f %%)", a.Labels[0], 100*wa, a.Labels[1], 100*wb)
	case wa > wb:
		return fmt.Sprintf("%s favoured (%.2f %% to %.2f %%)", a.Labels[0], 100*wa, 100*wb)
	}
	return fmt.Sprintf("%s favoured (%.2f %% to %.2f %%)", a.Labels[1], 100*wb, 100*wa)
}

// Run plays sc at each level (a policy value both sides take — rungs of
// the ladder, or any policy the ruleset has — or one side only, written
// "a=PLAYER" or "b=PLAYER"), exact where the ruleset's
// solver reaches and by Monte Carlo elsewhere on sc's streams (so that the
// levels differ by the players, not by luck), with r's trials. When ctx
// is cancelled it returns ctx's error.
func Run(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, levels []string, threshold float64) (*Axis, error) {
	if len(levels) < 2 {
		return nil, fmt.Errorf("%d level of skill: name two or more, weakest first", len(levels))
	}
	fields, err := ladder.FieldsOf(sc.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	a := &Axis{Scenario: sc.Name, Labels: [2]string{"a", "b"}, Threshold: threshold}
	if b, err := sc.Compile(); err == nil {
		for i, l := range b.Spec().Labels {
			if l != "" {
				a.Labels[i] = l
			}
		}
	}
	r.Streams = r.StreamsOf(sc)
	for _, text := range levels {
		l, err := level(ctx, r, sc, fields, text)
		if err != nil {
			return nil, err
		}
		a.Levels = append(a.Levels, l)
	}
	return a, nil
}

// RunEach is Run for each of scs in turn (the scenarios a tune's answer
// rests on, each of a suite): the axes played, and the error that stopped
// the next.
func RunEach(ctx context.Context, r analysis.Run, scs []*scenarios.Scenario, levels []string, threshold float64) ([]*Axis, error) {
	var out []*Axis
	for _, sc := range scs {
		a, err := Run(ctx, r, sc, levels, threshold)
		if err != nil {
			return out, err
		}
		out = append(out, a)
	}
	return out, nil
}

// RunEffect is Run for a comparison of variant a against variant b, of
// one ruleset: at each level both variants are played on the same streams
// (a's, or r's when it names them), and the answer is b's effect on side
// a's win share, labelled effect ("B").
func RunEffect(ctx context.Context, r analysis.Run, va, vb *scenarios.Scenario, effect string, levels []string, threshold float64) (*Axis, error) {
	r.Streams = r.StreamsOf(va)
	ax, err := Run(ctx, r, vb, levels, threshold)
	if err != nil {
		return nil, err
	}
	base, err := Run(ctx, r, va, levels, threshold)
	if err != nil {
		return nil, err
	}
	ax.Scenario, ax.Effect = fmt.Sprintf("%s against %s", vb.Name, va.Name), effect
	for i := range ax.Levels {
		ax.Levels[i].Base = &base.Levels[i].Win
	}
	return ax, nil
}

// Check refuses, before anything is fought, levels that are not players
// of sc's ruleset both sides may be, and levels a side of sc cannot take
// (Eclipse's NPC defender plays by the rulebook's rule alone).
func Check(sc *scenarios.Scenario, levels []string) error {
	fields, err := ladder.FieldsOf(sc.Ruleset)
	if err != nil {
		return fmt.Errorf("%s: %w", sc.Name, err)
	}
	for _, text := range levels {
		v, err := playerOf(sc, fields, text)
		if err != nil {
			return err
		}
		sides, _ := sidesOf(text)
		lv, err := played(sc, fields, sides, v)
		if err != nil {
			return err
		}
		// A player of the exact solver alone compiles for no Monte Carlo;
		// the solver says so if a side cannot take it.
		if _, err := lv.Compile(); err != nil && !v.ExactOnly {
			return fmt.Errorf("%s: skill level %s: %w", sc.Name, text, err)
		}
	}
	return nil
}

// playerOf returns the player a level names.
func playerOf(sc *scenarios.Scenario, fields [2]rules.PolicyField, text string) (rules.PolicyValue, error) {
	_, name := sidesOf(text)
	v, ok := fields[0].Value(name)
	if _, ok1 := fields[1].Value(name); !ok || !ok1 {
		return v, fmt.Errorf("%s: skill level %q: %q is not a player both sides may be: allowed: %s", sc.Name, text, name, valueNames(fields[0]))
	}
	return v, nil
}

// sidesOf reads a level: "PLAYER" for both sides, "a=PLAYER" or
// "b=PLAYER" for one side, the other as the scenario says (a player both
// sides cannot take at once, such as Eclipse's optimal against optimal,
// beyond the solver's budget).
func sidesOf(text string) ([]int, string) {
	switch {
	case strings.HasPrefix(text, "a="):
		return []int{0}, text[2:]
	case strings.HasPrefix(text, "b="):
		return []int{1}, text[2:]
	}
	return []int{0, 1}, text
}

// level plays sc at the level text names: "PLAYER", "a=PLAYER" or
// "b=PLAYER" (sidesOf).
func level(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, fields [2]rules.PolicyField, text string) (Level, error) {
	v, err := playerOf(sc, fields, text)
	if err != nil {
		return Level{}, err
	}
	sides, _ := sidesOf(text)
	l, err := play(ctx, r, sc, fields, sides, v)
	l.Policy, l.Style = text, v.Rung == 0 && !v.ExactOnly
	return l, err
}

// played returns sc with the given sides played by v.
func played(sc *scenarios.Scenario, fields [2]rules.PolicyField, sides []int, v rules.PolicyValue) (*scenarios.Scenario, error) {
	lv := sc.Clone()
	err := lv.Edit(func(root *doc.Node) error {
		var errs []error
		for _, s := range sides {
			errs = append(errs, fields[s].Apply(root, v, "--skill"))
		}
		return errors.Join(errs...)
	})
	if err != nil {
		return nil, fmt.Errorf("%s: skill level %s: %w", sc.Name, v.Name, err)
	}
	return lv, nil
}

// play plays sc with the given sides played by v.
func play(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, fields [2]rules.PolicyField, sides []int, v rules.PolicyValue) (Level, error) {
	lv, err := played(sc, fields, sides, v)
	if err != nil {
		return Level{}, err
	}
	out := Level{Policy: v.Name}
	if _, serr := rules.LookupSolver(sc.Ruleset); serr == nil {
		sol, err := analysis.Solve(ctx, lv, false)
		if ctx.Err() != nil {
			return Level{}, ctx.Err()
		}
		if err == nil {
			out.Exact = true
			for s := range out.Win {
				p := sol.Win[s+1].F
				out.Win[s] = analysis.Estimate{Value: p, Lo: p, Hi: p, Method: "exact"}
			}
			return out, nil
		}
		if v.ExactOnly {
			return Level{}, fmt.Errorf("%s: skill level %s is played by the exact solver only, which does not reach the scenario: %w", sc.Name, v.Name, err)
		}
	} else if v.ExactOnly {
		return Level{}, fmt.Errorf("%s: skill level %s is played by the exact solver only, and ruleset %s has none", sc.Name, v.Name, sc.Ruleset)
	}
	res, _, err := r.Fight(ctx, lv, nil)
	if err != nil {
		return Level{}, err
	}
	for s := range out.Win {
		out.Win[s] = analysis.EstimateOf(res, rules.Metric{Kind: rules.WinShare, Side: rules.Side(s + 1)}, 0.05)
	}
	return out, nil
}

func valueNames(f rules.PolicyField) string {
	var out string
	for i, v := range f.Values {
		if i > 0 {
			out += ", "
		}
		out += v.Name
	}
	return out
}
