package workbench_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/scenarios"
)

// The fields a sweep or a tune offers include those the text does not
// write (a built-in fighter's strength, a Guard's armor value), and each
// integer's range is exactly the values the scenario compiles with at its
// ends: its Min and Max compile, the integer just past a range narrower
// than the reference's does not (a count of Interceptors stops at the
// hull's limit, 8; the tune suggested 5..11). An element of a
// list is named by its name. The range a tune suggests is the whole range
// of a few values, else the values around the one written or the default
// (a life of 30 coins: 1..60), not the reference's bound of 1000.
func TestFieldsAreWhatCompiles(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	for _, c := range []struct {
		name    string
		want    map[string]string // path: "min..max" or the words
		suggest map[string]string // path: the tune's range
	}{
		{"eclipse/interceptor-duel", map[string]string{"attacker.ships.Interceptor": "1..8", "defender.policy": "[npc kill-greedy largest-killable-first]"},
			map[string]string{"attacker.ships.Interceptor": "1..8"}},
		{"eclipse/shielded-interceptors-vs-gunship", map[string]string{"attacker.ships.Shielded Interceptor": "1..8", "defender.ships.Gunship": "1..2",
			// A part and a blueprint go by their names, as a designer writes them.
			"parts[Tuned Shield].shield": "0..8", "blueprints[Gunship].computer": "0..8"},
			map[string]string{"defender.ships.Gunship": "1..2"}},
		{"stratfight/thug-vs-guard", map[string]string{"a.strength": "0..1000", "b.armor.armor_value": "0..1000", "a.armor": "[none leather chainmail plate]"},
			map[string]string{"a.strength": "0..10", "a.life_coins": "1..60"}},
	} {
		text := builtinText(t, hs.URL, c.name)
		status, r := post(t, hs.URL, "/api/fields", map[string]any{"name": c.name, "text": text})
		if status != 200 {
			t.Fatalf("%s: %d %v", c.name, status, r)
		}
		got := map[string]string{}
		for _, f := range r["fields"].([]any) {
			f := f.(map[string]any)
			path := f["path"].(string)
			if f["kind"] == "integer" {
				lo, hi := int64(f["min"].(float64)), int64(f["max"].(float64))
				got[path] = fmt.Sprintf("%d..%d", lo, hi)
				if want, ok := c.suggest[path]; ok && f["suggest"] != want {
					t.Errorf("%s %s: the tune's range %v, want %s", c.name, path, f["suggest"], want)
				}
				delete(c.suggest, path)
				for v, want := range map[int64]bool{lo: true, hi: true, lo - 1: false, hi + 1: false} {
					if compiles(t, c.name, path, v) != want {
						t.Errorf("%s %s=%d: compiles %v, want %v", c.name, path, v, !want, want)
					}
				}
			} else {
				got[path] = fmt.Sprint(f["values"])
			}
		}
		for path := range c.suggest {
			t.Errorf("%s %s: not among the integer fields", c.name, path)
		}
		for path, want := range c.want {
			if got[path] != want {
				t.Errorf("%s %s: %q, want %q", c.name, path, got[path], want)
			}
		}
	}
}

// compiles reports whether a built-in scenario compiles with one field set.
func compiles(t *testing.T, name, path string, v int64) bool {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Set(path+"="+strconv.FormatInt(v, 10)) != nil {
		return false
	}
	_, err = sc.Compile()
	return err == nil
}
