package scenarios_test

import (
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	_ "github.com/crucible-sim/crucible/rules/all"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/scenarios"
)

// Every built-in scenario loads, compiles and has a description.
func TestBuiltinScenariosCompile(t *testing.T) {
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) == 0 {
		t.Fatal("no built-in scenarios")
	}
	for _, e := range list {
		sc, err := scenarios.Load(e.Name)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if _, err := sc.Compile(); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
		if e.Description == "" {
			t.Errorf("%s has no description", e.Name)
		}
		folder := sc.Ruleset
		if strings.HasSuffix(sc.Ruleset, scenarios.RulesFileExt) {
			folder = "rulesfile" // the built-in rules files and their scenarios
		}
		if !strings.HasPrefix(e.Name, folder+"/") {
			t.Errorf("%s is filed under the wrong ruleset %s", e.Name, sc.Ruleset)
		}
	}
}

func TestParseCommonFields(t *testing.T) {
	sc, err := scenarios.Parse("x.yaml", "x", []byte(`ruleset: stratfight
name: my-duel
description: a test
trials: 1_000
a: {fighter: thug}
b: {fighter: guard}
claims:
  - {id: c1, metric: win.b, min: 0.5}
  - {metric: rounds.p90, max: 200}
`))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "my-duel" || sc.Ruleset != "stratfight" || sc.Trials != 1000 || len(sc.Claims) != 2 {
		t.Errorf("parsed %+v", sc)
	}
	if m := sc.Claims[1].Metric; m != (rules.Metric{Kind: rules.RoundsQuantile, Percent: 90}) {
		t.Errorf("rounds.p90 parsed as %+v", m)
	}
	if sc.Claims[0].Label() != "c1" || sc.Claims[1].Label() != "rounds.p90" {
		t.Errorf("labels %q %q", sc.Claims[0].Label(), sc.Claims[1].Label())
	}
}

