package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSweepTable(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "sweep", "eclipse/shields", "--trials", "2000", "--seed", "1")
	for _, want := range []string{
		"sweep     eclipse/shields   base eclipse/shielded-interceptors-vs-gunship   ruleset eclipse   seed 1",
		"4 points × 2000 trials, on common random numbers",
		"parts[0].shield  attacker wins (win.a)", "95 % Clopper–Pearson", "exact", "mean rounds",
		"break-even: where attacker wins (win.a) crosses 50 %, as the two grid values on either side (exact values; parts[0].shield takes whole numbers)",
		"parts[0].shield between 2 (47.34 % exactly) and 3 (79.31 % exactly)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("sweep table lacks %q:\n%s", want, out)
		}
	}
}

// A grid point is the base with --set of its values: the same battles,
// trial by trial, as `run --set` of that point (the name, and so the
// streams, are the base's).
func TestSweepPointIsRunWithSet(t *testing.T) {
	t.Parallel()
	sweep := readCSV(t, mustRun(t, "sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0..6:3",
		"--trials", "1500", "--seed", "5", "--format", "csv"))
	run := readCSV(t, mustRun(t, "run", "stratfight/samwell-vs-guard", "--set", "b.armor.armor_value=3",
		"--trials", "1500", "--seed", "5", "--format", "csv"))
	count := func(rows [][]string, metricCol, countCol int, filter func([]string) bool) string {
		for _, r := range rows[1:] {
			if r[metricCol] == "win.a" && filter(r) {
				return r[countCol]
			}
		}
		t.Fatal("no win.a row")
		return ""
	}
	got := count(sweep, 7, 8, func(r []string) bool { return r[6] == "3" })
	if want := count(run, 6, 7, func([]string) bool { return true }); got != want {
		t.Errorf("sweep point armor 3 won %s, run --set won %s", got, want)
	}
}

func readCSV(t *testing.T, s string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Same seed, same bytes, on both rulesets, for any --workers and --chunk.
func TestSweepIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sweep", "eclipse/shields-by-fleet", "--trials", "1000"},
		{"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor=none,leather,chainmail", "--vary", "a.armor.armor_value=0,3", "--trials", "1000"},
	} {
		var first string
		for _, wc := range [][2]string{{"1", "1000"}, {"2", "7"}, {"8", "333"}} {
			out := mustRun(t, append(args, "--seed", "11", "--workers", wc[0], "--chunk", wc[1], "--format", "csv")...)
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("%s: output differs for workers=%s chunk=%s", args[1], wc[0], wc[1])
			}
		}
	}
}

func TestSweepWritesReport(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "sweep")
	_, errOut, code := crucible(t, context.Background(), "sweep", "eclipse/shields-by-fleet", "--trials", "300", "--seed", "2", "--workers", "2", "--out", dir)
	if code != 0 {
		t.Fatal(errOut)
	}
	for _, f := range []string{"sweep.csv", "breakeven.csv", "curve.png", "heatmap.png", "index.html"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if want := "crucible sweep eclipse/shields-by-fleet --trials 300 --seed 2 --workers 2 --out " + dir; !strings.Contains(string(page), want) {
		t.Errorf("index.html does not give the command %q", want)
	}
}

