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

func TestParseTarget(t *testing.T) {
	for _, c := range []struct {
		in     string
		metric string
		op     string
		value  float64
		err    string
	}{
		{"fair", "margin", "=", 0, ""},
		{"win.a>=0.7", "win.a", ">=", 0.7, ""},
		{"win.a >= 70%", "win.a", ">=", 0.7, ""},
		{"win.b<=0.3", "win.b", "<=", 0.3, ""},
		{"margin=-5%", "margin", "=", -0.05, ""},
		{"rounds.mean=8", "rounds.mean", "=", 8, ""},
		{"rounds.p90<=20", "rounds.p90", "<=", 20, ""},
		{"counter.a.survivors.Interceptor>=1", "counter.a.survivors.Interceptor", ">=", 1, ""},
		{"end.stalemate<=1e-2", "end.stalemate", "<=", 0.01, ""},
		{"win.a", "", "", 0, "allowed: fair (margin=0"},
		{"win.a>0.7", "", "", 0, "allowed: fair (margin=0"},
		{"win.c=0.5", "", "", 0, `unknown metric "win.c"`},
		{"rounds.max<=20", "", "", 0, "rounds.max is the extreme of a run"},
		{"win.a>=1", "", "", 0, "strictly between 0 and 1"},
		{"win.a>=0", "", "", 0, "strictly between 0 and 1"},
		{"margin=1", "", "", 0, "strictly between -1 and 1"},
		{"rounds.mean=8%", "", "", 0, "a percentage is for a share or the margin"},
		{"win.a=0x1p-1", "", "", 0, "is not a number"},
		{"win.a=NaN", "", "", 0, "is not a number"},
	} {
		got, err := scenarios.ParseTarget(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || got.Metric.String() != c.metric || got.Op != c.op || got.Value != c.value {
			t.Errorf("%q: %+v, %v", c.in, got, err)
		}
	}
}

// Every built-in tune loads, names a built-in scenario and a field of it,
// and is listed apart from the scenarios; there is one for every ruleset.
func TestBuiltinTunes(t *testing.T) {
	list, err := scenarios.BuiltinTunes()
	if err != nil {
		t.Fatal(err)
	}
	rulesets := map[string]bool{}
	for _, e := range list {
		tu, ok, err := scenarios.LoadTune(e.Name)
		if !ok || err != nil {
			t.Fatalf("%s: ok %v, %v", e.Name, ok, err)
		}
		sc, err := scenarios.Load(tu.Scenario)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if f, ok := rules.FieldAt(sc.Ruleset, tu.Axis.Path); !ok || f.Kind() != rules.IntegerField {
			t.Errorf("%s: %s is not an integer field of the reference (%+v)", e.Name, tu.Axis.Path, f)
		}
		if e.Description == "" || !strings.HasPrefix(e.Name, sc.Ruleset+"/") {
			t.Errorf("%s: description %q, filed under a ruleset other than %s", e.Name, e.Description, sc.Ruleset)
		}
		rulesets[sc.Ruleset] = true
	}
	for _, id := range []string{"stratfight", "eclipse", "emojispace", "ec4x", "dbd"} {
		if !rulesets[id] {
			t.Errorf("no built-in tune of %s", id)
		}
	}
	all, _ := scenarios.Builtin()
	for _, e := range all {
		if slices.ContainsFunc(list, func(x scenarios.Entry) bool { return x.Name == e.Name }) {
			t.Errorf("the tune %s is listed as a scenario", e.Name)
		}
	}
	if _, err := scenarios.Load("stratfight/armor-fair"); err == nil || !strings.Contains(err.Error(), "crucible tune stratfight/armor-fair") {
		t.Errorf("a tune loaded as a scenario: %v", err)
	}
	if _, ok, _ := scenarios.LoadTune("stratfight/thug-vs-guard"); ok {
		t.Error("a scenario was taken for a tune")
	}
}

// A tune file's mistakes are located, with the allowed values.
// A target's value is written from the decimal given, never the float's
// noise: 0.55 is 55 %, where 100·0.55 is 55.00000000000001.
func TestTargetDecimal(t *testing.T) {
	for _, c := range []struct {
		target string
		scale  int64
		want   string
	}{
		{"win.a>=0.55", 100, "55"}, {"win.a>=0.677", 100, "67.7"}, {"win.a>=70%", 100, "70"},
		{"win.a<=1e-3", 100, "0.1"}, {"rounds.mean=8.25", 1, "8.25"}, {"fair", 100, "0"}, {"margin>=-0.125", 100, "-12.5"},
	} {
		tg, err := scenarios.ParseTarget(c.target)
		if err != nil {
			t.Fatal(err)
		}
		if got := tg.Decimal(c.scale); got != c.want {
			t.Errorf("%s ×%d: %q, want %q", c.target, c.scale, got, c.want)
		}
	}
}

func TestTuneFileErrors(t *testing.T) {
	const head = "scenario: stratfight/samwell-vs-guard\n"
	for _, c := range []struct{ src, want string }{
		{"tune: {path: x, from: 0, to: 1, target: fair}\n", `t.yaml:1:1: missing required field "scenario"`},
		{head + "tune: {path: x, from: 0, to: 1}\n", `t.yaml:2:8: tune: missing required field "target"`},
		{head + "tune: {path: x, from: 3, to: 1, target: fair}\n", "t.yaml:2:8: tune: from 3 is not below to 1 (allowed: from < to)"},
		{head + "tune: {path: x, from: none, to: plate, target: fair}\n", `"none" is not a decimal number (tune searches a range of numbers`},
		{head + "tune: {path: x, from: 0, to: 8, target: \"win.a>0.7\"}\n", `t.yaml:2:41: tune.target: target "win.a>0.7"`},
		{head + "tune: {path: x, from: 0, to: 8, target: fair, step: 1}\n", `unknown field "step" (allowed: path, from, to, target, label, resolution)`},
		{head + "tune: {path: x, from: 0, to: 8, target: fair, resolution: fine}\n", "tune.resolution: expected a decimal number above 0"},
		{head + "confidence: 1.5\ntune: {path: x, from: 0, to: 8, target: fair}\n", "t.yaml:2:13: confidence: 1.5 is out of range (allowed: a number from 0.5 to"},
		{head + "first-trials: 500\nmax-trials: 100\ntune: {path: x, from: 0, to: 8, target: fair}\n", "t.yaml:2:15: first-trials: first-trials 500 is above max-trials 100"},
		{head + "tune: [x]\n", "t.yaml:2:7: tune: expected a mapping {path, from, to, target}"},
		{head + "max-trials: 1000\ndecide-trials: 999\ntune: {path: x, from: 0, to: 8, target: fair}\n", "t.yaml:3:16: decide-trials: decide-trials 999 is below max-trials 1000"},
		{head + "decide-trials: 0\ntune: {path: x, from: 0, to: 8, target: fair}\n", "t.yaml:2:16: decide-trials:"},
	} {
		path := filepath.Join(t.TempDir(), "t.yaml")
		os.WriteFile(path, []byte(c.src), 0o644)
		_, ok, err := scenarios.LoadTune(path)
		if !ok || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ok %v, %v\nwant %q", c.src, ok, err, c.want)
		}
	}
}

