// Package skill re-judges a scenario's answer at several levels of skill:
// both sides played by the same player, rung after rung (dbd's greedy,
// then search:1k; Eclipse's kill-greedy, then optimal), so that a verdict
// that holds only for weak players is flagged as such. A designer's
// question is about the game, and an answer that moves with the players'
// skill is, in part, an answer about the players. The move between the
// top two levels is judged by its 95 % interval (Axis.Verdict): shown
// beyond the threshold (sensitive), shown within it (holds), or neither
// (undecided: more trials would decide).
//
// The answer is side a's win share, except on a mirrored battle
// (rules.Mirrored) that counts its first mover's wins
// (rules.FirstMoverCounted): there side a's share equals side b's at every
// level by the symmetry, its move is nil by construction, and the axis
// judges what the mirror leaves open, the first mover's win share.
package skill

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
// (the lower level's first) when they were sampled unalike.
func (a *Axis) trialsText() string {
	n := len(a.Levels)
	lo, hi := a.Levels[n-2].sampledTrials(), a.Levels[n-1].sampledTrials()
	if lo > 0 && hi > 0 && lo != hi {
		return fmt.Sprintf("%d and %d trials", lo, hi)
	}
	return fmt.Sprintf("%d trials", a.Trials())
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
	if a.Answer() == AnswerFirstMover {
		return fmt.Sprintf("this verdict changes with skill: %s; what skill moves is the first mover's win share: %.2f %% under %s, %.2f %% under %s (%s, more than the %g-point threshold)",
			a.Sides(), 100*lo.Answer(), lo.Policy, 100*hi.Answer(), hi.Policy, a.MoveText(), 100*a.Threshold)
	}
	return fmt.Sprintf("this verdict changes with skill: %s under %s, %s under %s (%s, more than the %g-point threshold)",
		a.favour(lo), lo.Policy, a.favour(hi), hi.Policy, a.MoveText(), 100*a.Threshold)
}

// Sides is the answer about the sides on a battle mirrored at every level
// (Axis.Mirror), which the symmetry gives and no trial measures ("BLUE
// and RED are each other's mirror (RED is BLUE turned 180°, the first
// move alternating): neither is favoured at any level of skill, by the
// symmetry"); "" when the battle is not mirrored at every level, and for
// a comparison's effect.
func (a *Axis) Sides() string {
	if a.Mirror == "" || a.Effect != "" {
		return ""
	}
	return fmt.Sprintf("%s and %s are each other's mirror (%s, the first move alternating): neither is favoured at any level of skill, by the symmetry, not by measure",
		a.Labels[0], a.Labels[1], a.Mirror)
}

// MoveText is the move in points, with its 95 % interval and trials when
// it is sampled: "+18.34 points" when exact, "+2.50 points [-12.40,
// +17.40] at 40 trials" when not ("at 20000 and 48 trials" when the top
// two levels were played on different trials, the lower level's first).
func (a *Axis) MoveText() string {
	if a.Exact() {
		return fmt.Sprintf("%+.2f points", 100*a.Move())
	}
	lo, hi := a.MoveInterval()
	return fmt.Sprintf("%+.2f points [%+.2f, %+.2f] at %s", 100*a.Move(), 100*lo, 100*hi, a.trialsText())
}

// Note says, when neither of the top two levels is a level of skill
// (Level.Style: Eclipse's kill-greedy and largest-killable-first, any two
// of EmojiSpace's policies), that the move is between styles of play, as
// a policy spread measures it, not a move with skill; and, when the
// battle is mirrored at every level but the axis judges side a's share
// all the same, why (mirrorNote). "" when neither applies.
func (a *Axis) Note() string {
	n := len(a.Levels)
	lo, hi := a.Levels[n-2], a.Levels[n-1]
	var notes []string
	if lo.Style && hi.Style {
		notes = append(notes, fmt.Sprintf("neither %s nor %s is a rung of the ruleset's ladder of skill or its optimal play: they are styles of play, and the move between them is a style's (as --policy-spread measures it), not skill's", lo.Policy, hi.Policy))
	}
	if m := a.mirrorNote(); m != "" {
		notes = append(notes, m)
	}
	return strings.Join(notes, "; ")
}

