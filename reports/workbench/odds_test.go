package workbench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/cmd/cli"
	"github.com/crucible-sim/crucible/reports/workbench"
	"github.com/crucible-sim/crucible/scenarios"
)

// crucible runs the command line and returns its standard output.
func crucible(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := cli.Crucible.Execute(context.Background(), args, &out, &errOut); code != 0 && code != 1 {
		t.Fatalf("crucible %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
	}
	return out.String()
}

// tallyOf is the integer part of a result's JSON, which every number of a
// report is derived from.
func tallyOf(t *testing.T, js []byte) string {
	t.Helper()
	var r map[string]json.RawMessage
	if err := json.Unmarshal(js, &r); err != nil {
		t.Fatalf("%v: %s", err, js)
	}
	var rounds map[string]json.RawMessage
	json.Unmarshal(r["rounds"], &rounds)
	var parts []string
	for _, raw := range []json.RawMessage{r["trials"], r["wins"], r["ends"], rounds["hist"], r["counters"], r["counters_sq"]} {
		var v any
		json.Unmarshal(raw, &v)
		b, _ := json.Marshal(v) // keys in one order, whatever the source's
		parts = append(parts, string(b))
	}
	return strings.Join(parts, "\n")
}

// For every built-in scenario, the numbers the page shows are those of
// `crucible run NAME --seed S --trials N --format json`, and the page's
// text saved as its file gives `crucible run FILE` the same JSON, byte for
// byte (the text carries the built-in's name, which selects its streams).
func TestBuiltinsMatchTheCommandLine(t *testing.T) {
	t.Parallel()
	version := strings.TrimSpace(strings.TrimPrefix(crucible(t, "--version"), "crucible version "))
	_, hs := newTestServer(t, workbench.Config{Version: version})
	tab := openTab(t, hs.URL, "builtins")
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// 50 trials: the page's run and the command line's still split them
	// into several chunks (each worker's first chunk is one trial), and
	// the conformance kits check every chunking of a ruleset's trials; at
	// 200, dbd's greedy games were a third of the test's CPU.
	const trials = "50"
	for _, e := range list {
		text := builtinText(t, hs.URL, e.Name)
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "builtins", "job": nextJob(), "name": e.Name, "builtin": e.Name, "text": text, "seed": 3, "trials": 50})
		if status != 200 {
			t.Fatalf("%s: %d %v", e.Name, status, r)
		}
		if want := "crucible run " + e.Name + " --seed 3 --trials " + trials; r["command"] != want {
			t.Errorf("%s: command %q, want %q", e.Name, r["command"], want)
		}
		est, _ := tab.final(t, r["job"].(float64), time.Minute)
		page := est.Data["result"]
		got, _ := json.MarshalIndent(page, "", "  ")
		cliJSON := crucible(t, "run", e.Name, "--seed", "3", "--trials", trials, "--format", "json")
		if g, w := tallyOf(t, got), tallyOf(t, []byte(cliJSON)); g != w {
			t.Errorf("%s: the page's tally\n%s\nthe command line's\n%s", e.Name, g, w)
		}
		file := filepath.Join(dir, r["file"].(string))
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		saved := crucible(t, "run", file, "--seed", "3", "--trials", trials, "--format", "json")
		if raw := []byte(est.Raw); !strings.Contains(string(raw), `"result":`) {
			t.Fatalf("%s: no result in %s", e.Name, raw)
		}
		var ev struct{ Result json.RawMessage }
		json.Unmarshal([]byte(est.Raw), &ev)
		var pretty bytes.Buffer
		json.Indent(&pretty, ev.Result, "", "  ")
		if strings.TrimSpace(pretty.String()) != strings.TrimSpace(saved) {
			t.Errorf("%s: the page's JSON is not that of crucible run %s:\n%s\n---\n%s", e.Name, r["file"], pretty.String(), saved)
		}
	}
}

// The page's validation says what `crucible validate FILE` says of the text
// saved as its file, at the line and column the message gives.
func TestValidationIsValidates(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	duel := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range []struct{ text string }{
		{duel},
		{strings.Replace(duel, "Interceptor: 1}\ndefender", "Interceptor: x}\ndefender", 1)},
		{strings.Replace(duel, "attacker:", "atacker:", 1)},
		{duel + "  - [unclosed\n"},
		{"ruleset: chess\n"},
	} {
		status, r := post(t, hs.URL, "/api/validate", map[string]string{"name": "my duel", "text": c.text})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		if err := os.WriteFile(filepath.Join(dir, r["file"].(string)), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(crucible(t, "validate", r["file"].(string)))
		if r["message"] != want {
			t.Errorf("the page says\n%s\nvalidate says\n%s", r["message"], want)
		}
		if r["ok"] == true {
			continue
		}
		p := r["problems"].([]any)[0].(map[string]any)
		if at := fmt.Sprintf("my-duel.yaml:%v:%v: ", p["line"], p["col"]); p["line"].(float64) < 1 || !strings.HasPrefix(want, at) {
			t.Errorf("%s: marked at %v:%v", want, p["line"], p["col"])
		}
	}
}

// A replay from the page is `crucible replay FILE --trial I --seed S` of
// the saved text, played as a job of its tab.
func TestReplayIsReplays(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "replaying")
	dir := t.TempDir()
	t.Chdir(dir)
	for _, name := range []string{"stratfight/thug-vs-guard", "dbd/symmetric_line", "eclipse/fleet-mirror"} {
		text := builtinText(t, hs.URL, name)
		status, r := post(t, hs.URL, "/api/replay", map[string]any{"tab": "replaying", "job": nextJob(), "name": name, "text": text, "seed": "7", "trial": 17})
		if status != 200 {
			t.Fatalf("%s: %d %v", name, status, r)
		}
		got := tab.answer(t, r["job"].(float64), "replay", time.Minute)
		file := strings.ReplaceAll(name, "/", "-") + ".yaml"
		os.WriteFile(file, []byte(text), 0o644)
		if want := "crucible replay " + file + " --trial 17 --seed 7"; r["command"] != want {
			t.Errorf("command %q, want %q", r["command"], want)
		}
		if want := crucible(t, "replay", file, "--trial", "17", "--seed", "7"); got.Data["text"] != want {
			t.Errorf("%s: the page's replay\n%s\ncrucible replay's\n%s", name, got.Data["text"], want)
		}
	}
}

