package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The README's CI recipe passes as written on a designer's claims —
// the gate's win-share claim, and plain `exact: true` claims at the
// default trials — where the same command without --until-decided turns
// the exact claims red under --strict. Every `crucible check balance/…`
// command of the section "Gating balance in CI" runs, from the sh blocks
// and the workflow's run: line; the first also without --until-decided
// (the others differ from it only in --format and --out, which decide
// no verdict).
func TestReadmeCIRecipePasses(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the crucible binary")
	}
	bin := buildCrucible(t)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`(?s)\n## Gating balance in CI\n(.*?)\n## `).FindSubmatch(readme)
	if section == nil {
		t.Fatal(`the README has no section "Gating balance in CI"`)
	}
	var lines []string
	for _, l := range strings.Split(string(section[1]), "\n") {
		if i := strings.Index(l, "crucible check balance/"); i >= 0 {
			cmd, _, _ := strings.Cut(l[i:], "#")
			lines = append(lines, strings.TrimSpace(cmd))
		}
	}
	if len(lines) < 3 {
		t.Fatalf("want the recipe's three check commands (sh, workflow, JUnit), found %q", lines)
	}
	for i, line := range lines {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir() // each line's own: they write reports
			writeFixture(t, filepath.Join(dir, "balance", "duel.yaml"), "@../../scenarios/gate/thug-vs-guard.yaml")
			writeFixture(t, filepath.Join(dir, "balance", "exact.yaml"), "ruleset: eclipse\nattacker:\n  ships: {Interceptor: 1}\ndefender:\n  ships: {Interceptor: 1}\n"+
				"claims:\n  - {metric: win.a, exact: true}\n  - {metric: win.b, exact: true}\n  - {metric: rounds.mean, exact: true}\n")
			if code, out := shellIn(t, bin, dir, line); code != 0 {
				t.Errorf("%q: exit %d, want 0\n%s", line, code, out)
			}
			if !strings.Contains(line, "--strict") {
				t.Errorf("%q: a CI gate without --strict passes undecided claims", line)
				return
			}
			if i > 0 {
				return // the lines differ only in their output: one shows the need
			}
			fixed := strings.Replace(line, " --until-decided", "", 1)
			if code, _ := shellIn(t, bin, dir, fixed); code != exitFailed {
				t.Errorf("%q: exit %d, want 1: the exact claims are undecided at 10,000 trials, so the recipe needs --until-decided", fixed, code)
			}
		})
	}
}

// shellIn runs line in a shell in dir, the crucible at bin first on the
// PATH, and returns its exit status and output.
func shellIn(t *testing.T, bin, dir, line string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return 0, string(out)
}
