package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

func newScenariosCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "scenarios",
		Short: "List the built-in scenarios, suites, sweeps, tunes and rosters",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list, err := scenarios.Builtin()
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			for _, e := range list {
				fmt.Fprintf(tw, "%s\t%s\n", e.Name, e.Description)
			}
			suites, err := scenarios.BuiltinSuites()
			if err != nil {
				return err
			}
			for _, e := range suites {
				fmt.Fprintf(tw, "%s\t(suite for crucible check) %s\n", e.Name, e.Description)
			}
			sweeps, err := scenarios.BuiltinSweeps()
			if err != nil {
				return err
			}
			for _, e := range sweeps {
				fmt.Fprintf(tw, "%s\t(sweep for crucible sweep) %s\n", e.Name, e.Description)
			}
			tunes, err := scenarios.BuiltinTunes()
			if err != nil {
				return err
			}
			for _, e := range tunes {
				fmt.Fprintf(tw, "%s\t(tune for crucible tune) %s\n", e.Name, e.Description)
			}
			rosters, err := scenarios.BuiltinRosters()
			if err != nil {
				return err
			}
			for _, e := range rosters {
				fmt.Fprintf(tw, "%s\t(roster for crucible meta) %s\n", e.Name, e.Description)
			}
			return tw.Flush()
		},
	}
}

func newValidateCmd() *cobra.Command {
	var rf runFlags
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check scenario files without running them",
		Long: `validate decodes and compiles each scenario (file or built-in name) and its
claims, and reports the first error of each with file:line:column, the field
path and the allowed values. A suite is validated scenario by scenario; a
sweep file by its base scenario and every point of its grid, each compiled
with its values set. An exact claim is checked without solving: the ruleset must have a solver, and
the solver must accept the scenario (a stratfight lifespan, an EmojiSpace
duel of fixed ships, an Eclipse battle whose state key and volleys fit the
budgets); whether the whole solve fits its budgets only a solve tells, and
check solves before its first trial. It exits 1 if any scenario is invalid.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			bad, total := 0, 0
			for _, ref := range args {
				if _, isSweep, _ := scenarios.LoadSweep(ref); isSweep {
					total++
					if err := validateSweep(cmd, &rf, ref); err != nil {
						fmt.Fprintln(w, err)
						bad++
					}
					continue
				}
				refs := []string{ref}
				suite, isSuite, err := scenarios.LoadSuite(ref)
				switch {
				case err != nil:
					fmt.Fprintln(w, err)
					bad, total = bad+1, total+1
					continue
				case isSuite:
					fmt.Fprintf(w, "%s: suite of %d scenarios\n", ref, len(suite.Scenarios))
					refs = suite.Scenarios
				}
				for _, r := range refs {
					total++
					sc, err := rf.load(r)
					if err == nil {
						_, err = sc.Compile()
					}
					if err == nil {
						err = analysis.CheckExactClaims(sc)
					}
					if interrupted(err) {
						return err
					}
					if err != nil {
						fmt.Fprintln(w, err)
						bad++
						continue
					}
					fmt.Fprintf(w, "%s: ok (%s, %d claims)\n", displayRef(r), sc.Ruleset, len(sc.Claims))
				}
			}
			if bad > 0 {
				return fmt.Errorf("%d of %d scenarios invalid", bad, total)
			}
			return nil
		},
	}
	rf.registerSet(cmd)
	return cmd
}

// validateSweep checks a sweep file as sweep would before its first trial
// (its base scenario with the file's and --set's overrides, every point of
// the grid compiled with its values) and says so.
func validateSweep(cmd *cobra.Command, rf *runFlags, ref string) error {
	sw, err := loadSweep(cmd, rf, ref, sweepFlags{})
	if err != nil {
		return err
	}
	var axes []string
	for _, a := range sw.Axes {
		axes = append(axes, fmt.Sprintf("%s (%d values)", a.Path, len(a.Values)))
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (sweep of %s over %s: %d points, each compiles)\n", ref, sw.Base, strings.Join(axes, " × "), len(sw.Points))
	return nil
}