// Ctrl-C in the third point: the two finished points are printed and
// written, marked interrupted, and the exit status is 130.
func TestSweepInterruptedKeepsFinishedPoints(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cut")
	ctx := interruptAt(t, "parts[0].shield=2", 2000) // the third point
	out, errOut, code := crucible(t, ctx, "sweep", "eclipse/shields", "--trials", "50000", "--chunk", "500", "--seed", "3", "--format", "csv", "--out", dir)
	if code != exitInterrupted || !strings.Contains(errOut, "interrupted; above are the 2 of 4 points that finished") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if rows := readCSV(t, out); len(rows) != 1+2*9 || rows[len(rows)-1][5] != "1" {
		t.Errorf("printed %d rows, want the header and the 9 metrics of points 0 and 1:\n%s", len(rows), out)
	}
	saved, err := os.ReadFile(filepath.Join(dir, "sweep.csv"))
	if err != nil || string(saved) != out {
		t.Errorf("the report's sweep.csv is not what was printed: %v", err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(page), "Interrupted: 2 of 4 points finished") {
		t.Error("the page does not say the sweep was interrupted")
	}
}

func TestSweepUsageErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"accepts 1 arg(s), received 0", []string{"sweep"}},
		{"--vary x: expected PATH=LIST", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "x"}},
		{"--vary: a sweep varies at most 2 fields (a curve or a heat map), not 3", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "a.strength=1,2", "--vary", "b.strength=1,2", "--vary", "a.dexterity=1,2"}},
		{"--vary: the field a.strength is varied twice", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "a.strength=1,2", "--vary", "a.strength=3"}},
		{"--vary: a sweep of 10201 grid points is too large (allowed: at most 10000 points", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "a.x=0..100", "--vary", "b.x=0..100"}},
		{"--vary a.x=0..20000: 0 to 20000 by 1 gives more than 10000 values", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "a.x=0..20000"}},
		{"--trials 200000000000: a sweep of 9 points × 200000000000 trials is too large (allowed: at most 1e+12 trials in all", []string{"sweep", "stratfight/armor", "--trials", "200000000000", "--seed", "1"}},
		{"eclipse/shields is a sweep file, which names its own fields: --vary goes with a scenario", []string{"sweep", "eclipse/shields", "--vary", "x=1,2", "--seed", "1"}},
		{"stratfight/thug-vs-guard is not a sweep: name one or two fields to vary with --vary PATH=LIST", []string{"sweep", "stratfight/thug-vs-guard", "--seed", "1"}},
		{`--metric rounds.avg: unknown metric "rounds.avg" (allowed: win.a, win.b, win.none, margin (win.a − win.b), end.<reason>, rounds.mean`, []string{"sweep", "eclipse/shields", "--metric", "rounds.avg", "--seed", "1"}},
		{"--level 1.5: win.a is a share: allowed: a value strictly between 0 and 1 (0% and 100%)", []string{"sweep", "eclipse/shields", "--level", "1.5", "--seed", "1"}},
		{"--level 60%: 60%: a percentage is for a share or the margin; rounds.mean takes a number", []string{"sweep", "eclipse/shields", "--metric", "rounds.mean", "--level", "60%", "--seed", "1"}},
		{"--label: 2 labels for 1 --vary fields (allowed: one per --vary, in order)", []string{"sweep", "stratfight/thug-vs-guard", "--vary", "a.strength=1,2", "--label", "x", "--label", "y"}},
		{"eclipse/shields is a sweep file: --label goes with --vary (a file labels its fields with label:)", []string{"sweep", "eclipse/shields", "--label", "shield", "--seed", "1"}},
		{`--format "yaml": allowed: table, csv, json`, []string{"sweep", "eclipse/shields", "--format", "yaml"}},
		{"unknown flag: --shard", []string{"sweep", "eclipse/shields", "--shard", "0/2"}},
		{"--set nonsense: expected PATH=VALUE", []string{"sweep", "eclipse/shields", "--set", "nonsense", "--seed", "1"}},
	} {
		mustFail(t, exitUsage, c.want, c.args...)
	}
}

