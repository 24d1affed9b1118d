package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/analysis"

	"github.com/crucible-sim/crucible/reports/outdir"
)

// tune and meta --balance, which decide their runs as they go, save their
// checkpoint with --out as the other commands do: interrupted anywhere
// (in the search, in the re-check), --resume finishes them with the
// bytes of an uninterrupted command, and a finished one leaves no
// checkpoint. Before, neither saved one: an interrupted tune's report
// directory held none, and --resume began again from the first probe.
func TestSearchesResume(t *testing.T) {
	roster := filepath.Join(t.TempDir(), "r.yaml")
	os.WriteFile(roster, []byte(`scenario: eclipse/cruiser-designs
meta:
  - {name: Gluon Hunter, side: {ships: {Gluon Hunter: 2}}}
  - {name: Plasma Cruiser, side: {ships: {Plasma Cruiser: 2}}}
  - {name: Terran Cruiser, side: {ships: {Terran Cruiser: 2}}}
`), 0o644)
	tuneArgs := []string{"tune", "stratfight/armor-fair", "--seed", "1", "--exact=false", "--format", "json"}
	balance := []string{"meta", roster, "--seed", "1", "--balance", "ships.*=1..3", "--exact=false", "--precision", "5", "--format", "json"}
	for _, c := range []struct {
		name  string
		args  []string
		stage int
	}{
		// The tune fights 5 search probes in 7 looks, then re-checks two
		// values in 5 looks; the balance fights 13 matrices of 9 cells,
		// each cell in one look or more, then the re-check's.
		{"tune, in its search", tuneArgs, 4},
		{"tune, in its re-check", tuneArgs, 10},
		{"balance, in its first matrix", balance, 2},
		{"balance, in a later matrix", balance, 100},
	} {
		whole, _, wholeCode := crucible(t, context.Background(), c.args...)
		dir := filepath.Join(t.TempDir(), "out")
		_, errOut, code := crucible(t, cancelInStage(t, c.stage), append(c.args, "--out", dir)...)
		if code != exitInterrupted || !strings.Contains(errOut, "checkpoint written to "+filepath.Join(dir, outdir.CheckpointFile)) {
			t.Fatalf("%s: exit %d, stderr %q; want 130 and the checkpoint", c.name, code, errOut)
		}
		newProgress = progressBar
		resumed, errOut, code := crucible(t, context.Background(), append(c.args, "--out", dir, "--resume")...)
		if resumed != whole || code != wholeCode {
			t.Errorf("%s: resumed, exit %d and the output differs from an uninterrupted command (exit %d): %v\n%s", c.name, code, wholeCode, resumed == whole, errOut)
		}
		if _, err := os.Stat(filepath.Join(dir, outdir.CheckpointFile)); err == nil {
			t.Errorf("%s: the finished command left its checkpoint", c.name)
		}
	}
}

// cancelInStage returns a context cancelled as the k-th stage the command
// fights (counting from 1) fights its first trials.
func cancelInStage(t *testing.T, k int) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	old := newProgress
	t.Cleanup(func() { newProgress = old })
	var stages atomic.Int64
	newProgress = func(io.Writer) analysis.Progress {
		return func(analysis.Stage) (func(int64), func()) {
			if stages.Add(1) != int64(k) {
				return nil, func() {}
			}
			return func(int64) { cancel() }, func() {}
		}
	}
	return ctx
}
