package reports

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/sim"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A report directory is checked and locked when it is opened: a directory
// of other files is refused (a report replaces it whole), and so is one a
// second run holds.
func TestOpenOutDir(t *testing.T) {
	parent := t.TempDir()
	other := filepath.Join(parent, "notes")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "plan.txt"), []byte("mine"), 0o644)
	if _, err := outdir.Open(other); err == nil || !strings.Contains(err.Error(), "holds files crucible did not write (plan.txt)") {
		t.Errorf("a directory of other files: %v", err)
	}
	earlier := filepath.Join(parent, "earlier")
	os.MkdirAll(earlier, 0o755)
	os.WriteFile(filepath.Join(earlier, outdir.Marker), []byte("a crucible report directory: crucible replaces it as a whole\n"), 0o644)
	os.WriteFile(filepath.Join(earlier, "summary.csv"), []byte("x"), 0o644)
	if _, err := outdir.Open(earlier); err == nil || !strings.Contains(err.Error(), "holds a report of an earlier crucible, which did not list the files it wrote (summary.csv)") {
		t.Errorf("a report directory of an earlier crucible: %v", err)
	}
	dir := filepath.Join(parent, "report")
	d, err := outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := outdir.Open(dir); err == nil || !strings.Contains(err.Error(), "is in use by another crucible run (pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("a second open: %v", err)
	}
	d.Close()
	d, err = outdir.Open(dir) // a report directory, and free again
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
}

// A report replaces the last one as a whole: no file of the old report is
// left beside the new one, files take the umask's permissions, and no
// temporary file or directory is left.
func TestWriteReportReplacesWhole(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	d, err := outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := WriteReport(d, results(), "test", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "rounds-seconds.png")); err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(d, results()[:1], "test", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "rounds-seconds.png")); err == nil {
		t.Error("a file of the old report is left beside the new one")
	}
	st, err := os.Stat(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := 0o666 &^ outdir.ProcessUmask; st.Mode().Perm() != want {
		t.Errorf("summary.json mode %v, want %v (0666 less the umask)", st.Mode().Perm(), want)
	}
	for _, n := range append(listDir(t, parent), listDir(t, dir)...) {
		if strings.Contains(n, ".new") || strings.Contains(n, ".tmp") {
			t.Errorf("temporary left behind: %s", n)
		}
	}
}

// On a disk that fills while the report is written, the write fails with
// an error naming a file of the report, and the last report stays whole
// with nothing temporary left behind. (A small tmpfs; skipped where the test
// cannot mount one.)
func TestWriteReportOnFullDisk(t *testing.T) {
	mnt := mountTmpfs(t, "300k")
	dir := filepath.Join(mnt, "report")
	checkFullDisk(t, dir)
	for _, n := range listDir(t, mnt) {
		if n != "report" {
			t.Errorf("left behind on the full disk: %s", n)
		}
	}
}

// mountTmpfs mounts a tmpfs of the given size on a temporary directory for
// the test, and skips the test where it cannot (without privilege).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s): not tested", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	return mnt
}

// checkFullDisk writes a small report into dir, on a small file system,
// then one that does not fit: the second fails naming a file of the report
// and the first stays whole.
func checkFullDisk(t *testing.T, dir string) {
	t.Helper()
	d, err := outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	small := results()[:1]
	if err := WriteReport(d, small, "test", nil); err != nil {
		t.Fatalf("the first report does not fit: %v", err)
	}
	before := listDir(t, dir)
	summary, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	var many []*analysis.Result
	for range 8 {
		many = append(many, results()...)
	}
	for i, r := range many {
		c := *r
		c.Scenario = r.Scenario + "-" + strconv.Itoa(i)
		many[i] = &c
	}
	err = WriteReport(d, many, "test", nil)
	if err == nil || !strings.Contains(err.Error(), dir+"/") || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("a report that does not fit: %v", err)
	}
	if after := listDir(t, dir); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf("the old report changed: %v, was %v", after, before)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "summary.json")); string(now) != string(summary) {
		t.Error("the old summary.json changed")
	}
}

