package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/sim"
)

func TestRunTable(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "3000", "--seed", "7")
	for _, want := range []string{
		"scenario  stratfight/thug-vs-guard   ruleset stratfight   trials 3000   seed 7",
		"tie-rule=flip-off", "Thug wins (a)", "Guard wins (b)", "no winner", "95 % Clopper–Pearson",
		"end death", "end helpless", "end concession", "end round-cap",
		"rounds  mean", "p50", "p90", "p99", "max", "Thug: a.hits", "Guard: b.hits", "flipoffs",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

// Same seed, same bytes: for any worker count and chunk size, in JSON and CSV.
func TestRunIsDeterministic(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "500", "--seed", "7", "--format", "json")
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"scenario", "ruleset", "scenario_hash", "crucible_version", "seed", "trials", "options", "wins", "ends", "rounds", "counters", "counter_docs", "intervals"} {
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
	if c := v["counters"].(map[string]any); c["a.hits"] == nil || c["b.coins-lost"] == nil || c["flipoffs"] == nil {
		t.Errorf("counters not named side first: %v", c)
	}
}

// Integer flags are decimal whatever their leading zeros: --seed 010 is
// seed 10 (pflag read it as the octal 8), --trials 010 ten trials.
func TestIntegerFlagsAreDecimal(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "010", "--seed", "010", "--chunk", "03", "--workers", "02", "--format", "json")
	var v struct{ Seed, Trials int64 }
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Seed != 10 || v.Trials != 10 {
		t.Errorf("--seed 010 --trials 010 ran seed %d, %d trials; want 10 and 10", v.Seed, v.Trials)
	}
	if ten := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "10", "--seed", "10", "--format", "json"); ten != out {
		t.Errorf("--seed 010 differs from --seed 10:\n%s\n----\n%s", out, ten)
	}
}

