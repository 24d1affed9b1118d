package cli

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/scenarios"
)

// Program is a crucible command line: the name the binary goes by, and the
// built-in scenarios it offers. crucible's own is Crucible; a game that
// adds rulesets of its own builds its binary from a Program of its own:
//
//	package main
//
//	import (
//		"embed"
//		"os"
//
//		"github.com/crucible-sim/crucible/cmd/cli"
//		_ "example.com/joust/rules" // registers the ruleset, as database/sql drivers do
//	)
//
//	//go:embed scenarios
//	var builtins embed.FS
//
//	func main() {
//		sub, _ := fs.Sub(builtins, "scenarios")
//		os.Exit(cli.Program{Name: "joust-sim", Builtins: sub}.Main())
//	}
type Program struct {
	// Name is what the binary calls itself in help, messages and the
	// command lines its reports print ("crucible").
	Name string
	// Builtins, if set, holds the program's built-in scenarios, suites and
	// sweeps in place of crucible's own: <ruleset>/<name>.yaml, and
	// sweeps/<ruleset>/<name>.yaml (see scenarios.SetBuiltin).
	Builtins fs.FS
}

// Crucible is crucible's own command line, with every ruleset that the
// binary registers and the built-in scenarios embedded in package
// scenarios.
var Crucible = Program{Name: "crucible"}

// Main runs Crucible; see Program.Main.
func Main() int { return Crucible.Main() }

// Main runs the command line of os.Args and returns the exit status for
// os.Exit. Ctrl-C or SIGTERM cancels the command, which then saves what it
// did and exits 130; a second one (either) exits 130 at once, saving
// nothing more.
func (p Program) Main() int {
	if name := os.Getenv("CRUCIBLE_TEST_PAUSE_BEFORE_RENAME"); name != "" {
		outdir.PauseAt(name)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	sayReady := os.Getenv("CRUCIBLE_TEST_SAY_READY") != ""
	if sayReady {
		fmt.Fprintln(os.Stderr, signalsHandled)
	}
	go func() {
		<-signals
		cancel()
		if sayReady {
			fmt.Fprintln(os.Stderr, firstSignalTaken)
		}
		<-signals
		fmt.Fprintf(os.Stderr, "%s: interrupted twice: exiting at once; the checkpoint saved last, if any, stays\n", p.name())
		os.Exit(exitInterrupted)
	}()
	return p.Execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
}

// signalsHandled is what Main prints on stderr, when the test hook
// CRUCIBLE_TEST_SAY_READY is set, once Ctrl-C and SIGTERM are handled: a
// test that signals the process waits for it, so that the signal meets the
// handler however slowly a loaded machine starts the process.
const signalsHandled = "crucible: test hook: SIGINT and SIGTERM are handled"

// firstSignalTaken is what Main prints on stderr, under the same hook, once
// it has taken the first signal from its channel: the Go runtime keeps one
// pending signal of a kind, so a second SIGINT sent before the first is
// taken would be lost, and a test of the second signal waits for this.
const firstSignalTaken = "crucible: test hook: the first signal is taken"

// Execute runs args as the program's command line, with output to stdout
// and stderr, and returns the exit status: 0 success, 1 an error or a
// failed claim, 2 bad usage, 130 interrupted.
func (p Program) Execute(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if p.Builtins != nil {
		scenarios.SetBuiltin(p.Builtins)
	}
	scenarios.SetProgram(p.name())
	return execute(ctx, p.name(), args, stdout, stderr)
}

func (p Program) name() string {
	if p.Name == "" {
		return "crucible"
	}
	return p.Name
}
