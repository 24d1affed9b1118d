package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/rules"
)

func newExactCmd() *cobra.Command {
	var (
		rf       runFlags
		format   string
		out      string
		rational bool
	)
	cmd := &cobra.Command{
		Use:   "exact SCENARIO",
		Short: "Solve a scenario exactly (rulesets with an analytic solver)",
		Long: `exact computes a scenario's win, draw and stalemate probabilities, expected
rounds and the distributions of rounds and counters analytically, with no
random numbers. --rational adds the probabilities as exact fractions. When a
scenario is beyond the solver's state budget, exact says so and gives the
Monte Carlo command to run instead.`,
		Example: `  crucible exact eclipse/interceptor-duel --rational
  crucible exact eclipse/fleet-mirror --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "table", "json"); err != nil {
				return err
			}
			sc, err := rf.load(args[0])
			if err != nil {
				return err
			}
			sol, err := analysis.Solve(cmd.Context(), sc, rational)
			if err != nil {
				if errors.Is(err, rules.ErrBudget) {
					return fmt.Errorf("%s: %w\nrun it by Monte Carlo instead: crucible run %s --trials 1000000", sc.Name, err, args[0])
				}
				return err
			}
			h := reports.ExactHeader{Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: version}
			if format == "json" {
				err = reports.WriteExactJSON(cmd.OutOrStdout(), h, sol)
			} else {
				err = reports.WriteExactTable(cmd.OutOrStdout(), h, sol)
			}
			if err != nil || out == "" {
				return err
			}
			od, err := reports.OpenOutDir(out)
			if err != nil {
				return err
			}
			defer od.Close()
			od.Command = cmd.Root().Annotations[invocation]
			if err := od.WriteExact(h, sol); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "crucible: report written to %s\n", out)
			return nil
		},
	}
	rf.registerSet(cmd)
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table or json")
	cmd.Flags().BoolVar(&rational, "rational", false, "also give probabilities as exact fractions")
	cmd.Flags().StringVarP(&out, "out", "o", "", "also write the report (exact.json, exact.txt, a plot and index.html) to this directory")
	return cmd
}
