package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/sim"
)

func newReplayCmd() *cobra.Command {
	var (
		rf    runFlags
		trial int64
	)
	cmd := &cobra.Command{
		Use:   "replay SCENARIO --trial I --seed S",
		Short: "Replay one trial of a run round by round",
		Long: `replay fights trial I of a scenario alone, with the stream that trial has in
every run of the same seed, and prints the battle round by round.`,
		Example: `  crucible replay stratfight/thug-vs-guard --trial 17 --seed 7`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if trial < 0 {
				return &exitError{code: 2, msg: fmt.Sprintf("--trial must be ≥ 0, got %d", trial)}
			}
			if !cmd.Flags().Changed("seed") {
				return &exitError{code: 2, msg: "replay needs --seed: the master seed of the run the trial belongs to"}
			}
			sc, err := rf.load(args[0])
			if err != nil {
				return err
			}
			battle, err := sc.Compile()
			if err != nil {
				return err
			}
			spec := battle.Spec()
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "scenario %s  trial %d  seed %d\n", sc.Name, trial, rf.seed)
			out := sim.NewOutcome(spec)
			battle.NewFighter().Replay(sim.Stream(rf.seed, sim.Key(sc.Name), trial), out, w)
			fmt.Fprintf(w, "result: winner %s, end %s, %d %s\n", out.Winner, spec.Ends[out.End], out.Rounds, unitOf(spec.RoundsUnit))
			for i, c := range spec.Counters {
				fmt.Fprintf(w, "  %s = %d\n", c, out.Counters[i])
			}
			return nil
		},
	}
	rf.register(cmd)
	cmd.Flags().Int64VarP(&trial, "trial", "i", 0, "index of the trial to replay (0-based)")
	return cmd
}

func unitOf(u string) string {
	if u == "" {
		return "rounds"
	}
	return u
}