// The hash follows the content, overrides included, not the formatting.
func TestHashFollowsContent(t *testing.T) {
	a, _ := scenarios.Parse("a.yaml", "x", []byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"))
	b, _ := scenarios.Parse("b.yaml", "x", []byte("# a comment\nruleset: stratfight\na:\n  fighter: thug\nb:\n  fighter: guard\n"))
	if a.Hash() != b.Hash() {
		t.Errorf("formatting changed the hash: %s vs %s", a.Hash(), b.Hash())
	}
	if err := b.Set("options.tie-rule=underdog"); err != nil {
		t.Fatal(err)
	}
	if a.Hash() == b.Hash() {
		t.Error("an override did not change the hash")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: 1\n", `x.yaml:1:1: missing required field "ruleset"`},
		{"ruleset: stratfight\ntrials: -5\n", `x.yaml:2:9: trials: -5 is out of range (allowed: an integer from 1 to 9007199254740992)`},
		{"ruleset: stratfight\nclaims:\n  - {metric: wins.a, min: 1}\n", `x.yaml:3:14: claims[0].metric: unknown metric "wins.a" (allowed: `},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a}\n", `x.yaml:3:6: claims[0]: a claim needs min, max or both (or exact: true)`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, min: 0.6, max: 0.4}\n", `x.yaml:3:26: claims[0].min: min 0.6 is above max 0.4`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, unit: hours, min: 1}\n", `x.yaml:3:27: claims[0].unit: a unit applies only to rounds metrics, not win.a`},
		{"ruleset: stratfight\nclaims:\n  - {metric: rounds.mean, unit: fortnights, min: 1}\n", `claims[0].unit: unknown unit "fortnights" (allowed: seconds, minutes, hours, days, years)`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, exact: true, min: 0.1}\n", `an exact claim takes no min or max`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, min: 0.1, on: sample}\n", `x.yaml:3:35: claims[0].on: unknown value "sample" (allowed: exact; `},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, exact: true, on: exact}\n", `claims[0].on: on: exact judges the bounds on the solver's exact value; it goes with neither exact: true`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, min: 1, fixed: true, on: exact}\n", `claims[0].on: on: exact judges the bounds`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, min: 1, trial: 3, on: exact}\n", `claims[0].on: on: exact judges the bounds`},
		{"ruleset: stratfight\nclaims:\n  - {metric: rounds.p90, min: 1, on: exact}\n", `claims[0].metric: a claim on the exact value needs a probability, margin or rounds.mean metric, not rounds.p90`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, on: exact}\n", `claims[0]: a claim needs min, max or both`},
		{"ruleset: stratfight\nclaims:\n  - {metric: win.a, min: 0.1, tolerance: 0.1, on: exact}\n", `claims[0].tolerance: a tolerance applies to exact claims only`},
		{"[1, 2]\n", `a scenario is a mapping`},
	} {
		_, err := scenarios.Parse("x.yaml", "x", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func TestCompileChecksClaimsAgainstTheBattle(t *testing.T) {
	sc, err := scenarios.Parse("x.yaml", "x", []byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\nclaims:\n  - {metric: rounds.mean, unit: hours, min: 1}\n  - {metric: counter.bogus, min: 1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = sc.Compile()
	if err == nil || !strings.Contains(err.Error(), "units convert seconds, but this battle counts rounds") {
		t.Errorf("got %v", err)
	}
}

func TestLoadUnknown(t *testing.T) {
	_, err := scenarios.Load("stratfight/no-such-duel")
	if err == nil || !strings.Contains(err.Error(), "crucible scenarios") {
		t.Errorf("got %v", err)
	}
}

// FuzzScenario: no scenario text and no override may crash loading or
// compiling, whatever the ruleset. The ruleset compiles the document
// directly, not through Scenario.Compile, whose recovery from a panic would
// hide the panic from the fuzzer.
func FuzzScenario(f *testing.F) {
	f.Add([]byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"), "options.round-cap=3")
	f.Add([]byte("ruleset: stratfight\nkind: lifespan\nstart_coins: 3\n"), "stop_at_coins=1")
	f.Add([]byte("ruleset: eclipse\nattacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}\n"), "attacker.policy=npc")
	f.Fuzz(func(t *testing.T, src []byte, set string) {
		sc, err := scenarios.Parse("fuzz.yaml", "fuzz", src)
		if err != nil {
			return
		}
		_ = sc.Set(set)
		rs, err := rules.Lookup(sc.Ruleset)
		if err != nil {
			t.Fatalf("a parsed scenario names an unknown ruleset: %v", err)
		}
		if _, err := rs.Compile(sc.Document()); err != nil {
			if msg := rulestest.Located(err); msg != "" {
				t.Fatal(msg)
			}
		}
		_ = sc.Hash()
	})
}

func TestSuites(t *testing.T) {
	s, ok, err := scenarios.LoadSuite("stratfight/lifespan-claims")
	if err != nil || !ok || len(s.Scenarios) != 11 {
		t.Fatalf("lifespan-claims: %+v %v %v", s, ok, err)
	}
	for _, name := range s.Scenarios {
		if _, err := scenarios.Load(name); err != nil {
			t.Errorf("suite names %s: %v", name, err)
		}
	}
	if _, ok, _ := scenarios.LoadSuite("stratfight/thug-vs-guard"); ok {
		t.Error("a scenario was taken for a suite")
	}
	list, _ := scenarios.Builtin()
	for _, e := range list {
		if e.Name == "stratfight/lifespan-claims" {
			t.Error("the suite is listed as a scenario")
		}
	}
}

// Hostile and broken files are refused before the YAML parser sees them,
// with the place and the reason; text in UTF-8 with a byte-order mark or
// in UTF-16 reads like any other.
func TestFileLimitsAndEncodings(t *testing.T) {
	ok := "ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"
	utf16le := []byte{0xFF, 0xFE}
	for _, r := range ok {
		utf16le = append(utf16le, byte(r), 0)
	}
	for _, src := range [][]byte{append([]byte{0xEF, 0xBB, 0xBF}, ok...), utf16le} {
		if _, err := scenarios.Parse("enc.yaml", "enc", src); err != nil {
			t.Errorf("% x…: %v", src[:4], err)
		}
	}
	for _, c := range []struct {
		src  string
		want string
	}{
		{"a: " + strings.Repeat("[", 100_000), "x.yaml:1:67: nested more than 64 levels deep"},
		{"a: " + strings.Repeat("{b: ", 70), "nested more than 64 levels deep"},
		{"a:\n" + func() string {
			var b strings.Builder
			for i := 1; i < 80; i++ {
				b.WriteString(strings.Repeat(" ", i) + "b:\n")
			}
			return b.String()
		}(), "x.yaml:65:65: nested more than 64 levels deep"},
		{strings.Repeat("- ", 80) + "x\n", "nested more than 64 levels deep"},
		{"ruleset: stratfight\x00\n", "x.yaml:1:20: a NUL byte"},
		{"ruleset: \xff\xfe\xfd\n", "x.yaml:1:10: not UTF-8 text (byte 0xff)"},
		{strings.Repeat("#", scenarios.MaxFileBytes+1), "x.yaml: the file is larger than 4194304 bytes"},
	} {
		start := time.Now()
		_, err := scenarios.Parse("x.yaml", "x", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.30q…: %v, want %q", c.src, err, c.want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%.30q…: refused only after %v", c.src, d)
		}
	}
	// Deep but within the limit parses.
	if _, err := scenarios.ParseYAML("x.yaml", []byte("a: "+strings.Repeat("[", 60)+strings.Repeat("]", 60))); err != nil {
		t.Errorf("60 levels: %v", err)
	}
}

// Load reads a built-in name as built in and anything ending .yaml or .yml,
// or naming no built-in scenario, as a file.
func TestIsBuiltin(t *testing.T) {
	for ref, want := range map[string]bool{
		"stratfight/thug-vs-guard":      true,
		"eclipse/fleet-mirror":          true,
		"stratfight/thug-vs-guard.yaml": false,
		"stratfight/no-such-duel":       false,
		"my-duel.yaml":                  false,
		"dbd/symmetric_line":            true,
		"dbd/symmetric_line.json":       false,
		"../builtin/stratfight/x":       false,
		"":                              false,
	} {
		if got := scenarios.IsBuiltin(ref); got != want {
			t.Errorf("IsBuiltin(%q) = %v, want %v", ref, got, want)
		}
	}
}
