package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// summaryClaims writes a scenario whose three claims are judged PASS, FAIL
// and INCONCLUSIVE whatever the dice: a battle lasts at least 0 rounds,
// never a million, and its shortest battle is not shown to take at most 0
// rounds until one does (none does).
func summaryClaims(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "three.yaml")
	src := "ruleset: stratfight\na: {fighter: arya}\nb: {fighter: mountain}\nclaims:\n" +
		"  - {id: holds, metric: rounds.min, min: 0}\n" +
		"  - {id: broken, metric: rounds.min, min: 1000000}\n" +
		"  - {id: open, metric: rounds.min, max: 0}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// Every check ends with a line counting its verdicts on stdout (JSON has
// the counts as fields), and the failure line on stderr counts the
// inconclusive claims too.
func TestCheckSummary(t *testing.T) {
	t.Parallel()
	file := summaryClaims(t)
	args := []string{"check", file, "--trials", "100", "--seed", "1"}
	out, _ := mustFail(t, exitFailed, "1 claim(s) failed, 1 inconclusive", args...)
	if !strings.HasSuffix(out, "\n\n1 passed, 1 failed, 1 inconclusive\n") {
		t.Errorf("table: want the summary line last:\n%s", out)
	}
	out, _ = mustFail(t, exitFailed, "1 claim(s) failed, 1 inconclusive", append(args, "--format", "json")...)
	var js struct {
		Claims, Passed, Failed, Inconclusive int
		NotJudged                            int `json:"not_judged"`
		Verdicts                             []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	if js.Claims != 3 || js.Passed != 1 || js.Failed != 1 || js.Inconclusive != 1 || js.NotJudged != 0 || len(js.Verdicts) != 3 {
		t.Errorf("JSON counts %+v", js)
	}
	mustFail(t, exitFailed, "1 claim(s) inconclusive (--strict), 0 failed", "check", file, "--trials", "100", "--seed", "1", "--strict", "--unset", "claims[1]")
}

// An interrupted check's summary counts the claims it did not reach.
func TestInterruptedCheckSummary(t *testing.T) {
	t.Parallel()
	ctx := interruptAt(t, "stratfight/lifespan-29-coins", 500)
	out, _, code := crucible(t, ctx, "check", "stratfight/lifespan-claims", "--seed", "1", "--trials", "20000")
	if code != exitInterrupted || !strings.HasSuffix(out, " inconclusive, 12 not judged (interrupted)\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
