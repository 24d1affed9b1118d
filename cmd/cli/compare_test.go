package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// compare's command line. The statistical outcomes asserted here are at
// fixed seeds, so they never change; the family-wise false-alarm rate of
// every comparison is the default --alpha, 0.05.

var roundCap = []string{"compare", "stratfight/thug-vs-guard", "--set-a", "options.round-cap=200", "--set-b", "options.round-cap=190",
	"--seed", "7", "--trials", "20000"}

// Two option sets of one stratfight scenario: the lower cap shifts wins
// to draws by a significant 1.3 points, and the table says so.
func TestCompareStratfight(t *testing.T) {
	t.Parallel()
	out := mustRunShared(t, roundCap...)
	for _, want := range []string{
		"A  stratfight/thug-vs-guard options.round-cap=200",
		"options   round-cap=200 → 190",
		"  Guard wins 1.3 points less often with B (paired 95 % interval 1.1 to 1.5): significant (McNemar chi-square, p 1.71e-58)",
		"  battles last 1.40 rounds shorter with B (paired 95 % interval 1.33 to 1.46): significant (paired z, p <1e-300)",
		"Guard wins (win.b)    86.73 %  85.42 %  -1.310 pp  [-1.533, -1.087] pp",
		"verdict   significant difference in Guard wins (win.b), no winner (win.none), end.concession, end.round-cap, rounds.mean, rounds.distribution\n          (family-wise α = 0.05; Bonferroni: each p against 0.05/9 = 0.00555556)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
}

// Two scenarios of eclipse, and a variant compared with itself: "no
// significant difference".
func TestCompareEclipse(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "compare", "eclipse/interceptor-duel", "eclipse/interceptor-duel", "--seed", "4", "--trials", "20000")
	if !strings.Contains(out, "verdict   no significant difference") || !strings.Contains(out, "The rounds differ in 0 of 20000 pairs") {
		t.Errorf("a variant against itself:\n%s", out)
	}
	out = mustRun(t, "compare", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--set-b", "attacker.policy=largest-killable-first",
		"--seed", "3", "--trials", "20000")
	if !strings.Contains(out, "attacker wins (win.a)   74.41 %   74.99 %   +0.575 pp  [+0.420, +0.730] pp        [-0.645, +1.795] pp") {
		t.Errorf("the eclipse comparison:\n%s", out)
	}
}

