// Command joust-sim is a game's own crucible: crucible's command line with
// the game's jousting ruleset and the game's built-in scenarios. It is how
// a game depends on crucible as a library (cmd/cli's TestGameBinary builds
// and runs it).
package main

import (
	"embed"
	"io/fs"
	"os"

	"github.com/crucible-sim/crucible/cmd/cli"

	_ "example.com/joust/joust" // registers the jousting ruleset
)

//go:embed scenarios
var files embed.FS

func main() {
	builtins, err := fs.Sub(files, "scenarios")
	if err != nil {
		panic(err)
	}
	os.Exit(cli.Program{Name: "joust-sim", Builtins: builtins}.Main())
}
