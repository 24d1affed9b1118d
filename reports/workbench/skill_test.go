package workbench_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/reports/workbench"
)

// The skill axis's answer is the command line's: its result is the skill
// field of the JSON its Reproduce line writes (`crucible run … --skill …
// --out DIR`'s skill.json) for the same seed, and its verdict in words is
// the line that command prints. One run gives both: each run of the line
// solves fleet-mirror's optimal play exactly again.
func TestSkillIsTheCommandLines(t *testing.T) {
	t.Parallel()
	version := strings.TrimSpace(strings.TrimPrefix(crucible(t, "--version"), "crucible version "))
	_, hs := newTestServer(t, workbench.Config{Version: version})
	tab := openTab(t, hs.URL, "skill")
	const name = "eclipse/fleet-mirror"
	body := map[string]any{"tab": "skill", "job": nextJob(), "name": "fleet-mirror", "builtin": name, "text": builtinText(t, hs.URL, name),
		"seed": "7", "trials": 400, "levels": []string{"a=kill-greedy", "a=optimal"}}
	status, r := post(t, hs.URL, "/api/skill", body)
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	line := r["command"].(string)
	if w := "crucible run " + name + " --seed 7 --trials 400 --skill a=kill-greedy,a=optimal"; line != w {
		t.Fatalf("command %q, want %q", line, w)
	}
	got := tab.answer(t, r["job"].(float64), "skill", 2*time.Minute)
	var ev struct{ Result json.RawMessage }
	json.Unmarshal([]byte(got.Raw), &ev)
	dir := t.TempDir()
	printed := crucible(t, append(shellWords(t, line)[1:], "--out", dir)...)
	written, err := os.ReadFile(filepath.Join(dir, "skill.json"))
	if err != nil {
		t.Fatalf("`%s --out DIR` wrote no skill.json: %v", line, err)
	}
	var want struct {
		Skill json.RawMessage `json:"skill"`
	}
	if err := json.Unmarshal(written, &want); err != nil || want.Skill == nil {
		t.Fatalf("`%s --out DIR`'s skill.json has no skill field: %v", line, err)
	}
	var page struct {
		Skill json.RawMessage `json:"skill"`
	}
	json.Unmarshal(ev.Result, &page)
	if !sameJSON(t, page.Skill, want.Skill) {
		t.Errorf("the page's axis is not `%s --out DIR`'s skill.json:\n%s\n---\n%s", line, page.Skill, want.Skill)
	}
	words := wordsOf(got)
	if len(words) != 3 || !strings.Contains(printed, words[0]) {
		t.Errorf("the page says %q first; `%s` prints:\n%s", words, line, printed)
	}
	if !strings.HasPrefix(words[0], "SKILL-SENSITIVE") {
		t.Errorf("fleet-mirror with kill-greedy against optimal on side a: %q, want SKILL-SENSITIVE", words[0])
	}
}

// On a mirrored board the page says, as `crucible run --skill` does, that
// the sides are even by the mirror and how the first mover's share moves,
// and gives each level's first mover's share before the sides'.
func TestSkillMirroredBoard(t *testing.T) {
	t.Parallel()
	words := wordsOf(skillJob(t, "skill-mirror", "dbd/symmetric_wings", "29", 400, "random", "greedy"))
	want := []string{
		"SKILL-SENSITIVE  this verdict changes with skill: BLUE and RED are each other's mirror (RED is BLUE reflected across the middle row, the first move alternating)",
		"with random: the first mover wins 52.25 % (47.23 to 57.24 %); BLUE wins 49.75 %, RED wins 49.50 %",
		"with greedy: the first mover wins 23.50 % (19.43 to 27.97 %); BLUE wins 50.50 %, RED wins 49.50 %",
	}
	if len(words) != 3 || !strings.HasPrefix(words[0], want[0]) || words[1] != want[1] || words[2] != want[2] {
		t.Errorf("the page says %q; want %q", words, want)
	}
}

// skillJob asks a new server's tab for the skill axis of a built-in, as
// the page's skill check does, and returns its answer.
func skillJob(t *testing.T, tabName, builtin, seed string, trials int, levels ...string) sseEvent {
	t.Helper()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, tabName)
	body := map[string]any{"tab": tabName, "job": nextJob(), "name": path.Base(builtin), "builtin": builtin, "text": builtinText(t, hs.URL, builtin),
		"seed": seed, "trials": trials, "levels": levels}
	status, r := post(t, hs.URL, "/api/skill", body)
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	return tab.answer(t, r["job"].(float64), "skill", 2*time.Minute)
}

// A level that is no player of the ruleset is refused before anything is
// fought, with the players allowed; so is a job past the trial cap.
func TestSkillRefusals(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{MaxTrials: 1000})
	openTab(t, hs.URL, "skill-no")
	text := builtinText(t, hs.URL, "eclipse/fleet-mirror")
	for _, c := range []struct {
		levels []string
		trials int
		want   string
	}{
		{[]string{"kill-greedy", "optimul"}, 100, `"optimul" is not a player both sides may be: allowed: npc, kill-greedy`},
		{[]string{"kill-greedy"}, 100, "name two players or more"},
		{[]string{"kill-greedy", "optimal"}, 600, "the workbench fights at most 1000 trials a job"},
	} {
		status, r := post(t, hs.URL, "/api/skill", map[string]any{"tab": "skill-no", "job": nextJob(), "name": "m", "text": text, "seed": "1", "trials": c.trials, "levels": c.levels})
		if msg, _ := r["error"].(string); status != 400 || !strings.Contains(msg, c.want) {
			t.Errorf("levels %v, %d trials: %d %v, want 400 naming %q", c.levels, c.trials, status, r, c.want)
		}
	}
}

