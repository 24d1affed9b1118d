package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// crucible runs the command line in-process and returns stdout, stderr and
// the error RunE returned.
func crucible(t *testing.T, ctx context.Context, args ...string) (string, string, error) {
	t.Helper()
	cmd := newRootCmd()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	return out.String(), errOut.String(), err
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, err := crucible(t, context.Background(), args...)
	if err != nil {
		t.Fatalf("crucible %s: %v\n%s", strings.Join(args, " "), err, errOut)
	}
	return out
}

func TestRunTable(t *testing.T) {
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "3000", "--seed", "7")
	for _, want := range []string{
		"scenario  stratfight/thug-vs-guard   ruleset stratfight   trials 3000   seed 7",
		"tie-rule=flip-off", "wins a", "wins b", "wins none", "95 % Wilson",
		"end death", "end helpless", "end concession", "end round-cap",
		"rounds  mean", "p50", "p90", "p99", "max", "hits_a", "flipoffs",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

// Same seed, same bytes: for any worker count and chunk size, in JSON and CSV.
func TestRunIsDeterministic(t *testing.T) {
	for _, format := range []string{"json", "csv"} {
		var first string
		for _, wc := range [][2]string{{"1", "1000"}, {"2", "1000"}, {"8", "1000"}, {"2", "1"}, {"8", "333"}} {
			out := mustRun(t, "run", "stratfight/arya-vs-mountain", "stratfight/lifespan-15-coins",
				"--trials", "4000", "--seed", "99", "--workers", wc[0], "--chunk", wc[1], "--format", format)
			if first == "" {
				first = out
			} else if out != first {
				t.Fatalf("%s output differs for workers=%s chunk=%s", format, wc[0], wc[1])
			}
		}
	}
}

func TestRunJSONShape(t *testing.T) {
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "500", "--seed", "7", "--format", "json")
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"scenario", "ruleset", "scenario_hash", "crucible_version", "seed", "trials", "options", "wins", "ends", "rounds", "counters", "intervals"} {
		if _, ok := v[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if v["seed"].(float64) != 7 || v["trials"].(float64) != 500 {
		t.Errorf("seed %v trials %v", v["seed"], v["trials"])
	}
	rounds := v["rounds"].(map[string]any)
	for _, k := range []string{"hist", "mean", "p50", "p90", "p99", "max"} {
		if _, ok := rounds[k]; !ok {
			t.Errorf("rounds lacks %q", k)
		}
	}
	if opts := v["options"].(map[string]any); opts["tie-rule"] != "flip-off" || opts["a.s10-concession"] == nil {
		t.Errorf("options not echoed in full: %v", opts)
	}
}

// Without --seed a seed is drawn, printed on stderr and written into the output.
func TestRunDrawsAndPrintsSeed(t *testing.T) {
	out, errOut, err := crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--trials", "100", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`seed (\d+) \(drawn at random; pass --seed \d+ to repeat\)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("stderr does not give the seed: %q", errOut)
	}
	if !strings.Contains(out, `"seed": `+m[1]+",") {
		t.Errorf("output does not carry seed %s", m[1])
	}
}

func TestRunSetOverrides(t *testing.T) {
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1",
		"--set", "options.tie-rule=underdog", "--set", "b.fighter=arya")
	if !strings.Contains(out, "tie-rule=underdog") {
		t.Errorf("override not echoed:\n%s", out)
	}
	_, _, err := crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "options.tie-rule=coin")
	if err == nil || !strings.Contains(err.Error(), "--set options.tie-rule=coin: options.tie-rule") || !strings.Contains(err.Error(), "flip-off, underdog") {
		t.Errorf("bad override: %v", err)
	}
	_, _, err = crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--seed", "1", "--set", "nonsense")
	if err == nil || !strings.Contains(err.Error(), "PATH=VALUE") {
		t.Errorf("malformed --set: %v", err)
	}
}

func TestRunWritesReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	mustRun(t, "run", "stratfight/thug-vs-guard", "stratfight/lifespan-29-coins", "--trials", "500", "--seed", "3", "--out", dir)
	for _, f := range []string{"summary.csv", "rounds.csv", "summary.json", "winrates.png", "rounds.png", "index.html"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestRunUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run"}, "--all"},
		{[]string{"run", "stratfight/nope"}, "no such file and no built-in scenario"},
		{[]string{"run", "stratfight/thug-vs-guard", "--format", "xml"}, "allowed: table, csv, json"},
		{[]string{"run", "stratfight/thug-vs-guard", "--shard", "4/4"}, "0 ≤ K < N"},
		{[]string{"replay", "stratfight/thug-vs-guard", "--trial", "1"}, "needs --seed"},
	} {
		_, _, err := crucible(t, context.Background(), c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
	}
}