func TestParseTuneVary(t *testing.T) {
	a, err := scenarios.ParseTuneVary("attacker.ships.Interceptor=1..8")
	if err != nil || a.Path != "attacker.ships.Interceptor" || a.From != "1" || a.To != "8" || a.Origin != "--vary attacker.ships.Interceptor=1..8" {
		t.Errorf("%+v, %v", a, err)
	}
	for _, c := range []struct{ arg, want string }{
		{"x", "expected PATH=FROM..TO"},
		{"x=1,2,3", "tune searches a range FROM..TO of numbers"},
		{"x=0..8:2", "tune searches a range FROM..TO of numbers"},
		{"x=8..0", "from 8 is not below to 0"},
		{"x=3..3", "from 3 is not below to 3"},
		{"b.armor=none..plate", `"none" is not a decimal number`},
		{"a..b=0..1", "empty element"},
	} {
		if _, err := scenarios.ParseTuneVary(c.arg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--vary %s: %v, want %q", c.arg, err, c.want)
		}
	}
	for _, c := range []struct{ label, want string }{{"", "x=3"}, {"{} Interceptors", "3 Interceptors"}, {"armor", "armor 3"}} {
		if got := (scenarios.TuneAxis{Path: "x", Label: c.label}).Phrase("3"); got != c.want {
			t.Errorf("label %q: %q, want %q", c.label, got, c.want)
		}
	}
}

// rules.FieldAt finds a --set path's entry in the reference: indices match
// `[]`, the designer's names match `<name>`, and a literal entry wins over
// a placeholder.
func TestFieldAt(t *testing.T) {
	for _, c := range []struct {
		ruleset, path string
		kind          rules.FieldKind
		ok            bool
	}{
		{"eclipse", "attacker.ships.Interceptor", rules.IntegerField, true},
		{"eclipse", "attacker.ships.Shielded Interceptor", rules.IntegerField, true},
		{"eclipse", "parts[0].shield", rules.IntegerField, true},
		{"eclipse", "parts.shield", 0, false},
		{"eclipse", "attacker.policy", rules.NamedField, true},
		{"stratfight", "b.armor.armor_value", rules.IntegerField, true},
		{"stratfight", "b.armor", rules.NamedField, true},
		{"stratfight", "b.armour", 0, false},
		{"dbd", "scenario.standardsToWin", rules.IntegerField, true},
		{"nosuch", "x", 0, false},
	} {
		f, ok := rules.FieldAt(c.ruleset, c.path)
		if ok != c.ok || ok && f.Kind() != c.kind {
			t.Errorf("%s %s: %+v (kind %d), %v; want kind %d, %v", c.ruleset, c.path, f, f.Kind(), ok, c.kind, c.ok)
		}
	}
}
