package reports

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
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
	if _, err := OpenOutDir(other); err == nil || !strings.Contains(err.Error(), "holds files that are not a crucible report (plan.txt, …)") {
		t.Errorf("a directory of other files: %v", err)
	}
	dir := filepath.Join(parent, "report")
	d, err := OpenOutDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OpenOutDir(dir); err == nil || !strings.Contains(err.Error(), "is in use by another crucible run (pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("a second open: %v", err)
	}
	d.Close()
	d, err = OpenOutDir(dir) // a report directory, and free again
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
	d, err := OpenOutDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.WriteReport(results(), "test", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "rounds-seconds.png")); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteReport(results()[:1], "test", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "rounds-seconds.png")); err == nil {
		t.Error("a file of the old report is left beside the new one")
	}
	st, err := os.Stat(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := 0o666 &^ processUmask; st.Mode().Perm() != want {
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
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v: %s): the full-disk case is not tested", err, out)
	}
	defer exec.Command("umount", mnt).Run()
	dir := filepath.Join(mnt, "report")
	d, err := OpenOutDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	small := results()[:1]
	if err := d.WriteReport(small, "test", nil); err != nil {
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
	err = d.WriteReport(many, "test", nil)
	if err == nil || !strings.Contains(err.Error(), dir+"/") || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("a report that does not fit: %v", err)
	}
	if after := listDir(t, dir); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf("the old report changed: %v, was %v", after, before)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "summary.json")); string(now) != string(summary) {
		t.Error("the old summary.json changed")
	}
	for _, n := range listDir(t, mnt) {
		if n != "report" && n != ".report.lock" {
			t.Errorf("left behind on the full disk: %s", n)
		}
	}
}