// Without --seed a seed is drawn, printed on stderr and written into the output.
func TestRunDrawsAndPrintsSeed(t *testing.T) {
	t.Parallel()
	out, errOut, code := crucible(t, context.Background(), "run", "stratfight/thug-vs-guard", "--trials", "100", "--format", "json")
	if code != 0 {
		t.Fatal(errOut)
	}
	m := regexp.MustCompile(`random seed (\d+) \(add --seed \d+ to repeat\)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("stderr does not give the seed: %q", errOut)
	}
	if !strings.Contains(out, `"seed": `+m[1]+",") {
		t.Errorf("output does not carry seed %s", m[1])
	}
}

func TestRunSetOverrides(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "stratfight/thug-vs-guard", "--trials", "200", "--seed", "1",
		"--set", "options.tie-rule=underdog", "--set", "b.fighter=arya")
	if !strings.Contains(out, "tie-rule=underdog") {
		t.Errorf("override not echoed:\n%s", out)
	}
}

func TestRunWritesReport(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "report")
	mustRun(t, "run", "stratfight/thug-vs-guard", "stratfight/lifespan-29-coins", "--trials", "500", "--seed", "3", "--out", dir)
	for _, f := range []string{"summary.csv", "rounds.csv", "summary.json", "winrates.png", "rounds.png", "index.html"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// Two scenarios of one name (two files of one base name) cannot be told
// apart in a report: the run refuses them before fighting.
func TestRunRefusesTwoScenariosOfOneName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "copy.yaml"), filepath.Join(dir, "sub", "copy.yaml")
	os.MkdirAll(filepath.Dir(b), 0o755)
	os.WriteFile(a, src, 0o644)
	os.WriteFile(b, src, 0o644)
	mustFail(t, exitFailed, "two scenarios are named copy", "run", b, a, "--trials", "10", "--seed", "1")
}

// An interrupted run prints what finished and exits 130.
func TestRunInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, _, code := crucible(t, ctx, "run", "stratfight/thug-vs-guard", "--trials", "100000", "--seed", "1")
	if code != exitInterrupted {
		t.Fatalf("exit %d, want 130", code)
	}
	if !strings.Contains(out, "INTERRUPTED: 0 of 100000") {
		t.Errorf("output does not say the run was interrupted:\n%s", out)
	}
}

func TestRunAll(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "--all", "--trials", "50", "--seed", "1", "--format", "csv")
	if n := strings.Count(out, ",win.a,"); n < 30 {
		t.Errorf("run --all ran %d scenarios", n)
	}
}

// interruptAt makes the next run cancel itself once `at` trials of the
// scenario named name have finished: the cut falls mid-run, between
// chunks, whatever the speed of the machine.
func interruptAt(t *testing.T, name string, at int64) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return command.WithProgress(ctx, func(s analysis.Stage) (func(int64), func()) {
		if s.Name != name {
			return nil, func() {}
		}
		var done atomic.Int64
		done.Store(s.Done)
		return func(n int64) {
			if done.Add(n) >= at {
				cancel()
			}
		}, func() {}
	})
}

// Wherever a run is interrupted — within its first scenario, within its
// second, or before it begins — --resume finishes it with the bytes of an
// uninterrupted run, and a finished run leaves no checkpoint.
func TestResumeAfterInterrupt(t *testing.T) {
	t.Parallel()
	args := []string{"run", "stratfight/jorah-vs-mountain", "stratfight/lifespan-14-coins", "--trials", "60000", "--seed", "8", "--chunk", "500", "--format", "json"}
	whole := mustRun(t, args...)
	for _, cut := range []struct {
		scenario string
		at       int64
	}{{"stratfight/jorah-vs-mountain", 0}, {"stratfight/jorah-vs-mountain", 20000}, {"stratfight/lifespan-14-coins", 30000}} {
		t.Run(fmt.Sprintf("%s at %d", strings.TrimPrefix(cut.scenario, "stratfight/"), cut.at), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			ctx := interruptAt(t, cut.scenario, cut.at)
			if cut.at == 0 {
				c, cancel := context.WithCancel(ctx)
				cancel()
				ctx = c
			}
			out, _, code := crucible(t, ctx, append(args, "--out", dir)...)
			if code != exitInterrupted || !strings.Contains(out, `"interrupted": true`) {
				t.Fatalf("cut in %s at %d: exit %d, want 130 and an interrupted result", cut.scenario, cut.at, code)
			}
			parts, err := reports.ReadJSON([]byte(out))
			if err != nil {
				t.Fatal(err)
			}
			if n := parts[len(parts)-1].Tally.Trials; cut.at > 0 && (n < cut.at || n >= 60000) {
				t.Errorf("cut at %d of %s: %d trials finished, want a part from the cut on", cut.at, cut.scenario, n)
			}
			resumed := mustRun(t, append(args, "--out", dir, "--resume")...)
			if resumed != whole {
				t.Errorf("cut in %s at %d and resumed: output differs from the whole run", cut.scenario, cut.at)
			}
			if _, err := os.Stat(filepath.Join(dir, "checkpoint.json")); err == nil {
				t.Errorf("checkpoint left behind after a finished run")
			}
		})
	}
}

// A --resume that does not match its checkpoint is refused before any
// trial, saying what the checkpoint holds, and leaves the checkpoint as
// it was without claiming to have written one: other trials or seed,
// other scenarios (which used to delete the checkpoint and exit 0), or a
// checkpoint from another crucible version.
func TestResumeRefusesMismatches(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "run")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	crucible(t, ctx, "run", "stratfight/thug-vs-guard", "stratfight/cat-vs-arya", "--trials", "5000", "--seed", "3", "--out", out)
	path := filepath.Join(out, outdir.CheckpointFile)
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	refuse := func(want string, args ...string) {
		t.Helper()
		_, errOut := mustFail(t, exitFailed, want, append(args, "--out", out, "--resume")...)
		if strings.Contains(errOut, "checkpoint written") {
			t.Errorf("a refused --resume says it wrote a checkpoint:\n%s", errOut)
		}
		if now, _ := os.ReadFile(path); string(now) != string(saved) {
			t.Errorf("a refused --resume changed or deleted the checkpoint")
		}
	}
	both := []string{"run", "stratfight/thug-vs-guard", "stratfight/cat-vs-arya"}
	refuse("cannot resume stratfight/thug-vs-guard: the checkpoint covers trials 0..4999, not 0..5999",
		append(both, "--trials", "6000", "--seed", "3")...)
	refuse("the checkpoint ran seed 3, not 4", append(both, "--trials", "5000", "--seed", "4")...)
	refuse("cannot resume: the checkpoint holds stratfight/thug-vs-guard (seed 3, trials 0..4999), stratfight/cat-vs-arya (seed 3, trials 0..4999); this command runs stratfight/thug-vs-guard (seed 3",
		"run", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3")
	refuse("this command runs stratfight/cat-vs-arya (seed 3, trials 0..4999), stratfight/thug-vs-guard",
		"run", "stratfight/cat-vs-arya", "stratfight/thug-vs-guard", "--trials", "5000", "--seed", "3")

	cs, err := sim.ReadCheckpoints(path)
	if err != nil {
		t.Fatal(err)
	}
	if cs[0].Version != version {
		t.Errorf("the checkpoint records crucible_version %q, want %q", cs[0].Version, version)
	}
	for _, c := range cs {
		c.Version = "0.1.9"
	}
	if err := outdir.WriteCheckpoints(path, cs); err != nil {
		t.Fatal(err)
	}
	saved, _ = os.ReadFile(path)
	refuse("cannot resume stratfight/thug-vs-guard: the checkpoint was written by crucible 0.1.9, this is "+version,
		append(both, "--trials", "5000", "--seed", "3")...)

	mustFail(t, exitFailed, "--resume: no checkpoint in",
		"run", "stratfight/thug-vs-guard", "--out", filepath.Join(dir, "none"), "--resume")
}

// A run interrupted after its last trial finished is complete: it exits
// 0 with the whole report and no checkpoint, not 130.
func TestInterruptAfterTheLastTrialIsComplete(t *testing.T) {
	t.Parallel()
	args := []string{"run", "stratfight/thug-vs-guard", "--trials", "3000", "--seed", "8", "--format", "json"}
	whole := mustRun(t, args...)
	dir := t.TempDir()
	out, errOut, code := crucible(t, interruptAt(t, "stratfight/thug-vs-guard", 3000), append(args, "--out", dir)...)
	if code != exitOK || out != whole {
		t.Errorf("interrupted as the last trial finished: exit %d, output as a whole run: %v\n%s", code, out == whole, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, outdir.CheckpointFile)); err == nil {
		t.Error("a complete run left a checkpoint")
	}
}

// run --out shows the exact value beside each estimate of a scenario its
// ruleset's solver reaches (eclipse/interceptor-duel: P(attacker wins) =
// 5/11), and no exact column for one without a solver (dbd).
func TestRunOutShowsTheExactValue(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "report")
	mustRun(t, "run", "eclipse/interceptor-duel", "--trials", "300", "--seed", "1", "--out", dir)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<th>exact</th>") || !strings.Contains(string(page), `<tr data-metric="win.a"><td>attacker wins (a)</td><td>`) ||
		!strings.Contains(string(page), "<td>45.45 %</td></tr>") {
		t.Errorf("the run page does not show P(attacker wins) = 45.45 %% beside the estimate")
	}
	dir = filepath.Join(t.TempDir(), "report")
	mustRun(t, "run", "dbd/symmetric_line", "--trials", "20", "--seed", "1", "--out", dir)
	page, _ = os.ReadFile(filepath.Join(dir, "index.html"))
	if strings.Contains(string(page), "<th>exact</th>") {
		t.Errorf("the run page of a scenario no solver reaches has an exact column")
	}
}

// run --out draws, for each per-type survivor counter, the Monte Carlo
// chance that at least k survive: the counters are distributions, so the
// curve is the estimate's (its legend the counter's name, with no
// "(exact)" beside it), whether or not a solver reaches the scenario;
// where one does, the exact curve is drawn dashed beside it.
func TestRunOutDrawsSurvivorsAtLeast(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scenario, legend string
		exact            bool
	}{
		{"eclipse/interceptor-duel", ">survivors.Interceptor<", true},
		{"eclipse/upgraded-three-types", ">survivors.Plasma Cruiser<", true},
		{"ec4x/home-defense-76", ">survivors<", false},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "report")
			mustRun(t, "run", c.scenario, "--trials", "200", "--seed", "1", "--out", dir)
			page, err := os.ReadFile(filepath.Join(dir, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`<img src="(s1-[^"]*-at-least\.svg)"`).FindSubmatch(page)
			if m == nil {
				t.Fatal("the run page shows no chart of at least k")
			}
			svg, err := os.ReadFile(filepath.Join(dir, string(m[1])))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(svg), c.legend) {
				t.Errorf("%s has no Monte Carlo curve %s", m[1], c.legend)
			}
			if strings.Contains(string(svg), "(dashed: exact)") != c.exact {
				t.Errorf("%s: exact curves drawn dashed %v, want %v", m[1], !c.exact, c.exact)
			}
		})
	}
}
