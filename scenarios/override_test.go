package scenarios_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/scenarios"
)

// --set takes lists and mappings, validated like the file and located at
// the override; --unset removes a field, so that a side can change kind.
func TestStructuredOverrides(t *testing.T) {
	for _, c := range []struct {
		scenario string
		unsets   []string
		sets     []string
		want     string // "" compiles; else the error
	}{
		{"eclipse/interceptor-vs-ancient", nil, []string{"attacker.policy=priority", "attacker.priority=[Ancient]"}, ""},
		{"eclipse/interceptor-vs-ancient", nil, []string{"attacker.policy=priority", "attacker.priority=[Ancient, Dreadnought]"},
			`--set attacker.priority=[Ancient, Dreadnought]: attacker.priority[1]: unknown enemy ship type "Dreadnought" (allowed: Ancient)`},
		{"stratfight/thug-vs-guard", nil, []string{"a.weapon={damage: 4, lethality: 6}"}, ""},
		{"stratfight/thug-vs-guard", nil, []string{"a.weapon={damage: 4, lethality: x}"},
			`--set a.weapon={damage: 4, lethality: x}: a.weapon.lethality: expected an integer`},
		{"emojispace/p0-vs-blood-raider-pop1", nil, []string{"b={ship: N2b}"}, ""},
		{"emojispace/p0-vs-blood-raider-pop1", []string{"b.npc"}, []string{"b.ship=N2b"}, ""},
		{"emojispace/p0-vs-blood-raider-pop1", nil, []string{"b.ship=N2b"}, "a side is either a ship or an npc, not both"},
		{"emojispace/p0-vs-blood-raider-pop1", []string{"b.npcc"}, nil, `--unset b.npcc: b: no field "npcc" to remove (fields: npc); did you mean "npc"?`},
		{"eclipse/fleet-mirror", []string{"claims[0]"}, nil, ""},
		{"eclipse/fleet-mirror", []string{"claims[99]"}, nil, "--unset claims[99]: claims: has no element [99]"},
		{"eclipse/fleet-mirror", []string{"attacker.ships.Interceptor.x"}, nil, "--unset attacker.ships.Interceptor.x: attacker.ships.Interceptor: is a scalar, which has no field \"x\""},
		{"eclipse/fleet-mirror", []string{"attacker.ships.Interceptr"}, nil, "--unset attacker.ships.Interceptr: attacker.ships: no field \"Interceptr\" to remove (fields: Interceptor, Cruiser, Dreadnought); did you mean \"Interceptor\"?"},
	} {
		sc, err := scenarios.Load(c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.unsets {
			if err = sc.Unset(p); err != nil {
				break
			}
		}
		for _, s := range c.sets {
			if err != nil {
				break
			}
			err = sc.Set(s)
		}
		if err == nil {
			_, err = sc.Compile()
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s --unset %q --set %q: %v", c.scenario, c.unsets, c.sets, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s --unset %q --set %q: %v\nwant %s", c.scenario, c.unsets, c.sets, err, c.want)
		}
	}
}

// Removing a claim removes it from the scenario's claims, and the claims
// after it move up with their paths.
func TestUnsetClaim(t *testing.T) {
	sc, err := scenarios.Load("eclipse/fleet-mirror")
	if err != nil {
		t.Fatal(err)
	}
	n := len(sc.Claims)
	second := sc.Claims[1]
	if err := sc.Unset("claims[0]"); err != nil {
		t.Fatal(err)
	}
	if len(sc.Claims) != n-1 || sc.Claims[0].Metric != second.Metric || sc.Claims[0].ID != second.ID {
		t.Errorf("after --unset claims[0]: %d claims, the first %+v; want %d, the first %+v", len(sc.Claims), sc.Claims[0], n-1, second)
	}
}

