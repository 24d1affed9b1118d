package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/scenarios"
)

// runOptions are run's flags; run is the command.
type runOptions struct {
	rf     runFlags
	cp     checkpointing
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
with 95 % Wilson intervals, the distribution of rounds, the end reasons and
the ruleset's counters. The same --seed gives the same bytes for any
--workers and --chunk. --all runs every built-in scenario.`,
		Example: `  crucible run stratfight/thug-vs-guard --trials 100000 --seed 7
  crucible run my-duel.yaml --set options.tie-rule=underdog --format json
  crucible run stratfight/arya-vs-mountain --out report/
  crucible run --all --seed 1 --out report/`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.all == (len(args) > 0) {
				return usageError("name scenarios to run, or pass --all for every built-in one (not both)")
			}
			return nil
		},
		RunE: o.run,
	}
	o.rf.registerSeed(cmd, false)
	o.rf.registerTrials(cmd)
	o.rf.registerShard(cmd)
	o.rf.registerSet(cmd)
	cmd.Flags().BoolVar(&o.all, "all", false, "run every built-in scenario")
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table, csv or json")
	o.cp.register(cmd, "also write the report (CSV, JSON, PNG plots and index.html) to this directory, which it replaces as a whole")
	return cmd
}

// check refuses flags that make no sense together, before anything runs.
func (o *runOptions) check() error {
	if err := checkFormat(o.format, "table", "csv", "json"); err != nil {
		return err
	}
	return o.cp.check()
}

func (o *runOptions) run(cmd *cobra.Command, args []string) error {
	if err := o.check(); err != nil {
		return err
	}
	if o.all {
		list, err := scenarios.Builtin()
		if err != nil {
			return err
		}
		for _, e := range list {
			args = append(args, e.Name)
		}
	}
	prior, err := o.cp.prior(cmd)
	if err != nil {
		return err
	}
	run, err := o.rf.plan(cmd)
	if err != nil {
		return err
	}
	scs, err := o.rf.loadAll(args)
	if err != nil {
		return err
	}
	od, err := o.cp.open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	results, _, runErr := run.FightAll(cmd.Context(), scs, prior)
	return o.report(cmd, od, results, runErr)
}

// report prints the results and writes the report directory: the full
// report of what the run finished, with the checkpoint of what it did not.
func (o *runOptions) report(cmd *cobra.Command, od *reports.OutDir, results []*analysis.Result, runErr error) error {
	states := o.cp.states(cmd, runErr)
	if len(results) == 0 {
		return runErr
	}
	if err := writeResults(cmd, results, o.format); err != nil {
		return err
	}
	if od != nil {
		if err := od.WriteReport(results, version, states); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "crucible: report written to %s\n", od.Path())
	}
	if analysis.Interrupted(runErr) {
		return &exitError{code: exitInterrupted, msg: "interrupted; the results above cover the trials that finished"}
	}
	return runErr
}

func writeResults(cmd *cobra.Command, results []*analysis.Result, format string) error {
	w := cmd.OutOrStdout()
	switch format {
	case "csv":
		return reports.WriteCSV(w, reports.SummaryRows(results))
	case "json":
		return reports.WriteJSON(w, results)
	}
	return reports.WriteTable(w, results)
}
