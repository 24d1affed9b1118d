package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// explain shows the same examples for any workers and chunking, each the
// game its replay command prints again; JSON carries the same trials.
func TestExplainExamplesReplay(t *testing.T) {
	t.Parallel()
	args := []string{"explain", "eclipse/interceptor-duel", "--outcome", "b wins, rounds<=2", "--seed", "7", "--trials", "2000", "-k", "2"}
	one := mustRun(t, append(args, "--workers", "1", "--chunk", "7")...)
	two := mustRun(t, append(args, "--workers", "2", "--chunk", "300")...)
	if one != two {
		t.Fatalf("one worker:\n%s\ntwo workers:\n%s", one, two)
	}
	cmds := regexp.MustCompile(`— crucible (replay .*)\n`).FindAllStringSubmatch(one, -1)
	if len(cmds) != 2 {
		t.Fatalf("want 2 replay commands:\n%s", one)
	}
	for _, c := range cmds {
		replay := mustRun(t, strings.Fields(c[1])...)
		account := replay[strings.Index(replay, "\n")+1:] // after its heading
		if !strings.Contains(one, account) || !strings.Contains(account, "winner defender (b)") {
			t.Errorf("%s prints a game the example does not show:\n%s", c[1], replay)
		}
	}
	var j struct {
		Examples []struct {
			Trial  int64
			Winner string
			Rounds int64
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--format", "json")...)), &j); err != nil {
		t.Fatal(err)
	}
	for k, e := range j.Examples {
		if !strings.Contains(cmds[k][1], " --trial "+itoa(e.Trial)+" ") || e.Winner != "b" || e.Rounds > 2 {
			t.Errorf("JSON example %d: %+v; text %s", k, e, cmds[k][1])
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A condition naming what the battle does not have is bad usage, located
// at its clause, with the names it could mean.
func TestExplainBadOutcome(t *testing.T) {
	t.Parallel()
	mustFail(t, 2, `column 9 (end destroyd): unknown end reason "destroyd"`, "explain", "eclipse/interceptor-duel", "--outcome", "b wins, end destroyd", "--seed", "1")
	mustFail(t, 2, `did you mean "a.survivors.Interceptor"`, "explain", "eclipse/interceptor-duel", "--outcome", "counter.a.survivor.Interceptor>=1", "--seed", "1")
	mustFail(t, 2, "explain needs --outcome", "explain", "eclipse/interceptor-duel", "--seed", "1")
}

// --paths prints the most probable ways, exact: in the interceptor duel
// the attacker's likeliest win is in round 1, 5/6 · 1/6, its next in round
// 2, (25/36) · 5/36; a ruleset without a solver says so.
func TestExplainPaths(t *testing.T) {
	t.Parallel()
	j, out := readPaths(t, "explain", "eclipse/interceptor-duel", "--outcome", "a wins", "--paths", "2", "--format", "json")
	want := []float64{5.0 / 36, 25.0 / 36 * 5 / 36}
	if len(j.Paths) != 2 {
		t.Fatalf("%d paths:\n%s", len(j.Paths), out)
	}
	for i, p := range j.Paths {
		if math.Abs(p.Probability-want[i]) > 1e-12 || p.Rounds != int64(i+1) || p.Winner != "a" || len(p.Steps) != 2*i+2 {
			t.Errorf("path %d: %+v, want P %v in %d rounds", i, p, want[i], i+1)
		}
	}
	text := mustRun(t, "explain", "eclipse/interceptor-duel", "--outcome", "a wins", "--paths", "1")
	if !strings.Contains(text, "13.9 % of all battles go exactly this way (1 round)") || !strings.Contains(text, "the attacker's Interceptor: the defender loses 1 Interceptor (16.7 %)") {
		t.Errorf("paths in words:\n%s", text)
	}
	mustFail(t, 1, "has no exact solver", "explain", "ec4x/siege-spec", "--outcome", "a wins", "--paths", "1")
}

// --paths reaches rules files: in the 2d6 duel (ties re-rolled, each
// round a fair coin costing its loser 1 of 5 hit points) a's likeliest win
// is five rounds won in a row, 2^−5, then any of the five ways to win in
// six rounds, 2^−6 each.
func TestExplainPathsRulesFile(t *testing.T) {
	t.Parallel()
	j, out := readPaths(t, "explain", "rulesfile/duel2d6", "--outcome", "a wins", "--paths", "3", "--format", "json")
	if len(j.Paths) != 3 {
		t.Fatalf("%d paths:\n%s", len(j.Paths), out)
	}
	for i, p := range j.Paths {
		rounds := int64(min(5+i, 6))
		if want := math.Exp2(-float64(rounds)); math.Abs(p.Probability-want) > 1e-15 || p.Rounds != rounds || p.Winner != "a" {
			t.Errorf("path %d: %+v, want P %v in %d rounds", i, p, want, rounds)
		}
	}
	text := mustRun(t, "explain", "rulesfile/duel2d6", "--outcome", "a wins", "--paths", "1")
	for _, want := range []string{"3.13 % of all battles go exactly this way (5 rounds)", "contest: b's duellist: 5 hp → 4 hp (50 %)", "→ a wins, destroyed"} {
		if !strings.Contains(text, want) {
			t.Errorf("paths in words lack %q:\n%s", want, text)
		}
	}
}

// pathsJSON is explain --paths's JSON, as far as the tests read it.
type pathsJSON struct {
	Paths []struct {
		Probability float64
		Rounds      int64
		Winner      string
		Steps       []struct{ Event string }
	}
}

// readPaths runs crucible with args and reads its --paths JSON.
func readPaths(t *testing.T, args ...string) (pathsJSON, string) {
	t.Helper()
	var j pathsJSON
	out := mustRun(t, args...)
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	return j, out
}

// --attribute units shares the side's exact win share among its ships;
// their values add up to it (none of them wins nothing), and a side of
// one ship is an error located at its ships.
func TestExplainAttribute(t *testing.T) {
	t.Parallel()
	var j struct {
		All   float64
		None  float64
		Units []struct {
			Name    string
			Count   int
			Shapley float64
		}
	}
	out := mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "units", "--side", "b", "--format", "json")
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, u := range j.Units {
		total += u.Shapley * float64(u.Count)
	}
	if len(j.Units) != 2 || j.None != 0 || math.Abs(total-j.All) > 1e-12 {
		t.Errorf("attribution %+v: values sum to %v", j, total)
	}
	text := mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "units", "--side", "b")
	if !strings.Contains(text, "a Cruiser is worth most") {
		t.Errorf("attribution in words:\n%s", text)
	}
	var mc struct {
		Exact bool
		All   float64
		Units []struct {
			Count     int
			Shapley   float64
			ShapleySE float64 `json:"shapley_se"`
		}
	}
	out = mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "units", "--side", "b", "--monte-carlo", "--trials", "2000", "--seed", "3", "--format", "json")
	if err := json.Unmarshal([]byte(out), &mc); err != nil {
		t.Fatal(err)
	}
	total = 0
	for _, u := range mc.Units {
		total += u.Shapley * float64(u.Count)
		if u.ShapleySE <= 0 {
			t.Errorf("Monte Carlo value without a standard error: %+v", u)
		}
	}
	if mc.Exact || len(mc.Units) != 2 || math.Abs(total-mc.All) > 1e-12 {
		t.Errorf("Monte Carlo attribution %+v: values sum to %v", mc, total)
	}
	parts := mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--attribute", "parts", "--side", "b")
	for _, want := range []string{"Exact, through the solver, over all 16 coalitions", "the Cruiser's Ion Cannon is worth most: +10.01 points", "Cruiser's Electron Computer     1  +6.32 points", "(efficiency; off by 0.0e+00)"} {
		if !strings.Contains(parts, want) {
			t.Errorf("parts attribution lacks %q:\n%s", want, parts)
		}
	}
	mustFail(t, 1, "defender.ships: the defender has 0 parts a coalition may leave out", "explain", "eclipse/two-interceptors-vs-ancient", "--attribute", "parts", "--side", "b")
	orders := mustRun(t, "explain", "dbd/symmetric_screen", "--attribute", "units", "--side", "a", "--trials", "20", "--seed", "1")
	if !strings.Contains(orders, "Monte Carlo by sampled orders: 20 trials, each fighting the coalitions along one random order of the 14 units") || !regexp.MustCompile(`efficiency; off by (0\.0e\+00|-?[0-9.]+e-1[0-9])\)`).MatchString(orders) {
		t.Errorf("a side of 14 units, 16,384 coalitions:\n%s", orders)
	}
	mustFail(t, 1, "ruleset stratfight cannot share a side's wins among its players (rulesets that can: dbd, ec4x, eclipse, emojispace, and rules files)", "explain", "stratfight/thug-vs-guard", "--attribute", "units")
	mustFail(t, 1, "a: a side is one ship, which has no units to share its wins among (allowed: --attribute parts, its modules)", "explain", "emojispace/p0-vs-n1a", "--attribute", "units")
	mustFail(t, 1, "attacker.ships: the attacker has 1 unit: an attribution needs two or more", "explain", "eclipse/interceptor-duel", "--attribute", "units", "--side", "a")
	mustFail(t, 2, `--attribute "part": allowed: units, parts; did you mean "parts"?`, "explain", "eclipse/interceptor-duel", "--attribute", "part")
}

// --out writes the answer's text, its JSON and a page showing the text.
func TestExplainOut(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "why")
	text := mustRun(t, "explain", "eclipse/interceptor-duel", "--outcome", "a wins", "--paths", "2", "--out", dir)
	got, err := os.ReadFile(filepath.Join(dir, "explain.txt"))
	if err != nil || string(got) != text {
		t.Fatalf("explain.txt %q (%v), printed %q", got, err, text)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !strings.Contains(string(page), "the attacker&#39;s Interceptor: the defender loses 1 Interceptor") {
		t.Errorf("index.html lacks the answer (%v):\n%s", err, page)
	}
	var j struct{ Paths []any }
	raw, err := os.ReadFile(filepath.Join(dir, "explain.json"))
	if err != nil || json.Unmarshal(raw, &j) != nil || len(j.Paths) != 2 {
		t.Errorf("explain.json: %s (%v)", raw, err)
	}
}
