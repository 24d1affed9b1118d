package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/scenarios"
)

func newShowCmd() *cobra.Command {
	var kind string
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "Print a built-in scenario, suite, sweep, tune, roster or rules file, to start one of your own from",
		Long: `show prints the YAML file of a built-in scenario, suite, sweep, tune,
roster or rules file exactly as crucible embeds it. Save it, change it,
and run the copy:

  crucible show eclipse/interceptor-duel > my-duel.yaml
  crucible run my-duel.yaml

A name that two kinds share (a roster and the scenario it is based on)
needs --kind: ` + strings.Join(scenarios.BuiltinKinds(), ", ") + ` (a scenario, suite or
rules file is of kind scenario).`,
		Example: `  crucible show stratfight/armor-fair
  crucible show --kind roster eclipse/cruiser-designs
  crucible show rulesfile/duel2d6.rules`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if kind == "" {
				kinds := scenarios.BuiltinKindsOf(name)
				switch len(kinds) {
				case 0:
					_, _, err := scenarios.BuiltinSource(name)
					return err
				case 1:
					kind = kinds[0]
				default:
					return command.UsageError("%s names a built-in %s: pass --kind %s", name, strings.Join(kinds, " and a built-in "), strings.Join(kinds, " or --kind "))
				}
			} else if !slices.Contains(scenarios.BuiltinKinds(), kind) {
				return command.UsageError("--kind %q: allowed: %s", kind, strings.Join(scenarios.BuiltinKinds(), ", "))
			}
			src, _, err := scenarios.BuiltinSourceOf(kind, name)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), string(src))
			return err
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "", "the kind of built-in file: "+strings.Join(scenarios.BuiltinKinds(), ", ")+" (needed only when kinds share the name)")
	return cmd
}
