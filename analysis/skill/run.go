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
