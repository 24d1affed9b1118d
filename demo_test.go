package crucible_test

import (
	"os/exec"
	"path"
	"regexp"
	"testing"
)

// What `make demo` writes — the binary, the report directories, the
// tables, and the directory a report is staged in beside its own (left
// behind if the demo is killed) — is ignored by git, so that a demo in a
// clone leaves `git status` clean. The paths are read from the demo's own
// commands (`make -n demo`), so a new output must be ignored too.
// The test reads the repository's Makefile and .gitignore, so it lives
// beside them: in cmd/crucible (package main) its test binary linked the
// whole program, about 2 s of CPU more in every `make test` than here
// (bench/tests.txt).
func TestDemoOutputsAreIgnored(t *testing.T) {
	for _, tool := range []string{"make", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	root := "."
	if err := exec.Command("git", "-C", root, "rev-parse", "--git-dir").Run(); err != nil {
		t.Skip("not in a git repository")
	}
	script, err := exec.Command("make", "-C", root, "-n", "--no-print-directory", "demo").Output()
	if err != nil {
		t.Fatalf("make -n demo: %v", err)
	}
	var paths []string
	for _, m := range regexp.MustCompile(`(?:-o|>>?) +([^ ;$\n"\\]+)`).FindAllStringSubmatch(string(script), -1) {
		paths = append(paths, m[1])
	}
	for _, m := range regexp.MustCompile(`--out +([^ ;$\n"\\]+)`).FindAllStringSubmatch(string(script), -1) {
		dir := m[1]
		// A report is staged in .DIR.new<random> beside DIR (reports.OutDir).
		paths = append(paths, path.Join(dir, "index.html"), path.Join(path.Dir(dir), "."+path.Base(dir)+".new2718281828", "index.html"))
	}
	if len(paths) < 4 {
		t.Fatalf("found only %q in the demo's commands:\n%s", paths, script)
	}
	for _, p := range paths {
		if p == "/dev/null" {
			continue
		}
		if err := exec.Command("git", "-C", root, "check-ignore", "-q", "--no-index", p).Run(); err != nil {
			t.Errorf("make demo writes %s, which .gitignore does not cover", p)
		}
	}
}
