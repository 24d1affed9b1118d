package workbench_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The page's rules file is read in place of the file of its name only:
// inside the scenario's folder, ending in .yaml or .yml; and its errors
// are placed in it, by file and line, not in the scenario.
func TestPagesRulesFileStaysInItsFolder(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	scenario := "ruleset: ./duel.rules.yaml\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"
	rules := "title: a duel\nunits:\n  duellist: {hp: 2}\nround:\n  - contest:\n      roll: 2d6\n      ties: reroll\n      winner:\n        - damage: 1\n"
	for _, c := range []struct{ file, text, want string }{
		{"../duel.rules.yaml", rules, "allowed: a name ending in .yaml or .yml, relative to the scenario's folder"},
		{"/etc/duel.rules.yaml", rules, "allowed: a name ending in .yaml or .yml"},
		{"duel.rules.txt", rules, "allowed: a name ending in .yaml or .yml"},
	} {
		status, r := post(t, hs.URL, "/api/validate", map[string]any{"name": "duel", "text": scenario, "rules": map[string]string{"file": c.file, "text": c.text}})
		if status != 200 || !strings.Contains(fmt.Sprint(r["message"]), c.want) {
			t.Errorf("rules file %q: %d %v", c.file, status, r)
		}
	}
	status, r := post(t, hs.URL, "/api/validate", map[string]any{"name": "duel", "text": scenario, "rules": map[string]string{"file": "duel.rules.yaml", "text": rules}})
	if status != 200 || r["ok"] != true {
		t.Fatalf("the page's rules file: %d %v", status, r)
	}
	bad := strings.Replace(rules, "hp: 2", "hp: two", 1)
	_, r = post(t, hs.URL, "/api/validate", map[string]any{"name": "duel", "text": scenario, "rules": map[string]string{"file": "duel.rules.yaml", "text": bad}})
	p, _ := r["problems"].([]any)
	if len(p) != 1 || p[0].(map[string]any)["file"] != "duel.rules.yaml" || p[0].(map[string]any)["line"] != 3.0 {
		t.Errorf("an error of the page's rules file: %v", r)
	}
}
