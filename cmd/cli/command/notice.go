package command

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Notice writes a line on the command's stderr that does not stop it (a
// report written, a checkpoint saved, a scenario with no claims), headed
// by the program's name as errors are: a game's own binary (Program)
// names itself.
func Notice(cmd *cobra.Command, format string, args ...any) {
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", cmd.Root().Name(), fmt.Sprintf(format, args...))
}
