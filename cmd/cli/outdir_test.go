package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
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
