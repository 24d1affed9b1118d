package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/sim"
)

// exitWithin is how soon after SIGINT or SIGTERM a process must have
// exited. The target is 1 s; the test allows one more for a loaded 2-core
// machine, far below the minutes a chunk of slow trials took before.
const exitWithin = 2 * time.Second

// rollout is dbd with rollout players on both sides, the slowest built-in
// play: about 0.14-0.27 s a trial at the default option rollout, 33 s at
// the largest (maxRollout).
var (
	rollout    = []string{"run", "dbd/symmetric_line", "--set", "policies.blue=rollout", "--set", "policies.red=rollout", "--seed", "5", "--workers", "2", "--format", "json"}
	maxRollout = append(append([]string{}, rollout...), "--set", "options.rollout=32,64,20")
)

// started is a crucible process under test.
type started struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
}

func startCrucible(t *testing.T, bin string, env []string, args ...string) *started {
	t.Helper()
	p := &started{cmd: exec.Command(bin, args...)}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill() })
	return p
}

// signal sends sig and returns how long the process took to exit (killing
// it, and failing the test, if it has not after limit) and its status.
func (p *started) signal(t *testing.T, sig syscall.Signal, limit time.Duration) (time.Duration, int) {
	t.Helper()
	ended := make(chan struct{})
	go func() {
		p.cmd.Wait()
		close(ended)
	}()
	start := time.Now()
	p.cmd.Process.Signal(sig)
	select {
	case <-ended:
	case <-time.After(limit):
		p.cmd.Process.Kill()
		<-ended
		t.Fatalf("%v: the process had not exited %v later\n%s", sig, limit, p.stderr.String())
	}
	return time.Since(start), p.cmd.ProcessState.ExitCode()
}

// interrupt sends sig (SIGINT or SIGTERM) and fails the test unless the
// process exits 130 within exitWithin; it returns how long it took.
func (p *started) interrupt(t *testing.T, sig syscall.Signal, limit time.Duration) time.Duration {
	t.Helper()
	took, code := p.signal(t, sig, limit)
	if took > exitWithin || code != exitInterrupted {
		t.Errorf("%v: exit %d after %v; want 130 within %v\n%s", sig, code, took, exitWithin, p.stderr.String())
	}
	return took
}

// waitForPart waits until the checkpoint at path holds some of the run's
// trials, but not all of them.
func waitForPart(t *testing.T, path string, all int64, limit time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, trials, err := checkpointTrials(path); err == nil && trials > 0 && trials < all {
			return
		}
	}
	t.Fatalf("the checkpoint %s did not hold part of the run's %d trials within %v", path, all, limit)
}

func checkpointTrials(path string) (os.FileInfo, int64, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	cs, err := sim.ReadCheckpoints(path)
	var trials int64
	for _, c := range cs {
		if c.Tally != nil { // a part not begun has none
			trials += c.Tally.Trials
		}
	}
	return info, trials, err
}

// SIGINT, SIGTERM or SIGKILL in the middle of a run of slow trials: the
// first two end the process within exitWithin, saying it was interrupted;
// after any of them the checkpoint holds the trials finished up to the
// last checkpoint interval, and --resume finishes the run with the bytes
// of an uninterrupted one. Before chunks were sized by time, a chunk was
// 1,000 of these trials: the process went on for minutes after the
// signal, and its checkpoints held no trial at all.
func TestSignalsStopSlowTrialsPromptly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	bin := buildCrucible(t)
	args := append(append([]string{}, rollout...), "--trials", "12", "--checkpoint-every", "200ms")
	whole := mustRun(t, args...)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		dir := filepath.Join(t.TempDir(), "out")
		path := filepath.Join(dir, "checkpoint.json")
		p := startCrucible(t, bin, nil, append(args, "--out", dir)...)
		waitForPart(t, path, 12, 60*time.Second)
		sent := time.Now()
		var took time.Duration
		if sig == syscall.SIGKILL {
			took, _ = p.signal(t, sig, 30*time.Second)
		} else {
			took = p.interrupt(t, sig, 30*time.Second)
		}
		info, trials, err := checkpointTrials(path)
		if err != nil || trials == 0 || trials >= 12 {
			t.Fatalf("%v: the checkpoint holds %d trials (%v); want some, not all\n%s", sig, trials, err, p.stderr.String())
		}
		if age := sent.Sub(info.ModTime()); age > 200*time.Millisecond+time.Second {
			t.Errorf("%v: the checkpoint was written %v before the signal; want at most the 200 ms interval (and a second for a loaded machine)", sig, age)
		}
		t.Logf("%v: exited after %v with %d trials in the checkpoint", sig, took.Round(time.Millisecond), trials)
		if resumed := mustRun(t, append(args, "--out", dir, "--resume")...); resumed != whole {
			t.Errorf("%v and --resume: the output differs from an uninterrupted run", sig)
		}
	}
}

// At the largest rollout one trial takes 33 s: SIGINT and SIGTERM still
// end the process within exitWithin, in the middle of the first trial,
// with a checkpoint from which --resume can start.
func TestSignalsStopALongTrial(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	bin := buildCrucible(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := filepath.Join(t.TempDir(), "out")
		p := startCrucible(t, bin, nil, append(maxRollout, "--trials", "4", "--out", dir)...)
		waitFor(t, filepath.Join(dir, "checkpoint.json"), 20*time.Second)
		time.Sleep(300 * time.Millisecond) // into the first decision's search
		took := p.interrupt(t, sig, 60*time.Second)
		if _, trials, err := checkpointTrials(filepath.Join(dir, "checkpoint.json")); err != nil || trials != 0 {
			t.Errorf("%v: checkpoint with %d trials (%v); want a valid one with none", sig, trials, err)
		}
		t.Logf("%v: exited after %v", sig, took.Round(time.Millisecond))
	}
}

// A second SIGINT, after a SIGINT or a SIGTERM, exits 130 at once, even
// when the process is stuck saving (here held by the test hook before it
// renames its first checkpoint into place). Before, the second signal was
// swallowed and the process never ended.
func TestSecondInterruptExitsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	bin := buildCrucible(t)
	for _, first := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := filepath.Join(t.TempDir(), "out")
		p := startCrucible(t, bin, []string{"CRUCIBLE_TEST_PAUSE_BEFORE_RENAME=checkpoint.json:1"},
			append(rollout, "--trials", "1000", "--checkpoint-every", "100ms", "--out", dir)...)
		waitFor(t, filepath.Join(dir, "checkpoint.json.paused"), 20*time.Second)
		p.cmd.Process.Signal(first)
		time.Sleep(200 * time.Millisecond)
		p.interrupt(t, syscall.SIGINT, 10*time.Second)
	}
}
