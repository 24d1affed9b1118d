package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An --out that cannot be swapped for a new directory — a mount point, as
// a container's output volume is, or the working directory (--out .) —
// takes the report of a run and of its --resume: both finish, exit 0 and
// leave the report in the directory. (The mount is a tmpfs the test mounts;
// skipped without the privilege.)
func TestRunIntoVolumeOrWorkingDirectory(t *testing.T) {
	args := []string{"run", "stratfight/thug-vs-guard", "--trials", "3000", "--seed", "5", "--format", "json"}
	whole := mustRun(t, args...)
	for _, c := range []struct {
		name  string
		place func(t *testing.T) (arg, dir string)
	}{
		{"working directory", func(t *testing.T) (string, string) { dir := t.TempDir(); t.Chdir(dir); return ".", dir }},
		{"mount point", func(t *testing.T) (string, string) {
			mnt := t.TempDir()
			if msg, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt).CombinedOutput(); err != nil {
				t.Skipf("cannot mount a tmpfs here (%v: %s)", err, msg)
			}
			t.Cleanup(func() { exec.Command("umount", mnt).Run() })
			return mnt, mnt
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			arg, dir := c.place(t)
			mustRun(t, append(args, "--out", arg)...)
			if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
				t.Errorf("no report: %v", err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, errOut, code := crucible(t, ctx, append(args, "--out", arg)...); code != exitInterrupted {
				t.Fatalf("interrupted run: exit %d\n%s", code, errOut)
			}
			if resumed := mustRun(t, append(args, "--out", arg, "--resume")...); resumed != whole {
				t.Errorf("resumed into %s: the output differs from an uninterrupted run", c.name)
			}
			if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err == nil {
				t.Error("the finished run left its checkpoint")
			}
		})
	}
}

// A scenario whose name is longer than a file name can be (300 bytes)
// still gets its per-trial table, under a name that fits.
func TestLongScenarioNameReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := strings.Repeat("a long scenario name ", 15)[:300]
	file := filepath.Join(dir, "long.yaml")
	os.WriteFile(file, []byte("name: "+name+"\nruleset: ec4x\noptions: {profile: nim-2025-11}\nsuite: {baseSeed: 12345, count: 20}\n"), 0o644)
	out := filepath.Join(dir, "report")
	mustRun(t, "run", file, "--seed", "1", "--out", out)
	tables, _ := filepath.Glob(filepath.Join(out, "trials-a long scenario name*.csv"))
	if len(tables) != 1 {
		t.Fatalf("per-trial tables: %v, want one", tables)
	}
	if n := len(filepath.Base(tables[0])); n > 255-17 {
		t.Errorf("%s: %d bytes, more than a temporary of it can be named", tables[0], n)
	}
}

// merge opens its --out before it prints anything, as run does: a merge
// that cannot write its report prints no result.
func TestMergeChecksOutFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	part := filepath.Join(dir, "part.json")
	os.WriteFile(part, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "100", "--seed", "1", "--format", "json")), 0o644)
	taken := filepath.Join(dir, "taken")
	os.WriteFile(taken, []byte("x"), 0o644)
	out, _ := mustFail(t, exitFailed, "--out "+taken+": mkdir "+taken+": not a directory", "merge", part, "--out", taken)
	if out != "" {
		t.Errorf("merge printed before it refused its --out:\n%.200s", out)
	}
}
