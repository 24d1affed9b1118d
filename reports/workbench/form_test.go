package workbench_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/scenarios"
)

// A copy of a design ("upgrade") and an inline definition of a catalogue's
// entry ("make my own") change the text and nothing else: before any part
// is swapped, the battle is the same — the exact odds of a copied
// blueprint, the very trials of an inlined armor or fighter.
func TestDefineChangesNothingYet(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	for _, c := range []struct {
		name, edit, path, how string
		wantText              []string
	}{
		{"eclipse/interceptor-duel", "", "attacker.ships.Interceptor", "copy",
			[]string{"  - {name: Interceptor Mk2, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}", "ships: {Interceptor Mk2: 1}"}},
		{"eclipse/shielded-interceptors-vs-gunship", "", "attacker.ships.Shielded Interceptor", "copy",
			[]string{"name: Shielded Interceptor Mk2", "ships: {Shielded Interceptor Mk2: 4}"}},
		{"stratfight/thug-vs-guard", "  armor: leather\n", "b.armor", "inline",
			[]string{"armor: {name: Leather, armor_value: 3, dexterity_penalty: 1}"}},
		{"stratfight/thug-vs-guard", "", "b.fighter", "inline",
			[]string{"fighter: {name: Guard, weapon: broadsword, strength: 4, dexterity: 2, discipline: 3, training: 3}"}},
	} {
		text := builtinText(t, hs.URL, c.name) + c.edit
		status, r := post(t, hs.URL, "/api/define", map[string]any{"name": c.name, "text": text, "path": c.path, "how": c.how})
		if status != 200 {
			t.Fatalf("%s %s: %d %v", c.name, c.path, status, r)
		}
		got := r["text"].(string)
		for _, w := range c.wantText {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: no %q in\n%s", c.name, c.how, w, got)
			}
		}
		before, after := fight(t, c.name, text), fight(t, c.name, got)
		if before != after {
			t.Errorf("%s %s %s: the battle changed:\n%s\n%s", c.name, c.how, c.path, before, after)
		}
	}
}

// fight returns the odds of a text: exact where the solver reaches, else
// 2,000 trials' tally at seed 1.
func fight(t *testing.T, name, text string) string {
	t.Helper()
	sc, err := scenarios.Parse("x.yaml", name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := analysis.Solve(t.Context(), sc, false); err == nil {
		return fmt.Sprint(sol.Win)
	}
	res, _, err := analysis.Run{Seed: 1, Trials: 2000}.Fight(t.Context(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(res.Tally.Wins, res.Tally.Trials)
}
