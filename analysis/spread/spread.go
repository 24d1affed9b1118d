package spread

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Spread is a scenario fought under each built-in policy of each side
// (rules.Policied), the other side playing as the scenario says: how much
// the answer owes to the way the sides are played. Its headline is side
// a's win share, which every report leads with.
//
// Each side is varied alone, not in a grid of both sides' values: the
// scenario's policies are the designer's statement of how the sides play,
// and the question is how far the answer moves when one side plays
// otherwise. A side's skill gap is read against an opponent that stays
// the same, and a cell that changes both sides at once would mix two
// effects the designer cannot tell apart. It costs ka + kb − 1 cells where
// a grid costs ka·kb (7 against 16 for two Eclipse player sides), so that
// a budget of trials buys each cell more than twice the precision.
type Spread struct {
	Scenario, Ruleset string
	Seed              uint64
	// Labels name side a and side b (rules.Spec.Labels; "a" and "b" where
	// the battle gives none).
	Labels [2]string
	// Fields are the fields that choose how side a and side b play.
	Fields [2]string
	// Trials is the number of trials of each Monte Carlo cell and of each
	// paired pass of a skill gap; 0 when every cell is exact.
	Trials int64
	// Threshold is the move of the headline, as a share, beyond which the
	// spread is Noted.
	Threshold float64
	// Cells are the scenario as it is, then side a playing each of its
	// other values, then side b.
	Cells []Cell
	// Left are the values not played, each with the reason.
	Left []Left
	// Gaps are the skill gaps of side a and side b, in that order.
	Gaps [2]SkillGap
}

// Cell is the scenario with one side playing one value.
type Cell struct {
	// Policies are the values side a and side b play.
	Policies [2]string
	// Varied is the side whose value is not the scenario's; rules.None
	// for the scenario as it is.
	Varied rules.Side
	// Win are side a's and side b's win shares with their 95 %
	// Clopper–Pearson intervals (EstimateOf); Lo = Hi = Value when Exact.
	Win   [2]analysis.Estimate
	Exact bool
	// battle is a Monte Carlo cell's battle, for the paired pass of a
	// skill gap.
	battle rules.Battle
}

// Left is a value a spread did not play, and why; Budget when it was for
// the plan's MaxWork.
type Left struct {
	Side   rules.Side
	Policy string
	Why    string
	Budget bool
}

// SkillGap is how much more often one side wins playing its strongest
// policy than its weakest, the other side playing as the scenario says:
// restricted play, after Jaffe et al. (2012), who read how much a game
// rewards skill from how far a player restricted to weak play falls
// behind one that plays well.
type SkillGap struct {
	Side rules.Side
	// Played is the number of the side's policies the spread played.
	Played int
	// Strong and Weak are the policies under which the side wins most and
	// least often (the first of equals; the same one when all are equal);
	// "" when the side played one policy only.
	Strong, Weak string
	// Diff is the side's win share under Strong less that under Weak, and
	// [Lo, Hi] its 95 % interval: exact (Lo = Hi = Diff) when both cells
	// are; else, with both by Monte Carlo, the paired interval
	// (PairedShareInterval) of a pass that fights both policies on the
	// same fresh streams, so that choosing the two ends by the cells'
	// trials cannot widen the gap by their luck (Plan.PairGaps);
	// else the interval the two ends' own intervals allow.
	Diff, Lo, Hi float64
	Exact        bool
	// Pairs is the number of trials of the paired pass; 0 where there
	// was none.
	Pairs int64
}

// Plan says which values a spread plays and how.
type Plan struct {
	// Trials is the number of trials of each Monte Carlo cell.
	Trials int64
	// Costly plays the values marked costly (rules.PolicyValue.Costly);
	// without it they are left out, with the reason.
	Costly bool
	// ExactOnly plays no Monte Carlo: a cell the solver does not reach is
	// left out (crucible exact, which draws no random numbers).
	ExactOnly bool
	// Threshold is the move of the headline, as a share, beyond which
	// the spread is Noted.
	Threshold float64
	// Base, if set, is the scenario's own exact solution, which the
	// caller already has.
	Base *rules.Exact
	// MaxStates, if not 0, bounds the cost of the solves: the other cells
	// are solved only where the scenario's own solve took at most this
	// many states (each is a solve about as large), else fought by Monte
	// Carlo.
	MaxStates int
	// PairGaps measures a skill gap between two Monte Carlo cells on a
	// paired pass of fresh streams; without it, the gap's interval is the
	// one the cells' own intervals allow, and costs no trials.
	PairGaps bool
	// MaxWork, if not 0, bounds the work of the solves of the other
	// cells, together, in the solver's units (rules.WorkBounded): a cell
	// the rest of it does not solve is left out, and so are those after
	// it (Left.Budget). A spread computed unasked spends so at most what
	// the solve asked for took.
	MaxWork int64
}

