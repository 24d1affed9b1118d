package meta

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	engine "github.com/crucible-sim/crucible/analysis/meta"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	_ "github.com/crucible-sim/crucible/rules/stratfight" // the roster stratfight/fighters
)

// The tests of the meta command that reach inside it; the command's other
// tests run it through crucible's root, in cmd/cli.

// execute runs the meta command on args, as crucible meta does.
func execute(args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	cmd := NewCmd()
	cmd.SilenceUsage, cmd.SilenceErrors = true, true // as crucible's root does
	cmd.SetArgs(args)
	cmd.SetIn(strings.NewReader(""))
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	err = cmd.ExecuteContext(context.Background())
	return out.String(), errOut.String(), err
}

// mustRun runs the meta command on args, which must succeed.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, err := execute(args...)
	if err != nil {
		t.Fatalf("meta %s: %v\n%s", strings.Join(args, " "), err, errOut)
	}
	return out
}

// Ctrl-C or SIGTERM while the fought matrix is analysed exits 130 (the
// test cancels the analysis's context as a signal does); with --out the
// fought cells stay in the checkpoint and --resume finishes with the
// output of an uninterrupted meta. Before, the analysis took no context:
// a roster of 64 copies of one entry ignored SIGTERM for 72 s, then
// printed everything and exited 0.
func TestMetaInterruptedInAnalysis(t *testing.T) {
	args := []string{"stratfight/fighters", "--seed", "1", "--precision", "20", "--first-trials", "200", "--format", "json"}
	whole := mustRun(t, args...)
	dir := filepath.Join(t.TempDir(), "meta")
	analyse := analyseMatrix
	analyseMatrix = func(mm *engine.Matrix, ctx context.Context, margin bool) (*engine.Analysis, error) {
		ctx, cancel := context.WithCancel(ctx)
		cancel()
		return analyse(mm, ctx, margin)
	}
	out, errOut, err := execute(append(args, "--out", dir)...)
	analyseMatrix = analyse
	var ee *command.ExitError
	if !errors.As(err, &ee) || ee.Code != command.ExitInterrupted || out != "" || !strings.Contains(ee.Msg, "interrupted while analysing the matrix: every cell is fought, but no reading of it is complete") {
		t.Fatalf("interrupted in the analysis: %v\n%s\n%s", err, errOut, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err != nil {
		t.Fatalf("no checkpoint kept: %v", err)
	}
	if resumed := mustRun(t, append(args, "--out", dir, "--resume")...); resumed != whole {
		t.Error("resumed: the output differs from an uninterrupted meta")
	}
}
