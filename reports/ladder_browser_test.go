package reports

import (
	"context"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/ladder"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/ladderreport"
	"github.com/crucible-sim/crucible/scenarios"
)

// TestLadderPageInBrowser opens a ladder's page in headless Chromium: it
// renders, its ratings' figure loads, and the steps' table holds a row per
// step with the rungs, the verdict and the statistics the text gives.
func TestLadderPageInBrowser(t *testing.T) {
	browser := headless(t, chromium(t))
	sc, err := scenarios.Load("eclipse/fleet-mirror")
	if err != nil {
		t.Fatal(err)
	}
	plan := ladder.Plan{Rungs: []string{"largest-killable-first", "kill-greedy"}, Test: ladder.DefaultTest, Look: 10, Budget: 40}
	l, err := ladder.Run(context.Background(), analysis.Run{Seed: 1}, sc, plan)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ladderreport.WriteDir(dir, l, "crucible ladder eclipse/fleet-mirror --seed 1", "test"); err != nil {
		t.Fatal(err)
	}
	r := renderPage(t, browser, dir, "index.html")
	if !strings.HasPrefix(r.Title, "crucible ladder eclipse/fleet-mirror") {
		t.Errorf("ladder page titled %q", r.Title)
	}
	checkImages(t, "ladder report", r, "ladder.svg")
	var rows [][]string
	for _, tb := range r.Tables {
		if tb.ID == "steps" {
			rows = tb.Rows
		}
	}
	if len(rows) != len(l.Steps)+1 {
		t.Fatalf("ladder report: %d rows in the steps' table, want a head and %d steps: %v", len(rows), len(l.Steps), rows)
	}
	for i, s := range l.Steps {
		want := []string{s.Upper, s.Lower, s.Verdict.String(), s.Detail(l.Test)}
		if strings.Join(rows[i+1], "|") != strings.Join(want, "|") {
			t.Errorf("ladder report: step %d shows %q, want %q", i, rows[i+1], want)
		}
	}
}

// TestSkillSectionInBrowser opens a report page with a skill axis in
// headless Chromium: the axis's table shows a row per level with the win
// shares the axis holds.
func TestSkillSectionInBrowser(t *testing.T) {
	browser := headless(t, chromium(t))
	axis := &skill.Axis{Scenario: "demo/duel", Labels: [2]string{"attacker", "defender"}, Threshold: 0.05, Levels: []skill.Level{
		{Policy: "a=kill-greedy", Exact: true, Win: [2]analysis.Estimate{{Value: 0.4137}, {Value: 0.5863}}},
		{Policy: "a=optimal", Exact: true, Win: [2]analysis.Estimate{{Value: 0.5971}, {Value: 0.4029}}},
	}}
	dir := t.TempDir()
	if err := writeDir(dir, []*analysis.Result{boardSample()}, Meta{Version: "test", Skill: []*skill.Axis{axis}}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	r := renderPage(t, browser, dir, "index.html")
	var rows [][]string
	for _, tb := range r.Tables {
		if tb.Cls == "skill" {
			rows = tb.Rows
		}
	}
	want := [][]string{{"player", "attacker wins", "95 % interval", "defender wins"},
		{"a=kill-greedy", "41.37 %", "exact", "58.63 %"}, {"a=optimal", "59.71 %", "exact", "40.29 %"}}
	if len(rows) != 3 || strings.Join(rows[1], "|") != strings.Join(want[1], "|") || strings.Join(rows[2], "|") != strings.Join(want[2], "|") {
		t.Errorf("the skill section's table: %q, want %q", rows, want)
	}
}
