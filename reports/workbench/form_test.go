package workbench_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/rules"
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

// The form's edits sent with the odds' request (one round trip for a
// pick) make the text /api/edit makes, and its odds are those of that
// text: the exact shares of two Interceptors against one, not of the duel
// the request's text was; an edit the text cannot take is refused with
// its path, and starts nothing.
func TestOddsMakeTheFormsEditsFirst(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "picks")
	text := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	ops := []map[string]any{{"op": "set", "path": "attacker.ships.Interceptor", "value": 2}}
	status, edited := post(t, hs.URL, "/api/edit", map[string]any{"text": text, "ops": ops})
	if status != 200 {
		t.Fatalf("/api/edit: %d %v", status, edited)
	}
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "picks", "job": nextJob(), "name": "x", "text": text, "ops": ops, "trials": 200})
	if status != 200 || r["text"] != edited["text"] {
		t.Fatalf("/api/odds with the form's edits: %d %v, want the text %q", status, r, edited["text"])
	}
	_, exact := tab.final(t, r["job"].(float64), time.Minute)
	if exact.Kind == "" { // the solve, beside the run, may end after it
		exact = tab.answer(t, r["job"].(float64), "exact", time.Minute)
	}
	sc, err := scenarios.Parse("x.yaml", "x", []byte(edited["text"].(string)))
	if err != nil {
		t.Fatal(err)
	}
	sol, err := analysis.Solve(t.Context(), sc, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := exact.Data["result"].(map[string]any)["exact"].(map[string]any)["a"], sol.Win[rules.A].F; got != want {
		t.Errorf("the exact share of a: %v, want %v (two Interceptors against one)", got, want)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "picks", "job": nextJob(), "name": "x", "text": text, "trials": 200,
		"ops": []map[string]any{{"op": "set", "path": "attacker.ships.Interceptor.more", "value": 1}}})
	if status != 400 || !strings.Contains(fmt.Sprint(r["error"]), "attacker.ships.Interceptor") || r["job"] != nil {
		t.Errorf("an edit the text cannot take: %d %v", status, r)
	}
}
