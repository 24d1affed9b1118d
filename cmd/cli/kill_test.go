package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killedTrials are the trials of each of killedRun's two scenarios: about
// half a second of CPU each. (200,000 cost twice that in every run of the
// kill tests, five runs in all, for no more margin than the kill points
// below keep: each kill waits for a moment early in the run.)
const killedTrials = 100000

// killedRun is the run the kill tests kill: long enough that a kill lands
// before its end however loaded the machine, and checkpointed often.
var killedRun = []string{"run", "stratfight/thug-vs-guard", "stratfight/jorah-vs-mountain", "--trials", strconv.Itoa(killedTrials), "--seed", "12",
	"--chunk", "500", "--format", "json", "--checkpoint-every", "50ms"}

// A run killed with SIGKILL — early, in the middle, or while it writes its
// checkpoint — leaves a checkpoint from which --resume finishes it with the
// bytes of an uninterrupted run (each moment in a subtest, in parallel).
func TestKilledRunsResume(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and kills real processes")
	}
	bin := buildCrucible(t)
	const trials = killedTrials
	args := killedRun
	whole := mustRunShared(t, args...)
	for _, moment := range []struct {
		name  string
		least int64 // kill once the checkpoint holds this many trials (a quarter of the run: three quarters are left for the kill to land in), or
		pause bool  // kill while paused before renaming the 2nd checkpoint (the first to hold trials)
	}{{"just after the first checkpoint", 0, false}, {"mid-run", trials / 2, false}, {"during a checkpoint write", 0, true}} {
		t.Run(moment.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "out")
			cmd := exec.Command(bin, append(args, "--out", dir)...)
			cmd.Env = os.Environ()
			if moment.pause {
				cmd.Env = append(cmd.Env, "CRUCIBLE_TEST_PAUSE_BEFORE_RENAME=checkpoint.json:2")
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if moment.pause {
				waitFor(t, filepath.Join(dir, "checkpoint.json.paused"), 20*time.Second)
			} else {
				waitFor(t, filepath.Join(dir, "checkpoint.json"), 20*time.Second)
				if moment.least > 0 {
					waitForTrials(t, filepath.Join(dir, "checkpoint.json"), moment.least, 2*trials, time.Minute)
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			err := cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				t.Fatalf("%s: the run ended before the kill (%v): make it longer\n%s", moment.name, err, stderr.String())
			}
			if moment.pause {
				tmps, _ := filepath.Glob(filepath.Join(dir, ".checkpoint.json.tmp*"))
				if len(tmps) != 1 {
					t.Errorf("%s: %d temporary checkpoints, want the one being written", moment.name, len(tmps))
				}
				os.Remove(filepath.Join(dir, "checkpoint.json.paused")) // the hook's, not crucible's
			}
			if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err != nil {
				t.Fatalf("%s: no checkpoint after the kill: %v", moment.name, err)
			}
			resumed := mustRun(t, append(args, "--out", dir, "--resume")...)
			if resumed != whole {
				t.Errorf("killed %s and resumed: the output differs from an uninterrupted run", moment.name)
			}
			if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err == nil {
				t.Errorf("%s: the finished run left its checkpoint", moment.name)
			}
			if tmps, _ := filepath.Glob(filepath.Join(dir, ".checkpoint.json.tmp*")); len(tmps) > 0 {
				t.Errorf("%s: the finished run left the killed one's temporary checkpoint %v", moment.name, tmps)
			}
		})
	}
}

// A run killed before its first checkpoint interval has ended can still be
// finished with --resume: the checkpoint is written before the first
// trial, so that a restart script can always add --resume. The run is
// TestKilledRunsResume's checkpointed hourly, whose output is the same
// (no figure depends on when checkpoints are written): one uninterrupted
// run serves both tests.
func TestKilledAtOnceResumes(t *testing.T) {
	t.Parallel() // it waits on processes: others run meanwhile
	if testing.Short() {
		t.Skip("builds and kills real processes")
	}
	bin := buildCrucible(t)
	args := append(killedRun[:len(killedRun):len(killedRun)], "--checkpoint-every", "1h")
	killAndResume(t, bin, args, mustRunShared(t, killedRun...), func(dir string) { waitFor(t, filepath.Join(dir, "checkpoint.json"), 20*time.Second) })
}

// killAndResume runs crucible with args and --out a new directory, kills
// it with SIGKILL once ready(that directory) returns, and checks that
// --resume then prints whole, what the uninterrupted command prints.
func killAndResume(t *testing.T, bin string, args []string, whole string, ready func(dir string)) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "out")
	p := startCrucible(t, bin, nil, append(args, "--out", dir)...)
	ready(dir)
	if _, code := p.signal(t, syscall.SIGKILL, stopBound); code != -1 {
		t.Fatalf("crucible %s ended (exit %d) before the kill: make it longer", args[0], code)
	}
	if resumed := mustRun(t, append(args, "--out", dir, "--resume")...); resumed != whole {
		t.Errorf("crucible %s killed and resumed: the output differs from an uninterrupted one", args[0])
	}
}

func waitFor(t *testing.T, path string, limit time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
	}
	t.Fatalf("%s did not appear within %v", path, limit)
}

// Two runs into one --out directory: the second refuses at once, while the
// first goes on.
func TestOutDirIsLocked(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	go func() {
		crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "5000000", "--seed", "1", "--out", dir)
		close(started)
	}()
	waitFor(t, filepath.Join(dir, ".crucible-report"), 10*time.Second)
	mustFail(t, exitFailed, "is in use by another crucible run (pid ", "run", "stratfight/thug-vs-guard", "--trials", "10", "--seed", "1", "--out", dir)
	cancel()
	<-started
}

// A damaged checkpoint is named and refused, never read as valid.
func TestDamagedCheckpointIsRefused(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3", "--out", dir)
	path := filepath.Join(dir, "checkpoint.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, data[:len(data)/2], 0o644)
	mustFail(t, exitFailed, path+": not a crucible checkpoint, or a damaged one", "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3", "--out", dir, "--resume")
	os.WriteFile(path, bytes.Replace(data, []byte(`"trials":5000`), []byte(`"trials":5001`), 1), 0o644)
	mustFail(t, exitFailed, path+": the checkpoint is damaged (its checksum does not match", "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3", "--out", dir, "--resume")
	if !strings.Contains(string(data), `"sha256"`) {
		t.Error("the checkpoint carries no checksum")
	}
}

// An --out that cannot hold a report is refused before the first trial:
// a file in its place, or a read-only file system (a tmpfs mounted
// read-only; skipped where the test cannot mount one).
func TestUnwritableOutIsRefusedFirst(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "taken")
	os.WriteFile(file, []byte("x"), 0o644)
	out, _ := mustFail(t, exitFailed, "--out "+file+": mkdir "+file+": not a directory",
		"run", "stratfight/thug-vs-guard", "--trials", "100000000", "--seed", "1", "--out", file)
	if out != "" {
		t.Errorf("results printed though the run was refused:\n%.200s", out)
	}
	mnt := t.TempDir()
	if msg, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a read-only tmpfs here (%v: %s)", err, msg)
	}
	defer exec.Command("umount", mnt).Run()
	start := time.Now()
	mustFail(t, exitFailed, "read-only file system", "run", "stratfight/thug-vs-guard", "--trials", "100000000", "--seed", "1", "--out", filepath.Join(mnt, "r"))
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("refused only after %v: the run was fought first", d)
	}
}
