package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/sim"
)

// stopBound is how long after SIGINT or SIGTERM a test waits for the
// process to exit before it fails. It is a failure bound only, generous
// for a loaded machine: what tells a stop from a finish in these tests is
// the exit status 130 and a checkpoint that holds part of the run (or, for
// a 33 s trial, an exit before the trial could end). The target, an exit
// within a second, is measured by BenchmarkInterruptLatency and recorded
// in bench/signals.txt.
const stopBound = 20 * time.Second

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
	stderr readyWatch
}

// startCrucible starts bin with args and returns once the process handles
// SIGINT and SIGTERM (it says so on stderr under CRUCIBLE_TEST_SAY_READY),
// so that a signal the test sends meets the handler, however slowly a
// loaded machine starts the process.
func startCrucible(t testing.TB, bin string, env []string, args ...string) *started {
	t.Helper()
	p := &started{cmd: exec.Command(bin, args...), stderr: readyWatch{ready: make(chan struct{})}}
	p.cmd.Env = append(append(os.Environ(), "CRUCIBLE_TEST_SAY_READY=1"), env...)
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill() })
	select {
	case <-p.stderr.ready:
	case <-time.After(time.Minute):
		t.Fatalf("crucible %s: not handling signals a minute after it started\n%s", strings.Join(args, " "), p.stderr.String())
	}
	return p
}

// readyWatch is a process's stderr: it keeps what the process writes and
// closes ready once it has written signalsHandled.
type readyWatch struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	ready  chan struct{}
	closed bool
}

func (w *readyWatch) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	if !w.closed && strings.Contains(w.buf.String(), signalsHandled+"\n") {
		w.closed = true
		close(w.ready)
	}
	return len(b), nil
}

func (w *readyWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// waitSaid waits until the process has written line on stderr, failing
// the test if it has not within stopBound.
func (p *started) waitSaid(t *testing.T, line string) {
	t.Helper()
	for deadline := time.Now().Add(stopBound); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(p.stderr.String(), line+"\n") {
			return
		}
	}
	t.Fatalf("the process had not said %q %v later\n%s", line, stopBound, p.stderr.String())
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
// process exits 130 within stopBound; it returns how long it took.
func (p *started) interrupt(t *testing.T, sig syscall.Signal) time.Duration {
	t.Helper()
	took, code := p.signal(t, sig, stopBound)
	if code != exitInterrupted {
		t.Errorf("%v: exit %d after %v; want 130\n%s", sig, code, took, p.stderr.String())
	}
	return took
}

// waitForPart waits until the checkpoint at path holds some of the run's
// trials, but not all of them.
func waitForPart(t *testing.T, path string, all int64, limit time.Duration) {
	t.Helper()
	waitForTrials(t, path, 1, all, limit)
}

// waitForTrials waits until the checkpoint at path holds at least least of
// the run's trials, but not all of them.
func waitForTrials(t *testing.T, path string, least, all int64, limit time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, trials, err := checkpointTrials(path); err == nil && trials >= least && trials < all {
			return
		}
	}
	t.Fatalf("the checkpoint %s did not hold %d to %d of the run's %d trials within %v", path, least, all-1, all, limit)
}

func checkpointTrials(path string) (os.FileInfo, int64, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	cs, err := sim.ReadCheckpoints(path)
	var trials int64
	for _, c := range cs {
		if c, err = c.Unseal(); err != nil { // a file's tallies are read sealed
			return info, 0, err
		}
		if c.Tally != nil { // a part not begun has none
			trials += c.Tally.Trials
		}
	}
	return info, trials, err
}

// SIGINT or SIGKILL in the middle of a run of slow trials: SIGINT ends the
// process (exit 130), saying it was interrupted; after either the
// checkpoint holds the trials finished up to the last checkpoint interval,
// and --resume finishes the run with the bytes of an uninterrupted one.
// Before chunks were sized by time, a chunk was 1,000 of these trials: the
// process went on for minutes after the signal, and its checkpoints held
// no trial at all. SIGTERM, which program.go's handler receives on the
// same channel as SIGINT, is the same case under `make long`
// (TestSIGTERMStopsSlowTrialsPromptly): each case costs two rollout runs.
func TestSignalsStopSlowTrialsPromptly(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	stopSlowTrials(t, syscall.SIGINT, syscall.SIGKILL)
}

