package spread

import (
	"context"
	"errors"
	"fmt"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

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
