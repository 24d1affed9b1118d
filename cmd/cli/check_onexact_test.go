package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A claim on the exact value (on: exact) is judged on the solver's value:
// PASS or FAIL whatever the trials, never INCONCLUSIVE, and a scenario
// whose claims all are fights no trial (in a check of a fixed size and
// --until-decided alike); in a scenario with sampled claims too, it is
// still judged on the exact value.
func TestCheckOnExact(t *testing.T) {
	t.Parallel()
	for _, mode := range [][]string{{"--trials", "1000"}, {"--until-decided"}} {
		args := append([]string{"check", "testdata/on-exact.yaml", "--seed", "1", "--format", "json"}, mode...)
		out, _ := mustFail(t, exitFailed, "1 claim(s) failed, 0 inconclusive", args...)
		var js struct{ Verdicts []map[string]any }
		if err := json.Unmarshal([]byte(out), &js); err != nil || len(js.Verdicts) != 2 {
			t.Fatalf("%v: %v\n%s", mode, err, out)
		}
		for i, want := range []string{"PASS", "FAIL"} {
			v := js.Verdicts[i]
			if v["verdict"] != want || v["trials"] != 0.0 || v["test"] != "the exact solution (no sampling, no interval)" {
				t.Errorf("%v: verdict %d: %v", mode, i, v)
			}
		}
		if v := js.Verdicts[0]; v["observed"] != v["exact"] || v["side_label"] != "attacker" {
			t.Errorf("%v: the exact value and side: %v", mode, v)
		}
	}
	mixed := filepath.Join(t.TempDir(), "mixed.yaml")
	src, _ := os.ReadFile("testdata/on-exact.yaml")
	os.WriteFile(mixed, append(src, "  - {id: sampled, metric: win.a, min: 0.4, max: 0.5}\n"...), 0o644)
	out, _ := mustFail(t, exitFailed, "1 claim(s) failed, 1 inconclusive", "check", mixed, "--seed", "1", "--trials", "10")
	for _, want := range []string{"PASS         mixed  E1 at ", "FAIL         mixed  E1-rounds at ", "INCONCLUSIVE mixed  sampled at ", "; no trials\n", "seed 1, 10 trials"} {
		if !strings.Contains(out, want) {
			t.Errorf("mixed: want %q in\n%s", want, out)
		}
	}
}

// validate refuses a claim on the exact value that no solver can check,
// as it does exact: true.
func TestValidateOnExact(t *testing.T) {
	t.Parallel()
	mustRun(t, "validate", "testdata/on-exact.yaml")
	duel := filepath.Join(t.TempDir(), "duel-on-exact.yaml")
	os.WriteFile(duel, []byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\nclaims:\n  - {metric: win.a, min: 0.1, on: exact}\n"), 0o644)
	out, _ := mustFail(t, exitFailed, "1 of 1 invalid", "validate", duel)
	if !strings.Contains(out, "claim win.a: no exact solution to check it against") {
		t.Errorf("validate:\n%s", out)
	}
	mustFail(t, exitFailed, "no exact solution to check it against", "check", duel, "--trials", "100", "--seed", "1")
	// Beyond the solver's budget, check says how to judge it by Monte
	// Carlo, before any trial.
	out, _ = mustFail(t, exitFailed, "beyond the exact solver's budget: one volley of 1 Gunboat (32 cannon dice over 4 classes of faces) has 7.41e+08 rolls to enumerate, more than the 30000000 steps of work allowed"+
		"\njudge the claim by Monte Carlo instead: remove its `on: exact`; run it by Monte Carlo instead: crucible run testdata/exact-huge-volley.yaml --set 'claims=[{metric: win.a, min: 0.5, on: exact}]' --trials 1000000",
		"check", "testdata/exact-huge-volley.yaml", "--seed", "1", "--set", "claims=[{metric: win.a, min: 0.5, on: exact}]")
	if out != "" {
		t.Errorf("check fought before refusing:\n%s", out)
	}
}
