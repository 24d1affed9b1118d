package workbench_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
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

// A validation of a scenario with the page's rules file carries that
// file's reference, as `crucible rules FILE --format json` prints it for
// the file saved: a unit the designer adds is offered by the form the
// moment the edit validates; the reference of a file that does not read
// is left out (the form keeps the one it has).
func TestValidationCarriesThePagesRulesReference(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	scenario := "ruleset: ./duel.rules.yaml\na: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"
	rules := "title: a duel\nunits:\n  duellist: {hp: 2}\n  champion: {hp: 3}\nround:\n  - contest:\n      roll: 2d6\n      ties: reroll\n      winner:\n        - damage: 1\n"
	validate := func(rules string) map[string]any {
		status, r := post(t, hs.URL, "/api/validate", map[string]any{"name": "duel", "text": scenario, "rules": map[string]string{"file": "duel.rules.yaml", "text": rules}})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		return r
	}
	r := validate(rules)
	got, _ := json.Marshal(r["reference"])
	if r["ok"] != true || r["reference"] == nil {
		t.Fatalf("the validation of a scenario and its rules file: %v", r)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "duel.rules.yaml"), rules)
	want := crucible(t, "rules", filepath.Join(dir, "duel.rules.yaml"), "--format", "json")
	if !sameJSON(t, got, []byte(want)) {
		t.Errorf("the validation's reference is not `crucible rules FILE --format json`'s:\n%s\n---\n%s", got, want)
	}
	if !strings.Contains(string(got), `["champion",`) {
		t.Errorf("the reference does not list the unit added among its units: %s", got)
	}
	if r := validate(strings.Replace(rules, "round:", "round: [", 1)); r["ok"] != false || r["reference"] != nil {
		t.Errorf("a rules file that does not read: ok %v, reference %v", r["ok"], r["reference"])
	}
}
