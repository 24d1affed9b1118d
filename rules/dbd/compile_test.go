package dbd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

var sampleNames = []string{"empty", "symmetric_line", "symmetric_double_line", "cavalry_hammer", "refused_flank", "deep_center", "symmetric_screen", "symmetric_wings"}

// TestSampleScenarios checks the eight samples (§13) as built in: units per
// side and HP per side as the file gives it and at max HP (option hp:
// max), against §13's table; the plain JSON file compiles to the same
// battle as the built-in wrapper.
func TestSampleScenarios(t *testing.T) {
	want := map[string][2][3]int{ // units, HP as the file gives it, HP at max; BLUE then RED
		"empty":                 {{0, 0, 0}, {0, 0, 0}},
		"symmetric_line":        {{10, 34, 43}, {10, 34, 43}},
		"symmetric_double_line": {{14, 50, 63}, {14, 50, 63}},
		"cavalry_hammer":        {{11, 37, 48}, {11, 37, 48}},
		"refused_flank":         {{11, 38, 50}, {11, 38, 49}},
		"deep_center":           {{10, 34, 46}, {12, 42, 53}},
		"symmetric_screen":      {{14, 42, 55}, {14, 42, 55}},
		"symmetric_wings":       {{16, 48, 65}, {16, 48, 65}},
	}
	for _, name := range sampleNames {
		b := loadBattle(t, name, "")
		bmax := loadBattle(t, name, "options: {hp: max}\n")
		plain := compileSource(t, readFile(t, filepath.Join("testdata/d6", name+".json")))
		for s := range Side(2) {
			var got [3]int
			got[0] = len(b.bySide[s])
			for _, i := range b.bySide[s] {
				got[1] += int(b.units[i].HP)
				got[2] += int(bmax.units[i].HP)
			}
			if got != want[name][s] {
				t.Errorf("%s %s: units, HP, max HP %v, want %v", name, s, got, want[name][s])
			}
		}
		if b.Scenario.StandardsToWin != 5 || b.Scenario.TurnSide != Blue || b.Scenario.ActivationsLeft != 3 || b.Scenario.TurnNumber != 1 {
			t.Errorf("%s: standards %d, turn %s/%d/%d", name, b.Scenario.StandardsToWin, b.Scenario.TurnSide, b.Scenario.TurnNumber, b.Scenario.ActivationsLeft)
		}
		if b.spec.Sides != plain.spec.Sides || len(b.units) != len(plain.units) {
			t.Errorf("%s: the built-in is %v, the plain file %v", name, b.spec.Sides, plain.spec.Sides)
		}
		for i := range b.units {
			if b.units[i] != plain.units[i] {
				t.Errorf("%s: unit %d differs: %+v vs %+v", name, i, b.units[i], plain.units[i])
			}
		}
	}
}

// TestSampleSymmetries checks the placements against §13's symmetry column:
// each BLUE unit has a RED twin of its type and quality on the rotated
// (id → 156 − id) or mirrored ((row, col) → (10 − row, col)) hex.
func TestSampleSymmetries(t *testing.T) {
	rotate := func(h Hex) Hex { return NumHexes - 1 - h }
	mirror := func(h Hex) Hex { return Hex(Standard().RowStart[10-int(Standard().Row[h])] + int(Standard().Col[h])) }
	for _, c := range []struct {
		name   string
		sym    []func(Hex) Hex
		except UnitType // a type the symmetry spares (§13: "except the archers")
	}{
		{"symmetric_line", []func(Hex) Hex{rotate}, ARC},
		{"cavalry_hammer", []func(Hex) Hex{rotate}, 255},
		{"symmetric_double_line", []func(Hex) Hex{mirror}, 255},
		{"symmetric_wings", []func(Hex) Hex{mirror}, 255},
		{"symmetric_screen", []func(Hex) Hex{mirror, rotate}, 255},
	} {
		b := loadBattle(t, c.name, "")
		at := map[Hex]Unit{}
		for _, u := range b.units {
			at[u.Hex] = u
		}
		for _, sym := range c.sym {
			for _, u := range b.units {
				if u.Side != Blue || u.Type == c.except {
					continue
				}
				v, ok := at[sym(u.Hex)]
				if !ok || v.Side != Red || v.Type != u.Type || v.Quality != u.Quality || v.HP != u.HP {
					t.Errorf("%s: %s on %d has no RED twin on %d (%+v)", c.name, u.ID, u.Hex, sym(u.Hex), v)
				}
			}
		}
	}
}

// Options hp and standards-to-win (G17), and the file's meta echoed in the
// replay (§12).
func TestScenarioOptions(t *testing.T) {
	b := loadBattle(t, "deep_center", "options: {standards-to-win: 9}\n")
	if b.Scenario.StandardsToWin != 9 {
		t.Errorf("standards to win %d, want 9", b.Scenario.StandardsToWin)
	}
	src := strings.Replace(blob, `"turn": {`, `"meta": {"name": "Hill 47", "author": {"handle": "x"}}, "turn": {`, 1)
	b = compileSource(t, "scenario: "+src+"\n")
	if b.Scenario.Meta != `{name: "Hill 47", author: {handle: "x"}}` {
		t.Errorf("meta %q", b.Scenario.Meta)
	}
	var log bytes.Buffer
	b.NewFighter().Replay(0, rules.NewRand(1, 2), &rules.Outcome{Counters: make([]int64, len(b.spec.Counters))}, &log)
	if !strings.Contains(log.String(), `meta: {name: "Hill 47"`) {
		t.Errorf("the replay does not echo meta:\n%.400s", log.String())
	}
	// Every option in force is echoed, the policies too.
	names := map[string]bool{}
	for _, s := range b.spec.Options {
		names[s.Name] = true
	}
	for _, o := range optionSet {
		if !names[o.Name] {
			t.Errorf("option %s is not echoed", o.Name)
		}
	}
	if !names["policies.blue"] || !names["policies.red"] {
		t.Error("the policies are not echoed")
	}
}

// A plain dbd-scn-0.1 file is read whole: exactly its fields, with default
// options and greedy policies.
func TestPlainFile(t *testing.T) {
	b := compileSource(t, blob)
	if b.Policies != [2]PolicyKind{PolicyGreedy, PolicyGreedy} || b.Opt.TurnCap != 60 || b.Opt.Profile.Name != "cohort" {
		t.Errorf("policies %v, cap %d, profile %s", b.Policies, b.Opt.TurnCap, b.Opt.Profile.Name)
	}
	if b.Scenario.Terrain[47] != Woods {
		t.Errorf("terrain of 47: %s", b.Scenario.Terrain[47])
	}
	data, err := os.ReadFile("testdata/d6/symmetric_line.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("{\n  \"schema\": \"dbd-scn-0.1\"")) {
		t.Error("testdata/d6/symmetric_line.json is not a JSON blob")
	}
}

// The mirrored samples are built in with the first move alternating
// between trials, so that their reports give the first-mover advantage;
// the others as the files give them, BLUE first.
func TestBuiltinFirstSide(t *testing.T) {
	for _, name := range sampleNames {
		b := compileSource(t, readFile(t, filepath.Join("../../scenarios/builtin/dbd", name+".yaml")))
		mirrored := strings.HasPrefix(name, "symmetric") || name == "cavalry_hammer"
		if got := b.Opt.FirstSide == firstAlternate; got != mirrored {
			t.Errorf("%s: first-side alternate %v, want %v", name, got, mirrored)
		}
	}
}
