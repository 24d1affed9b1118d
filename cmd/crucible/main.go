// Command crucible fights seeded Monte Carlo battles under combat rulesets
// and reports win rates, round counts and stalemates with honest error bars.
// The command tree is package cli; this binary adds every built-in ruleset.
package main

import (
	"os"

	"github.com/crucible-sim/crucible/cmd/cli"
	_ "github.com/crucible-sim/crucible/rules/all" // register every ruleset
)

func main() { os.Exit(cli.Main()) }
