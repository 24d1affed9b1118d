//go:build long

package cli

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// At the largest rollout (33 s a trial), a run stopped by SIGTERM after
// its first trial, in the middle of its second, is finished by --resume
// with the bytes of an uninterrupted run: the abandoned trial is fought
// again from its start. A few minutes: `make long`.
func TestLongTrialResumes(t *testing.T) {
	t.Parallel()
	bin := buildCrucible(t)
	args := append(append([]string{}, maxRollout...), "--trials", "3", "--workers", "1", "--checkpoint-every", "500ms")
	whole := mustRun(t, args...)
	dir := filepath.Join(t.TempDir(), "out")
	p := startCrucible(t, bin, nil, append(args, "--out", dir)...)
	waitForPart(t, filepath.Join(dir, "checkpoint.json"), 3, 10*time.Minute)
	time.Sleep(time.Second)
	p.interrupt(t, syscall.SIGTERM)
	if _, trials, err := checkpointTrials(filepath.Join(dir, "checkpoint.json")); err != nil || trials != 1 {
		t.Fatalf("the checkpoint holds %d trials (%v); want the one finished", trials, err)
	}
	if resumed := mustRun(t, append(args, "--out", dir, "--resume")...); resumed != whole {
		t.Error("stopped in a long trial and resumed: the output differs from an uninterrupted run")
	}
}

// SIGTERM in the middle of a run of slow trials, as
// TestSignalsStopSlowTrialsPromptly does for SIGINT and SIGKILL: the
// process ends (exit 130), its checkpoint holds the trials of the last
// interval, and --resume finishes the run with the bytes of an
// uninterrupted one.
func TestSIGTERMStopsSlowTrialsPromptly(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	stopSlowTrials(t, syscall.SIGTERM)
}
