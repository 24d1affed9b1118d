package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rulesFileDir writes the 2d6 duel's rules file and a scenario that names
// it by path into a fresh directory, and returns the scenario's path.
func rulesFileDir(t *testing.T, scenario string) string {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile("../../scenarios/builtin/rulesfile/duel2d6.rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "duel2d6.rules.yaml"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "duel.yaml")
	if err := os.WriteFile(p, []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const duelScenario = `ruleset: ./duel2d6.rules.yaml
a: {units: {hero: 1}, designs: {hero: {base: duellist, hp: 4}}}
b: {units: {duellist: 1}}
claims:
  - {id: b-favoured, metric: win.b, min: 0.5}
`

// Every command takes a scenario whose ruleset is a rules file, as it
// takes one of a Go ruleset.
func TestRulesFileEveryCommand(t *testing.T) {
	t.Parallel()
	s := rulesFileDir(t, duelScenario)
	dir := filepath.Dir(s)
	out := mustRun(t, "run", s, "--seed", "1", "--trials", "2000")
	if !strings.Contains(out, "ruleset duel2d6.rules.yaml") || !strings.Contains(out, "b wins") {
		t.Errorf("run:\n%s", out)
	}
	if out := mustRun(t, "validate", s); !strings.Contains(out, "ok (duel2d6.rules.yaml, 1 claims)") {
		t.Errorf("validate: %s", out)
	}
	if out := mustRun(t, "replay", s, "--seed", "1", "--trial", "3"); !strings.Contains(out, "round 1") || !strings.Contains(out, "contest: a hero") {
		t.Errorf("replay:\n%s", out)
	}
	if out := mustRun(t, "check", s, "--seed", "1", "--trials", "2000"); !strings.Contains(out, "PASS") {
		t.Errorf("check:\n%s", out)
	}
	// --set reaches the rules file by its field path, and the hash moves.
	one := mustRun(t, "run", s, "--seed", "1", "--trials", "500", "--format", "json", "--set", "rules.units.duellist.hp=1")
	five := mustRun(t, "run", s, "--seed", "1", "--trials", "500", "--format", "json")
	var r1, r5 struct {
		Hash   string `json:"scenario_hash"`
		Rounds struct {
			Max int `json:"max"`
		} `json:"rounds"`
	}
	json.Unmarshal([]byte(one), &r1)
	json.Unmarshal([]byte(five), &r5)
	if r1.Hash == r5.Hash || r1.Rounds.Max >= r5.Rounds.Max {
		t.Errorf("--set rules.units.duellist.hp=1: hash %s (was %s), longest battle %d rounds (was %d)", r1.Hash, r5.Hash, r1.Rounds.Max, r5.Rounds.Max)
	}
	if out := mustRun(t, "sweep", s, "--vary", "rules.units.duellist.hp=3..5", "--seed", "1", "--trials", "500"); !strings.Contains(out, "rules.units.duellist.hp") {
		t.Errorf("sweep:\n%s", out)
	}
	if out := mustRun(t, "tune", s, "--vary", "a.designs.hero.hp=1..9", "--target", "fair", "--seed", "1", "--max-trials", "4000"); !strings.Contains(out, "a.designs.hero.hp") {
		t.Errorf("tune:\n%s", out)
	}
	if out := mustRun(t, "compare", s, "--set-b", "rules.units.duellist.hp=6", "--seed", "1", "--trials", "1000"); !strings.Contains(out, "win") {
		t.Errorf("compare:\n%s", out)
	}
	roster := filepath.Join(dir, "roster.yaml")
	os.WriteFile(roster, []byte("scenario: duel.yaml\nmeta:\n  - {name: small, side: {units: {duellist: 1}}}\n  - {name: big, side: {units: {hero: 1}, designs: {hero: {base: duellist, hp: 7}}}}\n"), 0o644)
	if out := mustRun(t, "meta", roster, "--seed", "1", "--max-trials", "2000"); !strings.Contains(out, "big") {
		t.Errorf("meta:\n%s", out)
	}
	if out := mustRun(t, "rules", filepath.Join(dir, "duel2d6.rules.yaml"), "units"); !strings.Contains(out, "duellist") {
		t.Errorf("rules FILE units:\n%s", out)
	}
	if out := mustRun(t, "show", "rulesfile/duel2d6.rules"); !strings.Contains(out, "ties: reroll") {
		t.Errorf("show rulesfile/duel2d6.rules:\n%s", out)
	}
	// exact, and everything else that uses exact values: rulesfile_exact_test.go.
}

// Shards of a rules-file scenario merge into the single run's result, and
// an interrupted run's checkpoint resumes to it.
func TestRulesFileShardsAndResume(t *testing.T) {
	t.Parallel()
	s := rulesFileDir(t, duelScenario)
	dir := filepath.Dir(s)
	whole := mustRun(t, "run", s, "--seed", "4", "--trials", "3000", "--format", "json")
	var parts []string
	for _, k := range []string{"0/3", "1/3", "2/3"} {
		p := filepath.Join(dir, strings.ReplaceAll(k, "/", "-")+".json")
		os.WriteFile(p, []byte(mustRun(t, "run", s, "--seed", "4", "--trials", "3000", "--shard", k, "--format", "json")), 0o644)
		parts = append(parts, p)
	}
	merged := mustRun(t, append([]string{"merge", "--format", "json"}, parts...)...)
	if tally(t, merged) != tally(t, whole) {
		t.Errorf("the merged shards differ from the whole run:\n%s\n%s", tally(t, merged), tally(t, whole))
	}
	args := []string{"run", s, "--seed", "4", "--trials", "300000", "--format", "json", "--workers", "1"}
	whole = mustRun(t, args...)
	out := filepath.Join(dir, "report")
	if _, errOut, code := crucible(t, cancelAfter(t, 100000), append(args, "--out", out)...); code != exitInterrupted {
		t.Fatalf("an interrupted run: exit %d\n%s", code, errOut)
	}
	if resumed := mustRun(t, append(args, "--out", out, "--resume")...); tally(t, resumed) != tally(t, whole) {
		t.Errorf("the resumed run differs from the whole one")
	}
}

// tally returns the integer part of a run's JSON result.
func tally(t *testing.T, js string) string {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	b, _ := json.Marshal([]any{r["wins"], r["ends"], r["rounds"], r["counters"], r["trials"]})
	return string(b)
}

// Batch ships the rules file beside the scenario; a file named by a name
// in the rules path is refused, and errors in the rules file are located.
func TestRulesFileBatchAndErrors(t *testing.T) {
	s := rulesFileDir(t, duelScenario)
	out := mustRun(t, "batch", "k8s", s, "--shards", "2", "--seed", "1", "--trials", "100", "--image", "crucible:test", "--pvc", "data")
	if !strings.Contains(out, "duel2d6.rules.yaml") || !strings.Contains(out, "ties: reroll") {
		t.Errorf("the job does not ship the rules file:\n%s", out)
	}
	dir := filepath.Dir(s)
	os.WriteFile(filepath.Join(dir, "duel2d6.rules.yaml"), []byte("title: t\nunits:\n  duellist: {hp: 5}\nround:\n  - contest: {roll: 2d6, ties: rerol, winner: [{damage: 1}]}\n"), 0o644)
	if out, _, code := crucible(t, t.Context(), "validate", s); code != exitFailed || !strings.Contains(out, `duel2d6.rules.yaml:5:32: rules.round[0].contest.ties: "rerol" is not allowed (allowed: reroll, a, b, none, coin, fewer-dice, more-dice); did you mean "reroll"?`) {
		t.Errorf("validate a mistyped tie rule: exit %d\n%s", code, out)
	}
	named := filepath.Join(dir, "named.yaml")
	os.WriteFile(named, []byte("ruleset: nosuch\na: {units: {u: 1}}\nb: {units: {u: 1}}\n"), 0o644)
	if out, _, code := crucible(t, t.Context(), "validate", named); code != exitFailed || !strings.Contains(out, `unknown ruleset "nosuch"`) {
		t.Errorf("validate an unknown ruleset: exit %d\n%s", code, out)
	}
	t.Setenv("CRUCIBLE_RULES_PATH", dir)
	os.WriteFile(filepath.Join(dir, "mine.rules.yaml"), []byte("title: t\nunits:\n  u: {hp: 2}\nround:\n  - contest: {roll: d6, winner: [{damage: 1}]}\n"), 0o644)
	os.WriteFile(named, []byte("ruleset: mine\na: {units: {u: 1}}\nb: {units: {u: 1}}\n"), 0o644)
	if out := mustRun(t, "run", named, "--seed", "1", "--trials", "100"); !strings.Contains(out, "ruleset mine.rules.yaml") {
		t.Errorf("a rules file by name from CRUCIBLE_RULES_PATH:\n%s", out)
	}
	if out := mustRun(t, "run", named, "--seed", "1", "--trials", "100", "--rules-path", dir); !strings.Contains(out, "ruleset mine.rules.yaml") {
		t.Errorf("a rules file by name from --rules-path:\n%s", out)
	}
	mustFail(t, exitFailed, "the scenario names its rules file by name, found in the rules path", "batch", "k8s", named, "--shards", "2", "--seed", "1", "--trials", "100", "--image", "crucible:test", "--pvc", "data")
}
