package command

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim/batch"
)

// Invocation is the root command's annotation holding the command line
// crucible was run with, shell-quoted.
const Invocation = "invocation"

// Arguments is the root command's annotation holding the words of the
// command line (the program's name first), as a JSON list.
const Arguments = "arguments"

// Reproduce returns the command line that makes the same output again:
// the one crucible was run with, without --resume, and the seed when the
// line gives none (drawn at random, or taken from a checkpoint). A
// resumed command's output is an uninterrupted one's, which its line
// without --resume makes; with it, once the command has finished and its
// checkpoint is gone, the line would fail.
func Reproduce(cmd *cobra.Command, seed uint64) string {
	var words []string
	if err := json.Unmarshal([]byte(cmd.Root().Annotations[Arguments]), &words); err != nil || len(words) == 0 {
		return cmd.Root().Annotations[Invocation]
	}
	kept, rest, seeded := words[:1:1], []string(nil), false
	for i, w := range words[1:] {
		if w == "--" { // the rest are arguments, not flags
			rest = words[1+i:]
			break
		}
		if w == "--resume" || strings.HasPrefix(w, "--resume=") {
			continue
		}
		seeded = seeded || w == "--seed" || strings.HasPrefix(w, "--seed=")
		kept = append(kept, w)
	}
	if cmd.Flags().Lookup("seed") != nil && !seeded {
		kept = append(kept, "--seed", strconv.FormatUint(seed, 10))
	}
	return batch.ShellJoin(append(kept, rest...))
}

// Version is crucible's version, written into every result.
const Version = "0.2.0"

// MonteCarloInstead is the line a command adds when an exact solve is
// refused for a budget: the Monte Carlo run that estimates the same
// scenario (ref, with the same --set overrides), or why Monte Carlo cannot
// run it as it is (a policy only the solver plays).
func MonteCarloInstead(sc *scenarios.Scenario, ref string, sets []string) string {
	if _, err := sc.Compile(); err != nil {
		return fmt.Sprintf("Monte Carlo cannot run it as it is either: %v", err)
	}
	words := []string{"crucible", "run", ref}
	for _, s := range sets {
		words = append(words, "--set", s)
	}
	return "run it by Monte Carlo instead: " + batch.ShellJoin(append(words, "--trials", "1000000"))
}