// stopSlowTrials sends each signal to its own run of 6 rollout trials on
// one worker, checkpointed every 200 ms, in the middle of its trials,
// checks the checkpoint it leaves, and resumes from it: each in a subtest
// of its own, in parallel. One worker's 6 trials last as long as two
// workers' 12, so the signal lands as far into the run, at half the CPU
// (the three runs were 9 s of cmd/cli's 72); a signal stopping two
// workers mid-trial is TestSignalsStopALongTrial's.
func stopSlowTrials(t *testing.T, signals ...syscall.Signal) {
	bin := buildCrucible(t)
	// Clipped: the signals' subtests run in parallel, each appending its
	// own --out, and must not write into one spare capacity.
	args := slices.Clip(append(slices.Clone(rollout), "--trials", "6", "--checkpoint-every", "200ms"))
	args[slices.Index(args, "--workers")+1] = "1"
	whole := mustRun(t, args...)
	for _, sig := range signals {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "out")
			path := filepath.Join(dir, "checkpoint.json")
			p := startCrucible(t, bin, nil, append(args, "--out", dir)...)
			waitForPart(t, path, 6, 60*time.Second)
			sent := time.Now()
			var took time.Duration
			if sig == syscall.SIGKILL {
				took, _ = p.signal(t, sig, stopBound)
			} else {
				took = p.interrupt(t, sig)
			}
			info, trials, err := checkpointTrials(path)
			if err != nil || trials == 0 || trials >= 6 {
				t.Fatalf("%v: the checkpoint holds %d trials (%v); want some, not all\n%s", sig, trials, err, p.stderr.String())
			}
			// The checkpoint is recent: written every 200 ms, it holds the
			// trials of the last interval. The bound is for failure only (a
			// loaded machine may starve the process for seconds); the age is
			// logged.
			age := sent.Sub(info.ModTime())
			if age > stopBound {
				t.Errorf("%v: the checkpoint was written %v before the signal; want at most the 200 ms interval (and %v for a loaded machine)", sig, age, stopBound)
			}
			t.Logf("%v: exited after %v with %d trials in the checkpoint written %v before the signal", sig, took.Round(time.Millisecond), trials, age.Round(time.Millisecond))
			if resumed := mustRun(t, append(args, "--out", dir, "--resume")...); resumed != whole {
				t.Errorf("%v and --resume: the output differs from an uninterrupted run", sig)
			}
		})
	}
}

// At the largest rollout one trial takes 33 s: SIGINT and SIGTERM still
// end the process in the middle of the first trial (within stopBound, well
// under the trial's 33 s), with a checkpoint from which --resume can start.
func TestSignalsStopALongTrial(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and signals real processes")
	}
	bin := buildCrucible(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := filepath.Join(t.TempDir(), "out")
		p := startCrucible(t, bin, nil, append(maxRollout, "--trials", "4", "--out", dir)...)
		waitFor(t, filepath.Join(dir, "checkpoint.json"), 20*time.Second)
		time.Sleep(300 * time.Millisecond) // into the first decision's search
		took := p.interrupt(t, sig)
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
	t.Parallel() // it waits on processes: others run meanwhile
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
		p.waitSaid(t, firstSignalTaken)
		p.interrupt(t, syscall.SIGINT)
	}
}

// BenchmarkInterruptLatency measures how long a process takes to exit
// after SIGINT in the middle of the slowest work there is: a dbd rollout
// player's search at the largest rollout (33 s a trial), and an exact solve
// of many rolls. The target is a second (README, "Nothing lost to a
// kill"); ms-to-exit is the mean and ms-to-exit-max the longest.
func BenchmarkInterruptLatency(b *testing.B) {
	bin := buildCrucible(b)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"rollout", append(maxRollout, "--trials", "4")},
		{"exact", []string{"exact", "testdata/exact-many-rolls.yaml"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var sum, longest time.Duration
			for range b.N {
				p := startCrucible(b, bin, nil, c.args...)
				time.Sleep(500 * time.Millisecond) // into the search or the solve
				ended := make(chan struct{})
				go func() { p.cmd.Wait(); close(ended) }()
				sent := time.Now()
				p.cmd.Process.Signal(syscall.SIGINT)
				select {
				case <-ended:
				case <-time.After(time.Minute):
					p.cmd.Process.Kill()
					b.Fatal("still running a minute after SIGINT")
				}
				took := time.Since(sent)
				sum += took
				longest = max(longest, took)
			}
			b.ReportMetric(float64(sum.Milliseconds())/float64(b.N), "ms-to-exit")
			b.ReportMetric(float64(longest.Milliseconds()), "ms-to-exit-max")
		})
	}
}
