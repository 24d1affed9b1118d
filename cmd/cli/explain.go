package cli

import (
	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/explain"
)

// newExplainCmd joins the explain command (its own package) to the tree,
// with the scenario and run flags every fighting command shares.
func newExplainCmd() *cobra.Command {
	var rf runFlags
	cmd := explain.NewCmd(explain.Deps{
		Load:      rf.load,
		Overrides: rf.overrideWords,
		Plan:      rf.plan,
		Usage:     usageError,
		Interrupted: func(msg string) error {
			return &exitError{code: exitInterrupted, msg: msg}
		},
		Reproduce: reproduce,
	})
	rf.registerSeed(cmd, false)
	rf.registerTrials(cmd)
	rf.registerSet(cmd)
	return cmd
}

// overrideWords returns the --unset and --set flags as words of a command
// line, in the order load applies them.
func (f *runFlags) overrideWords() []string {
	var w []string
	for _, p := range f.unsets {
		w = append(w, "--unset", p)
	}
	for _, s := range f.sets {
		w = append(w, "--set", s)
	}
	return w
}
