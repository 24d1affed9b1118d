package scenarios_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// Every built-in sweep loads and names a built-in scenario that loads and
// compiles; sweeps are neither scenarios nor suites.
func TestBuiltinSweeps(t *testing.T) {
	sweeps, err := scenarios.BuiltinSweeps()
	if err != nil {
		t.Fatal(err)
	}
	rulesets := map[string]bool{}
	for _, e := range sweeps {
		s, ok, err := scenarios.LoadSweep(e.Name)
		if err != nil || !ok {
			t.Fatalf("%s: ok %v, %v", e.Name, ok, err)
		}
		sc, err := scenarios.Load(s.Scenario)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if _, err := sc.Compile(); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
		if e.Description == "" || !strings.HasPrefix(e.Name, sc.Ruleset+"/") {
			t.Errorf("%s: description %q, filed under a ruleset other than %s", e.Name, e.Description, sc.Ruleset)
		}
		rulesets[sc.Ruleset] = true
	}
	if !rulesets["stratfight"] || !rulesets["eclipse"] {
		t.Errorf("built-in sweeps cover %v; want stratfight and eclipse", rulesets)
	}
	list, _ := scenarios.Builtin()
	suites, _ := scenarios.BuiltinSuites()
	for _, e := range append(list, suites...) {
		if slices.ContainsFunc(sweeps, func(s scenarios.Entry) bool { return s.Name == e.Name }) || strings.HasPrefix(e.Name, "sweeps/") {
			t.Errorf("the sweep %s is listed as a scenario or suite", e.Name)
		}
	}
}

func TestParseVary(t *testing.T) {
	for _, c := range []struct {
		arg  string
		path string
		want []string
	}{
		{"parts[0].shield=0..3", "parts[0].shield", []string{"0", "1", "2", "3"}},
		{"x=0..1:0.25", "x", []string{"0", "0.25", "0.5", "0.75", "1"}},
		{"x=-1..1:0.5", "x", []string{"-1", "-0.5", "0", "0.5", "1"}},
		{"x=0.1..0.35:0.1", "x", []string{"0.1", "0.2", "0.3"}},
		{"x=5..5", "x", []string{"5"}},
		{"b.armor=none,leather, plate", "b.armor", []string{"none", "leather", "plate"}},
		{"attacker.ships.Shielded Interceptor=2,4", "attacker.ships.Shielded Interceptor", []string{"2", "4"}},
	} {
		a, err := scenarios.ParseVary(c.arg)
		if err != nil {
			t.Errorf("%s: %v", c.arg, err)
			continue
		}
		if a.Path != c.path || !slices.Equal(a.Values, c.want) {
			t.Errorf("%s: %s = %q, want %s = %q", c.arg, a.Path, a.Values, c.path, c.want)
		}
	}
}

func TestParseVaryRefuses(t *testing.T) {
	for _, c := range []struct{ arg, want string }{
		{"x", "expected PATH=LIST"},
		{"=1,2", "expected PATH=LIST"},
		{"x=", "expected PATH=LIST"},
		{"x[-1]=1", `bad index in "x[-1]"`},
		{"x[]=1", `empty index in "x[]"`},
		{"x=3..1", "from 3 is above to 1 (allowed: from ≤ to"},
		{"x=0..1:0", "step 0: allowed: a number above 0"},
		{"x=0..100000", "0 to 100000 by 1 gives more than 10000 values (allowed: at most 10000 grid points)"},
		{"x=0..1e18", `"0..1e18" is not a range FROM..TO or FROM..TO:STEP of decimal numbers`},
		{"x=1,2,1", "the value 1 twice"},
		{"x=1,1.0", "the value 1.0 twice"},
		{"x=a,,b", "an empty value"},
	} {
		_, err := scenarios.ParseVary(c.arg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--vary %s: %v, want %q", c.arg, err, c.want)
		}
	}
}

func TestCheckSweepSize(t *testing.T) {
	for _, c := range []struct {
		points int
		trials int64
		want   string
	}{
		{10000, 100_000_000, ""},
		{10001, 1, "a sweep of 10001 grid points is too large (allowed: at most 10000 points"},
		{10, 100_000_000_001, "a sweep of 10 points × 100000000001 trials is too large (allowed: at most 1e+12 trials in all"},
		{10000, 1 << 53, "too large"}, // the product would overflow int64
	} {
		err := scenarios.CheckSweepSize(c.points, c.trials)
		if (c.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%d × %d: %v, want %q", c.points, c.trials, err, c.want)
		}
	}
}

