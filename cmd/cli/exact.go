package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

func newExactCmd() *cobra.Command {
	o := &exactOptions{}
	cmd := &cobra.Command{
		Use:   "exact SCENARIO",
		Short: "Solve a scenario exactly (rulesets with an analytic solver)",
		Long: `exact computes a scenario's win, draw and stalemate probabilities, expected
rounds and the distributions of rounds and counters analytically, with no
random numbers. --rational adds the probabilities as exact fractions. The
solver's budgets bound its memory (states) and its time (steps of work, a
few seconds); when a scenario is beyond one, exact names it and gives the
Monte Carlo command to run instead. Ctrl-C stops a solve at once (exit
status 130). --policy-spread also solves the scenario with each side under
every built-in policy of its ruleset (optimal included) and says how far
the answer moves; without it, a small scenario is solved so under the
policies that are cheap to solve, and noted when its answer moves by more
than --spread-threshold points.`,
		Example: `  crucible exact eclipse/interceptor-duel --rational
  crucible exact eclipse/fleet-mirror --format json
  crucible exact eclipse/fleet-mirror --policy-spread`,
		Args: cobra.ExactArgs(1),
		RunE: o.run,
	}
	o.rf.RegisterSet(cmd)
	o.sf.register(cmd, false)
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table or json")
	cmd.Flags().BoolVar(&o.rational, "rational", false, "also give probabilities as exact fractions")
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "also write the report (exact.json, exact.txt, a plot and index.html) to this directory")
	return cmd
}

// exactOptions are the flags of exact.
type exactOptions struct {
	rf       command.RunFlags
	sf       spreadFlags
	format   string
	out      string
	rational bool
}

// run runs exact.
func (o *exactOptions) run(cmd *cobra.Command, args []string) error {
	if err := command.CheckFormat(o.format, "table", "json"); err != nil {
		return err
	}
	if err := o.sf.check(cmd); err != nil {
		return err
	}
	sc, err := o.rf.Load(args[0])
	if err != nil {
		return err
	}
	if err := o.sf.checkScenarios([]*scenarios.Scenario{sc}); err != nil {
		return err
	}
	sol, err := analysis.Solve(cmd.Context(), sc, o.rational)
	switch {
	case analysis.Interrupted(err):
		return &command.ExitError{Code: command.ExitInterrupted, Msg: "interrupted: the solve stopped before its end; nothing solved"}
	case errors.Is(err, rules.ErrBudget):
		return fmt.Errorf("%s: %w\n%s", sc.Name, err, command.MonteCarloInstead(sc, args[0], o.rf.Sets))
	case err != nil:
		return err
	}
	spread, spreadErr := o.sf.solveSpread(cmd.Context(), sc, sol)
	if spreadErr != nil && !analysis.Interrupted(spreadErr) {
		return spreadErr
	}
	h := reports.ExactHeader{Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: command.Version}
	if err := writeExact(cmd, h, sol, spread, o.sf.asked, o.format); err != nil || spreadErr != nil {
		return errors.Join(err, spreadInterrupted(spreadErr))
	}
	if o.out == "" {
		return nil
	}
	od, err := outdir.Open(o.out)
	if err != nil {
		return err
	}
	defer od.Close()
	od.Command = cmd.Root().Annotations[command.Invocation]
	if err := reports.WriteExactReport(od, h, sol, spread); err != nil {
		return err
	}
	command.Notice(cmd, "report written to %s", o.out)
	return nil
}

// writeExact prints an exact solution in the format, with the scenario's
// policy spread when it has one: the whole spread when full (asked for),
// else its note alone; in JSON only when full.
func writeExact(cmd *cobra.Command, h reports.ExactHeader, sol *rules.Exact, spread *spread.Spread, full bool, format string) error {
	w := cmd.OutOrStdout()
	if format == "json" {
		if !full {
			spread = nil
		}
		return reports.WriteExactSpreadJSON(w, h, sol, spread)
	}
	if err := reports.WriteExactTable(w, h, sol); err != nil || spread == nil {
		return err
	}
	return reports.WriteSpreadAfter(w, spread, full)
}