// A directory that cannot be swapped for another — a mount point (a
// container's volume) or the working directory (--out .) — takes its
// report file by file, inside it: the report is written, replaces the last
// one (no file of it left), the directory stays what it was, and a full
// disk still leaves the last report whole.
func TestOutDirThatCannotBeSwapped(t *testing.T) {
	for _, c := range []struct {
		name  string
		place func(t *testing.T) (arg, dir string)
	}{
		{"mount point", func(t *testing.T) (string, string) { mnt := mountTmpfs(t, "4m"); return mnt, mnt }},
		{"working directory", func(t *testing.T) (string, string) { dir := t.TempDir(); t.Chdir(dir); return ".", dir }},
	} {
		t.Run(c.name, func(t *testing.T) {
			arg, dir := c.place(t)
			before, err := os.Stat(dir)
			if err != nil {
				t.Fatal(err)
			}
			d, err := outdir.Open(arg)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if err := WriteReport(d, results(), "test", nil); err != nil {
				t.Fatalf("first report: %v", err)
			}
			if err := WriteReport(d, results()[:1], "test", nil); err != nil {
				t.Fatalf("second report: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
				t.Error(err)
			}
			if _, err := os.Stat(filepath.Join(dir, "rounds-seconds.png")); err == nil {
				t.Error("a file of the old report is left beside the new one")
			}
			if now, err := os.Stat(dir); err != nil || !os.SameFile(before, now) {
				t.Errorf("the directory itself was replaced (%v)", err)
			}
			for _, n := range listDir(t, dir) {
				if strings.Contains(n, ".new") || strings.Contains(n, ".tmp") {
					t.Errorf("temporary left behind: %s", n)
				}
			}
		})
	}
	t.Run("full mount point", func(t *testing.T) {
		mnt := mountTmpfs(t, "300k")
		checkFullDisk(t, mnt)
		if names := listDir(t, mnt); slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "new") || strings.Contains(n, "tmp") }) {
			t.Errorf("left behind on the full disk: %v", names)
		}
	})
}

// A symlink --out is the directory it points to: a run through the link
// and one through the directory exclude each other, and the report goes
// into the directory, leaving the link a link.
func TestOutDirThroughSymlink(t *testing.T) {
	parent := t.TempDir()
	real, link := filepath.Join(parent, "real"), filepath.Join(parent, "link")
	os.Mkdir(real, 0o755)
	if err := os.Symlink("real", link); err != nil {
		t.Fatal(err)
	}
	for _, order := range [][2]string{{link, real}, {real, link}} {
		d, err := outdir.Open(order[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := outdir.Open(order[1]); err == nil || !strings.Contains(err.Error(), "is in use by another crucible run") {
			t.Errorf("%s open, then %s: %v", order[0], order[1], err)
		}
		if err := WriteReport(d, results(), "test", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := outdir.Open(order[1]); err == nil || !strings.Contains(err.Error(), "is in use by another crucible run") {
			t.Errorf("%s open and its report written, then %s: %v", order[0], order[1], err)
		}
		d.Close()
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link is no longer a symlink: %v %v", st.Mode(), err)
		}
		if _, err := os.Stat(filepath.Join(real, "summary.json")); err != nil {
			t.Errorf("the report is not in the directory linked to: %v", err)
		}
	}
}

// A report directory is locked for as long as it is open, through the
// swaps of its reports, and leaves no lock file anywhere once closed.
func TestOutDirLockLeavesNoFile(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	d, err := outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := WriteReport(d, results(), "test", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := outdir.Open(dir); err == nil || !strings.Contains(err.Error(), "is in use by another crucible run (pid "+strconv.Itoa(os.Getpid())+" on ") {
			t.Errorf("opened again after a report was swapped in: %v", err)
		}
	}
	d.Close()
	if names := listDir(t, parent); strings.Join(names, " ") != "report" {
		t.Errorf("beside the report directory: %v, want only it", names)
	}
	if names := listDir(t, dir); slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "lock") }) {
		t.Errorf("a lock file in the report directory: %v", names)
	}
}

