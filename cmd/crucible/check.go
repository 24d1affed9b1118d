package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/scenarios"
)

func newCheckCmd() *cobra.Command {
	var (
		rf    runFlags
		alpha float64
	)
	cmd := &cobra.Command{
		Use:   "check SCENARIO|SUITE...",
		Short: "Evaluate the claims written in scenario files",
		Long: `check runs each scenario and judges each of its claims PASS (the whole
confidence interval satisfies it), FAIL (the whole interval violates it) or
INCONCLUSIVE (more trials needed). The false-alarm rate --alpha is spent
across every claim of the check (Bonferroni). Claims marked exact are tested
against the ruleset's exact solution. A suite file (a list of scenarios under
"suite:", e.g. stratfight/lifespan-claims) checks all of its scenarios.
Exit status 1 on any FAIL.`,
		Example: `  crucible check stratfight/lifespan-claims --seed 1
  crucible check stratfight/lifespan-30-coins --seed 1
  crucible check my-claims.yaml --trials 1000000`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if alpha <= 0 || alpha >= 1 {
				return usageError("--alpha %g: allowed: a number between 0 and 1", alpha)
			}
			run, err := rf.plan(cmd)
			if err != nil {
				return err
			}
			refs, err := scenarios.Expand(args)
			if err != nil {
				return err
			}
			scs, err := rf.loadAll(refs)
			if err != nil {
				return err
			}
			check, err := run.Check(cmd.Context(), scs, alpha)
			for _, name := range check.Unclaimed {
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: %s has no claims\n", name)
			}
			for _, n := range check.Notes {
				fmt.Fprintf(cmd.ErrOrStderr(), "crucible: %s\n", n)
			}
			if werr := reports.WriteVerdicts(cmd.OutOrStdout(), check); werr != nil {
				return werr
			}
			switch {
			case analysis.Interrupted(err):
				return &exitError{code: exitInterrupted, msg: "interrupted: the check is incomplete and decides nothing"}
			case err != nil:
				return err
			case check.Failed() > 0:
				return fmt.Errorf("%d claim(s) failed", check.Failed())
			}
			return nil
		},
	}
	rf.registerSeed(cmd, false)
	rf.registerTrials(cmd)
	rf.registerSet(cmd)
	cmd.Flags().Float64Var(&alpha, "alpha", 0.01, "family-wise false-alarm rate across all claims")
	return cmd
}
