package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/check"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/cmd/cli/compare"
	"github.com/crucible-sim/crucible/cmd/cli/explain"
	"github.com/crucible-sim/crucible/cmd/cli/ladder"
	"github.com/crucible-sim/crucible/cmd/cli/meta"
	"github.com/crucible-sim/crucible/cmd/cli/sweep"
	"github.com/crucible-sim/crucible/cmd/cli/tune"
	"github.com/crucible-sim/crucible/scenarios"
)

// version is crucible's version, written into every result.
const version = command.Version

func newRootCmd(name string) *cobra.Command {
	root := &cobra.Command{
		Use:   name,
		Short: "Monte Carlo balance simulation for combat rules",
		Long: `crucible fights a scenario thousands of times from one master seed on every
core and reports win rates, round counts and end reasons with confidence
intervals, as a table, CSV, JSON, PNG plots and an HTML page.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		// An unknown command's suggestions are crucible's (unknownCommand).
		DisableSuggestions: true,
	}
	root.SetFlagErrorFunc(suggestFlag)
	var rulesPath string
	root.PersistentFlags().StringVar(&rulesPath, "rules-path", "", "`directories` (separated as in PATH) where a scenario's ruleset NAME is found as NAME.rules.yaml, before the built-in rules files (default: $"+scenarios.RulesPathEnv+")")
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		var dirs []string // nil: CRUCIBLE_RULES_PATH
		if cmd.Flags().Changed("rules-path") {
			dirs = append([]string{}, filepath.SplitList(rulesPath)...)
		}
		scenarios.SetRulesPath(dirs)
	}
	root.AddCommand(newRunCmd(), newReplayCmd(), newScenariosCmd(), newValidateCmd(),
		check.NewCmd(), newMergeCmd(), newExactCmd(), newBatchCmd(), sweep.NewCmd(), tune.NewCmd(), meta.NewCmd(),
		compare.NewCmd(), ladder.NewCmd(), newExportCmd(), newRulesCmd(), newShowCmd(), newServeCmd(), explain.NewCmd())
	markRunErrors(root)
	return root
}

// markRunErrors wraps the RunE of c and its subcommands so that their
// errors are told from cobra's (see execute).
func markRunErrors(c *cobra.Command) {
	if run := c.RunE; run != nil {
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if err := run(cmd, args); err != nil {
				return &runError{err}
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		markRunErrors(sub)
	}
}

// runError marks an error returned by a command's RunE, to tell it from
// cobra's own errors, which are all bad usage.
type runError struct{ err error }

func (e *runError) Error() string { return e.err.Error() }
func (e *runError) Unwrap() error { return e.err }
