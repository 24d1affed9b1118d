package workbench_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// Every job's answer is the command line's: its result is the JSON that
// its Reproduce line prints with --format json, byte for byte, run on the
// page's texts saved as the files the line names; and its words are what
// that command prints. (The page draws each card from these answers: the
// browser test TestCardsMatchTheCommandLine reads them off the page.)
func TestAnswersAreTheCommandLines(t *testing.T) {
	version := strings.TrimSpace(strings.TrimPrefix(crucible(t, "--version"), "crucible version "))
	_, hs := newTestServer(t, workbench.Config{Version: version})
	tab := openTab(t, hs.URL, "answers")
	dir := t.TempDir()
	t.Chdir(dir)
	duel := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	thug := builtinText(t, hs.URL, "stratfight/thug-vs-guard")
	dbdLine := builtinText(t, hs.URL, "dbd/symmetric_line")
	save := func(file, text string) {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		kind  string
		body  map[string]any
		files map[string]string // file: text, as the Reproduce line names them
	}{
		{"sweep", map[string]any{"name": "duel", "text": duel, "seed": "5", "trials": 2000, "vary": "attacker.ships.Interceptor=1..3"},
			map[string]string{"duel.yaml": duel}},
		{"sweep", map[string]any{"name": "thug", "text": thug, "seed": "5", "trials": 1000, "vary": "b.armor=none,leather,plate", "metric": "margin"},
			map[string]string{"thug.yaml": thug}},
		{"tune", map[string]any{"name": "duel", "text": duel, "seed": "2", "vary": "attacker.ships.Interceptor=1..8", "target": "win.a>=0.7"},
			map[string]string{"duel.yaml": duel}},
		{"tune", map[string]any{"name": "samwell", "text": builtinText(t, hs.URL, "stratfight/samwell-vs-guard"), "seed": "2", "vary": "b.armor.armor_value=0..8", "target": "fair"},
			map[string]string{"samwell.yaml": builtinText(t, hs.URL, "stratfight/samwell-vs-guard")}},
		{"spread", map[string]any{"name": "duel", "text": duel, "seed": "6", "trials": 200},
			map[string]string{"duel.yaml": duel}},
		{"compare", map[string]any{"variants": []map[string]string{{"name": "duel", "text": duel}, {"name": "duel", "text": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 2}", 1)},
			{"name": "duel", "text": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 3}", 1)}}, "seed": "4", "margin": "3"},
			map[string]string{"duel.yaml": duel, "duel-b.yaml": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 2}", 1),
				"duel-c.yaml": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 3}", 1)}},
		{"compare", map[string]any{"variants": []map[string]string{{"name": "thug", "text": thug}, {"name": "thug", "text": strings.Replace(thug, "fighter: thug", "fighter: thug\n  armor: leather", 1)}},
			"seed": "4", "trials": 5000}, map[string]string{"thug.yaml": thug, "thug-b.yaml": strings.Replace(thug, "fighter: thug", "fighter: thug\n  armor: leather", 1)}},
		// Re-judged with each level's players, as --skill does: a tune, and
		// a comparison (sampled, as the command line's is), of Eclipse and
		// of DBD, whose ladder of skill the designer picks from.
		{"tune", map[string]any{"name": "duel", "text": duel, "seed": "2", "vary": "attacker.ships.Interceptor=1..8", "target": "win.a>=0.7",
			"levels": []string{"a=kill-greedy", "a=largest-killable-first"}, "threshold": 2.5},
			map[string]string{"duel.yaml": duel}},
		{"compare", map[string]any{"variants": []map[string]string{{"name": "duel", "text": duel}, {"name": "duel", "text": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 2}", 1)}},
			"seed": "4", "trials": 400, "levels": []string{"kill-greedy", "largest-killable-first"}},
			map[string]string{"duel.yaml": duel, "duel-b.yaml": strings.Replace(duel, "ships: {Interceptor: 1}", "ships: {Interceptor: 2}", 1)}},
		{"compare", map[string]any{"variants": []map[string]string{{"name": "line", "text": dbdLine}, {"name": "line", "text": strings.Replace(dbdLine, `"hp": 4`, `"hp": 3`, 1)}},
			"seed": "4", "trials": 60, "levels": []string{"random", "greedy"}},
			map[string]string{"line.yaml": dbdLine, "line-b.yaml": strings.Replace(dbdLine, `"hp": 4`, `"hp": 3`, 1)}},
		{"meta", map[string]any{"name": "designs", "text": builtinText(t, hs.URL, "eclipse/cruiser-designs"), "seed": "1", "entries": []map[string]any{
			{"name": "Terran", "side": map[string]any{"ships": map[string]int{"Terran Cruiser": 2}}},
			{"name": "Plasma", "side": map[string]any{"ships": map[string]int{"Plasma Cruiser": 2}}},
			{"name": "Brick", "side": map[string]any{"ships": map[string]int{"Brick": 2}}}}},
			map[string]string{"designs.yaml": builtinText(t, hs.URL, "eclipse/cruiser-designs")}},
	} {
		c.body["tab"], c.body["job"] = "answers", nextJob()
		status, r := post(t, hs.URL, "/api/"+c.kind, c.body)
		if status != 200 {
			t.Fatalf("%s: %d %v", c.kind, status, r)
		}
		got := tab.answer(t, r["job"].(float64), c.kind, 2*time.Minute)
		for f, text := range c.files {
			save(f, text)
		}
		if c.kind == "meta" {
			save(r["roster_file"].(string), r["roster"].(string))
		}
		var answers []json.RawMessage
		var lines []string
		if c.kind == "compare" {
			for _, p := range got.Data["pairs"].([]any) {
				raw, _ := json.Marshal(p.(map[string]any)["result"])
				answers, lines = append(answers, raw), append(lines, p.(map[string]any)["command"].(string))
			}
		} else {
			var ev struct{ Result json.RawMessage }
			json.Unmarshal([]byte(got.Raw), &ev)
			answers, lines = append(answers, ev.Result), append(lines, got.Data["command"].(string))
		}
		for i, line := range lines {
			if _, axis := c.body["levels"]; axis && (!strings.Contains(line, " --skill ") || !bytes.Contains(answers[i], []byte(`"skill":`))) {
				t.Errorf("%s: the skill axis asked for is not in `%s` or in its answer", c.kind, line)
			}
			args := append(shellWords(t, line)[1:], "--format", "json")
			want := crucible(t, args...)
			if c.kind == "spread" {
				var run struct {
					PolicySpread json.RawMessage `json:"policy_spread"`
				}
				json.Unmarshal([]byte(want), &run)
				want = string(run.PolicySpread)
			}
			if !sameJSON(t, answers[i], []byte(want)) {
				t.Errorf("%s: the page's answer is not `%s --format json`:\n%s\n---\n%s", c.kind, line, answers[i], want)
			}
			printed := crucible(t, shellWords(t, line)[1:]...)
			for _, w := range wordsOf(got) {
				if !strings.Contains(printed, trimLabel(w)) {
					t.Errorf("%s: the page says %q, which `%s` does not", c.kind, w, line)
				}
			}
		}
	}
}

// trimLabel is a page's line without the label the page gives it where
// the command line's table gives its own in a column ("not played: ",
// "note: " against "note        "): the words that must match.
func trimLabel(w string) string {
	return strings.TrimPrefix(strings.TrimPrefix(w, "not played: "), "note: ")
}

// Variants of different rulesets are not compared.
func TestCompareOneRuleset(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	openTab(t, hs.URL, "mixed")
	status, r := post(t, hs.URL, "/api/compare", map[string]any{"tab": "mixed", "job": nextJob(), "seed": "1", "variants": []map[string]string{
		{"name": "duel", "text": builtinText(t, hs.URL, "eclipse/interceptor-duel")}, {"name": "thug", "text": builtinText(t, hs.URL, "stratfight/thug-vs-guard")}}})
	if status != 400 || r["error"] != "B is a scenario of stratfight, A of eclipse: variants compared are of one ruleset" {
		t.Errorf("%d %v", status, r)
	}
}

// wordsOf returns an answer's words.
func wordsOf(ev sseEvent) []string {
	var out []string
	ws, _ := ev.Data["words"].([]any)
	for _, w := range ws {
		out = append(out, w.(string))
	}
	return out
}

// sameJSON reports whether two JSON texts hold the same values, every
// number to its last digit (the page's is compact and escapes < and >,
// the command line's is indented).
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	return reflect.DeepEqual(decoded(t, a), decoded(t, b))
}

func decoded(t *testing.T, js []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	return v
}