// DefaultThreshold is the move of the headline beyond which a
// spread is noted: 5 points.
const DefaultThreshold = 0.05

// NoPoliciesError is the error of a spread of a scenario whose ruleset
// has no built-in policies.
type NoPoliciesError struct{ Scenario, Ruleset string }

func (e *NoPoliciesError) Error() string {
	return fmt.Sprintf("%s: ruleset %s has no built-in policies, so there is no policy spread to fight (rulesets with them: %s)",
		e.Scenario, e.Ruleset, strings.Join(PoliciedRulesets(), ", "))
}

// RungWhy is why a spread leaves out a value that is a rung of the
// ladder of skill (rules.PolicyValue.Rung): a spread compares styles of
// equal standing, and a difference in skill is the ladder's question.
const RungWhy = "a rung of the ladder of skill, not a style: crucible ladder ranks it"

// OnlyRungsError is the error of a spread of a scenario whose sides'
// every other policy is a rung of the ladder of skill (dbd's players):
// there is no style to vary.
type OnlyRungsError struct{ Scenario, Ruleset string }

func (e *OnlyRungsError) Error() string {
	return fmt.Sprintf("%s: ruleset %s's policies differ in skill, not style, so there is no policy spread to fight: "+
		"crucible ladder %s ranks them, and --skill re-judges a verdict at each rung", e.Scenario, e.Ruleset, e.Scenario)
}

