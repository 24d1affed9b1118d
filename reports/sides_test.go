package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// One helper names the sides everywhere: by the ruleset's labels, with
// the letter where it helps to find the side in the JSON, by the letter
// alone where there is no label; a side's wins as the options score them
// say which non-victory ends they include, and where.
func TestSideNames(t *testing.T) {
	labelled := rules.Spec{Labels: [2]string{"attacker", "defender"}}
	escaper := rules.Spec{Labels: [2]string{"P3", "N3a"}, NonVictories: []rules.NonVictory{{End: "escaped", Scored: true}}}
	noWinner := rules.Spec{Labels: [2]string{"P3", "N3b"}, NonVictories: []rules.NonVictory{{End: "escaped"}}}
	winA, winB, winNone := rules.Metric{Kind: rules.WinShare, Side: rules.A}, rules.Metric{Kind: rules.WinShare, Side: rules.B}, rules.Metric{Kind: rules.WinShare}
	hits := rules.Metric{Kind: rules.CounterMean, Name: "a.survivors.Cruiser"}
	for _, c := range []struct {
		name string
		n    words.SideNames
		got  []string
		want []string
	}{
		{"no labels", words.NamesOf(rules.Spec{}), nil,
			[]string{"a wins", "", "a wins (win.a)", "no winner (win.none)", "a.survivors.Cruiser", "counter.a.survivors.Cruiser", ""}},
		{"labels", words.NamesOf(labelled), nil,
			[]string{"attacker wins", " (a)", "attacker wins (win.a)", "no winner (win.none)", "attacker: a.survivors.Cruiser", "attacker: counter.a.survivors.Cruiser", "attacker"}},
		{"escaper-wins", words.NamesOf(escaper), nil,
			[]string{"P3 wins", " (a)", "P3 wins, escaped included (win.a)", "no winner (win.none)", "P3: a.survivors.Cruiser", "P3: counter.a.survivors.Cruiser", "P3"}},
		{"no-winner", words.NamesOf(noWinner), nil,
			[]string{"P3 wins", " (a)", "P3 wins (win.a)", "no winner, escaped included (win.none)", "P3: a.survivors.Cruiser", "P3: counter.a.survivors.Cruiser", "P3"}},
		// A comparison of the two: the sides that differ are joined, and
		// the escapes say in which variant they are scored how.
		{"compare", words.CommonNames([]rules.Spec{escaper, noWinner}, []string{"A", "B"}), nil,
			[]string{"P3 wins", " (a)", "P3 wins, escaped included in A (win.a)", "no winner, escaped included in B (win.none)", "P3: a.survivors.Cruiser", "P3: counter.a.survivors.Cruiser", "P3"}},
		// A sweep whose points differ in a side's label names it by its
		// letter.
		{"sweep", words.CommonNames([]rules.Spec{escaper, noWinner, noWinner}, nil), nil,
			[]string{"P3 wins", " (a)", "P3 wins, escaped included at some points (win.a)", "no winner, escaped included at some points (win.none)", "P3: a.survivors.Cruiser", "P3: counter.a.survivors.Cruiser", "P3"}},
	} {
		n := c.n
		got := []string{n.Victories(rules.A), n.Tag(rules.A), n.Described(winA), n.Described(winNone), n.Counter(hits.Name), n.Described(hits), n.MetricLabel(winA)}
		if strings.Join(got, " | ") != strings.Join(c.want, " | ") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
	if n := words.CommonNames([]rules.Spec{escaper, noWinner}, []string{"A", "B"}); n.Described(winB) != "N3a/N3b wins, escaped included in A (win.b)" {
		t.Errorf("compare: side b is %q", n.Described(winB))
	}
	if n := words.CommonNames([]rules.Spec{escaper, noWinner}, nil); n.Described(winB) != "b wins, escaped included at some points (win.b)" || n.MetricLabel(winB) != "" {
		t.Errorf("sweep: side b is %q, label %q", n.Described(winB), n.MetricLabel(winB))
	}
}

// The table's headline gives each side's victories and escapes apart, the
// same under either scoring, and says below it what claims read.
func TestHeadlineRows(t *testing.T) {
	for scored, note := range map[bool]string{
		true:  "(claims read win.a = 60.00 %, win.b = 30.00 %: the options score escaped as a win)",
		false: "(claims read win.none = 40.00 %: the options score escaped as no winner)",
	} {
		var b bytes.Buffer
		if err := WriteTable(&b, []*analysis.Result{escapeSample(scored)}); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"P3 wins (a) 4 40.00 %",
			"P3 escaped (a) 2 20.00 %",
			"pirate wins (b) 2 20.00 %",
			"pirate escaped (b) 1 10.00 %",
			"no winner 1 10.00 %",
			"end escaped 3 30.00 %",
			note,
		} {
			if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
				t.Errorf("scored %v: no %q in\n%s", scored, want, b.String())
			}
		}
	}
}
