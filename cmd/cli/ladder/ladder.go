package ladder

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	engine "github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/ladderreport"
	"github.com/crucible-sim/crucible/sim"
)

// ladderFlags are the flags only ladder has.
type ladderFlags struct {
	rungs        []string
	look, budget int64
	test         engine.Test
	format       string
	cp           command.Checkpointing
}

// NewCmd returns the ladder command.
func NewCmd() *cobra.Command {
	var (
		rf command.RunFlags
		lf ladderFlags
	)
	cmd := &cobra.Command{
		Use:   "ladder SCENARIO",
		Short: "Rank the players rung by rung, each proved stronger than the one below",
		Long: `ladder plays each rung of the ruleset's ladder of skill (dbd: random, greedy,
rollout, search:250, search:1k, search:4k) against the rung below on the
scenario, in side-swapped pairs of games on common random numbers (the upper
rung as side a, then as side b, on the same dice), until a sequential
probability ratio test decides whether the upper rung is at least --elo1
Elo stronger (H1) or not (H0, a tie), at error rates --alpha and --beta, or
--budget pairs are spent. Each step leads with its answer in words ("search:1k
beats rollout: 61 % of the points, decided after 410 pairs"), the Elo with its
95 % interval, the test and how the games ended (the turn-cap share) behind
it; the ratings up the ladder follow. The verdicts depend on the seed alone,
not on --workers. Ctrl-C stops within a second and prints the steps so far;
with --out it keeps a checkpoint of each step's last whole look, from which
--resume finishes the ladder with the same verdicts.`,
		Example: `  crucible ladder dbd/cavalry_hammer --seed 1
  crucible ladder dbd/symmetric_line --rungs greedy,rollout,search:250 --budget 200 --out ladder/
  crucible ladder eclipse/fleet-mirror --rungs kill-greedy,largest-killable-first --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLadder(cmd, args[0], &rf, &lf)
		},
	}
	rf.RegisterSeed(cmd, false)
	rf.RegisterTrials(cmd)
	cmd.Flag("trials").Hidden = true // refused: the test decides how many pairs
	rf.RegisterSet(cmd)
	fl := cmd.Flags()
	fl.StringSliceVar(&lf.rungs, "rungs", nil, "the `players` to rank, weakest first, comma-separated (default: every rung of the ruleset)")
	command.DecimalVar(fl, &lf.budget, "budget", "", engine.DefaultBudget, "the most side-swapped `pairs` a step plays before it is left undecided")
	command.DecimalVar(fl, &lf.look, "look", "", engine.DefaultLook, "the `pairs` a step plays between two looks of its test")
	fl.Float64Var(&lf.test.Elo0, "elo0", engine.DefaultTest.Elo0, "H0 of each step's test: the upper rung is at most this much stronger (Elo)")
	fl.Float64Var(&lf.test.Elo1, "elo1", engine.DefaultTest.Elo1, "H1 of each step's test: the upper rung is at least this much stronger (Elo)")
	fl.Float64Var(&lf.test.Alpha, "alpha", engine.DefaultTest.Alpha, "the chance a step says 'beats' of a rung that is not stronger than H0 allows")
	fl.Float64Var(&lf.test.Beta, "beta", engine.DefaultTest.Beta, "the chance a step misses a rung stronger by H1")
	fl.StringVarP(&lf.format, "format", "f", "table", "output format: table or json")
	lf.cp.Register(cmd, "also write the ladder's report (JSON, text, the ratings' figure and index.html) to this directory, which it replaces as a whole")
	return cmd
}

func runLadder(cmd *cobra.Command, ref string, rf *command.RunFlags, lf *ladderFlags) error {
	if err := command.CheckFormat(lf.format, "table", "json"); err != nil {
		return err
	}
	if cmd.Flags().Changed("trials") {
		return command.UsageError("--trials: a ladder plays pairs until each step's test decides, at most --budget")
	}
	if err := lf.test.Check(); err != nil {
		return command.UsageError("--alpha, --beta, --elo0, --elo1: %v", err)
	}
	if lf.look < 1 || lf.budget < lf.look || lf.budget > sim.MaxTrials {
		return command.UsageError("--look %d, --budget %d: allowed: integers with 1 ≤ look ≤ budget ≤ %d", lf.look, lf.budget, int64(sim.MaxTrials))
	}
	run, err := lf.cp.Plan(cmd, rf)
	if err != nil {
		return err
	}
	sc, err := rf.Load(ref)
	if err != nil {
		return err
	}
	od, err := lf.cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	l, runErr := engine.Run(cmd.Context(), run, sc, engine.Plan{Rungs: lf.rungs, Test: lf.test, Look: lf.look, Budget: lf.budget})
	lf.cp.States(cmd, runErr)
	if l == nil {
		return runErr
	}
	if len(l.Steps) > 0 {
		if err := writeLadder(cmd, l, lf.format); err != nil {
			return err
		}
	}
	if runErr != nil {
		if analysis.Interrupted(runErr) {
			return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted in step %d of %d; the steps above are as their last whole look left them", max(len(l.Steps), 1), len(l.Planned)-1)}
		}
		return runErr
	}
	if od != nil {
		if err := ladderreport.Write(od, l, command.Version); err != nil {
			return err
		}
		command.Notice(cmd, "ladder report written to %s", od.Path())
	}
	return nil
}

func writeLadder(cmd *cobra.Command, l *engine.Ladder, format string) error {
	if format == "json" {
		return ladderreport.WriteJSON(cmd.OutOrStdout(), l, command.Version)
	}
	return ladderreport.WriteTable(cmd.OutOrStdout(), l)
}
