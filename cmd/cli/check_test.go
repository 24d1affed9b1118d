package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Failing to reject is not agreement: ten trials of fleet-mirror cannot
// show the exact solution within ±0.01, and one trial says nothing of a
// mean. Both are INCONCLUSIVE, with the trials that would decide; --strict
// makes that exit 1.
func TestCheckSmallRunsAreInconclusive(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "check", "eclipse/fleet-mirror", "--trials", "10", "--seed", "1")
	if strings.Contains(out, "PASS") || !strings.Contains(out, "INCONCLUSIVE") || !strings.Contains(out, "trials would decide it") {
		t.Errorf("ten trials:\n%s", out)
	}
	out = mustRun(t, "check", "eclipse/fleet-mirror", "--trials", "1", "--seed", "1")
	if strings.Contains(out, "PASS") || strings.Contains(out, "FAIL") || !strings.Contains(out, "a normal interval of the mean needs at least 30") {
		t.Errorf("one trial:\n%s", out)
	}
	mustFail(t, exitFailed, "inconclusive (--strict)", "check", "eclipse/fleet-mirror", "--trials", "10", "--seed", "1", "--strict")
}

// An exact claim no solver can check is refused by validate and by check,
// never passed as inconclusive.
func TestUncheckableExactClaims(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	duel := filepath.Join(dir, "duel-exact.yaml")
	os.WriteFile(duel, []byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\nclaims:\n  - {metric: win.a, exact: true}\n"), 0o644)
	out, _ := mustFail(t, exitFailed, "1 of 1 invalid", "validate", duel)
	if !strings.Contains(out, "claim win.a: no exact solution to check it against: stratfight solves lifespan scenarios exactly") {
		t.Errorf("validate:\n%s", out)
	}
	mustFail(t, exitFailed, "no exact solution to check it against", "check", duel, "--trials", "100", "--seed", "1")
}

// --until-decided fights in doubling batches and stops when every claim is
// decided, saying how many looks and trials it took.
func TestCheckUntilDecided(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "check", "eclipse/interceptor-duel", "--until-decided", "--first-trials", "1000", "--max-trials", "1000000", "--seed", "3")
	if !strings.Contains(out, "sequential: ") || strings.Contains(out, "INCONCLUSIVE") || strings.Contains(out, "FAIL") {
		t.Errorf("until decided:\n%s", out)
	}
}

// The verdicts as JSON and CSV, and in the report directory.
func TestCheckFormatsAndReport(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "check", "eclipse/interceptor-duel", "--trials", "20000", "--seed", "1", "--format", "json")
	var js struct{ Verdicts []map[string]any }
	if err := json.Unmarshal([]byte(out), &js); err != nil || len(js.Verdicts) == 0 {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	vs := js.Verdicts
	for _, k := range []string{"scenario", "claim", "says", "metric", "expected", "verdict", "observed", "lo", "hi", "test", "alpha", "family_alpha", "seed", "trials"} {
		if _, ok := vs[0][k]; !ok {
			t.Errorf("JSON verdict lacks %q", k)
		}
	}
	out = mustRun(t, "check", "eclipse/interceptor-duel", "--trials", "20000", "--seed", "1", "--format", "csv")
	if !strings.HasPrefix(out, "scenario,claim,says,metric,expected,verdict,") {
		t.Errorf("CSV:\n%.300s", out)
	}
	dir := filepath.Join(t.TempDir(), "r")
	mustRun(t, "check", "eclipse/interceptor-duel", "--trials", "20000", "--seed", "1", "--out", dir)
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !strings.Contains(string(html), `<h2 id="claims">Claims</h2>`) {
		t.Errorf("report: %v", err)
	}
	for _, f := range []string{"verdicts.csv", "verdicts.json", "summary.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// Ctrl-C during a check exits 130 and says the check decides nothing: a CI
// gate must not read it as a failed claim.
func TestCheckInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, errOut, code := crucible(t, ctx, "check", "stratfight/lifespan-claims", "--seed", "1")
	if code != exitInterrupted || !strings.Contains(errOut, "interrupted: the check is incomplete and decides nothing") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// A check cut short, of a fixed size or --until-decided, marks its
// verdicts INTERRUPTED in every format, and exits 130. The sequential
// check stops at 64,000 trials a scenario: lifespan-30-coins, before the
// cut, is undecided at any size up to 16 M, and took 1 M trials (0.5 s) in
// each of three runs with a maximum of 1 M; the cut and the marks are the same.
func TestInterruptedCheckIsMarked(t *testing.T) {
	t.Parallel()
	for _, mode := range [][]string{{"--trials", "20000"}, {"--until-decided", "--first-trials", "1000", "--max-trials", "64000"}} {
		for _, format := range []string{"table", "json", "csv"} {
			ctx := interruptAt(t, "stratfight/lifespan-29-coins", 500)
			args := append([]string{"check", "stratfight/lifespan-claims", "--seed", "1", "--format", format}, mode...)
			out, _, code := crucible(t, ctx, args...)
			want := map[string]string{"table": "INTERRUPTED: 3 of 15 claims judged", "json": `"interrupted": true`, "csv": ",true,"}[format]
			if code != exitInterrupted || !strings.Contains(out, want) {
				t.Errorf("%v, %s: exit %d, want 130 and %q in\n%s", mode, format, code, want, out)
			}
		}
	}
	out := mustRun(t, "check", "stratfight/lifespan-30-coins", "--trials", "2000", "--seed", "1", "--format", "csv")
	if !strings.Contains(out, ",interrupted,position\n") || !strings.Contains(out, ",false,") {
		t.Errorf("a whole check's CSV:\n%s", out)
	}
}
