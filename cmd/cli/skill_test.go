package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eclipse/fleet-mirror's answer changes with skill (issue 29: 41.4 %
// under kill-greedy, 59.7 % under optimal): --skill flags it beside the
// results, with the side each level favours; interceptor-duel's does not
// move and is not flagged.
func TestSkillFlagsFleetMirror(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "eclipse/fleet-mirror", "--skill", "a=kill-greedy,a=optimal", "--trials", "100", "--seed", "1")
	want := "SKILL-SENSITIVE  this verdict changes with skill: defender favoured (58.63 % to 41.37 %) under a=kill-greedy, " +
		"attacker favoured (59.71 % to 40.29 %) under a=optimal (+18.34 points, more than the 5-point threshold)\n"
	if !strings.Contains(out, want) {
		t.Errorf("fleet-mirror is not flagged:\n%s", out)
	}
	out = mustRun(t, "run", "eclipse/interceptor-duel", "--skill", "kill-greedy,largest-killable-first", "--trials", "100", "--seed", "1")
	if strings.Contains(out, "SKILL-SENSITIVE") || !strings.Contains(out, "the verdict holds from kill-greedy to largest-killable-first") {
		t.Errorf("interceptor-duel:\n%s", out)
	}
}

// --skill's flags out of range are bad usage.
func TestSkillRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--skill greedy: name two players or more", []string{"--skill", "greedy"}},
		{"--skill-threshold shapes a skill axis: give --skill", []string{"--skill-threshold", "3"}},
		{"--skill prints with --format table or json", []string{"--skill", "greedy,rollout", "--format", "csv"}},
		{`"kill-greedy" is not a player both sides may be: allowed: greedy, random, rollout, search:250`, []string{"--skill", "greedy,kill-greedy"}},
		{"--skill-threshold 101: allowed: a number of points from 0 to 100", []string{"--skill", "greedy,rollout", "--skill-threshold", "101"}},
	} {
		mustFail(t, exitUsage, c.want, append([]string{"run", "dbd/cavalry_hammer", "--seed", "1"}, c.args...)...)
	}
	// A ruleset without policies has no ladder of players.
	mustFail(t, exitUsage, "--skill stratfight/thug-vs-guard: ruleset stratfight has no built-in policies, so it has no ladder of players",
		"run", "stratfight/thug-vs-guard", "--skill", "random,greedy", "--seed", "1")
	// A side that cannot take the player is refused before anything is
	// fought: an Eclipse NPC plays by the rulebook's rule alone.
	mustFail(t, exitUsage, "--skill eclipse/two-interceptors-vs-ancient: skill level b=kill-greedy: --skill: defender.policy: an NPC side always assigns by the rulebook NPC rule (allowed: npc)",
		"run", "eclipse/two-interceptors-vs-ancient", "--skill", "b=kill-greedy,b=optimal", "--seed", "1")
}

// skillJSON reads the "skill" field of a command's JSON output: each
// axis's sensitivity and move, in points rounded to hundredths.
func skillJSON(t *testing.T, out string) (sensitive []bool, moves []float64) {
	t.Helper()
	var d struct {
		Skill []struct {
			Sensitive bool
			Move      float64
		}
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, a := range d.Skill {
		sensitive = append(sensitive, a.Sensitive)
		moves = append(moves, float64(int64(a.Move*1e4+map[bool]float64{true: 0.5, false: -0.5}[a.Move > 0]))/100)
	}
	return sensitive, moves
}

// pageSays reads a report directory's file and reports whether it holds
// want.
func pageSays(t *testing.T, dir, file, want string) bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), want)
}