// PoliciedRulesets returns the IDs of the registered rulesets whose sides
// have built-in policies.
func PoliciedRulesets() []string {
	var out []string
	for _, id := range rules.IDs() {
		if rs, _ := rules.Lookup(id); rs != nil {
			if _, ok := rs.(rules.Policied); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// PolicyFieldsOf returns the policy fields of sc's ruleset, or a
// *NoPoliciesError, or an *OnlyRungsError (with the fields) when every
// value is a rung of the ladder of skill.
func PolicyFieldsOf(sc *scenarios.Scenario) ([2]rules.PolicyField, error) {
	rs, err := rules.Lookup(sc.Ruleset)
	if err != nil {
		return [2]rules.PolicyField{}, err
	}
	p, ok := rs.(rules.Policied)
	if !ok {
		return [2]rules.PolicyField{}, &NoPoliciesError{sc.Name, sc.Ruleset}
	}
	fields := p.PolicyFields()
	if len(fields[0].Values) <= 1 && len(fields[1].Values) <= 1 {
		// A rules file may allow its sides one policy (targeting.policies).
		return fields, fmt.Errorf("%s: each side of %s may play one policy only, so there is no policy spread to fight", sc.Name, sc.Ruleset)
	}
	style := func(v rules.PolicyValue) bool { return v.Rung == 0 }
	if !slices.ContainsFunc(fields[0].Values, style) && !slices.ContainsFunc(fields[1].Values, style) {
		return fields, &OnlyRungsError{sc.Name, sc.Ruleset}
	}
	return fields, nil
}

// Run fights sc, as r says, under each built-in value of each side's policy field,
// exact where the ruleset's solver reaches and by Monte Carlo elsewhere,
// every Monte Carlo cell on the streams of sc (r.Streams, else its name),
// so that the cells differ by the policy, not by luck. Where the solver
// does not reach the scenario itself no other cell is tried on it: a
// policy changes how a side plays, not how large the battle is. When ctx
// is cancelled it returns ctx's error and no spread.
func Run(ctx context.Context, r analysis.Run, sc *scenarios.Scenario, plan Plan) (*Spread, error) {
	fields, err := PolicyFieldsOf(sc)
	if err != nil {
		return nil, err
	}
	f := &spreadFight{r: r, plan: plan, streams: r.StreamsOf(sc)}
	f.r.Streams, f.r.Trials, f.r.Save = f.streams, plan.Trials, nil
	_, err = rules.LookupSolver(sc.Ruleset)
	f.solve = err == nil
	s := &Spread{Scenario: sc.Name, Ruleset: sc.Ruleset, Seed: r.Seed, Labels: [2]string{"a", "b"}, Threshold: plan.Threshold}
	if b, err := sc.Compile(); err == nil {
		for i, l := range b.Spec().Labels {
			if l != "" {
				s.Labels[i] = l
			}
		}
	}
	base, why, err := f.cell(ctx, sc, nil, "")
	if err != nil || why != "" {
		return nil, errors.Join(err, errorIf(why))
	}
	current := f.current(fields)
	base.Policies = current
	s.Cells = append(s.Cells, base)
	for side, field := range fields {
		s.Fields[side] = field.Path
		for _, v := range field.Values {
			if v.Name == current[side] {
				continue
			}
			if v.Rung > 0 {
				s.Left = append(s.Left, Left{Side: rules.Side(side + 1), Policy: v.Name, Why: RungWhy})
				continue
			}
			c, why, err := f.varied(ctx, sc, field, v, !plan.Costly && v.Costly)
			if err != nil {
				return nil, err
			}
			if why != "" {
				s.Left = append(s.Left, Left{Side: rules.Side(side + 1), Policy: v.Name, Why: why, Budget: why == f.budgetWhy || why == f.afterBudget()})
				continue
			}
			c.Policies, c.Varied = current, rules.Side(side+1)
			c.Policies[side] = v.Name
			s.Cells = append(s.Cells, c)
		}
	}
	if len(s.Cells) == 1 && s.CutShort() == 0 {
		return nil, fmt.Errorf("%s: no policy could be played but the scenario's own: %s", sc.Name, s.Left[0].Why)
	}
	if f.monteCarlo {
		s.Trials = plan.Trials
	}
	for side := range s.Gaps {
		if s.Gaps[side], err = f.gap(ctx, s, rules.Side(side+1)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// CutShort returns the number of values the spread left out for its
// plan's MaxWork.
func (s *Spread) CutShort() int {
	n := 0
	for _, l := range s.Left {
		if l.Budget {
			n++
		}
	}
	return n
}

func errorIf(why string) error {
	if why == "" {
		return nil
	}
	return errors.New(why)
}

// spreadFight is the state of one spread while it is fought.
type spreadFight struct {
	r       analysis.Run
	plan    Plan
	streams string
	// solve is whether the solver is tried: the ruleset has one, and it
	// reached the scenario itself.
	solve bool
	// baseWhy is why the solver did not reach the scenario itself.
	baseWhy string
	// options are the options the scenario's own cell echoes; monteCarlo
	// is whether any cell was fought.
	options    []rules.Setting
	monteCarlo bool
	// workSpent is what the other cells' solves spent of the plan's
	// MaxWork, and budgetWhy the reason of a cell it does not reach, once
	// one did not.
	workSpent int64
	budgetWhy string
}

// varied returns the cell of sc with one side playing v, or why it is
// left out.
func (f *spreadFight) varied(ctx context.Context, sc *scenarios.Scenario, field rules.PolicyField, v rules.PolicyValue, costly bool) (Cell, string, error) {
	if costly {
		return Cell{}, "costly to play: --policy-spread plays it", nil
	}
	cs := sc.Clone()
	if err := cs.Edit(func(root *doc.Node) error { return field.Apply(root, v, "policy spread") }); err != nil {
		return Cell{}, reason(err), nil
	}
	return f.cell(ctx, cs, &v, field.Path+"="+v.Name)
}

// cell evaluates one scenario of the spread (v is the value it plays and
// label says it, nil and "" for the scenario as it is): exact where the
// solver reaches, else by Monte Carlo; why says why neither could, for a
// value left out.
func (f *spreadFight) cell(ctx context.Context, sc *scenarios.Scenario, v *rules.PolicyValue, label string) (Cell, string, error) {
	base := v == nil
	solveWhy := "ruleset " + sc.Ruleset + " has no exact solver"
	if f.solve {
		sol := f.plan.Base
		var err error
		switch {
		case base && sol == nil:
			sol, err = untilStopped(ctx, func() (*rules.Exact, error) { return analysis.Solve(ctx, sc, false) })
		case !base && f.plan.MaxWork > 0:
			left := f.plan.MaxWork - f.workSpent
			if left <= 0 || f.budgetWhy != "" {
				return Cell{}, f.refused(sc), nil
			}
			sol, err = untilStopped(ctx, func() (*rules.Exact, error) { return analysis.SolveWithin(ctx, sc, left) })
		case !base:
			sol, err = untilStopped(ctx, func() (*rules.Exact, error) { return analysis.Solve(ctx, sc, false) })
		}
		if ctx.Err() != nil {
			return Cell{}, "", ctx.Err()
		}
		if why := f.spend(sol, err, base); why != "" {
			return Cell{}, why, nil
		}
		if err == nil {
			if base {
				f.options = sol.Options
				if f.plan.MaxStates > 0 && sol.States > f.plan.MaxStates {
					f.solve = false
				}
			}
			return exactCell(sol), "", nil
		}
		solveWhy = reason(err)
		if base {
			f.solve, f.baseWhy = false, solveWhy
		}
	} else if f.baseWhy != "" {
		solveWhy = "the exact solver does not reach the scenario itself (" + f.baseWhy + ")"
	}
	switch {
	case v != nil && v.ExactOnly:
		return Cell{}, "only the exact solver plays it, and " + solveWhy, nil
	case f.plan.ExactOnly:
		return Cell{}, solveWhy, nil
	}
	return f.sampledCell(ctx, sc, label, base)
}

// sampledCell is cell by Monte Carlo, for a scenario the solver does not
// reach (base: the scenario as it is).
func (f *spreadFight) sampledCell(ctx context.Context, sc *scenarios.Scenario, label string, base bool) (Cell, string, error) {
	battle, err := sc.Compile()
	if err != nil {
		return Cell{}, reason(err), nil
	}
	res, err := untilStopped(ctx, func() (*analysis.Result, error) {
		res, _, err := f.labelled(label).Fight(ctx, sc, nil)
		return res, err
	})
	if err != nil {
		return Cell{}, "", err
	}
	f.monteCarlo = true
	if base {
		f.options = battle.Spec().Options
	}
	c := Cell{battle: battle}
	for side := range c.Win {
		c.Win[side] = analysis.EstimateOf(res, rules.Metric{Kind: rules.WinShare, Side: rules.Side(side + 1)}, spreadAlpha)
	}
	return c, "", nil
}

// spend counts a cell's solve against the plan's MaxWork (workLeft holds
// what was spent), and returns the reason the cell is left out when the
// solve was refused for it: then the work is all spent, and every cell
// after it is left out for the same reason.
func (f *spreadFight) spend(sol *rules.Exact, err error, base bool) string {
	switch {
	case base || f.plan.MaxWork == 0:
		return ""
	case err == nil:
		f.workSpent += sol.Work
		return ""
	case errors.Is(err, rules.ErrBudget):
		return f.spent()
	}
	return ""
}

// refused returns the reason of a cell left out once the plan's MaxWork
// is spent: the solver's own refusal if it has one without solving (a
// policy that needs a list), which no budget would change, else the
// budget's.
func (f *spreadFight) refused(sc *scenarios.Scenario) string {
	if solver, err := rules.LookupSolver(sc.Ruleset); err == nil {
		if err := solver.Check(sc.Document()); err != nil {
			return reason(err)
		}
	}
	return f.spent()
}

// spent returns the reason of a cell left out for the plan's MaxWork: the
// first, whose solve it stopped, needed more than was left; the others
// were not tried.
func (f *spreadFight) spent() string {
	if f.budgetWhy == "" {
		f.budgetWhy = fmt.Sprintf("not solved: a spread computed unasked spends at most the work of the scenario's own solve (%d units of the solver's), and this needed more than was left; --policy-spread solves it", f.plan.MaxWork)
		return f.budgetWhy
	}
	return f.afterBudget()
}

// afterBudget is the reason of the cells not tried once the plan's
// MaxWork was spent.
func (f *spreadFight) afterBudget() string {
	return fmt.Sprintf("not solved: the %d units of work of a spread computed unasked (what the scenario's own solve took) were spent before it; --policy-spread solves it", f.plan.MaxWork)
}

// labelled returns the spread's run with its progress told which cell it
// fights: "policy spread of S" for the scenario's own, and the field and
// value after it for the others.
func (f *spreadFight) labelled(label string) analysis.Run {
	r := f.r
	if r.Progress != nil {
		progress := r.Progress
		r.Progress = func(s analysis.Stage) (func(int64), func()) {
			s.Name = strings.TrimSpace("policy spread of " + s.Name + " " + label)
			return progress(s)
		}
	}
	return r
}

// untilStopped returns what work returns, or ctx's error as soon as ctx
// is cancelled: a solver that does not watch ctx, or a chunk of trials
// that takes a minute (dbd's rollout), goes on in the background until it
// ends, its answer dropped, so that Ctrl-C stops a spread within a second.
func untilStopped[T any](ctx context.Context, work func() (T, error)) (T, error) {
	type answer struct {
		v   T
		err error
	}
	done := make(chan answer, 1)
	go func() {
		v, err := work()
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// spreadAlpha is the false-alarm rate of a spread's intervals: 95 %.
const spreadAlpha = 0.05

func exactCell(sol *rules.Exact) Cell {
	c := Cell{Exact: true}
	for side := range c.Win {
		p := sol.Win[side+1].F
		c.Win[side] = analysis.Estimate{Value: p, Lo: p, Hi: p, Method: "exact"}
	}
	return c
}

// current returns the values the scenario's sides play, as its own cell
// echoes them among its options.
func (f *spreadFight) current(fields [2]rules.PolicyField) [2]string {
	var out [2]string
	for side, field := range fields {
		for _, o := range f.options {
			if o.Name == field.Path {
				out[side] = o.Value
			}
		}
	}
	return out
}

// reason is an error as the reason a value is left out: a located error's
// message without its place (which names the spread itself).
func reason(err error) string {
	var de *doc.Error
	if errors.As(err, &de) {
		return de.Msg
	}
	return err.Error()
}
