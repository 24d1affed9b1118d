package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/crucible-sim/crucible/rules/doc"
)

// suggestFlag is the root's flag error function: an unknown flag's error
// ends with the command's nearest flags (doc.Suggest: case-insensitive
// edit distance), `--trails` with `did you mean "--trials"?`, and a long
// name written with one dash (`-trials`) with the flag it names.
func suggestFlag(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) {
		return err
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	typed := ne.GetSpecifiedName()
	if group := ne.GetSpecifiedShortnames(); group != "" {
		// -trials is read as the shorthands -t -r -i …; a long name's
		// single dash is the likelier slip.
		typed = strings.TrimPrefix(group, "-")
		typed, _, _ = strings.Cut(typed, "=")
		if len(typed) < 2 {
			return err
		}
		for _, n := range names {
			if strings.EqualFold(n, typed) {
				return fmt.Errorf("%w; did you mean %q?", err, "--"+n)
			}
		}
	}
	near := doc.Suggest(typed, names)
	for i, n := range near {
		near[i] = "--" + n
	}
	if len(near) == 0 {
		return err
	}
	return fmt.Errorf("%w%s", err, doc.DidYouMeanOf(near))
}

// unknownCommand returns the error of a command line whose command does
// not exist, with the nearest commands (doc.Suggest, else those it begins:
// `crucible val` finds validate), or nil when the command exists. Cobra's
// own suggestions are off (root.DisableSuggestions), so that the message
// reads as every other "did you mean" of crucible.
func unknownCommand(root *cobra.Command, args []string) error {
	if _, _, err := root.Find(args); err == nil {
		return nil
	}
	// The root takes only --help and --version, which take no value, so the
	// first word that is not a flag is the command.
	typed := ""
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			typed = a
			break
		}
	}
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	near := doc.Suggest(typed, names)
	if len(near) == 0 && len(typed) >= 2 {
		for _, n := range names {
			if strings.HasPrefix(n, strings.ToLower(typed)) {
				near = append(near, n)
			}
		}
	}
	return fmt.Errorf("unknown command %q for %q%s", typed, root.Name(), doc.DidYouMeanOf(near))
}