// compare --skill re-judges B's effect at each level, both variants on
// the same streams: one Interceptor fewer costs the attacker 11.49 points
// under kill-greedy, 11.59 under largest-killable-first and 11.87 under
// optimal (all exact), moves of 0.10 and 0.38 points — within 5 points,
// and the second beyond 0.3. The verdict that holds reaches the table (on
// the axis without optimal play, whose solves cost seconds); the flag
// reaches the JSON and the report page.
func TestSkillOnCompare(t *testing.T) {
	t.Parallel()
	base := []string{"compare", "eclipse/fleet-mirror", "--set-b", "attacker.ships.Interceptor=7", "--trials", "2000", "--seed", "1"}
	out := mustRun(t, append(base, "--skill", "a=kill-greedy,a=largest-killable-first")...)
	for _, want := range []string{"a=kill-greedy             41.37 %                29.88 %                -11.49 points\n",
		"skill       the verdict holds from a=kill-greedy to a=largest-killable-first: the effect of B moves by -0.10 points, within the 5-point threshold\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	dir := t.TempDir()
	args := append(base, "--skill", "a=kill-greedy,a=optimal")
	out = mustRun(t, append(args, "--skill-threshold", "0.3", "--format", "json", "--out", dir)...)
	if sens, moves := skillJSON(t, out); len(sens) != 1 || !sens[0] || moves[0] != -0.38 {
		t.Errorf("skill in JSON: sensitive %v, moves %v; want [true], [-0.38]", sens, moves)
	}
	want := "SKILL-SENSITIVE: this verdict changes with skill: B moves attacker&#39;s win share by -11.49 points (41.37 % to 29.88 %) under a=kill-greedy"
	if !pageSays(t, dir, "index.html", want) || !pageSays(t, dir, "comparison.json", `"sensitive": true`) {
		t.Errorf("the report does not flag the comparison (%q)", want)
	}
}

// tune --skill re-judges the scenario its answer rests on: 7 Interceptors
// win 78.30 % under kill-greedy and 88.49 % under optimal, so "7 is the
// fewest that win 70 %" is a verdict about kill-greedy. The JSON is the
// report's tune.json, which TestTuneWritesReport shows is what --format
// json prints.
func TestSkillOnTune(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"tune", "eclipse/interceptors-for-70", "--skill", "a=kill-greedy,a=optimal", "--seed", "1"}
	out := mustRun(t, append(args, "--out", dir)...)
	want := "SKILL-SENSITIVE  this verdict changes with skill: attacker favoured (78.30 % to 21.70 %) under a=kill-greedy, attacker favoured (88.49 % to 11.51 %) under a=optimal (+10.18 points, more than the 5-point threshold)\n"
	if !strings.Contains(out, want) || !strings.Contains(out, "skill axis  eclipse/escorted-interceptors-vs-fleet at attacker.ships.Interceptor=7") {
		t.Errorf("no flag %q in\n%s", want, out)
	}
	if !pageSays(t, dir, "index.html", "SKILL-SENSITIVE") || !pageSays(t, dir, "tune.json", `"sensitive": true`) {
		t.Error("the tune's report does not flag it")
	}
	if sens, moves := skillJSON(t, string(must(os.ReadFile(filepath.Join(dir, "tune.json"))))); len(sens) != 1 || !sens[0] || moves[0] != 10.18 {
		t.Errorf("skill in JSON: sensitive %v, moves %v; want [true], [10.18]", sens, moves)
	}
}

