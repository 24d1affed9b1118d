// Package browsertest finds the headless browser the report pages' and the
// workbench's browser tests drive, as net/http/httptest serves theirs: one
// order of browsers and one rule for a missing one, for every package that
// checks its pages in a browser.
package browsertest

import (
	"os"
	"os/exec"
	"testing"
)

// Path returns the headless browser, or skips t when there is none and the
// test is not under CI (where .ci/run installs Debian's chromium, and its
// absence is a failure). what names what the browser checks ("the workbench").
// Debian's chromium-headless-shell comes first where installed (.ci/run
// installs it): the same Blink and V8 without the browser's windows and
// user interface, it draws the same pages for about a quarter less CPU
// (bench/tests.txt).
func Path(t testing.TB, what string) string {
	t.Helper()
	for _, name := range []string{"chromium-headless-shell", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("chromium is not installed, and under CI %s must be checked in a browser (.ci/run installs it)", what)
	}
	t.Skipf("chromium is not installed: no browser checks %s (apt-get install chromium)", what)
	return ""
}