// A sweep file's errors are located at file:line:col with the field and
// what is allowed.
func TestSweepFileErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"sweep: [{path: x, values: [1]}]\n", `s.yaml:1:1: missing required field "scenario"`},
		{"scenario: stratfight/thug-vs-guard\nsweep: [{path: x, values: [1]}]\nnoise: 1\n", `s.yaml:3:8: noise: unknown field "noise" (allowed: name, description, scenario, trials, metric, level, set, sweep)`},
		{"scenario: stratfight/thug-vs-guard\nsweep: []\n", "s.yaml:2:8: sweep: a sweep varies one or two fields; none given"},
		{"scenario: s\nsweep: [{path: a, values: [1]}, {path: b, values: [1]}, {path: c, values: [1]}]\n", "sweep: a sweep varies at most 2 fields (a curve or a heat map), not 3"},
		{"scenario: s\nsweep: [{path: a, values: [1]}, {path: a, values: [2]}]\n", "the field a is varied twice"},
		{"scenario: s\nsweep:\n  - {path: a, values: [1], from: 0, to: 1}\n", "s.yaml:3:6: sweep[0]: give values or a range (from, to, step), not both"},
		{"scenario: s\nsweep:\n  - {path: a}\n", "s.yaml:3:6: sweep[0]: missing values"},
		{"scenario: s\nsweep:\n  - {path: a, to: 3}\n", `a range needs "from"`},
		{"scenario: s\nsweep:\n  - {path: a, from: 0, to: 3, step: -1}\n", "step -1: allowed: a number above 0"},
		{"scenario: s\nsweep:\n  - {path: a, from: x, to: 3}\n", `"x" is not a decimal number`},
		{"scenario: s\nsweep:\n  - {path: a, values: [1, 2], colour: red}\n", `unknown field "colour" (allowed: path, values, from, to, step, label)`},
		{"scenario: s\nsweep:\n  - {path: a, from: 0, to: 200}\n  - {path: b, from: 0, to: 99}\n", "s.yaml:3:3: sweep: a sweep of 20100 grid points is too large (allowed: at most 10000 points"},
		{"scenario: s\ntrials: 1_000_000_000\nsweep:\n  - {path: a, from: 1, to: 2000}\n", "s.yaml:2:9: trials: a sweep of 2000 points × 1000000000 trials is too large (allowed: at most 1e+12 trials in all"},
		{"scenario: s\nmetric: rounds.avg\nsweep: [{path: a, values: [1]}]\n", `s.yaml:2:9: metric: unknown metric "rounds.avg" (allowed: win.a, win.b, win.none, margin (win.a − win.b), end.<reason>, rounds.mean`},
		{"scenario: s\nmetric: win.a\nlevel: 1.5\nsweep: [{path: a, values: [1]}]\n", "s.yaml:3:8: level: win.a is a share: allowed: a value strictly between 0 and 1 (0% and 100%)"},
		{"scenario: s\nmetric: rounds.mean\nlevel: 60%\nsweep: [{path: a, values: [1]}]\n", "s.yaml:3:8: level: 60%: a percentage is for a share or the margin; rounds.mean takes a number"},
		{"scenario: s\nset: [nonsense]\nsweep: [{path: a, values: [1]}]\n", "s.yaml:2:7: set[0]: expected PATH=VALUE"},
		{"scenario: s\nsweep: [{path: \"a..b\", values: [1]}]\n", `empty element in field path "a..b"`},
	} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		os.WriteFile(path, []byte(c.src), 0o644)
		_, ok, err := scenarios.LoadSweep(path)
		if !ok || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ok %v, %v\nwant %q", c.src, ok, err, c.want)
		}
	}
}

func TestLoadSweepFile(t *testing.T) {
	dir := t.TempDir()
	src := `description: armour
scenario: base.yaml
trials: 500
metric: counter.a.hits
level: 2.5
set: ["options.tie-rule=underdog"]
sweep:
  - {path: b.armor.armor_value, from: 0, to: 2, label: "Guard armor"}
`
	os.WriteFile(filepath.Join(dir, "armor.yaml"), []byte(src), 0o644)
	s, ok, err := scenarios.LoadSweep(filepath.Join(dir, "armor.yaml"))
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if s.Name != "armor" || s.Trials != 500 || s.Metric != (rules.Metric{Kind: rules.CounterMean, Name: "a.hits"}) ||
		s.Level == nil || *s.Level != 2.5 || s.Axes[0].Label != "Guard armor" || s.Axes[0].Name() != "Guard armor" ||
		s.Scenario != filepath.Join(dir, "base.yaml") || len(s.Sets) != 1 || !slices.Equal(s.Axes[0].Values, []string{"0", "1", "2"}) {
		t.Errorf("loaded %+v", s)
	}
	if _, ok, _ := scenarios.LoadSweep("stratfight/thug-vs-guard"); ok {
		t.Error("a scenario loaded as a sweep")
	}
}

// A value the scenario rejects is the scenario's error, located at the
// value in the sweep file; the scenario commands point sweeps to sweep.
func TestSweepValuesAreValidatedAtTheirOrigin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.yaml")
	os.WriteFile(path, []byte("scenario: eclipse/shielded-interceptors-vs-gunship\nsweep:\n  - path: parts[0].shield\n    values: [0, 9]\n"), 0o644)
	s, _, err := scenarios.LoadSweep(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Load(s.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	variant := sc.Clone()
	if err := variant.Override(s.Axes[0].Override(1)); err != nil {
		t.Fatal(err)
	}
	_, err = variant.Compile()
	want := path + ":4:17 (sweep[0].values[1]: parts[0].shield=9): parts[0].shield: 9 is out of range"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s…", err, want)
	}
	if _, err := sc.Compile(); err != nil {
		t.Errorf("the override leaked into the base: %v", err)
	}
	if _, err := scenarios.Load("eclipse/shields"); err == nil || !strings.Contains(err.Error(), "is a built-in sweep, not a scenario: run it with `crucible sweep eclipse/shields`") {
		t.Errorf("run of a sweep: %v", err)
	}
	if _, err := scenarios.Load(path); err == nil || !strings.Contains(err.Error(), "this is a sweep file, not a scenario") {
		t.Errorf("run of a sweep file: %v", err)
	}
}