// Errors of the input exit 1, located: a value the scenario rejects, at
// its --vary or its place in the sweep file; a sweep file past the
// limits, at the field.
func TestSweepInputErrors(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, "--vary parts[0].shield=0..9 (value 9): parts[0].shield: 9 is out of range (allowed: an integer from 0 to 8)",
		"sweep", "eclipse/shielded-interceptors-vs-gunship", "--vary", "parts[0].shield=0..9", "--seed", "1")
	mustFail(t, exitFailed, `--metric end.flight: unknown end reason "flight" (this battle ends by: destroyed, retreated,`,
		"sweep", "eclipse/shields", "--metric", "end.flight", "--seed", "1")
	mustFail(t, exitFailed, `--metric counter.a.hit: unknown counter "a.hit" (counters: a.pain, b.pain,`,
		"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0,1", "--metric", "counter.a.hit", "--seed", "1")
	mustFail(t, exitFailed, `; did you mean "a.hits"?`,
		"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0,1", "--metric", "counter.a.hit", "--seed", "1")
	dir := t.TempDir()
	for _, c := range []struct{ src, want string }{
		{"scenario: stratfight/samwell-vs-guard\nsweep:\n  - {path: b.armor, values: [none, tin]}\n",
			`big.yaml:3:36 (sweep[0].values[1]: b.armor=tin): b.armor: unknown armor "tin" (allowed: none, leather, chainmail, plate`},
		{"scenario: stratfight/samwell-vs-guard\nsweep:\n  - {path: a.strength, from: 1, to: 200}\n  - {path: b.strength, from: 1, to: 200}\n",
			"big.yaml:3:3: sweep: a sweep of 40000 grid points is too large (allowed: at most 10000 points, and 1e+12 trials in all)"},
		{"scenario: stratfight/samwell-vs-guard\ntrials: 2_000_000_000\nsweep:\n  - {path: a.strength, from: 1, to: 600}\n",
			"big.yaml:2:9: trials: a sweep of 600 points × 2000000000 trials is too large (allowed: at most 1e+12 trials in all, and 10000 points)"},
		{"scenario: nowhere.yaml\nsweep: [{path: a, values: [1]}]\n", "nowhere.yaml: no such file"},
		{"scenario: stratfight/samwell-vs-guard\nmetric: end.flight\nsweep: [{path: b.armor.armor_value, values: [0, 1]}]\n",
			`big.yaml:2:9 (metric: end.flight): unknown end reason "flight" (this battle ends by: death, helpless, concession, round-cap)`},
	} {
		path := filepath.Join(dir, "big.yaml")
		os.WriteFile(path, []byte(c.src), 0o644)
		mustFail(t, exitFailed, c.want, "sweep", path, "--seed", "1")
	}
}

func TestSweepsAreListedAndNotRun(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "scenarios")
	for _, want := range []string{"eclipse/shields ", "(sweep for crucible sweep)", "stratfight/armor "} {
		if !strings.Contains(out, want) {
			t.Errorf("scenarios lacks %q", want)
		}
	}
	mustFail(t, exitFailed, "eclipse/shields is a built-in sweep, not a scenario: run it with `crucible sweep eclipse/shields`", "run", "eclipse/shields", "--seed", "1")
	if n := strings.Count(mustRun(t, "run", "--all", "--trials", "10", "--seed", "1", "--format", "csv"), "shields"); n != 0 {
		t.Errorf("run --all ran a sweep")
	}
}

// --metric follows any metric a claim takes: the table heads it, the CSV
// has its row at every point with the value and interval run --set gives
// (the interval EstimateOf gives), and the break-even is sought at the
// metric's level: 50 % for a share, 0 for the margin, --level for others,
// none without it.
func TestSweepFollowsAnyMetric(t *testing.T) {
	t.Parallel()
	base := []string{"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=0..2", "--trials", "600", "--seed", "3"}
	for _, c := range []struct {
		metric, level string
		want          []string
	}{
		{"margin", "", []string{"Samwell Tarley wins − Guard wins (margin)", "95 % Clopper–Pearson limits", "crosses 0 points, as the two grid values"}},
		{"win.none", "", []string{"no winner (win.none)", "crosses 50 %", "not crossed in the grid: no winner (win.none) is below 50 %"}},
		{"end.concession", "", []string{"end.concession", "95 % Clopper–Pearson", "crosses 50 %"}},
		{"rounds.mean", "", []string{"rounds.mean", "95 % normal", "break-even: none sought: rounds.mean has no level of its own (give one with --level X"}},
		{"rounds.mean", "21", []string{"crosses 21, as the two grid values on either side"}},
		{"rounds.p90", "", []string{"rounds.p90", "95 % order-statistic"}},
		{"counter.a.hits", "", []string{"Samwell Tarley: counter.a.hits", "95 % normal"}},
	} {
		args := append(append([]string{}, base...), "--metric", c.metric)
		if c.level != "" {
			args = append(args, "--level", c.level)
		}
		out := mustRun(t, args...)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("--metric %s: the table lacks %q:\n%s", c.metric, w, out)
			}
		}
		rows := readCSV(t, mustRun(t, append(args, "--format", "csv")...))
		n := 0
		for _, r := range rows[1:] {
			if r[7] == c.metric {
				n++
			}
		}
		if n != 3 {
			t.Errorf("--metric %s: %d CSV rows of it, want one per point", c.metric, n)
		}
	}
	// A point's counter mean and interval are run --set's.
	sweep := readCSV(t, mustRun(t, append(append([]string{}, base...), "--metric", "counter.a.hits", "--format", "csv")...))
	run := readCSV(t, mustRun(t, "run", "stratfight/samwell-vs-guard", "--set", "b.armor.armor_value=1", "--trials", "600", "--seed", "3", "--format", "csv"))
	var got, want []string
	for _, r := range sweep[1:] {
		if r[6] == "1" && r[7] == "counter.a.hits" {
			got = r[10:13] // value, lo95, hi95
		}
	}
	for _, r := range run[1:] {
		if r[6] == "counter.a.hits" {
			want = r[8:11]
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") || len(got) == 0 {
		t.Errorf("counter.a.hits at armor 1: sweep %v, run --set %v", got, want)
	}
}

