package reports

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/sim"
)

// CheckpointFile is the file an interrupted run leaves in its report
// directory, from which `run --resume` finishes it.
const CheckpointFile = "checkpoint.json"

// ReadCheckpoints reads the checkpoint of the run reported in dir.
func ReadCheckpoints(dir string) ([]*sim.Checkpoint, error) {
	cs, err := sim.ReadCheckpoints(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no checkpoint in %s: %w", dir, err)
	}
	return cs, err
}

// WriteCheckpoints saves the state of an interrupted run into dir, creating
// it if need be, and returns the file's path.
func WriteCheckpoints(dir string, cs []*sim.Checkpoint) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, CheckpointFile)
	return path, sim.WriteCheckpoints(path, cs)
}

// RemoveCheckpoint deletes the checkpoint of a run that has finished.
func RemoveCheckpoint(dir string) error {
	err := os.Remove(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// WriteReport writes the report of results into dir, creating it if need
// be (see WriteDir for the files).
func WriteReport(dir string, results []*analysis.Result, version string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return WriteDir(dir, results, version)
}