// A sweep's values may be lists and mappings, in a sweep file and in
// --vary; each point sets its value as --set would.
func TestSweepVariesStructuredValues(t *testing.T) {
	a, err := scenarios.ParseVary("b.armor=[leather, {armor_value: 5}]")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"leather", "{armor_value: 5}"}; !slices.Equal(a.Values, want) || a.Numeric() {
		t.Errorf("--vary values %q (numeric %v), want %q as names", a.Values, a.Numeric(), want)
	}
	for _, c := range []struct{ arg, want string }{
		{"b.armor=[leather, leather]", "the value leather twice"},
		{"b.armor={armor_value: 5}", "expected a list of values"},
		{"b.armor=[leather, ~]", "value [1] is null"},
		{"b.armor=[leather", "the value is not valid YAML"},
	} {
		if _, err := scenarios.ParseVary(c.arg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--vary %s: %v, want %q", c.arg, err, c.want)
		}
	}

	path := filepath.Join(t.TempDir(), "s.yaml")
	os.WriteFile(path, []byte("scenario: stratfight/samwell-vs-guard\nsweep:\n  - path: b.armor\n    values: [none, {armor_value: 5}, {armor_value: nine}]\n"), 0o644)
	s, _, err := scenarios.LoadSweep(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"none", "{armor_value: 5}", "{armor_value: nine}"}; !slices.Equal(s.Axes[0].Values, want) {
		t.Fatalf("sweep file values %q, want %q", s.Axes[0].Values, want)
	}
	base, err := scenarios.Load(s.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"", "", path + ":4:39 (sweep[0].values[2]: b.armor={armor_value: nine}): b.armor.armor_value: expected an integer"} {
		v := base.Clone()
		err := v.Override(s.Axes[0].Override(i))
		if err == nil {
			_, err = v.Compile()
		}
		if want == "" && err != nil || want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("point %d: %v, want %q", i, err, want)
		}
	}
}

// A name that is no file and no built-in suggests the nearest built-in
// names: by their last part within the ruleset, then in any ruleset.
func TestUnknownNamesSuggest(t *testing.T) {
	for _, c := range []struct{ ref, want string }{
		{"eclipse/intercepter-duel", `did you mean "eclipse/interceptor-duel"?`},
		{"eclipse/INTERCEPTOR-DUEL", `did you mean "eclipse/interceptor-duel"?`},
		{"interceptor-duel", `did you mean "eclipse/interceptor-duel"?`},
		{"eclipes/interceptor-duel", `did you mean "eclipse/interceptor-duel"?`},
		{"stratfight/thug-vs-gaurd", `did you mean "stratfight/thug-vs-guard"?`},
		{"stratfight/nobody", "(run `crucible scenarios` for the list)"},
	} {
		_, err := scenarios.Load(c.ref)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("Load(%q): %v, want …%s", c.ref, err, c.want)
		}
	}
	if _, _, err := scenarios.BuiltinSource("eclipse/sheilds"); err == nil || !strings.HasSuffix(err.Error(), `did you mean "eclipse/shields"?`) {
		t.Errorf("BuiltinSource of a misspelt sweep: %v", err)
	}
}

// A scenario from standard input is named by its name field, else stdin,
// and its errors name <stdin>.
func TestParseStdin(t *testing.T) {
	sc, err := scenarios.ParseStdin([]byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"))
	if err != nil || sc.Name != "stdin" || sc.File != "<stdin>" {
		t.Errorf("ParseStdin: %v, name %q, file %q", err, sc.Name, sc.File)
	}
	sc, err = scenarios.ParseStdin([]byte("ruleset: stratfight\nname: piped\na: {fighter: thug}\nb: {fighter: guard}\n"))
	if err != nil || sc.Name != "piped" {
		t.Errorf("ParseStdin with a name: %v, name %q", err, sc.Name)
	}
	_, err = scenarios.ParseStdin([]byte("ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "<stdin>:") {
		t.Errorf("a broken scenario on stdin: %v", err)
	}
	s, ok, err := scenarios.ParseSweepStdin([]byte("scenario: stratfight/samwell-vs-guard\nsweep: [{path: b.armor, values: [none, leather]}]\n"))
	if err != nil || !ok || s.Name != "stdin" || s.File != "<stdin>" {
		t.Errorf("ParseSweepStdin: %v, ok %v, %+v", err, ok, s)
	}
	if _, ok, _ := scenarios.ParseSweepStdin([]byte("ruleset: stratfight\n")); ok {
		t.Error("a scenario on stdin read as a sweep")
	}
}
