package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// runOptions are run's flags; run is the command.
type runOptions struct {
	rf     command.RunFlags
	sf     spreadFlags
	kf     command.SkillFlags
	cp     command.Checkpointing
	format string
	all    bool
}

func newRunCmd() *cobra.Command {
	o := &runOptions{}
	cmd := &cobra.Command{
		Use:   "run SCENARIO...",
		Short: "Fight each scenario many times and report the results",
		Long: `run fights each scenario (a built-in name such as stratfight/thug-vs-guard,
a YAML file, or - for standard input) --trials times and prints win shares
with 95 % Clopper–Pearson intervals, the distribution of rounds, the end reasons and
the ruleset's counters. The same --seed gives the same bytes for any
--workers and --chunk. --all runs every built-in scenario. --policy-spread
also plays each side under every built-in policy of its ruleset and says
how far the answer moves; --out does so on a bounded budget and notes a
scenario whose answer moves by more than --spread-threshold points.`,
		Example: `  crucible run stratfight/thug-vs-guard --trials 100000 --seed 7
  crucible run my-duel.yaml --set options.tie-rule=underdog --format json
  crucible run stratfight/arya-vs-mountain --out report/
  crucible run --all --seed 1 --out report/
  crucible run eclipse/fleet-mirror --policy-spread`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.all == (len(args) > 0) {
				return command.UsageError("name scenarios to run, or pass --all for every built-in one (not both)")
			}
			return nil
		},
		RunE: o.run,
	}
	o.rf.RegisterSeed(cmd, false)
	o.rf.RegisterTrials(cmd)
	o.rf.RegisterShard(cmd)
	o.rf.RegisterSet(cmd)
	o.sf.register(cmd, true)
	o.kf.Register(cmd)
	cmd.Flags().BoolVar(&o.all, "all", false, "run every built-in scenario")
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table, csv or json")
	o.cp.Register(cmd, "also write the report (CSV, JSON, PNG plots and index.html) to this directory, which it replaces as a whole")
	return cmd
}

// check refuses flags that make no sense together, before anything runs.
func (o *runOptions) check(cmd *cobra.Command) error {
	if err := command.CheckFormat(o.format, "table", "csv", "json"); err != nil {
		return err
	}
	switch {
	case o.sf.asked && o.rf.Shard != "":
		return command.UsageError("--policy-spread runs whole: it cannot be given with --shard")
	case o.sf.asked && o.format == "csv":
		return command.UsageError("--policy-spread prints with --format table or json (its CSV is spread.csv of --out)")
	case !o.sf.asked && o.cp.Out == "" && (cmd.Flags().Changed("spread-trials") || cmd.Flags().Changed("spread-threshold")):
		return command.UsageError("--spread-trials and --spread-threshold shape a policy spread: give --policy-spread or --out")
	}
	if err := o.sf.check(cmd); err != nil {
		return err
	}
	if err := o.kf.Check(cmd, o.format); err != nil {
		return err
	}
	return o.cp.Check()
}

// refs returns the scenarios to run: those args names, and with --all
// every built-in after them.
func (o *runOptions) refs(args []string) ([]string, error) {
	if !o.all {
		return args, nil
	}
	list, err := scenarios.Builtin()
	if err != nil {
		return nil, err
	}
	for _, e := range list {
		args = append(args, e.Name)
	}
	return args, nil
}

// load reads the scenarios refs name, and refuses those --policy-spread
// or --skill cannot fight.
func (o *runOptions) load(refs []string) ([]*scenarios.Scenario, error) {
	scs, err := o.rf.LoadAll(refs)
	if err != nil {
		return nil, err
	}
	if err := o.sf.checkScenarios(scs); err != nil {
		return nil, err
	}
	return scs, o.kf.CheckScenarios(scs...)
}

