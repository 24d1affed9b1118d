package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/scenarios"
)

func newShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show SCENARIO",
		Short: "Print a built-in scenario, suite or sweep file, to start one of your own from",
		Long: `show prints the YAML file of a built-in scenario, suite or sweep exactly as
crucible embeds it. Save it, change it, and run the copy:

  crucible show eclipse/interceptor-duel > my-duel.yaml
  crucible run my-duel.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			src, _, err := scenarios.BuiltinSource(args[0])
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), string(src))
			return err
		},
	}
}