// crucible never deletes a file it did not write: a report directory
// holding one is refused at open, naming it; one added while the
// directory is open is kept (and the next open refuses it); report
// directories nested inside one (make demo's sweeps) are kept as they are.
func TestOutDirKeepsOtherFiles(t *testing.T) {
	for _, c := range []struct {
		name  string
		place func(t *testing.T) string
	}{
		{"swapped", func(t *testing.T) string { return filepath.Join(t.TempDir(), "report") }},
		{"in place", func(t *testing.T) string { return mountTmpfs(t, "4m") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.place(t)
			d, err := outdir.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			if err := WriteReport(d, results(), "test", nil); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "plan.txt"), []byte("mine"), 0o644) // while open
			if err := WriteReport(d, results()[:1], "test", nil); err != nil {
				t.Fatal(err)
			}
			d.Close()
			if data, err := os.ReadFile(filepath.Join(dir, "plan.txt")); string(data) != "mine" {
				t.Fatalf("a file added during the run was not kept: %q %v", data, err)
			}
			if _, err := outdir.Open(dir); err == nil || !strings.Contains(err.Error(), "holds files crucible did not write (plan.txt)") {
				t.Errorf("a report directory holding a file of the user's: %v", err)
			}
			os.Remove(filepath.Join(dir, "plan.txt"))
			nested := filepath.Join(dir, "sweeps", "shields")
			n, err := outdir.Open(nested)
			if err != nil {
				t.Fatal(err)
			}
			WriteReport(n, results()[:1], "test", nil)
			n.Close()
			d, err = outdir.Open(dir)
			if err != nil {
				t.Fatalf("a report directory holding a nested report: %v", err)
			}
			if err := WriteReport(d, results(), "test", nil); err != nil {
				t.Fatal(err)
			}
			d.Close()
			if _, err := os.Stat(filepath.Join(nested, "summary.json")); err != nil {
				t.Errorf("the nested report was not kept: %v", err)
			}
		})
	}
}

// What a killed process leaves of crucible's own — a temporary checkpoint,
// a report staged inside or beside the directory — is cleaned up when the
// directory is opened next, and does not make it refused.
func TestOpenOutDirCleansLeftovers(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "report")
	d, err := outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteReport(d, results(), "test", nil); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveCheckpoints([]*sim.Checkpoint{{Scenario: "s"}}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	leftovers := []string{
		filepath.Join(dir, ".checkpoint.json.tmp0123456789ab"),
		filepath.Join(dir, ".crucible-new123", "summary.json"),
		filepath.Join(parent, ".report.new456", "summary.json"),
	}
	for _, f := range leftovers {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte("half"), 0o644)
	}
	d, err = outdir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, f := range leftovers {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("left behind: %s", f)
		}
	}
	if names := listDir(t, parent); strings.Join(names, " ") != "report" {
		t.Errorf("beside the report directory: %v", names)
	}
}

// A file the user adds while a report is being made, under a name the new
// report has, is not overwritten: the report says so and where it is.
func TestOutDirFileAddedUnderAReportName(t *testing.T) {
	for _, c := range []struct {
		name, want string
		place      func(t *testing.T) string
	}{
		{"swapped", "is kept in ", func(t *testing.T) string { return filepath.Join(t.TempDir(), "report") }},
		{"in place", "is not written: a file of that name", func(t *testing.T) string { return mountTmpfs(t, "4m") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.place(t)
			d, err := outdir.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if err := WriteReport(d, results()[:1], "test", nil); err != nil {
				t.Fatal(err)
			}
			mine := filepath.Join(dir, "rounds-seconds.png")
			os.WriteFile(mine, []byte("mine"), 0o644)
			err = WriteReport(d, results(), "test", nil)
			if err == nil || !strings.Contains(err.Error(), "rounds-seconds.png") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("a report over a file of the user's: %v", err)
			}
			kept := mine
			if c.name == "swapped" {
				kept = filepath.Join(strings.TrimSuffix(err.Error()[strings.Index(err.Error(), "is kept in ")+len("is kept in "):], ": the report has a file of that name"), "rounds-seconds.png")
			}
			if data, err := os.ReadFile(kept); string(data) != "mine" {
				t.Errorf("the user's file: %q %v", data, err)
			}
			d.Close()
			if d, err := outdir.Open(dir); err == nil { // cleans up beside it
				d.Close()
			}
			if data, err := os.ReadFile(kept); string(data) != "mine" {
				t.Errorf("the user's file, after the directory is opened again: %q %v", data, err)
			}
			if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
				t.Error(err)
			}
		})
	}
}

// Runs that keep opening one directory, swapping reports in and closing it
// never hold it two at a time, whatever the order of their opens, swaps and
// closes.
func TestOutDirLockUnderContention(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	var holders, opened atomic.Int32
	var g errgroup.Group
	for range 4 {
		g.Go(func() error {
			for range 8 {
				d, err := outdir.Open(dir)
				if err != nil {
					if strings.Contains(err.Error(), "is in use by another crucible run") {
						continue
					}
					return err
				}
				opened.Add(1)
				if n := holders.Add(1); n != 1 {
					t.Errorf("%d runs hold the directory at once", n)
				}
				err = WriteReport(d, results()[:1], "test", nil)
				holders.Add(-1)
				d.Close()
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	if opened.Load() == 0 {
		t.Error("no run opened the directory")
	}
}
