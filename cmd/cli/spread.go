package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// spreadFlags are the flags of a policy spread (analysis.Spread), which
// run and exact take.
//
// A spread is fought when it is asked for (--policy-spread), and unasked
// where it costs little beside what the command does anyway, so that a
// scenario whose answer owes much to the policies is noted without a
// designer asking, and without the costly values
// (rules.PolicyValue.Costly). run --out fights it on at most
// unaskedSpreadTrials trials a cell, with no paired pass for the skill
// gaps, and solves its cells only where the scenario's own solve took at
// most unaskedSpreadStates states (each cell is a solve about as large);
// exact solves it under the same bound, and spends on the cells at most
// the work of the solve it was asked for (or unaskedSpreadMinWork units,
// a millisecond or so, where that is less): a policy may make a solve
// many times larger (fleet-mirror's solve takes 58,058 steps, its other
// fixed policies about 400,000 each), and exact cost six times the CPU
// of its solve with the spread bounded by states alone. The cells left
// out are said, with why. A plain run fights none: its text output stays
// as fast as it was.
type spreadFlags struct {
	asked     bool
	trials    int64
	threshold float64
}

// The bounds of a spread computed unasked.
const (
	unaskedSpreadTrials  = 2000
	unaskedSpreadStates  = 50000
	unaskedSpreadMinWork = 200000
)

// register adds --policy-spread and --spread-threshold, and --spread-trials
// when the command fights by Monte Carlo.
func (f *spreadFlags) register(cmd *cobra.Command, monteCarlo bool) {
	fl := cmd.Flags()
	fl.BoolVar(&f.asked, "policy-spread", false, "also play each side under every built-in policy, the other as the scenario says, and report how far side a's win share moves (rulesets: "+strings.Join(spread.PoliciedRulesets(), ", ")+")")
	fl.Float64Var(&f.threshold, "spread-threshold", 100*spread.DefaultThreshold, "note a scenario whose win share moves by more than this many `points` across the policies")
	if monteCarlo {
		command.DecimalVar(fl, &f.trials, "spread-trials", "", 0, fmt.Sprintf("`N` trials of each Monte Carlo cell of a spread (default: the run's with --policy-spread; with --out alone, at most %d)", unaskedSpreadTrials))
	}
}

// check refuses flag values out of range.
func (f *spreadFlags) check(cmd *cobra.Command) error {
	if !(f.threshold >= 0 && f.threshold <= 100) {
		return command.UsageError("--spread-threshold %g: allowed: a number of points from 0 to 100", f.threshold)
	}
	if fl := cmd.Flags().Lookup("spread-trials"); fl != nil && fl.Changed && (f.trials < 1 || f.trials > sim.MaxTrials) {
		return command.UsageError("--spread-trials %d: allowed: an integer from 1 to %d", f.trials, int64(sim.MaxTrials))
	}
	return nil
}

// checkScenarios refuses, before anything is fought, a spread asked of a
// scenario whose ruleset has no built-in policies.
func (f *spreadFlags) checkScenarios(scs []*scenarios.Scenario) error {
	if !f.asked {
		return nil
	}
	for _, sc := range scs {
		if _, err := spread.PolicyFieldsOf(sc); err != nil {
			return err
		}
	}
	return nil
}

// plan returns the plan of sc's spread in run, and whether to fight one:
// always when asked, else (with --out) for a ruleset that has policies.
func (f *spreadFlags) plan(run analysis.Run, sc *scenarios.Scenario) (spread.Plan, bool) {
	if _, err := spread.PolicyFieldsOf(sc); err != nil && !f.asked {
		return spread.Plan{}, false
	}
	p := spread.Plan{Trials: f.trials, Costly: f.asked, PairGaps: f.asked, Threshold: f.threshold / 100}
	if !f.asked {
		p.MaxStates = unaskedSpreadStates
	}
	if p.Trials == 0 {
		p.Trials = run.TrialsOf(sc)
		if !f.asked {
			p.Trials = min(p.Trials, unaskedSpreadTrials)
		}
	}
	return p, true
}

// fightSpreads fights the spreads of a run's scenarios: when asked, or
// unasked for a report of the whole run (a shard's spread would be of
// trials the shard does not hold). An interrupt returns ctx's error.
func (f *spreadFlags) fightSpreads(ctx context.Context, run analysis.Run, scs []*scenarios.Scenario, report bool) ([]*spread.Spread, error) {
	if !f.asked && (!report || !run.Shard.Whole()) {
		return nil, nil
	}
	var out []*spread.Spread
	for _, sc := range scs {
		p, ok := f.plan(run, sc)
		if !ok {
			continue
		}
		s, err := spread.Run(ctx, run, sc, p)
		if err != nil {
			return out, err
		}
		out = append(out, s)
	}
	return out, nil
}

// solveSpread solves the spread of the scenario exact has solved (sol):
// when asked, or unasked where it is cheap (see spreadFlags). A ruleset
// without policies has none unless it was asked for, which is an error.
func (f *spreadFlags) solveSpread(ctx context.Context, sc *scenarios.Scenario, sol *rules.Exact) (*spread.Spread, error) {
	if _, err := spread.PolicyFieldsOf(sc); err != nil {
		if f.asked {
			return nil, err
		}
		return nil, nil
	}
	if !f.asked && sol.States > unaskedSpreadStates {
		return nil, nil
	}
	p := spread.Plan{ExactOnly: true, Costly: f.asked, PairGaps: true, Threshold: f.threshold / 100, Base: sol}
	if !f.asked {
		p.MaxWork = max(sol.Work, unaskedSpreadMinWork)
	}
	return spread.Run(ctx, analysis.Run{}, sc, p)
}

// spreadInterrupted is the error of a command interrupted while it fought
// a spread, after what it reports was finished.
func spreadInterrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted during the policy spread; the results above are whole, the spread is left out"}
	}
	return err
}