// A field of names is ranked, not interpolated: no break-even, the values
// best first for the field's side (the Guard's armor by Samwell's wins:
// lowest first) with those indistinguishable from the first marked, and
// --label names the field.
func TestSweepRanksNames(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor=none,leather,chainmail,plate", "--label", "Guard's armor",
		"--trials", "2000", "--seed", "1")
	for _, w := range []string{"Guard's armor  Samwell Tarley wins (win.a)", "ranking: Guard's armor by Samwell Tarley wins (win.a), lowest first (the best for Guard, whose field this is); = marks those indistinguishable from the lowest",
		"Holm-corrected", "  1  plate "} {
		if !strings.Contains(out, w) {
			t.Errorf("the ranking lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "break-even") || strings.Contains(out, "between") {
		t.Errorf("a break-even between names:\n%s", out)
	}
	// "Which armor makes the duel fair?": given a level, the nearest first.
	out = mustRun(t, "sweep", "stratfight/armor-kinds", "--metric", "margin", "--level", "0", "--trials", "20000", "--seed", "1")
	for _, w := range []string{"nearest 0 points first; = marks those indistinguishable from 0 points", "  1  chainmail  +0.4 points   [-1.0, +1.8]    =\n", "  2  none       +6.2 points   [+4.8, +7.6]    apart (p < 0.0001)"} {
		if !strings.Contains(out, w) {
			t.Errorf("the ranking against 0 lacks %q:\n%s", w, out)
		}
	}
}

// --format json names an integer field's bracket plainly, each end with
// its value of the field and of the metric, for scripts and CI.
func TestSweepJSON(t *testing.T) {
	t.Parallel()
	var got struct {
		Metric    string
		Level     float64
		Breakeven []struct {
			State string
			Exact bool
			Spans []struct {
				LoPoint struct {
					Values   []float64
					Estimate float64
					Exact    *float64
				} `json:"lo_point"`
			}
		}
	}
	out := mustRun(t, "sweep", "eclipse/shields", "--trials", "500", "--seed", "1", "--format", "json")
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	be := got.Breakeven
	if got.Metric != "win.a" || got.Level != 0.5 || len(be) != 1 || be[0].State != "crossed" || !be[0].Exact || len(be[0].Spans) != 1 {
		t.Fatalf("%+v", got)
	}
	if lo := be[0].Spans[0].LoPoint; len(lo.Values) != 1 || lo.Values[0] != 2 || lo.Exact == nil || lo.Estimate != *lo.Exact {
		t.Errorf("lo_point %+v, want the grid value 2 with its exact value", lo)
	}
	if !strings.Contains(out, `"hi_point": {`) {
		t.Errorf("no hi_point:\n%s", out)
	}
}
