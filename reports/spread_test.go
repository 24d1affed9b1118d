package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/rules"
)

// exactShare is an exact win share as a spread holds it.
func exactShare(p float64) analysis.Estimate { return analysis.Estimate{Value: p, Lo: p, Hi: p} }

// sampleSpreads are two spreads whose every number is set by hand: one
// solved exactly, in which side b has one policy to play, and one fought
// by Monte Carlo, whose range stays under its threshold.
func sampleSpreads() []*spread.Spread {
	exact := &spread.Spread{
		Scenario: "demo/fleet", Ruleset: "eclipse", Labels: [2]string{"attacker", "defender"},
		Fields: [2]string{"attacker.policy", "defender.policy"}, Threshold: 0.05,
		Cells: []spread.Cell{
			{Policies: [2]string{"kill-greedy", "npc"}, Win: [2]analysis.Estimate{exactShare(0.4137), exactShare(0.5863)}, Exact: true},
			{Policies: [2]string{"npc", "npc"}, Varied: rules.A, Win: [2]analysis.Estimate{exactShare(0.5076), exactShare(0.4924)}, Exact: true},
			{Policies: [2]string{"optimal", "npc"}, Varied: rules.A, Win: [2]analysis.Estimate{exactShare(0.5971), exactShare(0.4029)}, Exact: true},
		},
		Left: []spread.Left{
			{Side: rules.A, Policy: "priority", Why: "policy priority needs attacker.priority"},
			{Side: rules.B, Policy: "kill-greedy", Why: "an NPC side always assigns by the rulebook NPC rule (allowed: npc)"},
		},
		Gaps: [2]spread.SkillGap{
			{Side: rules.A, Played: 3, Strong: "optimal", Weak: "kill-greedy", Diff: 0.1834, Lo: 0.1834, Hi: 0.1834, Exact: true},
			{Side: rules.B, Played: 1},
		},
	}
	mc := &spread.Spread{
		Scenario: "demo/duel", Ruleset: "emojispace", Seed: 7, Labels: [2]string{"P3", "N3b"},
		Fields: [2]string{"a.policy", "b.policy"}, Trials: 2000, Threshold: 0.05,
		Cells: []spread.Cell{
			{Policies: [2]string{"focus-fire", "focus-fire"}, Win: [2]analysis.Estimate{{Value: 0.5, Lo: 0.478, Hi: 0.522}, {Value: 0.48, Lo: 0.458, Hi: 0.502}}},
			{Policies: [2]string{"evasive", "focus-fire"}, Varied: rules.A, Win: [2]analysis.Estimate{{Value: 0.51, Lo: 0.488, Hi: 0.532}, {Value: 0.47, Lo: 0.448, Hi: 0.492}}},
			{Policies: [2]string{"focus-fire", "evasive"}, Varied: rules.B, Win: [2]analysis.Estimate{{Value: 0.5, Lo: 0.478, Hi: 0.522}, {Value: 0.48, Lo: 0.458, Hi: 0.502}}},
		},
		Gaps: [2]spread.SkillGap{
			{Side: rules.A, Played: 2, Strong: "evasive", Weak: "focus-fire", Diff: 0.0125, Lo: 0.004, Hi: 0.021, Pairs: 2000},
			{Side: rules.B, Played: 2, Strong: "focus-fire", Weak: "focus-fire"},
		},
	}
	return []*spread.Spread{exact, mc}
}

// The spread's text, JSON and CSV forms against their goldens; the note
// alone is a spread's unasked form, and a spread under its threshold has
// none.
func TestSpreadGoldens(t *testing.T) {
	spreads := sampleSpreads()
	var txt bytes.Buffer
	for _, s := range spreads {
		if err := WriteSpread(&txt, s); err != nil {
			t.Fatal(err)
		}
		txt.WriteString("--- its note alone:\n")
		if err := WriteSpreadNote(&txt, s); err != nil {
			t.Fatal(err)
		}
		txt.WriteString("\n")
	}
	golden(t, "spread.golden.txt", txt.Bytes())
	js, err := json.MarshalIndent([]formats.Object{spreadObject(spreads[0]), spreadObject(spreads[1])}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "spread.golden.json", append(js, '\n'))
	csv, err := formats.CsvBytes(SpreadRows(spreads))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "spread.golden.csv", csv)
}

// A run's page shows each result's spread at the end of its section and,
// when the spread is noted, the note at its head; a result without a
// spread shows neither. The table and JSON of a run carry a spread the
// same way.
func TestRunReportsCarryTheSpread(t *testing.T) {
	rs := results()[:2]
	s := sampleSpreads()[0]
	s.Scenario = rs[0].Scenario
	page, err := checkHTML(rs, Meta{Version: "test"}, pageParts{spreads: []*spread.Spread{s}})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{`<p class="warn">Note: attacker wins moves by 18.34 points`, `<h3 id="s1-spread">Policy spread</h3>`, `Skill gap: attacker wins 18.34 points more often playing optimal than kill-greedy (exact).`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(html, "s2-spread") || strings.Count(html, "Policy spread") != 1 {
		t.Errorf("the result without a spread shows one")
	}
	var table, note, js bytes.Buffer
	if err := WriteRunTable(&table, rs, []*spread.Spread{s}, true); err != nil {
		t.Fatal(err)
	}
	if err := WriteRunTable(&note, rs, []*spread.Spread{s}, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "policy spread  demo/duel") || strings.Count(note.String(), "NOTE") != 1 || strings.Contains(note.String(), "policy spread  ") {
		t.Errorf("table:\n%s\nnote only:\n%s", table.String(), note.String())
	}
	if err := WriteRunJSON(&js, rs, []*spread.Spread{s}); err != nil {
		t.Fatal(err)
	}
	var back []map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back[0]["policy_spread"] == nil || back[1]["policy_spread"] != nil {
		t.Errorf("JSON (%v):\n%s", err, js.String())
	}
}
