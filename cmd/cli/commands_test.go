package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Replaying trial i shows the battle trial i fights in every run, and ends
// with one result line and the counters.
func TestReplayMatchesRun(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "replay", "stratfight/thug-vs-guard", "--trial", "17", "--seed", "7")
	sc, err := scenarios.Load("stratfight/thug-vs-guard")
	if err != nil {
		t.Fatal(err)
	}
	b, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	tally, err := sim.Run(context.Background(), sim.Job{Battle: b, Key: sim.Key(sc.Name), Seed: 7, First: 17, Trials: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The result names the winner as the ruleset does (Thug, Guard).
	winner := map[int]string{0: "no winner", 1: "winner Thug (a)", 2: "winner Guard (b)"}
	for s, n := range tally.Wins {
		if n == 1 && !strings.Contains(out, "result: "+winner[s]+",") {
			t.Errorf("replay disagrees with the run (%s):\n%s", winner[s], out)
		}
	}
	if n := strings.Count(out, "result: "); n != 1 {
		t.Errorf("replay prints %d result lines, want 1:\n%s", n, out)
	}
	if !strings.Contains(out, "  Thug: a.hits = ") || !strings.Contains(out, "round 1") {
		t.Errorf("replay output lacks the rounds or the counters:\n%s", out)
	}
}

func TestScenariosAndValidate(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "scenarios")
	if !strings.Contains(out, "stratfight/thug-vs-guard") || !strings.Contains(out, "stratfight/lifespan-30-coins") {
		t.Errorf("scenarios list:\n%s", out)
	}
	out = mustRun(t, "validate", "testdata/duel.yaml", "stratfight/lifespan-15-coins")
	if !strings.Contains(out, "testdata/duel.yaml: ok (stratfight, 1 claims)") {
		t.Errorf("validate:\n%s", out)
	}
	// A suite validates scenario by scenario, as check runs it.
	out = mustRun(t, "validate", "stratfight/lifespan-claims")
	if !strings.Contains(out, "stratfight/lifespan-claims: suite of") || !strings.Contains(out, "stratfight/lifespan-30-coins: ok (stratfight") {
		t.Errorf("validate of a suite:\n%s", out)
	}
	for _, c := range []struct{ file, want string }{
		{"testdata/bad-weapon.yaml", `testdata/bad-weapon.yaml:7:11: b.weapon: unknown weapon "katana" (allowed: `},
		{"testdata/bad-option.yaml", `testdata/bad-option.yaml:3:13: options.tie-rule: "coin-toss" is not allowed (allowed: flip-off, underdog)`},
		{"testdata/bad-ruleset.yaml", `testdata/bad-ruleset.yaml:1:10: ruleset: unknown ruleset "chess" (known: `},
		{"testdata/bad-yaml.yaml", `testdata/bad-yaml.yaml:`},
		{"testdata/bad-claim.yaml", `testdata/bad-claim.yaml:5:13: claims[0].metric: unknown end reason "knockout" (this battle ends by: death, helpless, concession, round-cap)`},
	} {
		out, _ := mustFail(t, exitFailed, "1 of 1 invalid", "validate", c.file)
		if !strings.Contains(out, c.want) {
			t.Errorf("validate %s:\n got %q\nwant it to contain %q", c.file, out, c.want)
		}
	}
}

// Shards merged give exactly the bytes of the whole run.
func TestShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"run", "stratfight/jorah-vs-mountain", "--trials", "3001", "--seed", "5", "--format", "json"}
	whole := mustRun(t, args...)
	var parts []string
	for _, k := range []string{"0/3", "1/3", "2/3"} {
		p := filepath.Join(dir, strings.ReplaceAll(k, "/", "of")+".json")
		if err := os.WriteFile(p, []byte(mustRun(t, append(args, "--shard", k)...)), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged := mustRun(t, append([]string{"merge", "--format", "json"}, parts[2], parts[0], parts[1])...)
	if merged != whole {
		t.Errorf("merged shards differ from the whole run:\n%s\n----\n%s", merged, whole)
	}
	mustFail(t, exitFailed, "overlap", "merge", parts[0], parts[0])
	// Shards 0/3 and 1/3 are two thirds of the run: a partial result,
	// printed and marked, and exit 1 unless --partial is given.
	out, _ := mustFail(t, exitFailed, "the shards are partial: 2000 trials between 0 and 1999 of a run of 3001; merge the missing shards too, or pass --partial",
		"merge", "--format", "json", parts[0], parts[1])
	if !strings.Contains(out, `"partial": true`) {
		t.Errorf("partial merge not marked:\n%.300s", out)
	}
	mustRun(t, "merge", "--partial", parts[0], parts[1])
}

func TestMergeRefusesMismatches(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1", "--shard", "0/2", "--format", "json")), 0o644)
	os.WriteFile(b, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "2", "--shard", "1/2", "--format", "json")), 0o644)
	mustFail(t, exitFailed, "seeds differ (1 vs 2)", "merge", a, b)
	os.WriteFile(b, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1", "--shard", "1/2", "--set", "options.round-cap=50", "--format", "json")), 0o644)
	mustFail(t, exitFailed, "scenario hashes differ", "merge", a, b)
	os.WriteFile(b, []byte("{}"), 0o644)
	mustFail(t, exitFailed, "not a crucible result", "merge", b)
}