// An interrupted run prints what finished and exits 130.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, _, err := crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "100000", "--seed", "1")
	var ee *exitError
	if !asExit(err, &ee) || ee.code != 130 {
		t.Fatalf("err = %v, want exit 130", err)
	}
	if !strings.Contains(out, "INTERRUPTED: 0 of 100000") {
		t.Errorf("output does not say the run was interrupted:\n%s", out)
	}
}

func asExit(err error, ee **exitError) bool {
	e, ok := err.(*exitError)
	*ee = e
	return ok
}

// Replaying trial i shows the battle trial i fights in every run.
func TestReplayMatchesRun(t *testing.T) {
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
	winner := map[int]string{0: "none", 1: "a", 2: "b"}
	for s, n := range tally.Wins {
		if n == 1 && !strings.Contains(out, "result: winner "+winner[s]+",") {
			t.Errorf("replay disagrees with the run (winner %s):\n%s", winner[s], out)
		}
	}
	if want := "rounds"; !strings.Contains(out, want) {
		t.Errorf("replay output has no rounds:\n%s", out)
	}
}

func TestScenariosAndValidate(t *testing.T) {
	out := mustRun(t, "scenarios")
	if !strings.Contains(out, "stratfight/thug-vs-guard") || !strings.Contains(out, "stratfight/lifespan-30-coins") {
		t.Errorf("scenarios list:\n%s", out)
	}
	out = mustRun(t, "validate", "testdata/duel.yaml", "stratfight/lifespan-15-coins")
	if !strings.Contains(out, "testdata/duel.yaml: ok (stratfight, 1 claims)") {
		t.Errorf("validate:\n%s", out)
	}
	for _, c := range []struct{ file, want string }{
		{"testdata/bad-weapon.yaml", `testdata/bad-weapon.yaml:7:11: b.weapon: unknown weapon "katana" (allowed: `},
		{"testdata/bad-option.yaml", `testdata/bad-option.yaml:3:13: options.tie-rule: "coin-toss" is not allowed (allowed: flip-off, underdog)`},
		{"testdata/bad-ruleset.yaml", `testdata/bad-ruleset.yaml:1:10: ruleset: unknown ruleset "chess" (known: `},
		{"testdata/bad-yaml.yaml", `testdata/bad-yaml.yaml:`},
		{"testdata/bad-claim.yaml", `testdata/bad-claim.yaml:5:13: claims[0].metric: unknown end reason "knockout" (this battle ends by: death, helpless, concession, round-cap)`},
	} {
		out, _, err := crucible(t, context.Background(), "validate", c.file)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("validate %s:\n got %q (err %v)\nwant it to contain %q", c.file, out, err, c.want)
		}
	}
}

// Shards merged give exactly the bytes of the whole run.
func TestShardsMerge(t *testing.T) {
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
	_, _, err := crucible(t, context.Background(), "merge", parts[0], parts[0])
	if err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("merging a shard twice: %v", err)
	}
}

func TestCheckClaims(t *testing.T) {
	out, _, err := crucible(t, context.Background(), "check", "stratfight/lifespan-claims", "testdata/duel.yaml", "--seed", "1", "--trials", "20000")
	// The author's "just over 20 hours" at 15 coins is 18.2 hours on his own
	// model: that claim fails, so check exits 1.
	var ee *exitError
	if !asExit(err, &ee) || ee.code != 1 {
		t.Errorf("check: err %v, want exit 1 for the failed claims", err)
	}
	for _, want := range []string{"L1", "L2", "L10", "L6            FAIL", "PASS", "someone-wins", "over 16 claims", "closed-form"} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
}