// meta --skill re-judges every cell of the roster; a roster of players is
// refused, and --balance with it.
func TestSkillOnMeta(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "meta", "eclipse/cruiser-designs", "--skill", "kill-greedy,largest-killable-first", "--seed", "1", "--format", "json")
	sens, _ := skillJSON(t, out)
	if len(sens) != 100 {
		t.Fatalf("%d axes; want one a cell, 100", len(sens))
	}
	out = mustRun(t, "meta", "eclipse/cruiser-designs", "--skill", "kill-greedy,largest-killable-first", "--seed", "1", "--skill-threshold", "0")
	// The answer first, beside the matrix's headline; a row a cell after
	// the matrix's details.
	summary := strings.Index(out, "\nSkill: every one of the 100 cells holds from kill-greedy to largest-killable-first: attacker's win share moves by at most 0.00 points")
	if summary < 0 || summary > strings.Index(out, "\nmeta      ") {
		t.Errorf("the skill summary is not beside the headline:\n%s", out)
	}
	_, cells, _ := strings.Cut(out, "\nskill by cell ")
	if n := strings.Count(cells, " vs "); n != 100 {
		t.Errorf("%d cells in the table; want 100", n)
	}
	if !strings.Contains(cells, "\nnote: neither kill-greedy nor largest-killable-first is a rung of the ruleset's ladder of skill") {
		t.Errorf("the table does not say the players are styles:\n%s", cells)
	}
	mustFail(t, exitUsage, "--skill sets both sides' players, and roster dbd/players's entry random is a player: rank players with crucible ladder",
		"meta", "dbd/players", "--skill", "greedy,rollout", "--seed", "1")
	mustFail(t, exitUsage, "--skill re-judges a roster's matrix: it cannot be given with --balance",
		"meta", "eclipse/cruiser-designs", "--skill", "kill-greedy,optimal", "--balance", "attacker.ships.Cruiser=1..2")
}

// check --skill re-judges each checked scenario beside its verdicts, in
// the table, the JSON and the report page. The report's skill.json holds
// the skill axis of optimal play, the costliest to fight (an exact solve
// of each level); --format json prints a cheaper one (largest-killable-
// first, whose move from kill-greedy, 9.39 points, the exact solutions of
// both give).
func TestSkillOnCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"check", "eclipse/fleet-mirror", "--skill", "a=kill-greedy,a=optimal", "--seed", "1", "--trials", "1000"}
	out := mustRun(t, append(args, "--out", dir)...)
	if !strings.Contains(out, "SKILL-SENSITIVE  this verdict changes with skill: defender favoured (58.63 % to 41.37 %) under a=kill-greedy") {
		t.Errorf("check does not flag fleet-mirror:\n%s", out)
	}
	if !pageSays(t, dir, "index.html", `<p class="warn skill-flag">SKILL-SENSITIVE`) || !pageSays(t, dir, "skill.json", `"sensitive": true`) {
		t.Error("the check's report does not flag it")
	}
	if sens, moves := skillJSON(t, string(must(os.ReadFile(filepath.Join(dir, "skill.json"))))); len(sens) != 1 || !sens[0] || moves[0] != 18.34 {
		t.Errorf("skill.json: sensitive %v, moves %v; want [true], [18.34]", sens, moves)
	}
	cheap := []string{"check", "eclipse/fleet-mirror", "--skill", "a=kill-greedy,a=largest-killable-first", "--seed", "1", "--trials", "1000", "--format", "json"}
	if sens, moves := skillJSON(t, mustRun(t, cheap...)); len(sens) != 1 || !sens[0] || moves[0] != 9.39 {
		t.Errorf("skill in JSON: sensitive %v, moves %v; want [true], [9.39]", sens, moves)
	}
	mustFail(t, exitUsage, "--skill prints with --format table or json", append(args, "--format", "junit")...)
	mustFail(t, exitUsage, "--skill re-judges a sampled comparison: drop --exact",
		"compare", "eclipse/fleet-mirror", "--set-b", "attacker.ships.Interceptor=7", "--exact", "--skill", "a=kill-greedy,a=optimal")
}