// A shard interrupted before all of its trials finished leaves the merge
// partial, like a missing one: exit 1 unless --partial, the result marked.
func TestMergeOfInterruptedShardIsPartial(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"run", "stratfight/thug-vs-guard", "--trials", "4000", "--seed", "3", "--chunk", "500", "--format", "json"}
	out, _, code := crucible(t, interruptAt(t, "stratfight/thug-vs-guard", 500), append(args, "--shard", "0/2")...)
	if code != exitInterrupted || !strings.Contains(out, `"interrupted": true`) {
		t.Fatalf("interrupted shard: exit %d, want 130 and a result marked interrupted:\n%.400s", code, out)
	}
	part0, part1 := filepath.Join(dir, "part0.json"), filepath.Join(dir, "part1.json")
	os.WriteFile(part0, []byte(out), 0o644)
	os.WriteFile(part1, []byte(mustRun(t, append(args, "--shard", "1/2")...)), 0o644)
	out, _ = mustFail(t, exitFailed, "stratfight/thug-vs-guard: the shards are partial: 4000 trials between 0 and 3999 of a run of 4000, of which",
		"merge", "--format", "json", part0, part1)
	for _, want := range []string{`"partial": true`, `"interrupted": true`} {
		if !strings.Contains(out, want) {
			t.Errorf("merge of an interrupted shard lacks %s:\n%.600s", want, out)
		}
	}
	mustFail(t, exitFailed, "(shard 0/2 interrupted); finish the interrupted shards", "merge", part0, part1)
	mustFail(t, exitFailed, "(shard 0/2 interrupted)", "merge", part0)
	if out := mustRun(t, "merge", "--partial", part1, part0); !strings.Contains(out, "INTERRUPTED") {
		t.Errorf("merge --partial of an interrupted shard not marked:\n%.300s", out)
	}
}

// Results of different crucible versions are not added up unless
// --allow-mixed-versions says so; the merged result then names them all.
func TestMergeRefusesMixedVersions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1", "--format", "json"}
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(mustRun(t, append(args, "--shard", "0/2")...)), 0o644)
	old := mustRun(t, append(args, "--shard", "1/2")...)
	os.WriteFile(b, []byte(strings.Replace(old, `"crucible_version": "`+version+`"`, `"crucible_version": "0.1.9"`, 1)), 0o644)
	mustFail(t, exitFailed, "stratfight/thug-vs-guard: the results come from different crucible versions: shard 0/2 by "+version+"; shard 1/2 by 0.1.9; rerun them with one crucible, or pass --allow-mixed-versions",
		"merge", b, a)
	out := mustRun(t, "merge", "--allow-mixed-versions", "--format", "json", a, b)
	if !strings.Contains(out, `"crucible_version": "0.1.9, `+version+`"`) {
		t.Errorf("a merge of mixed versions does not name them:\n%.400s", out)
	}
}

// merge says what it takes when given something else: a file with no
// results, a check's verdicts, a comparison, a checkpoint.
func TestMergeRefusesWhatIsNotAResult(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	verdicts, _ := mustFail(t, exitFailed, "", "check", "stratfight/lifespan-claims", "--seed", "1", "--trials", "200", "--format", "json")
	comparison := mustRun(t, "compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=50", "--seed", "1", "--trials", "2000", "--format", "json")
	ckpt := filepath.Join(dir, "ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3", "--out", ckpt)
	for _, c := range []struct{ file, want string }{
		{write("empty.json", "[]\n"), "empty.json: an empty list, no results: merge takes what crucible run --format json writes"},
		{write("check.json", verdicts), "check.json: result 0: a check's verdicts, which crucible check writes (its --out directory holds the results too, in summary.json), not a run's result: merge takes what crucible run --format json writes"},
		{write("verdicts.json", `[{"scenario": "s", "claim": "c", "verdict": "PASS", "seed": 1}]`), "verdicts.json: result 0: a claim's verdict, which crucible check writes (its --out directory holds the results too, in summary.json), not a run's result"},
		{write("compare.json", comparison), "compare.json: result 0: a comparison, which crucible compare writes, not a run's result"},
		{filepath.Join(ckpt, "checkpoint.json"), "the checkpoint of an interrupted command (finish it with the same command and --resume), not a run's result"},
	} {
		mustFail(t, exitFailed, c.want, "merge", c.file)
	}
}

