package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/sim"
)

func newReplayCmd() *cobra.Command {
	var (
		rf    command.RunFlags
		trial int64
	)
	cmd := &cobra.Command{
		Use:   "replay SCENARIO --trial I --seed S",
		Short: "Replay one trial of a run round by round",
		Long: `replay fights trial I of a scenario alone, with the stream that trial has in
every run of the same seed, and prints the battle round by round, then its
result and counters.`,
		Example: `  crucible replay stratfight/thug-vs-guard --trial 17 --seed 7`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if trial < 0 || trial >= sim.MaxTrials {
				return command.UsageError("--trial %d: allowed: an integer from 0 to %d", trial, int64(sim.MaxTrials)-1)
			}
			if !cmd.Flags().Changed("seed") {
				return command.UsageError("replay needs --seed: the master seed of the run the trial belongs to")
			}
			sc, err := rf.Load(args[0])
			if err != nil {
				return err
			}
			battle, err := sc.Compile()
			if err != nil {
				return err
			}
			spec := battle.Spec()
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "scenario %s  trial %d  seed %d\n", sc.Name, trial, rf.Seed)
			out, err := sim.ReplayContext(cmd.Context(), battle, rf.Seed, sim.Key(sc.StreamName()), trial, w)
			if analysis.Interrupted(err) {
				return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted: trial %d was abandoned", trial)}
			}
			if err != nil {
				return err
			}
			return verdicts.WriteOutcome(w, spec, out)
		},
	}
	rf.RegisterSeed(cmd, true)
	rf.RegisterSet(cmd)
	command.DecimalVar(cmd.Flags(), &trial, "trial", "i", 0, "index of the trial to replay (0-based)")
	return cmd
}
