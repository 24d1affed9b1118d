package main

import (
	"github.com/spf13/cobra"

	_ "github.com/crucible-sim/crucible/rules/all" // register every ruleset
)

// version is crucible's version, written into every result.
const version = "0.1.0"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "crucible",
		Short: "Monte Carlo balance simulation for combat rules",
		Long: `crucible fights a scenario thousands of times from one master seed on every
core and reports win rates, round counts and end reasons with confidence
intervals, as a table, CSV, JSON, PNG plots and an HTML page.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newRunCmd(), newReplayCmd(), newScenariosCmd(), newValidateCmd(),
		newCheckCmd(), newMergeCmd(), newExactCmd())
	return root
}