// A sampled move is judged by its interval: on 200 trials
// largest-killable-first (beyond the solver on fleet-mirror-upgraded)
// moves the attacker's share from kill-greedy's exact 39.98 % by +6.02
// points, [-1.03, +13.20]: neither the flag nor the all-clear, in the
// table, skill.json (verdict "undecided", sensitive false) and the page.
func TestSkillUndecided(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := mustRun(t, "run", "eclipse/fleet-mirror-upgraded", "--skill", "kill-greedy,largest-killable-first", "--trials", "200", "--seed", "1", "--out", dir)
	want := "skill       undecided whether the verdict changes with skill from kill-greedy to largest-killable-first: attacker wins moves by +6.02 points [-1.03, +13.20] at 200 trials, neither shown within nor beyond the 5-point threshold; more trials would decide\n"
	if !strings.Contains(out, want) || strings.Contains(out, "SKILL-SENSITIVE") {
		t.Errorf("no %q in\n%s", want, out)
	}
	var d struct {
		Skill []struct {
			Verdict   string
			Sensitive bool
			Lo        float64 `json:"move_lo"`
			Hi        float64 `json:"move_hi"`
		}
	}
	if err := json.Unmarshal(must(os.ReadFile(filepath.Join(dir, "skill.json"))), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Skill) != 1 || d.Skill[0].Verdict != "undecided" || d.Skill[0].Sensitive || fmt.Sprintf("%.4f %.4f", d.Skill[0].Lo, d.Skill[0].Hi) != "-0.0103 0.1320" {
		t.Errorf("skill.json: %+v; want verdict undecided, not sensitive, move in [-0.0103, 0.1320]", d.Skill)
	}
	if !pageSays(t, dir, "index.html", `<p class="skill-undecided">skill       undecided whether`) || pageSays(t, dir, "index.html", "SKILL-SENSITIVE") {
		t.Error("the page does not say the axis is undecided beside the headline")
	}
}

// On a mirrored board (dbd/symmetric_wings: RED is BLUE reflected, the
// first move alternating) --skill judges the first mover's win share, the
// sides being even by the symmetry: from random to greedy it falls from
// 52.25 % to 23.50 % of 400 games (greedy's 24.1 % of 20,000 in
// bench/dbd-skill.txt lies inside its interval), SKILL-SENSITIVE, in the
// table and in JSON ("answer", each level's "first_mover"); on
// symmetric_line, whose archers break the mirror, the side's as before.
func TestSkillOnMirroredBoard(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "run", "dbd/symmetric_wings", "--skill", "random,greedy", "--trials", "400", "--seed", "29")
	for _, want := range []string{
		"player  first mover wins  95 % interval       BLUE wins  RED wins\nrandom  52.25 %           [47.23 %, 57.24 %]  49.75 %    49.50 %\ngreedy  23.50 %           [19.43 %, 27.97 %]  50.50 %    49.50 %\n",
		"SKILL-SENSITIVE  this verdict changes with skill: BLUE and RED are each other's mirror (RED is BLUE reflected across the middle row, the first move alternating): neither is favoured at any level of skill, by the symmetry, not by measure; " +
			"what skill moves is the first mover's win share: 52.25 % under random, 23.50 % under greedy (-28.75 points [-37.81, -19.26] at 400 trials, more than the 5-point threshold)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	var d struct {
		Skill []struct {
			Answer string
			Levels []struct {
				FirstMover *struct{ Estimate float64 } `json:"first_mover"`
			}
		}
	}
	js := mustRun(t, "run", "dbd/symmetric_wings", "--skill", "random,greedy", "--trials", "400", "--seed", "29", "--format", "json")
	if err := json.Unmarshal([]byte(js), &d); err != nil || len(d.Skill) != 1 || d.Skill[0].Answer != "first-mover-win-share" || d.Skill[0].Levels[1].FirstMover == nil || d.Skill[0].Levels[1].FirstMover.Estimate != 0.235 {
		t.Errorf("JSON (%v): %+v", err, d)
	}
	out = mustRun(t, "run", "dbd/symmetric_line", "--skill", "random,greedy", "--trials", "200", "--seed", "29")
	if !strings.Contains(out, "player  BLUE wins  95 % interval       RED wins\n") || strings.Contains(out, "mirror") {
		t.Errorf("symmetric_line is no mirror, and its axis is BLUE's:\n%s", out)
	}
}
