package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

func newExactCmd() *cobra.Command {
	var (
		sets     []string
		format   string
		rational bool
	)
	cmd := &cobra.Command{
		Use:   "exact SCENARIO",
		Short: "Solve a scenario exactly (rulesets with an analytic solver)",
		Long: `exact computes a scenario's win, draw and stalemate probabilities, expected
rounds and the distributions of rounds and survivors analytically, with no
random numbers. --rational adds the probabilities as exact fractions. When a
scenario is beyond the solver's state budget, exact says so and gives the
Monte Carlo command to run instead.`,
		Example: `  crucible exact eclipse/interceptor-duel --rational
  crucible exact eclipse/fleet-mirror --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "table" && format != "json" {
				return &exitError{code: 2, msg: fmt.Sprintf("--format %q: allowed: table, json", format)}
			}
			rf := runFlags{sets: sets}
			sc, err := rf.load(args[0])
			if err != nil {
				return err
			}
			solver, err := rules.LookupSolver(sc.Ruleset)
			if err != nil {
				return err
			}
			sol, err := solveOnOneP(cmd.Context(), solver, sc.Document(), rational)
			if err != nil {
				if errors.Is(err, rules.ErrBudget) {
					return fmt.Errorf("%s: %w\nrun it by Monte Carlo instead: crucible run %s --trials 1000000", sc.Name, err, args[0])
				}
				return err
			}
			var spec rules.Spec
			spec.Options, spec.Notes = sol.InForce()
			w := cmd.OutOrStdout()
			if format == "json" {
				return reports.WriteExactJSON(w, reports.ExactHeader{
					Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: version, Spec: spec,
				}, sol)
			}
			fmt.Fprintf(w, "scenario  %s   ruleset %s   exact solution\n", sc.Name, sc.Ruleset)
			for _, n := range spec.Notes {
				fmt.Fprintf(w, "note      %s\n", n)
			}
			return sol.WriteTable(w)
		},
	}
	cmd.Flags().StringArrayVar(&sets, "set", nil, "override a scenario field, PATH=VALUE (repeatable)")
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table or json")
	cmd.Flags().BoolVar(&rational, "rational", false, "also give probabilities as exact fractions")
	return cmd
}

// solveOnOneP runs an exact solve with GOMAXPROCS set to 1. A solve runs
// on one goroutine; with a second P the garbage collector marks beside it
// while the solver's arrays grow, and on 2-vCPU machines that made a lone
// solve of 8I+4C+2D against 14 NPC ships take 30 ms instead of 18
// (BenchmarkSolveCold with -cpu 1,2, bench/eclipse-exact.txt).
func solveOnOneP(ctx context.Context, s rules.Solver, n *doc.Node, rational bool) (rules.Solution, error) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	return s.Solve(ctx, n, rational)
}