// Wherever a run is interrupted, --resume finishes it with the bytes of an
// uninterrupted run.
func TestResumeAfterInterrupt(t *testing.T) {
	args := []string{"run", "stratfight/jorah-vs-mountain", "stratfight/lifespan-14-coins", "--trials", "60000", "--seed", "8", "--chunk", "500", "--format", "json"}
	whole := mustRun(t, args...)
	for _, after := range []time.Duration{0, 30 * time.Millisecond, 150 * time.Millisecond} {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		if after == 0 {
			cancel()
		} else {
			time.AfterFunc(after, cancel)
		}
		_, _, err := crucible(t, ctx, append(args, "--out", dir)...)
		cancel()
		if err != nil {
			t.Logf("interrupted after %v: %v", after, err)
			if _, statErr := os.Stat(filepath.Join(dir, "checkpoint.json")); statErr != nil {
				t.Fatalf("interrupted after %v without a checkpoint: %v", after, statErr)
			}
			out := mustRun(t, append(args[:len(args)-6], "--chunk", "500", "--format", "json", "--out", dir, "--resume")...)
			if out != whole {
				t.Errorf("interrupted after %v and resumed: output differs from the whole run", after)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err == nil {
			t.Errorf("checkpoint left behind after a finished run")
		}
	}
	_, _, err := crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--resume", "--seed", "1")
	if err == nil || !strings.Contains(err.Error(), "--resume needs the --out") {
		t.Errorf("--resume without --out: %v", err)
	}
}

func TestExact(t *testing.T) {
	out := mustRun(t, "exact", "eclipse/interceptor-duel", "--rational")
	for _, want := range []string{"= 5/11", "= 6/11", "= 36/11"} {
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
			Rational map[string]any `json:"rational"`
		} `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Scenario != "eclipse/cruiser-vs-interceptor" || v.Exact.A != 29.0/32 || v.Exact.Rational["a"] != "29/32" || v.Options["attacker.policy"] != "kill-greedy" {
		t.Errorf("exact JSON: %+v", v)
	}
	// The solver plays the optimal policy Monte Carlo cannot, and echoes it.
	out = mustRun(t, "exact", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--set", "attacker.policy=optimal", "--format", "json")
	if !strings.Contains(out, `"attacker.policy": "optimal"`) {
		t.Errorf("optimal policy not echoed:\n%.400s", out)
	}
	out = mustRun(t, "exact", "stratfight/lifespan-30-coins")
	if !strings.Contains(out, "mean 2147483646 s") {
		t.Errorf("lifespan closed form:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"exact", "stratfight/thug-vs-guard"}, "duels need Monte Carlo"},
		{[]string{"exact", "eclipse/interceptor-duel", "--format", "csv"}, "allowed: table, json"},
	} {
		_, _, err := crucible(t, context.Background(), c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, err, c.want)
		}
	}
}

// Monte Carlo agrees with the exact solver through the command line.
func TestCheckExactClaims(t *testing.T) {
	out := mustRun(t, "check", "eclipse/interceptor-duel", "eclipse/cruiser-vs-interceptor", "--seed", "2", "--trials", "50000")
	if strings.Contains(out, "FAIL") || !strings.Contains(out, "win.a = exact") {
		t.Errorf("check:\n%s", out)
	}
}

func TestRunAll(t *testing.T) {
	out := mustRun(t, "run", "--all", "--trials", "50", "--seed", "1", "--format", "csv")
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if !strings.Contains(out, "\n"+e.Name+",") {
			t.Errorf("run --all did not run %s", e.Name)
		}
	}
}

func TestMergeAndResumeRefuseMismatches(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1", "--shard", "0/2", "--format", "json")), 0o644)
	os.WriteFile(b, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "2", "--shard", "1/2", "--format", "json")), 0o644)
	_, _, err := crucible(t, context.Background(), "merge", a, b)
	if err == nil || !strings.Contains(err.Error(), "seeds differ (1 vs 2)") {
		t.Errorf("merge of two seeds: %v", err)
	}
	os.WriteFile(b, []byte(mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1", "--shard", "1/2", "--set", "options.round-cap=50", "--format", "json")), 0o644)
	_, _, err = crucible(t, context.Background(), "merge", a, b)
	if err == nil || !strings.Contains(err.Error(), "scenario hashes differ") {
		t.Errorf("merge of two scenario versions: %v", err)
	}
	os.WriteFile(b, []byte("{}"), 0o644)
	_, _, err = crucible(t, context.Background(), "merge", b)
	if err == nil || !strings.Contains(err.Error(), "not a crucible result") {
		t.Errorf("merge of a non-result: %v", err)
	}

	out := filepath.Join(dir, "run")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3", "--out", out)
	_, _, err = crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--trials", "6000", "--seed", "3", "--out", out, "--resume")
	if err == nil || !strings.Contains(err.Error(), "cannot resume stratfight/thug-vs-guard: the checkpoint covers trials 0..4999, not 0..5999") {
		t.Errorf("resume with other trials: %v", err)
	}
	_, _, err = crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "4", "--out", out, "--resume")
	if err == nil || !strings.Contains(err.Error(), "the checkpoint ran seed 3, not 4") {
		t.Errorf("resume with another seed: %v", err)
	}
	_, _, err = crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--out", filepath.Join(dir, "none"), "--resume")
	if err == nil || !strings.Contains(err.Error(), "--resume:") {
		t.Errorf("resume without a checkpoint: %v", err)
	}
}