// JSON and CSV carry the same numbers; the same seed gives the same bytes
// for any --workers and --chunk. The CSV is the report's comparison.csv,
// which TestCompareOut shows is what --format csv prints.
func TestCompareFormats(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cmp")
	js := mustRun(t, append(roundCap, "--format", "json", "--workers", "1", "--chunk", "333", "--out", dir)...)
	if again := mustRunShared(t, append(roundCap, "--format", "json", "--workers", "2")...); again != js {
		t.Error("the comparison depends on --workers or --chunk")
	}
	var obj struct {
		Trials int64 `json:"trials"`
		Tests  int   `json:"tests"`
		Shares []struct {
			Metric string     `json:"metric"`
			Diff   float64    `json:"diff"`
			Paired [2]float64 `json:"paired"`
		} `json:"shares"`
		Significant []string `json:"significant"`
		Verdict     string   `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(js), &obj); err != nil {
		t.Fatal(err)
	}
	if obj.Trials != 20000 || obj.Tests != 9 || len(obj.Shares) != 7 || obj.Shares[1].Metric != "win.b" || obj.Shares[1].Diff != -0.0131 ||
		len(obj.Significant) != 6 || !strings.HasPrefix(obj.Verdict, "significant difference in Guard wins (win.b)") {
		t.Errorf("JSON: %+v", obj)
	}
	rows, err := csv.NewReader(mustOpen(t, filepath.Join(dir, "comparison.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+7+2+17 || rows[0][9] != "metric" || rows[2][9] != "win.b" || rows[2][12] != "-0.0131" || rows[9][9] != "rounds.distribution" ||
		rows[26][9] != "counter.flipoffs" || rows[26][12] != "-0.5374" {
		t.Errorf("CSV: %q", rows)
	}
}

// --out writes the report: its CSV is stdout's, its images decode, and its
// page names the command that reproduces it, with the seed drawn.
func TestCompareOut(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cmp")
	args := []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.tie-rule=underdog", "--trials", "3000", "--out", dir, "--format", "csv"}
	stdout, stderr, code := crucible(t, context.Background(), args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "comparison.csv"))
	if err != nil || string(got) != stdout {
		t.Errorf("comparison.csv differs from stdout (%v)", err)
	}
	for _, name := range []string{"differences.png", "rounds.png"} {
		f, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if img, err := png.Decode(bytes.NewReader(f)); err != nil || img.Bounds().Dx() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	seed := strings.Fields(strings.SplitN(stderr, "crucible: random seed ", 2)[1])[0]
	for _, want := range []string{`src="differences.png"`, `src="rounds.png"`, "crucible 0.2.0",
		"crucible compare stratfight/thug-vs-guard --set-b options.tie-rule=underdog --trials 3000 --out " + dir + " --format csv --seed " + seed} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	var js bytes.Buffer
	if _, err := js.ReadFrom(mustOpen(t, filepath.Join(dir, "comparison.json"))); err != nil || !json.Valid(js.Bytes()) {
		t.Errorf("comparison.json is not JSON: %v", err)
	}
}

func mustOpen(t *testing.T, path string) io.Reader {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestCompareUsageErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"compare takes two scenarios, or one scenario with --set-a and/or --set-b (got 0 arguments)", []string{"compare"}},
		{"(got 3 arguments)", []string{"compare", "stratfight/thug-vs-guard", "stratfight/cat-vs-arya", "stratfight/jorah-vs-mountain"}},
		{"compare stratfight/thug-vs-guard: one scenario needs --set-a and/or --set-b", []string{"compare", "stratfight/thug-vs-guard"}},
		{"--set-a nonsense: expected PATH=VALUE", []string{"compare", "stratfight/thug-vs-guard", "--set-a", "nonsense"}},
		{"--set-b =1: expected PATH=VALUE", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "=1"}},
		{"--alpha 0: allowed: a number from 1e-12 to 0.5", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--alpha", "0"}},
		{`--format "xml": allowed: table, csv, json`, []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--format", "xml"}},
		{"--trials 0: allowed", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--trials", "0"}},
		{"--trials 29: allowed: an integer from 30", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--trials", "29"}},
		{"unknown flag: --shard", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--shard", "0/2"}},
		{"--margin -2: allowed: a positive number of points, for every share (2 is 2 points); a percent of A's value, for every mean (5%); or either for one metric as METRIC=X, a mean's also in its own units",
			[]string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--margin", "-2"}},
		{"--margin win.a=5%: a share's margin is in points (win.a=5 is 5 points), not a percent",
			[]string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--margin", "win.a=5%"}},
		{"--margin counter.nonsense: the comparison reports no counter.nonsense: allowed: win.a, win.b, win.none, end.death",
			[]string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--margin", "counter.nonsense=1", "--trials", "30"}},
		{"--resume needs the --out directory of the interrupted command", []string{"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--resume"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
}

// Variants that cannot be compared, and overrides a scenario rejects, are
// input errors: exit 1, naming what is wrong.
func TestCompareInputErrors(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, "cannot compare stratfight/thug-vs-guard (ruleset stratfight) with eclipse/interceptor-duel (ruleset eclipse): both variants must be of one ruleset",
		"compare", "stratfight/thug-vs-guard", "eclipse/interceptor-duel", "--seed", "1")
	mustFail(t, exitFailed, "both variants must have the same end reasons",
		"compare", "stratfight/thug-vs-guard", "stratfight/lifespan-13-coins", "--seed", "1")
	mustFail(t, exitFailed, `--set-b options.round-cap=-3: options.round-cap`,
		"compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=-3", "--seed", "1")
}

// Ctrl-C before a comparison has two blocks of every pass exits 130 and
// prints no comparison; later, it keeps what was fought: the blocks every
// pass finished are a valid smaller comparison, marked INTERRUPTED — the
// same figures as a comparison of that many trials.
func TestCompareInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	args := append(roundCap[:len(roundCap)-1:len(roundCap)-1], "40000")
	out, errOut, code := crucible(t, ctx, args...)
	if code != exitInterrupted || out != "" || !strings.Contains(errOut, "interrupted before two blocks of every pass finished; nothing compared") {
		t.Errorf("cancelled before it began: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// Cut in the fifth block's A pass, after four blocks of 5,000 trials
	// of every pass (3 × 20,000 trials).
	out, errOut, code = crucible(t, cancelAfter(t, 64000), args...)
	const mark = "INTERRUPTED: 20000 of 40000 planned paired trials finished under A, B and the pairs alike; the figures below cover those.\n"
	if code != exitInterrupted || !strings.Contains(out, mark) ||
		!strings.Contains(errOut, "interrupted; above: the 20000 paired trials every pass finished") {
		t.Fatalf("cancelled mid-run: exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	if whole := mustRunShared(t, roundCap...); strings.Replace(out, mark, "", 1) != whole {
		t.Errorf("the interrupted comparison of 20,000 trials differs from an uninterrupted one:\n%s\n---\n%s", out, whole)
	}
}

// --margin turns each metric's verdict into better, worse, equivalent or
// undecided with the trials that would decide; fought that many more, the
// undecided one decides. The undecided case's report carries its JSON.
func TestCompareMargin(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cmp")
	for _, c := range []struct {
		trials string
		margin []string
		want   []string
		out    string
	}{
		{"20000", []string{"win.b=1", "rounds.mean=5%"}, []string{
			"Guard wins 1.3 points less often with B (paired 95 % interval 1.1 to 1.5): B is better for Thug by more than 1 point",
			"verdict   B is better for Thug by more than 1 point: Guard wins (win.b)\n          A and B are equivalent within ±5 % of A's (4.01428 rounds): rounds.mean\n",
			"margins: each metric's two one-sided tests at 0.00555556, that is its 98.89 % interval against ±margin (TOST)",
		}, ""},
		{"20000", []string{"win.b=1.5"}, []string{"verdict   undecided — about 3,178 more trials would decide: Guard wins (win.b)\n"}, dir},
		{"23178", []string{"win.b=1.5"}, []string{"verdict   A and B are equivalent within ±1.5 points: Guard wins (win.b)\n"}, ""},
		// A bare number is points, for the shares: the means get no
		// verdict, and the output says so (it judged them ±2 rounds and
		// ±2 pain before).
		{"20000", []string{"2"}, []string{"A and B are equivalent within ±2 points: Thug wins (win.a), Guard wins (win.b), ", "no margin, so no verdict against one: rounds.mean, the 17 counters (a margin applies to the metrics it names"}, ""},
	} {
		args := append(roundCap[:len(roundCap)-1:len(roundCap)-1], c.trials)
		for _, m := range c.margin {
			args = append(args, "--margin", m)
		}
		if c.out != "" {
			args = append(args, "--out", c.out)
		}
		out := mustRun(t, args...)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("--margin %v at %s trials lacks %q:\n%s", c.margin, c.trials, w, out)
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "comparison.json"))
	if err != nil {
		t.Fatal(err)
	}
	if js := string(b); !strings.Contains(js, `"margin": {
        "margin": 0.015,
        "as_given": "win.b=1.5",
        "verdict": "undecided",`) || !strings.Contains(js, `"more_trials": 3178`) {
		t.Errorf("JSON of a margin:\n%s", js)
	}
}

// compare --exact solves both variants and gives every metric's exact
// difference, with no sampling; a margin judges it with nothing undecided.
func TestCompareExact(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--exact", "--margin", "win.a=1")
	for _, want := range []string{
		"exact: both variants solved, no sampling; differences are B − A",
		"attacker wins 1.393 points less often with B (41.37 % → 39.98 %): B is worse for attacker by more than 1 point",
		"battles end with no winner equally often with A and B (0.00 % → 0.00 %)\n",
		"destroyed ends come equally often with A and B (100.00 % → 100.00 %)\n",
		"battles last 0.9815 rounds longer with B (8.14274 → 9.12423)",
		"rounds.mean                     8.14274   9.12423   +0.981488",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compare --exact lacks %q:\n%s", want, out)
		}
	}
	js := mustRun(t, "compare", "eclipse/interceptor-duel", "--set-b", "defender.ships.Interceptor=2", "--exact", "--rational", "--format", "json")
	if !strings.Contains(js, `"exact": true`) || !strings.Contains(js, `"rational_a": "5/11"`) || !strings.Contains(js, `"rational_diff": "`) {
		t.Errorf("compare --exact --rational JSON:\n%s", js)
	}
	rows, err := csv.NewReader(strings.NewReader(mustRun(t, "compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--exact", "--format", "csv"))).ReadAll()
	if err != nil || rows[1][3] != "win.a" || rows[1][2] != "eclipse" {
		t.Errorf("compare --exact CSV: %q, %v", rows, err)
	}
	mustFail(t, exitUsage, "--exact solves both variants and runs no trials: --trials does not apply",
		"compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--exact", "--trials", "100")
	mustFail(t, exitUsage, "--exact solves both variants and runs no trials: --resume does not apply",
		"compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--exact", "--out", t.TempDir(), "--resume")
	mustFail(t, exitUsage, "--rational needs --exact", "compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--rational")
	mustFail(t, exitFailed, "A stratfight/thug-vs-guard: stratfight solves lifespan scenarios exactly (closed forms of §9); duels need Monte Carlo", "compare", "stratfight/thug-vs-guard", "--set-b", "options.round-cap=9", "--exact")
}

// compare --exact --out writes what it printed, in every format, and a
// page whose table is comparison.csv's.
func TestCompareExactReport(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cmp")
	args := []string{"compare", "eclipse/fleet-mirror", "eclipse/fleet-mirror-upgraded", "--exact"}
	text := mustRun(t, append(args, "--out", dir)...)
	for name, want := range map[string]string{
		"comparison.txt":  text,
		"comparison.json": mustRun(t, append(args, "--format", "json")...),
		"comparison.csv":  mustRun(t, append(args, "--format", "csv")...),
	} {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != want {
			t.Errorf("%s is not what the command printed (%v)", name, err)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !strings.Contains(string(page), "<td>win.a</td>") || !strings.Contains(string(page), "Made by <code>crucible compare eclipse/fleet-mirror") {
		t.Errorf("index.html (%v):\n%s", err, page)
	}
}

// cancelAfter makes the next command cancel itself once at trials have
// finished.
func cancelAfter(t *testing.T, at int64) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return command.WithProgress(ctx, func(analysis.Stage) (func(int64), func()) {
		var done atomic.Int64
		return func(n int64) {
			if done.Add(n) >= at {
				cancel()
			}
		}, func() {}
	})
}
