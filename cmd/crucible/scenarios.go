package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/scenarios"
)

func newScenariosCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "scenarios",
		Short: "List the built-in scenarios",
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
			return tw.Flush()
		},
	}
}

func newValidateCmd() *cobra.Command {
	var sets []string
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check scenario files without running them",
		Long: `validate decodes and compiles each scenario (file or built-in name) and its
claims, and reports the first error of each with file:line:column, the field
path and the allowed values. It exits 1 if any scenario is invalid.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			bad := 0
			rf := runFlags{sets: sets}
			for _, ref := range args {
				sc, err := rf.load(ref)
				if err == nil {
					_, err = sc.Compile()
				}
				if err != nil {
					fmt.Fprintln(cmd.OutOrStdout(), err)
					bad++
					continue
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (%s, %d claims)\n", ref, sc.Ruleset, len(sc.Claims))
			}
			if bad > 0 {
				return &exitError{code: 1, msg: fmt.Sprintf("%d of %d scenarios invalid", bad, len(args))}
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&sets, "set", nil, "override a field, PATH=VALUE (repeatable)")
	return cmd
}
