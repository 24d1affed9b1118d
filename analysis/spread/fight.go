package spread

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

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
