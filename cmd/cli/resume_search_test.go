package cli

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// tune and meta --balance, which decide their runs as they go, save their
// checkpoint with --out as the other commands do: interrupted anywhere
// (in the search, in the re-check), --resume finishes them with the
// bytes of an uninterrupted command, and a finished one leaves no
// checkpoint. Before, neither saved one: an interrupted tune's report
// directory held none, and --resume began again from the first probe.
func TestSearchesResume(t *testing.T) {
	t.Parallel()
	roster := filepath.Join(t.TempDir(), "r.yaml")
	os.WriteFile(roster, []byte(`scenario: eclipse/cruiser-designs
meta:
  - {name: Gluon Hunter, side: {ships: {Gluon Hunter: 2}}}
  - {name: Plasma Cruiser, side: {ships: {Plasma Cruiser: 2}}}
  - {name: Terran Cruiser, side: {ships: {Terran Cruiser: 2}}}
`), 0o644)
	tuneArgs := []string{"tune", "stratfight/armor-fair", "--seed", "1", "--exact=false", "--format", "json"}
	balance := []string{"meta", roster, "--seed", "1", "--balance", "ships.*=1..3", "--exact=false", "--precision", "5", "--format", "json"}
	inStage := func(k int) func(t *testing.T) context.Context {
		return func(t *testing.T) context.Context { return cancelInStage(t, k) }
	}
	// The tune fights 5 search probes in 7 looks, then re-checks two
	// values in 5 looks; the balance fights 13 matrices of 9 cells, each
	// cell in one look or more, then the re-check's.
	t.Run("tune", func(t *testing.T) {
		t.Parallel()
		checkResumes(t, tuneArgs, cutAt{"in its search", inStage(4)}, cutAt{"in its re-check", inStage(10)})
	})
	t.Run("balance", func(t *testing.T) {
		t.Parallel()
		checkResumes(t, balance, cutAt{"in its first matrix", inStage(2)}, cutAt{"in a later matrix", inStage(100)})
	})
}

// cancelInStage returns a context cancelled as the k-th stage the command
// fights (counting from 1) fights its first trials.
func cancelInStage(t *testing.T, k int) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var stages atomic.Int64
	return command.WithProgress(ctx, func(analysis.Stage) (func(int64), func()) {
		if stages.Add(1) != int64(k) {
			return nil, func() {}
		}
		return func(int64) { cancel() }, func() {}
	})
}