// mirrorNote says why an axis of a battle mirrored at every level judges
// side a's win share, whose move the symmetry makes nil but for chance
// and the players' artefacts, and not the first mover's: a comparison
// judges the effect on side a's share, and a battle that does not count
// its first mover's wins (rules.FirstMoverCounted) at every level (a
// level solved exactly counts none) leaves the axis nothing else.
func (a *Axis) mirrorNote() string {
	switch {
	case a.Mirror == "" || a.Answer() == AnswerFirstMover:
		return ""
	case a.Effect != "":
		return fmt.Sprintf("both variants are mirrored at every level (%s): %s's win share is even in each but for chance, so %s's effect on it is nil by construction; this axis judges that effect, not %s's effect on the first mover's win share",
			a.Mirror, a.Labels[0], a.Effect, a.Effect)
	}
	return fmt.Sprintf("the battle is mirrored at every level (%s), so %s's win share equals %s's but for chance and its move is nil by construction; the axis judges it all the same because the battle does not count its first mover's wins at every level, which is what the mirror leaves to skill",
		a.Mirror, a.Labels[0], a.Labels[1])
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
	a.settleMirror()
	return a, nil
}

// settleMirror sets the axis's Mirror when the battle is mirrored at
// every level, and keeps the levels' first-mover shares only when it is
// and every level has one: an axis judges one share at all its levels.
func (a *Axis) settleMirror() {
	a.Mirror = a.Levels[len(a.Levels)-1].mirror
	for _, l := range a.Levels {
		if l.mirror == "" {
			a.Mirror = ""
		}
	}
	if a.Mirror == "" || slices.ContainsFunc(a.Levels, func(l Level) bool { return l.FirstMover == nil }) {
		for i := range a.Levels {
			a.Levels[i].FirstMover = nil
		}
	}
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
	if base.Mirror == "" {
		ax.Mirror = ""
	}
	for i := range ax.Levels {
		ax.Levels[i].Base = &base.Levels[i].Win
		ax.Levels[i].FirstMover = nil
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
		if b, err := lv.Compile(); err == nil {
			out.mirror = rules.MirrorOf(b)
		}
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
	out.mirror = rules.MirrorOf(res.Battle)
	out.FirstMover, err = firstMoverShare(sc.Name, v.Name, res)
	return out, err
}

// firstMoverShare returns the first mover's win share in res with its
// 95 % Clopper–Pearson interval, as Level.Win holds the sides', when res's
// battle is mirrored and names the counter of its first mover's wins
// (rules.FirstMoverCounted); nil when it does not. A counter the battle
// does not declare, or whose sum is no count of trials, is the ruleset's
// error, and said so.
func firstMoverShare(scenario, player string, res *analysis.Result) (*analysis.Estimate, error) {
	name := rules.FirstMoverWonOf(res.Battle)
	if name == "" {
		return nil, nil
	}
	t := res.Tally
	k, ok := t.Counter(name)
	switch won := t.Wins[rules.A] + t.Wins[rules.B]; {
	case !ok:
		return nil, fmt.Errorf("%s: skill level %s: the battle names counter %q for its first mover's wins and does not declare it (its counters: %s)", scenario, player, name, strings.Join(t.CounterNames, ", "))
	case k < 0 || k > won:
		return nil, fmt.Errorf("%s: skill level %s: counter %q of the first mover's wins holds %d in %d trials, %d of them won: want a count of won trials", scenario, player, name, k, t.Trials, won)
	}
	e := analysis.Estimate{Value: float64(k) / float64(t.Trials), Trials: t.Trials}
	e.Lo, e.Hi = analysis.ClopperPearson(k, t.Trials, 0.05)
	e.Method = fmt.Sprintf("%s Clopper–Pearson interval (%d of %d)", analysis.LevelText(0.05), k, t.Trials)
	return &e, nil
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