// A comparison and a tune refuse a skill axis as the skill check does,
// before anything is fought.
func TestSkillAxisRefusedOnCompareAndTune(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	openTab(t, hs.URL, "skill-axes")
	text := builtinText(t, hs.URL, "eclipse/interceptor-duel")
	variants := []map[string]string{{"name": "a", "text": text}, {"name": "b", "text": strings.Replace(text, "Interceptor: 1", "Interceptor: 2", 1)}}
	for _, c := range []struct {
		kind string
		body map[string]any
		want string
	}{
		{"compare", map[string]any{"variants": variants, "levels": []string{"kill-greedy", "optimul"}}, `"optimul" is not a player both sides may be: allowed: npc, kill-greedy`},
		{"compare", map[string]any{"variants": variants, "levels": []string{"kill-greedy"}}, "name two players or more"},
		{"tune", map[string]any{"name": "d", "text": text, "vary": "attacker.ships.Interceptor=1..4", "target": "fair", "levels": []string{"npc", "optimal"}, "threshold": 101.0},
			"threshold 101: allowed: a number of points from 0 to 100"},
	} {
		c.body["tab"], c.body["job"], c.body["seed"] = "skill-axes", nextJob(), "1"
		status, r := post(t, hs.URL, "/api/"+c.kind, c.body)
		if msg, _ := r["error"].(string); status != 400 || !strings.Contains(msg, c.want) {
			t.Errorf("%s %v: %d %v, want 400 naming %q", c.kind, c.body["levels"], status, r, c.want)
		}
	}
}

// The stop button ends a skill-axis job mid-level, with the words
// that say it was stopped (an axis needs every level played).
func TestSkillStops(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	tab := openTab(t, hs.URL, "skill-stop")
	text := builtinText(t, hs.URL, "dbd/symmetric_line")
	status, r := post(t, hs.URL, "/api/skill", map[string]any{"tab": "skill-stop", "job": nextJob(), "name": "line", "text": text, "seed": "1", "trials": 4_000_000, "levels": []string{"random", "greedy"}})
	if status != 200 {
		t.Fatalf("%d %v", status, r)
	}
	job := r["job"].(float64)
	for ev := tab.next(t, 30*time.Second); ev.Kind != "skill-progress" || ev.Data["job"] != job; ev = tab.next(t, 30*time.Second) {
		if ev.Data["job"] == job && ev.Kind != "skill-progress" {
			t.Fatalf("before the first level: %s %v", ev.Kind, ev.Data)
		}
	}
	if status, _ := post(t, hs.URL, "/api/stop", map[string]any{"tab": "skill-stop"}); status != 200 {
		t.Fatal(status)
	}
	for ev := tab.next(t, 5*time.Second); ; ev = tab.next(t, 5*time.Second) {
		if ev.Data["job"] != job {
			continue
		}
		if ev.Kind != "failed" || ev.Data["error"] != "stopped: the skill axis needs every level played" {
			t.Fatalf("after stop: %s %v", ev.Kind, ev.Data)
		}
		return
	}
}

// The players offered are the ruleset's ladder of skill, weakest first,
// then its styles (dbd); a ruleset of styles offers its styles (eclipse);
// one without built-in policies offers none, and says why (stratfight).
func TestSkillPlayers(t *testing.T) {
	t.Parallel()
	_, hs := newTestServer(t, workbench.Config{})
	for _, c := range []struct {
		ruleset string
		want    []string // the first players offered, in order
		rungs   int      // how many of them are rungs
	}{
		{"dbd", []string{"random", "greedy", "rollout", "search:250", "search:1k", "search:4k"}, 6},
		{"eclipse", []string{"npc", "kill-greedy", "largest-killable-first", "priority", "optimal"}, 0},
		{"stratfight", nil, 0},
	} {
		res, err := http.Get(hs.URL + "/api/players?ruleset=" + c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Players []struct {
				Name string
				Rung int
			}
			Note string
		}
		err = json.NewDecoder(res.Body).Decode(&got)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 || len(got.Players) < len(c.want) {
			t.Fatalf("%s: %d %v %+v", c.ruleset, res.StatusCode, err, got)
		}
		for i, w := range c.want {
			if p := got.Players[i]; p.Name != w || (i < c.rungs) != (p.Rung == i+1) {
				t.Errorf("%s: player %d is %+v, want %s (rung %d of %d)", c.ruleset, i, p, w, i+1, c.rungs)
			}
		}
		if c.want == nil && (len(got.Players) != 0 || !strings.Contains(got.Note, "no built-in policies")) {
			t.Errorf("%s: %+v, want none and the note saying why", c.ruleset, got)
		}
	}
}
