package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// --sensitivity answers in words first, the field that matters most by
// name, then the table; its JSON ranks the same fields, every combination
// solved exactly through Eclipse's solver.
func TestExplainSensitivity(t *testing.T) {
	t.Parallel()
	args := []string{"explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--sensitivity",
		"attacker.ships.Cruiser=1..3,defender.ships.Interceptor=1..3", "--seed", "1", "--rows", "400"}
	text := mustRun(t, args...)
	words := regexp.MustCompile(`(?m)^attacker\.ships\.Cruiser \(1 to 3\) explains (\d+) % of the variation in "attacker wins" on its own, and (\d+) % with its interactions`)
	if !words.MatchString(text) {
		t.Errorf("no answer in words naming the attacker's Cruisers first:\n%s", text)
	}
	if !regexp.MustCompile(`1,600 evaluations at 9 distinct combinations .* Every combination solved exactly`).MatchString(text) {
		t.Errorf("the cost and the exactness are not stated:\n%s", text)
	}
	var j struct {
		ExactPoints int `json:"exact_points"`
		Fields      []struct {
			Path    string
			First   float64
			FirstSE float64 `json:"first_se"`
			Total   float64
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--format", "json")...)), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Fields) != 2 || j.Fields[0].Path != "attacker.ships.Cruiser" || j.Fields[0].Total < j.Fields[1].Total || j.ExactPoints != 9 || j.Fields[0].FirstSE <= 0 {
		t.Errorf("JSON: %+v", j)
	}
}

// One field explains all the variation, said so, never over 100 %.
func TestExplainSensitivityOneField(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--sensitivity", "attacker.ships.Cruiser=1..3", "--seed", "1")
	if !strings.Contains(out, `attacker.ships.Cruiser (1 to 3) is the only field varied: it explains all the variation in "attacker wins" (first-order 100 %, total 100 %).`) {
		t.Errorf("one field:\n%s", out)
	}
}

// By Monte Carlo the answer is the same for any number of workers.
func TestExplainSensitivityMonteCarloWorkers(t *testing.T) {
	t.Parallel()
	args := []string{"explain", "eclipse/two-cruisers-vs-interceptor-and-cruiser", "--sensitivity", "attacker.ships.Cruiser=1..2",
		"--sensitivity", "defender.ships.Interceptor=1,2", "--monte-carlo", "--seed", "3", "--trials", "500", "--rows", "100"}
	one := mustRun(t, append(args, "--workers", "1")...)
	two := mustRun(t, append(args, "--workers", "2")...)
	if one != two {
		t.Fatalf("one worker:\n%s\ntwo workers:\n%s", one, two)
	}
	if !regexp.MustCompile(`0 of 4 combinations solved exactly; the others fought 500 trials each`).MatchString(one) {
		t.Errorf("the Monte Carlo is not stated:\n%s", one)
	}
}

func TestExplainSensitivityBadInput(t *testing.T) {
	t.Parallel()
	const sc = "eclipse/two-cruisers-vs-interceptor-and-cruiser"
	mustFail(t, 1, "--sensitivity defender.ships.Cruiser=0..2 (value 0): defender.ships.Cruiser: 0 is out of range (allowed: an integer from 1 to 4", "explain", sc, "--sensitivity", "defender.ships.Cruiser=0..2", "--seed", "1")
	mustFail(t, 2, "--sensitivity attacker.ships.Cruiser=2: a field needs two or more numbers", "explain", sc, "--sensitivity", "attacker.ships.Cruiser=2", "--seed", "1")
	mustFail(t, 2, `did you mean "win.a" or "win.b"`, "explain", sc, "--sensitivity", "attacker.ships.Cruiser=1..2", "--metric", "win.c", "--seed", "1")
	mustFail(t, 2, `--metric "end.destroyd": unknown end reason "destroyd" (this battle ends by: destroyed, retreated, stalemate, mutual-destruction, round-cap); did you mean "destroyed"?`, "explain", sc, "--sensitivity", "attacker.ships.Cruiser=1..2", "--metric", "end.destroyd", "--seed", "1")
	mustFail(t, 2, "the field attacker.ships.Cruiser is varied twice", "explain", sc, "--sensitivity", "attacker.ships.Cruiser=1..3", "--sensitivity", "attacker.ships.Cruiser=1,2", "--seed", "1")
	mustFail(t, 2, "--rows 1: allowed", "explain", sc, "--sensitivity", "attacker.ships.Cruiser=1..2", "--rows", "1", "--seed", "1")
}
