package cli

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/cmd/cli/meta"
	"github.com/crucible-sim/crucible/cmd/cli/sweep"
	"github.com/crucible-sim/crucible/cmd/cli/tune"
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
	var rf command.RunFlags
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check scenario, suite, sweep, tune, roster and rules files without running them",
		Long: `validate decodes and compiles each file crucible reads (by path or built-in
name): a scenario and its claims, a suite scenario by scenario, a sweep by
its base scenario and every point of its grid (each compiled with its
values set), a tune by its base scenario, its field's range and its target,
a roster by its base scenario and every pairing of its entries, a rules
file by its rules. It reports the first error of each with
file:line:column, the field path and the allowed values. An exact claim is
checked without solving: the ruleset must have a solver, and
the solver must accept the scenario (a stratfight lifespan, an EmojiSpace
duel of fixed ships, an Eclipse battle whose state key and volleys fit the
budgets); whether the whole solve fits its budgets only a solve tells, and
check solves before its first trial. A built-in name two kinds share (a
roster and its base scenario) is validated as both. It exits 1 if any file
is invalid.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			bad, total := 0, 0
			for _, ref := range args {
				for _, validate := range validators(ref) {
					n, invalid, err := validate(cmd, &rf, ref)
					if err != nil {
						return err
					}
					total, bad = total+n, bad+invalid
				}
			}
			if bad > 0 {
				return fmt.Errorf("%d of %d invalid (files, and the scenarios of suites)", bad, total)
			}
			return nil
		},
	}
	rf.RegisterSet(cmd)
	return cmd
}

// validator validates the file ref names as one kind, prints what it
// found valid and each error, and returns how many files or scenarios it
// judged and how many of them are invalid; its error is an interruption.
type validator func(cmd *cobra.Command, rf *command.RunFlags, ref string) (judged, invalid int, err error)

// validators are the validations of the file ref names, by its kind: a
// sweep, tune, roster or rules file, else a scenario or suite; a built-in
// name of two kinds gets both. (A file whose YAML does not parse reads as
// any kind: it gets one validation, which reports the parse error.)
func validators(ref string) []validator {
	var vs []validator
	if _, ok, _ := scenarios.LoadSweep(ref); ok {
		vs = append(vs, one(sweep.Validate))
	} else if _, ok, _ := scenarios.LoadTune(ref); ok {
		vs = append(vs, one(tune.Validate))
	} else if _, ok, _ := scenarios.LoadRoster(ref); ok {
		vs = append(vs, one(meta.Validate))
	} else if isRulesFile(ref) {
		vs = append(vs, one(validateRulesFile))
	}
	if len(vs) == 0 || slices.Contains(scenarios.BuiltinKindsOf(ref), "scenario") && !isRulesFile(ref) {
		vs = append(vs, validateScenarios)
	}
	return vs
}

// one is the validator of a single file that f validates.
func one(f func(cmd *cobra.Command, rf *command.RunFlags, ref string) error) validator {
	return func(cmd *cobra.Command, rf *command.RunFlags, ref string) (int, int, error) {
		switch err := f(cmd, rf, ref); {
		case command.Interrupted(err):
			return 1, 1, err
		case err != nil:
			fmt.Fprintln(cmd.OutOrStdout(), err)
			return 1, 1, nil
		}
		return 1, 0, nil
	}
}

// validateScenarios validates a scenario, or each scenario of a suite.
func validateScenarios(cmd *cobra.Command, rf *command.RunFlags, ref string) (judged, invalid int, err error) {
	w := cmd.OutOrStdout()
	refs := []string{ref}
	suite, isSuite, err := scenarios.LoadSuite(ref)
	switch {
	case err != nil:
		fmt.Fprintln(w, err)
		return 1, 1, nil
	case isSuite:
		fmt.Fprintf(w, "%s: suite of %d scenarios\n", ref, len(suite.Scenarios))
		refs = suite.Scenarios
	}
	for _, r := range refs {
		sc, err := rf.Load(r)
		if err == nil {
			_, err = sc.Compile()
		}
		if err == nil {
			err = analysis.CheckExactClaims(sc)
		}
		switch {
		case command.Interrupted(err):
			return len(refs), invalid, err
		case err != nil:
			fmt.Fprintln(w, err)
			invalid++
		default:
			fmt.Fprintf(w, "%s: ok (%s, %d claims)\n", command.DisplayRef(r), sc.Ruleset, len(sc.Claims))
		}
	}
	return len(refs), invalid, nil
}

// isRulesFile reports whether ref names a rules file: a path ending in
// .rules.yaml, or a built-in one as show names it (rulesfile/NAME.rules).
func isRulesFile(ref string) bool {
	return strings.HasSuffix(ref, scenarios.RulesFileExt) || strings.HasSuffix(ref, ".rules")
}

// validateRulesFile checks a rules file as a scenario naming it would
// read it, and says so.
func validateRulesFile(cmd *cobra.Command, _ *command.RunFlags, ref string) error {
	name := ref
	if !strings.HasSuffix(ref, scenarios.RulesFileExt) {
		name = path.Base(strings.TrimSuffix(ref, ".rules"))
	}
	file, src, err := scenarios.RulesFileSource(name)
	if err != nil {
		return err
	}
	r, err := rulesFileReference(file, src)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (rules file: %s)\n", ref, r.Title)
	return nil
}