func (o *runOptions) run(cmd *cobra.Command, args []string) error {
	if err := o.check(cmd); err != nil {
		return err
	}
	args, err := o.refs(args)
	if err != nil {
		return err
	}
	prior, err := o.cp.Prior(cmd)
	if err != nil {
		return err
	}
	run, err := o.rf.Plan(cmd)
	if err != nil {
		return err
	}
	scs, err := o.load(args)
	if err != nil {
		return err
	}
	od, err := o.cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	results, _, runErr := run.FightAll(cmd.Context(), scs, prior)
	var spreads []*spread.Spread
	var spreadErr error
	if runErr == nil {
		if spreads, spreadErr = o.sf.fightSpreads(cmd.Context(), run, scs, od != nil); spreadErr != nil {
			spreads = nil
		}
	}
	var axes []*skill.Axis
	var skillErr error
	if runErr == nil && spreadErr == nil {
		if axes, skillErr = o.kf.Fight(cmd.Context(), run, scs); skillErr != nil {
			axes = nil
		}
	}
	var exacts []*rules.Exact
	if od != nil && runErr == nil && spreadErr == nil && skillErr == nil {
		exacts = solveBeside(cmd.Context(), scs, results)
		od.Skill = axes
	}
	if err := o.report(cmd, od, results, spreads, exacts, axes, runErr); err != nil {
		return err // runErr, reported
	}
	if spreadErr != nil {
		return spreadInterrupted(spreadErr)
	}
	return command.SkillStopped(skillErr)
}

// report prints the results and writes the report directory: the full
// report of what the run finished, with the checkpoint of what it did not.
func (o *runOptions) report(cmd *cobra.Command, od *outdir.Dir, results []*analysis.Result, spreads []*spread.Spread, exacts []*rules.Exact, axes []*skill.Axis, runErr error) error {
	states := o.cp.States(cmd, runErr)
	if len(results) == 0 {
		return runErr
	}
	if err := writeRunResults(cmd, results, spreads, o.sf.asked, o.format, axes); err != nil {
		return err
	}
	if err := command.WriteSkill(cmd, axes, o.format); err != nil {
		return err
	}
	if od != nil {
		if err := reports.WriteRunReport(od, results, spreads, exacts, command.Version, states); err != nil {
			return err
		}
		command.Notice(cmd, "report written to %s", od.Path())
	}
	if analysis.Interrupted(runErr) {
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted; the results above cover the trials that finished"}
	}
	return runErr
}

func writeResults(cmd *cobra.Command, results []*analysis.Result, format string) error {
	return writeRunResults(cmd, results, nil, false, format, nil)
}

// writeRunResults prints the results in the format, each with its policy
// spread where spreads has one: the whole spread when full (it was asked
// for), else its note alone; in JSON only when full, and each with its
// skill axis where axes has one.
func writeRunResults(cmd *cobra.Command, results []*analysis.Result, spreads []*spread.Spread, full bool, format string, axes []*skill.Axis) error {
	w := cmd.OutOrStdout()
	switch format {
	case "csv":
		return formats.WriteCSV(w, reports.SummaryRows(results))
	case "json":
		if !full {
			spreads = nil
		}
		return reports.WriteRunJSON(w, results, spreads, axes...)
	}
	return reports.WriteRunTable(w, results, spreads, full)
}

// solveBeside returns the exact solution of each result's scenario where
// its ruleset's solver reaches it within the solver's budgets, for the
// report page to show beside the estimates; nil for a scenario the solver
// refuses or that is beyond a budget (Monte Carlo is then the answer), and
// for every scenario after an interrupt.
func solveBeside(ctx context.Context, scs []*scenarios.Scenario, results []*analysis.Result) []*rules.Exact {
	byName := map[string]*scenarios.Scenario{}
	for _, sc := range scs {
		byName[sc.Name] = sc
	}
	out := make([]*rules.Exact, len(results))
	for i, r := range results {
		sc, ok := byName[r.Scenario]
		solver, err := rules.LookupSolver(r.Ruleset)
		if !ok || err != nil || sc.Hash() != r.Hash || solver.Check(sc.Document()) != nil {
			continue
		}
		if ctx.Err() != nil {
			return out
		}
		if e, err := analysis.Solve(ctx, sc, false); err == nil {
			out[i] = e
		}
	}
	return out
}
