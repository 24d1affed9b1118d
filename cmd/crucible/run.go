package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// checkpointFile is where an interrupted run with --out keeps its state.
const checkpointFile = "checkpoint.json"

func readCheckpoints(dir string) ([]*sim.Checkpoint, error) {
	path := filepath.Join(dir, checkpointFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	cs, err := sim.UnmarshalCheckpoints(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cs, nil
}

func findCheckpoint(cs []*sim.Checkpoint, scenario string) *sim.Checkpoint {
	for _, c := range cs {
		if c.Scenario == scenario {
			return c
		}
	}
	return nil
}

func writeCheckpoints(cmd *cobra.Command, dir string, cs []*sim.Checkpoint) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := sim.MarshalCheckpoints(cs)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, checkpointFile)
	if err := reports.WriteFileAtomic(path, data); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "crucible: checkpoint written to %s; finish with the same command and --resume\n", path)
	return nil
}

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
counters. The same --seed gives the same bytes for any --workers and --chunk.`,
		Example: `  crucible run stratfight/thug-vs-guard --trials 100000 --seed 7
  crucible run my-duel.yaml --set options.tie-rule=underdog --format json
  crucible run stratfight/arya-vs-mountain --out report/`,
		Args: func(cmd *cobra.Command, args []string) error {
			if all != (len(args) == 0) {
				return &exitError{code: 2, msg: "name scenarios to run, or pass --all for every built-in one (not both)"}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format); err != nil {
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
					return &exitError{code: 2, msg: "--resume needs the --out directory of the interrupted run"}
				}
				var err error
				if prior, err = readCheckpoints(out); err != nil {
					return err
				}
				if !cmd.Flags().Changed("seed") && len(prior) > 0 {
					rf.seed = prior[0].Seed
					cmd.Flags().Set("seed", strconv.FormatUint(rf.seed, 10))
				}
			}
			seed, err := rf.resolveSeed(cmd)
			if err != nil {
				return err
			}
			// Every scenario is read and validated before the first battle,
			// so that a typo in the last file costs no computing time.
			var loaded []*scenarios.Scenario
			for _, ref := range args {
				sc, err := rf.load(ref)
				if err == nil {
					_, err = sc.Compile()
				}
				if err != nil {
					return err
				}
				loaded = append(loaded, sc)
			}
			var results []*analysis.Result
			var states []*sim.Checkpoint
			var runErr error
			for _, sc := range loaded {
				res, state, err := rf.fight(cmd.Context(), cmd, sc, seed, findCheckpoint(prior, sc.Name))
				if res != nil {
					results = append(results, res)
					states = append(states, state)
				}
				if err != nil {
					runErr = err
					break
				}
			}
			if out != "" && runErr != nil && len(states) > 0 {
				if err := writeCheckpoints(cmd, out, states); err != nil {
					return err
				}
			}
			if len(results) == 0 {
				return runErr
			}
			if err := writeResults(cmd, results, format); err != nil {
				return err
			}
			if out != "" {
				if err := os.MkdirAll(out, 0o755); err != nil {
					return err
				}
				if err := reports.WriteDir(out, results, version); err != nil {
					return err
				}
				if runErr == nil {
					if err := os.Remove(filepath.Join(out, checkpointFile)); err != nil && !os.IsNotExist(err) {
						return err
					}
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: report written to %s\n", out)
			}
			if interrupted(runErr) {
				return &exitError{code: 130, msg: "interrupted; the results above cover the trials that finished"}
			}
			return runErr
		},
	}
	rf.register(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "run every built-in scenario")
	cmd.Flags().BoolVar(&resume, "resume", false, "finish the interrupted run whose checkpoint is in the --out directory")
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, csv or json")
	cmd.Flags().StringVarP(&out, "out", "o", "", "also write summary.csv, rounds.csv, summary.json, winrates.png, rounds.png and index.html to this directory")
	return cmd
}

func checkFormat(f string) error {
	switch f {
	case "table", "csv", "json":
		return nil
	}
	return &exitError{code: 2, msg: fmt.Sprintf("--format %q: allowed: table, csv, json", f)}
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