// An edit that does not validate starts no job: the answer is its
// validation, and the tab's odds of the text before it end (the page marks
// them stale).
func TestInvalidEditStartsNoJob(t *testing.T) {
	t.Parallel()
	s, hs := newTestServer(t, workbench.Config{})
	openTab(t, hs.URL, "typing")
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "typing", "job": nextJob(), "name": "x", "text": text, "trials": 5_000_000})
	if status != 200 || r["job"] == nil {
		t.Fatalf("%d %v", status, r)
	}
	status, r = post(t, hs.URL, "/api/odds", map[string]any{"tab": "typing", "job": nextJob(), "name": "x", "text": text + "  oops: [\n"})
	v, _ := r["validation"].(map[string]any)
	if status != 200 || r["job"] != nil || v["ok"] != false || !strings.HasPrefix(v["message"].(string), "x.yaml:") {
		t.Errorf("an invalid edit: %d %v", status, r)
	}
	if s.Jobs() != 0 {
		t.Errorf("%d jobs run after an invalid edit, want none", s.Jobs())
	}
}

// A scenario solved before gets its exact answer from the cache, the same
// bytes, whatever the seed and trials; a changed scenario, or the same one
// under another name, is solved again.
func TestExactAnswersAreKeptByScenario(t *testing.T) {
	t.Parallel()
	s, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "cache")
	text := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	exact := func(name, text string, seed int) (result string, cached bool) {
		t.Helper()
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "cache", "job": nextJob(), "name": name, "text": text, "seed": seed, "trials": 100})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		_, ex := tab.final(t, r["job"].(float64), time.Minute)
		if ex.Kind == "" {
			ex = tab.answer(t, r["job"].(float64), "exact", time.Minute)
		}
		b, _ := json.Marshal(ex.Data["result"])
		return string(b), ex.Data["cached"] == true
	}
	first, cached := exact("duel", text, 1)
	if cached || workbench.ExactSolves(s) != 1 {
		t.Fatalf("the first solve: cached %v, %d solves", cached, workbench.ExactSolves(s))
	}
	again, cached := exact("duel", text, 2)
	if !cached || again != first || workbench.ExactSolves(s) != 1 {
		t.Errorf("another seed: cached %v, %d solves, the same answer %v", cached, workbench.ExactSolves(s), again == first)
	}
	two := strings.Replace(text, "ships: {Interceptor: 1}", "ships: {Interceptor: 2}", 1)
	if _, cached := exact("duel", two, 1); cached || two == text {
		t.Error("a changed fleet came from the cache")
	}
	if _, cached := exact("other", strings.Replace(text, "name: eclipse/interceptor-duel\n", "", 1), 1); cached {
		t.Error("the scenario under another name came from the cache (its answer names it)")
	}
	if workbench.ExactSolves(s) != 3 {
		t.Errorf("%d solves, want 3", workbench.ExactSolves(s))
	}
}

// The exact shares come ahead of the rounds distribution: a headline
// event, then the exact event whose solution holds the same shares,
// E[rounds] and counters, and the distribution the headline lacks.
func TestExactSharesComeAheadOfTheirRounds(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "headline")
	status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "headline", "job": nextJob(), "name": "mirror", "text": builtinText(t, hs.URL, "eclipse/fleet-mirror"), "seed": 1, "trials": 100})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	job := r["job"].(float64)
	head := tab.answer(t, job, "headline", time.Minute)
	ex := tab.answer(t, job, "exact", time.Minute)
	h := head.Data["result"].(map[string]any)["exact"].(map[string]any)
	e := ex.Data["result"].(map[string]any)["exact"].(map[string]any)
	if h["rounds"] != nil || e["rounds"] == nil {
		t.Errorf("rounds distribution: headline %v, exact %v; want it in the exact answer only", h["rounds"] != nil, e["rounds"] != nil)
	}
	for _, k := range []string{"a", "b", "draw", "ends", "rounds_mean", "counters", "states"} {
		hb, _ := json.Marshal(h[k])
		eb, _ := json.Marshal(e[k])
		if e[k] == nil || string(hb) != string(eb) {
			t.Errorf("%s: headline %s, exact %s", k, hb, eb)
		}
	}
	if head.Data["command"] != ex.Data["command"] {
		t.Errorf("commands: headline %v, exact %v", head.Data["command"], ex.Data["command"])
	}
}
