package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
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
				return &exitError{code: 2, msg: fmt.Sprintf("--alpha must be in (0, 1), got %g", alpha)}
			}
			seed, err := rf.resolveSeed(cmd)
			if err != nil {
				return err
			}
			var all []*scenarios.Scenario
			claims := 0
			var refs []string
			for _, ref := range args {
				suite, ok, err := scenarios.LoadSuite(ref)
				if err != nil {
					return err
				}
				if ok {
					refs = append(refs, suite.Scenarios...)
				} else {
					refs = append(refs, ref)
				}
			}
			for _, ref := range refs {
				sc, err := rf.load(ref)
				if err != nil {
					return err
				}
				if len(sc.Claims) == 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "crucible: %s has no claims\n", sc.Name)
				}
				all = append(all, sc)
				claims += len(sc.Claims)
			}
			each := alpha / float64(max(claims, 1))
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "seed %d; false-alarm rate %g over %d claims (%.3g each)\n\n", seed, alpha, claims, each)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "scenario\tclaim\tverdict\tobserved\tinterval\texpected\ttrials\tnote")
			failed := 0
			for _, sc := range all {
				if len(sc.Claims) == 0 {
					continue
				}
				res, _, err := rf.fight(cmd.Context(), cmd, sc, seed, nil)
				if err != nil {
					return err
				}
				exact := exactValues(cmd, sc)
				for _, c := range sc.Claims {
					v := analysis.CheckClaim(c, res, each, exact)
					if v.Verdict == analysis.Fail {
						failed++
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%.6g\t[%.6g, %.6g]\t%s\t%d\t%s\n", sc.Name, c.Label(), v.Verdict,
						v.Observed, v.Lo, v.Hi, c, res.Tally.Trials, v.Note)
				}
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if failed > 0 {
				return &exitError{code: 1, msg: fmt.Sprintf("%d claim(s) failed", failed)}
			}
			return nil
		},
	}
	rf.register(cmd)
	cmd.Flags().Float64Var(&alpha, "alpha", 0.01, "family-wise false-alarm rate across all claims")
	return cmd
}

// exactValues asks the ruleset's exact solver for the scenario's exact
// metrics, if a claim needs them.
func exactValues(cmd *cobra.Command, sc *scenarios.Scenario) analysis.ExactValue {
	need := false
	for _, c := range sc.Claims {
		need = need || c.Exact
	}
	if !need {
		return nil
	}
	solver, err := rules.LookupSolver(sc.Ruleset)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "crucible: %s: %v\n", sc.Name, err)
		return nil
	}
	sol, err := solveOnOneP(cmd.Context(), solver, sc.Document(), false)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "crucible: %s: %v\n", sc.Name, err)
		return nil
	}
	return sol.Metric
}
