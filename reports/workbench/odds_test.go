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
	version := strings.TrimSpace(strings.TrimPrefix(crucible(t, "--version"), "crucible version "))
	_, hs := newTestServer(t, workbench.Config{Version: version})
	tab := openTab(t, hs.URL, "builtins")
	list, err := scenarios.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const trials = "200"
	for _, e := range list {
		text := builtinText(t, hs.URL, e.Name)
		status, r := post(t, hs.URL, "/api/odds", map[string]any{"tab": "builtins", "job": nextJob(), "name": e.Name, "builtin": e.Name, "text": text, "seed": 3, "trials": 200})
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

// A sweep from the page counts what `crucible sweep FILE --vary …` counts
// for the saved text, point by point.
func TestSweepIsSweeps(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "sweeping")
	text := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	const vary = "attacker.ships.Interceptor=1..3"
	status, r := post(t, hs.URL, "/api/sweep", map[string]any{"tab": "sweeping", "job": nextJob(), "name": "eclipse/interceptor-duel", "text": text, "seed": 5, "trials": 2000, "vary": vary})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	var got sseEvent
	for got.Kind != "sweep" {
		got = tab.next(t, time.Minute)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "eclipse-interceptor-duel.yaml")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(crucible(t, "sweep", file, "--vary", vary, "--seed", "5", "--trials", "2000", "--format", "csv"), "\n") {
		if f := strings.Split(line, ","); len(f) > 9 && f[7] == "win.a" {
			want = append(want, f[6]+" "+f[8]+"/"+f[9])
		}
	}
	var have []string
	for _, p := range got.Data["points"].([]any) {
		pt := p.(map[string]any)
		have = append(have, fmt.Sprintf("%v %v/%v", pt["value"], pt["count"], pt["trials"]))
		if _, ok := pt["exact"]; !ok {
			t.Errorf("point %v: no exact value", pt["value"])
		}
	}
	if strings.Join(have, "; ") != strings.Join(want, "; ") || len(want) != 3 {
		t.Errorf("the page's sweep %q, crucible sweep's %q", have, want)
	}
}

// A tune from the page answers what `crucible tune FILE --vary … --target
// …` answers for the saved text, word for word: a Monte Carlo one
// (stratfight) and an exact one (Eclipse).
func TestTuneIsTunes(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "tuning")
	dir := t.TempDir()
	for _, c := range []struct{ name, vary, target string }{
		{"eclipse/interceptor-duel", "attacker.ships.Interceptor=1..8", "win.a>=0.7"},
		{"stratfight/samwell-vs-guard", "b.armor.armor_value=0..8", "fair"},
	} {
		text := builtinText(t, hs.URL, c.name)
		status, r := post(t, hs.URL, "/api/tune", map[string]any{"tab": "tuning", "job": nextJob(), "name": c.name, "text": text, "seed": 2, "vary": c.vary, "target": c.target})
		if status != 200 {
			t.Fatalf("%s: %d %v", c.name, status, r)
		}
		var got sseEvent
		for got.Kind != "tune" || got.Data["job"] != r["job"] {
			got = tab.next(t, 2*time.Minute)
		}
		file := filepath.Join(dir, strings.ReplaceAll(c.name, "/", "-")+".yaml")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want := crucible(t, "tune", file, "--vary", c.vary, "--target", c.target, "--seed", "2")
		// The saved file is named by its path on the command line.
		want = strings.ReplaceAll(want, file, filepath.Base(file))
		if page := got.Data["text"].(string); page != want {
			t.Errorf("%s: the page's tune\n%s\ncrucible tune's\n%s", c.name, page, want)
		}
	}
}

// A comparison from the page is `crucible compare A B` of the two texts
// saved as their files, word for word.
func TestCompareIsCompares(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "comparing")
	a := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	b := strings.Replace(a, "attacker:\n  ships: {Interceptor: 1}", "attacker:\n  ships: {Interceptor: 2}", 1)
	status, r := post(t, hs.URL, "/api/compare", map[string]any{"tab": "comparing", "job": nextJob(), "seed": 4, "trials": 5000,
		"a": map[string]string{"name": "eclipse/interceptor-duel", "text": a}, "b": map[string]string{"name": "eclipse/interceptor-duel", "text": b}})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	var got sseEvent
	for got.Kind != "compare" {
		if got = tab.next(t, time.Minute); got.Kind == "failed" {
			t.Fatal(got.Data["error"])
		}
	}
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("eclipse-interceptor-duel.yaml", []byte(a), 0o644)
	os.WriteFile(r["file_b"].(string), []byte(b), 0o644)
	if want := "crucible compare eclipse-interceptor-duel.yaml eclipse-interceptor-duel-b.yaml --seed 4 --trials 5000"; r["command"] != want {
		t.Errorf("command %q, want %q", r["command"], want)
	}
	want := crucible(t, "compare", "eclipse-interceptor-duel.yaml", r["file_b"].(string), "--seed", "4", "--trials", "5000")
	if got.Data["text"] != want {
		t.Errorf("the page's comparison\n%s\ncrucible compare's\n%s", got.Data["text"], want)
	}
}

// The policy spread from the page is the one `crucible run FILE
// --policy-spread` prints after its table for the saved text.
func TestSpreadIsRunsSpread(t *testing.T) {
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "spreading")
	for _, name := range []string{"eclipse/interceptor-duel", "emojispace/p0-vs-n1a"} {
		text := builtinText(t, hs.URL, name)
		status, r := post(t, hs.URL, "/api/spread", map[string]any{"tab": "spreading", "job": nextJob(), "name": name, "text": text, "seed": 6, "trials": 200})
		if status != 200 {
			t.Fatalf("%d %v", status, r)
		}
		var got sseEvent
		for got.Kind != "spread" {
			if got = tab.next(t, 2*time.Minute); got.Kind == "failed" {
				t.Fatal(got.Data["error"])
			}
		}
		dir := t.TempDir()
		file := filepath.Join(dir, strings.ReplaceAll(name, "/", "-")+".yaml")
		os.WriteFile(file, []byte(text), 0o644)
		want := crucible(t, "run", file, "--policy-spread", "--seed", "6", "--trials", "200")
		if page := got.Data["text"].(string); page == "" || !strings.Contains(want, page) {
			t.Errorf("%s: the page's spread\n%s\nis not in crucible run --policy-spread's\n%s", name, page, want)
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