func TestCheckClaims(t *testing.T) {
	t.Parallel()
	// The author's "just over 20 hours" at 15 coins is 18.2 hours on his own
	// model: that claim fails, so check exits 1.
	out, _ := mustFail(t, exitFailed, "claim(s) failed", "check", "stratfight/lifespan-claims", "testdata/duel.yaml", "--seed", "1", "--trials", "20000")
	for _, want := range []string{"L1", "L2", "L10", "FAIL         stratfight/lifespan-15-coins  L6", "PASS", "someone-wins", "over 16 claims", "closed-form",
		"observed 18.0866 hours, interval [17.8338, 18.3395] hours", "expected 20 ≤ rounds.mean ≤ 21 hours", "normal interval of the mean; α = 0.000625 of the family's 0.01; seed 1, 20000 trials"} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
}

// Monte Carlo agrees with the exact solver through the command line.
func TestCheckExactClaims(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "check", "eclipse/interceptor-duel", "eclipse/cruiser-vs-interceptor", "--seed", "2", "--trials", "50000")
	if strings.Contains(out, "FAIL") || !strings.Contains(out, "expected win.a within ±0.01 of 0.454545") {
		t.Errorf("check:\n%s", out)
	}
}

func TestExact(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "exact", "eclipse/interceptor-duel", "--rational")
	for _, want := range []string{"= 5/11", "= 6/11", "= 36/11", "a.survivors.Interceptor"} {
		if !strings.Contains(out, want) {
			t.Errorf("exact table lacks %q:\n%s", want, out)
		}
	}
	out = mustRun(t, "exact", "eclipse/cruiser-vs-interceptor", "--rational", "--format", "json")
	var v struct {
		Scenario string            `json:"scenario"`
		Options  map[string]string `json:"options"`
		Exact    struct {
			A        float64        `json:"a"`
			Counters map[string]any `json:"counters"`
			Rational map[string]any `json:"rational"`
		} `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Scenario != "eclipse/cruiser-vs-interceptor" || v.Exact.A != 29.0/32 || v.Exact.Rational["a"] != "29/32" ||
		v.Options["attacker.policy"] != "kill-greedy" || v.Exact.Counters["a.survivors.Cruiser"] == nil {
		t.Errorf("exact JSON: %+v", v)
	}
	// The solver plays the optimal policy Monte Carlo cannot, and echoes it.
	out = mustRun(t, "exact", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--set", "attacker.policy=optimal", "--format", "json")
	if !strings.Contains(out, `"attacker.policy": "optimal"`) {
		t.Errorf("optimal policy not echoed:\n%.400s", out)
	}
	out = mustRun(t, "exact", "stratfight/lifespan-30-coins", "--rational")
	if !strings.Contains(out, "E[seconds]") || !strings.Contains(out, "2147483646  = 2147483646") {
		t.Errorf("lifespan closed form:\n%s", out)
	}
	mustFail(t, exitFailed, "duels need Monte Carlo", "exact", "stratfight/thug-vs-guard")
	// Beyond the solver's budget: refused, with what is allowed and the
	// Monte Carlo command to run instead.
	huge := filepath.Join(t.TempDir(), "huge.yaml")
	os.WriteFile(huge, []byte("ruleset: eclipse\nattacker: {ships: {Interceptor: 8, Cruiser: 4, Dreadnought: 2, Starbase: 4}}\ndefender: {kind: npc, ships: {Ancient-advanced: 14, Guardian-advanced: 4, GCDS-advanced: 1}}\n"), 0o644)
	mustFail(t, exitFailed, "more than the 20000 allowed for --rational; drop --rational for the floating-point solution\nrun it by Monte Carlo instead: crucible run "+huge, "exact", huge, "--rational")
	mustFail(t, exitUsage, "allowed: table, json", "exact", "eclipse/interceptor-duel", "--format", "csv")
}
