package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
)

// The exact spread of an Eclipse scenario, optimal included, as exact
// prints it with --policy-spread; refresh with go test ./cmd/cli -run
// TestExactPolicySpreadGolden -update.
func TestExactPolicySpreadGolden(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "exact", "eclipse/missiles-vs-starbases", "--policy-spread")
	i := strings.Index(out, "policy spread  ")
	if i < 0 {
		t.Fatalf("no spread:\n%s", out)
	}
	path := filepath.Join("testdata", "spread-exact.golden.txt")
	if *update {
		os.WriteFile(path, []byte(out[i:]), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil || out[i:] != string(want) {
		t.Errorf("the spread differs from %s (%v):\n%s", path, err, out[i:])
	}
	var js struct {
		Spread struct {
			Cells []struct{ Exact bool } `json:"cells"`
			Noted bool                   `json:"noted"`
		} `json:"policy_spread"`
	}
	raw := mustRun(t, "exact", "eclipse/missiles-vs-starbases", "--policy-spread", "--format", "json")
	if err := json.Unmarshal([]byte(raw), &js); err != nil || len(js.Spread.Cells) != 7 || js.Spread.Noted {
		t.Errorf("JSON (%v): %+v", err, js)
	}
}

// A Monte Carlo spread prints after the run's table; it is the same for
// any worker count, and its scenario row is the run's own numbers when it
// has the run's trials: the cells are fought on the scenario's streams.
func TestRunPolicySpread(t *testing.T) {
	t.Parallel()
	args := []string{"run", "emojispace/p0-vs-pirate-raider-pop3", "--trials", "1500", "--seed", "3", "--policy-spread"}
	one := mustRun(t, append(args, "--workers", "1")...)
	if two := mustRun(t, append(args, "--workers", "2", "--chunk", "97")...); two != one {
		t.Errorf("--workers 2 differs from --workers 1:\n%s\n---\n%s", two, one)
	}
	for _, want := range []string{
		"policy spread  emojispace/p0-vs-pirate-raider-pop3   headline: P0 wins   Monte Carlo, 1500 trials a cell, seed 3",
		"P0             random            default-selector",
		"skill gap   P0 wins", "paired, 1500 trials on fresh streams", "NOTE        P0 wins moves by",
	} {
		if !strings.Contains(one, want) {
			t.Errorf("output lacks %q:\n%s", want, one)
		}
	}
	var run struct {
		Wins   struct{ A int64 } `json:"wins"`
		Spread struct {
			Cells []struct {
				WinA struct{ Value float64 } `json:"win_a"`
			} `json:"cells"`
		} `json:"policy_spread"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--format", "json")...)), &run); err != nil {
		t.Fatal(err)
	}
	if got := run.Spread.Cells[0].WinA.Value; got != float64(run.Wins.A)/1500 {
		t.Errorf("the scenario's cell says %g, the run %d of 1500", got, run.Wins.A)
	}
}

// With --out alone a run fights the spread on a bounded budget, without
// the costly values: the page and spread.csv hold it, the table its note.
// A ruleset without policies has none, and no spread.csv.
func TestRunOutFightsTheSpreadUnasked(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "report")
	out := mustRun(t, "run", "eclipse/fleet-mirror", "stratfight/thug-vs-guard", "--trials", "300", "--seed", "1", "--out", dir)
	if !strings.Contains(out, "NOTE      attacker wins moves by 17.70 points") || strings.Contains(out, "policy spread  ") {
		t.Errorf("the table does not carry the note alone:\n%s", out)
	}
	csv, err := os.ReadFile(filepath.Join(dir, "spread.csv"))
	if err != nil || strings.Contains(string(csv), "optimal") || strings.Contains(string(csv), "stratfight") || !strings.Contains(string(csv), "eclipse/fleet-mirror,b,kill-greedy,npc,win.a,0.330665") {
		t.Errorf("spread.csv (%v):\n%s", err, csv)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "eclipse.html"))
	if !strings.Contains(string(page), `<h3 id="s1-spread">`) || !strings.Contains(string(page), "optimal: costly to play: --policy-spread plays it") {
		t.Errorf("the page lacks the spread")
	}
	plain := mustRun(t, "run", "eclipse/fleet-mirror", "--trials", "300", "--seed", "1")
	if strings.Contains(plain, "NOTE") {
		t.Errorf("a run without --out fought a spread unasked")
	}
}

// exact notes a small scenario whose answer moves, from the policies that
// are cheap to solve; it spends on that at most the work of its own solve
// (or unaskedSpreadMinWork), and names the policies that left unsolved.
func TestExactNotesTheSpread(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "exact", "emojispace/p1-vs-n2a")
	if !strings.Contains(out, "NOTE      P1 wins moves by 56.14 points") || strings.Contains(out, "left out for the budget") {
		t.Errorf("exact's note:\n%s", out)
	}
	if out := mustRun(t, "exact", "eclipse/missiles-vs-starbases"); strings.Contains(out, "NOTE") {
		t.Errorf("a spread of 1.22 points was noted:\n%s", out)
	}
	// fleet-mirror's solve takes 58,058 steps, each other fixed policy's
	// about 400,000: none fits the 200,000 of the floor, and the table
	// says so, where it noted a move of 17.70 points spending 28 solves.
	out = mustRun(t, "exact", "eclipse/fleet-mirror")
	want := "spread    4 policies left out for the budget of a spread computed unasked (the work of this solve): attacker.policy=npc, attacker.policy=largest-killable-first, defender.policy=npc, defender.policy=largest-killable-first; --policy-spread solves them"
	if !strings.Contains(out, want) || strings.Contains(out, "NOTE") {
		t.Errorf("fleet-mirror's spread, cut short:\n%s", out)
	}
	// escorted-interceptors-vs-fleet's budget fits one policy of four,
	// which moves the answer 9.13 points; --policy-spread solves the other
	// three too (in a quarter of the CPU of fleet-mirror's four).
	out = mustRun(t, "exact", "eclipse/escorted-interceptors-vs-fleet")
	for _, want := range []string{"NOTE      attacker wins moves by 9.13 points",
		"spread    3 policies left out for the budget of a spread computed unasked (the work of this solve): attacker.policy=largest-killable-first, defender.policy=npc, defender.policy=largest-killable-first; --policy-spread solves them"} {
		if !strings.Contains(out, want) {
			t.Errorf("escorted-interceptors-vs-fleet's spread, cut short, lacks %q:\n%s", want, out)
		}
	}
	if out := mustRun(t, "exact", "eclipse/escorted-interceptors-vs-fleet", "--policy-spread"); !strings.Contains(out, "moves by 33.63 points") || strings.Contains(out, "budget") {
		t.Errorf("escorted-interceptors-vs-fleet's spread, asked for:\n%s", out)
	}
}

// A spread asked of a ruleset without policies is refused before any
// battle; flags out of range are bad usage.
func TestPolicySpreadRefusals(t *testing.T) {
	t.Parallel()
	stdout, _ := mustFail(t, exitFailed, "stratfight/thug-vs-guard: ruleset stratfight has no built-in policies, so there is no policy spread to fight (rulesets with them: dbd, eclipse, emojispace)",
		"run", "stratfight/thug-vs-guard", "--policy-spread", "--seed", "1")
	if stdout != "" {
		t.Errorf("fought before refusing:\n%s", stdout)
	}
	mustFail(t, exitFailed, "ruleset stratfight has no built-in policies", "exact", "stratfight/lifespan-29-coins", "--policy-spread")
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--policy-spread runs whole: it cannot be given with --shard", []string{"--shard", "0/2"}},
		{"--policy-spread prints with --format table or json", []string{"--format", "csv"}},
		{"--spread-threshold -1: allowed: a number of points from 0 to 100", []string{"--spread-threshold", "-1"}},
		{"--spread-trials 0: allowed: an integer from 1", []string{"--spread-trials", "0"}},
	} {
		mustFail(t, exitUsage, c.want, append([]string{"run", "eclipse/interceptor-duel", "--policy-spread", "--seed", "1"}, c.args...)...)
	}
	mustFail(t, exitUsage, "--spread-trials and --spread-threshold shape a policy spread: give --policy-spread or --out",
		"run", "eclipse/interceptor-duel", "--spread-trials", "100", "--seed", "1")
}

// Ctrl-C during a spread's cell stops it within a second: the run's
// results are printed whole, the spread left out, and the exit status is
// 130. (A cell of fifty million duels with a fresh NPC, which no solver reaches, takes minutes; chunks of
// 5000 bound the work the interrupted chunk goes on with in the
// background while the other tests run.)
func TestPolicySpreadInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled atomic.Int64
	ctx = command.WithProgress(ctx, func(s analysis.Stage) (func(int64), func()) {
		if strings.HasPrefix(s.Name, "policy spread of") {
			time.AfterFunc(200*time.Millisecond, func() {
				cancelled.Store(time.Now().UnixNano())
				cancel()
			})
		}
		return nil, func() {}
	})
	out, errOut, code := crucible(t, ctx, "run", "emojispace/p0-vs-alien-vessel-pop1", "--trials", "20", "--seed", "1", "--policy-spread", "--spread-trials", "50000000", "--chunk", "5000")
	waited := time.Duration(time.Now().UnixNano() - cancelled.Load())
	if code != exitInterrupted || cancelled.Load() == 0 || waited > time.Second {
		t.Fatalf("exit %d, %v after the interrupt; stderr %s", code, waited, errOut)
	}
	if !strings.Contains(out, "wins") || strings.Contains(out, "policy spread") || !strings.Contains(errOut, "interrupted during the policy spread") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errOut)
	}
}

// dbd's players are rungs of a ladder of skill, not styles: a spread of
// a dbd scenario is refused, pointing to the ladder, and one a report
// would make unasked is not made (issue 29: "BLUE wins moves by 100
// points across the sides' policies" compared random with rollout).
func TestPolicySpreadLeavesSkillToTheLadder(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, "dbd/symmetric_line: ruleset dbd's policies differ in skill, not style, so there is no policy spread to fight: crucible ladder dbd/symmetric_line ranks them",
		"run", "dbd/symmetric_line", "--policy-spread", "--seed", "1", "--trials", "10")
	dir := filepath.Join(t.TempDir(), "report")
	mustRun(t, "run", "dbd/symmetric_line", "--trials", "20", "--seed", "1", "--out", dir)
	if _, err := os.Stat(filepath.Join(dir, "spread.csv")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a dbd report has a policy spread: %v", err)
	}
}
