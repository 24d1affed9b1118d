package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

func newRunCmd() *cobra.Command {
	var (
		rf     runFlags
		format string
		out    string
		all    bool
		resume bool
	)
	cmd := &cobra.Command{
		Use:   "run SCENARIO...",
		Short: "Fight each scenario many times and report the results",
		Long: `run fights each scenario (a built-in name such as stratfight/thug-vs-guard,
or a YAML file) --trials times and prints win shares with 95 % Wilson
intervals, the distribution of rounds, the end reasons and the ruleset's
counters. The same --seed gives the same bytes for any --workers and --chunk.
--all runs every built-in scenario.`,
		Example: `  crucible run stratfight/thug-vs-guard --trials 100000 --seed 7
  crucible run my-duel.yaml --set options.tie-rule=underdog --format json
  crucible run stratfight/arya-vs-mountain --out report/
  crucible run --all --seed 1 --out report/`,
		Args: func(cmd *cobra.Command, args []string) error {
			if all == (len(args) > 0) {
				return usageError("name scenarios to run, or pass --all for every built-in one (not both)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "table", "csv", "json"); err != nil {
				return err
			}
			if all {
				list, err := scenarios.Builtin()
				if err != nil {
					return err
				}
				for _, e := range list {
					args = append(args, e.Name)
				}
			}
			var prior []*sim.Checkpoint
			if resume {
				if out == "" {
					return usageError("--resume needs the --out directory of the interrupted run")
				}
				var err error
				if prior, err = reports.ReadCheckpoints(out); err != nil {
					return fmt.Errorf("--resume: %w", err)
				}
				if !cmd.Flags().Changed("seed") && len(prior) > 0 {
					cmd.Flags().Set("seed", strconv.FormatUint(prior[0].Seed, 10))
				}
			}
			run, err := rf.plan(cmd)
			if err != nil {
				return err
			}
			scs, err := rf.loadAll(args)
			if err != nil {
				return err
			}
			results, states, runErr := run.FightAll(cmd.Context(), scs, prior)
			if out != "" && runErr != nil && len(states) > 0 {
				path, err := reports.WriteCheckpoints(out, states)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: checkpoint written to %s; finish with the same command and --resume\n", path)
			}
			if len(results) == 0 {
				return runErr
			}
			if err := writeResults(cmd, results, format); err != nil {
				return err
			}
			if out != "" {
				if err := reports.WriteReport(out, results, version); err != nil {
					return err
				}
				if runErr == nil {
					if err := reports.RemoveCheckpoint(out); err != nil {
						return err
					}
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: report written to %s\n", out)
			}
			if analysis.Interrupted(runErr) {
				return &exitError{code: exitInterrupted, msg: "interrupted; the results above cover the trials that finished"}
			}
			return runErr
		},
	}
	rf.registerSeed(cmd, false)
	rf.registerTrials(cmd)
	rf.registerShard(cmd)
	rf.registerSet(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "run every built-in scenario")
	cmd.Flags().BoolVar(&resume, "resume", false, "finish the interrupted run whose checkpoint is in the --out directory")
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, csv or json")
	cmd.Flags().StringVarP(&out, "out", "o", "", "also write the report (CSV, JSON, PNG plots and index.html) to this directory")
	return cmd
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
