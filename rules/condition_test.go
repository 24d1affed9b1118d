package rules_test

import (
	"errors"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// conditionSpec is a battle with labelled sides, three ends and two
// counters.
func conditionSpec() rules.Spec {
	var cs rules.Counters
	cs.Sides("hits", "")
	return rules.Spec{Ends: []string{"destroyed", "retreated", "round-cap"}, Counters: cs.List(), Labels: [2]string{"attacker", "defender"}}
}

// Each clause form reads as what it says, and the condition holds of
// exactly the outcomes that meet every clause: checked against every
// outcome of a small grid, clause by clause, by a hand-written predicate.
func TestConditionHolds(t *testing.T) {
	spec := conditionSpec()
	for text, want := range map[string]func(o *rules.Outcome) bool{
		"":                  func(*rules.Outcome) bool { return true },
		"b wins":            func(o *rules.Outcome) bool { return o.Winner == rules.B },
		"win.b":             func(o *rules.Outcome) bool { return o.Winner == rules.B },
		"Defender wins":     func(o *rules.Outcome) bool { return o.Winner == rules.B },
		"attacker wins":     func(o *rules.Outcome) bool { return o.Winner == rules.A },
		"no winner":         func(o *rules.Outcome) bool { return o.Winner == rules.None },
		"win.none":          func(o *rules.Outcome) bool { return o.Winner == rules.None },
		"end retreated":     func(o *rules.Outcome) bool { return o.End == 1 },
		"end.round-cap":     func(o *rules.Outcome) bool { return o.End == 2 },
		"rounds<=2":         func(o *rules.Outcome) bool { return o.Rounds <= 2 },
		"rounds < 2":        func(o *rules.Outcome) bool { return o.Rounds < 2 },
		"rounds==3":         func(o *rules.Outcome) bool { return o.Rounds == 3 },
		"rounds!=3":         func(o *rules.Outcome) bool { return o.Rounds != 3 },
		"rounds>3":          func(o *rules.Outcome) bool { return o.Rounds > 3 },
		"counter.a.hits>=2": func(o *rules.Outcome) bool { return o.Counters[0] >= 2 },
		"b wins, end destroyed, rounds<=2": func(o *rules.Outcome) bool {
			return o.Winner == rules.B && o.End == 0 && o.Rounds <= 2
		},
		"rounds>=2, rounds<=3, counter.b.hits=1": func(o *rules.Outcome) bool {
			return o.Rounds >= 2 && o.Rounds <= 3 && o.Counters[1] == 1
		},
	} {
		c, err := rules.ParseCondition(text, spec)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		for w := range 3 {
			for e := range 3 {
				for r := range int64(6) {
					for h := range int64(3) {
						o := &rules.Outcome{Winner: rules.Side(w), End: e, Rounds: r, Counters: []int64{h, 2 - h}}
						if got := c.Holds(o); got != want(o) {
							t.Errorf("%q on %+v: %v", text, *o, got)
						}
					}
				}
			}
		}
	}
}

// A bad clause is an error naming its column and the clause, with the
// nearest names where it misspells one.
func TestConditionErrors(t *testing.T) {
	spec := conditionSpec()
	for text, want := range map[string]string{
		"b wins, end destroyd": `column 9 (end destroyd): unknown end reason "destroyd" (this battle ends by: destroyed, retreated, round-cap); did you mean "destroyed"?`,
		"attaker wins":         `column 1 (attaker wins): unknown metric "attaker wins" (allowed: ` + rules.ConditionForms + `); did you mean "attacker wins"?`,
		"b wins,  ruonds<=2":   `column 10 (ruonds<=2): unknown metric "ruonds" (allowed: ` + rules.ConditionForms + `); did you mean "rounds"?`,
		"counter.a.hit>=1":     `column 1 (counter.a.hit>=1): unknown counter "a.hit" (counters: a.hits, b.hits); did you mean "a.hits"?`,
		"rounds<=two":          `column 1 (rounds<=two): "two" is not an integer (a clause compares with a whole number: rounds<=2, counter.a.hits>=3)`,
		"rounds.mean<=2":       `column 1 (rounds.mean<=2): rounds.mean is a statistic of many battles; one battle's length is rounds (rounds<=2)`,
		"win.a>=1":             `column 1 (win.a>=1): win.a is a share, which one battle either is or is not: write it alone (win.a), without >=`,
		"counter.a.hits":       `column 1 (counter.a.hits): a counter's clause compares its value: counter.a.hits OP N (OP one of < <= = != >= >)`,
		"b wins,,rounds<=2":    `column 8 (empty): an empty clause (allowed: ` + rules.ConditionForms + `)`,
	} {
		_, err := rules.ParseCondition(text, spec)
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", text, err, want)
		}
	}
}

// Rounds, Winners and Ends give the ranges the condition allows, which
// pick the buckets of a run's examples.
func TestConditionRanges(t *testing.T) {
	spec := conditionSpec()
	c, err := rules.ParseCondition("b wins, rounds>=2, rounds<5, end retreated", spec)
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi, ok := c.Rounds(); lo != 2 || hi != 4 || !ok {
		t.Errorf("Rounds = %d, %d, %v", lo, hi, ok)
	}
	if w := c.Winners(); w != [3]bool{false, false, true} {
		t.Errorf("Winners = %v", w)
	}
	if e := c.Ends(3); e[0] || !e[1] || e[2] {
		t.Errorf("Ends = %v", e)
	}
	if c.OnlyBuckets() {
		t.Error("a rounds clause is more than buckets")
	}
	if _, _, ok := mustCondition(t, "rounds>4, rounds<3", spec).Rounds(); ok {
		t.Error("rounds>4, rounds<3 allows some rounds")
	}
	if lo, hi, _ := mustCondition(t, "b wins", spec).Rounds(); lo != 0 || hi != -1 {
		t.Errorf("no rounds clause: %d, %d", lo, hi)
	}
}

func mustCondition(t *testing.T, text string, spec rules.Spec) rules.Condition {
	t.Helper()
	c, err := rules.ParseCondition(text, spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// FuzzParseCondition: any text either reads as a condition whose clauses
// each name what the spec declares, or is an error located at a column
// of the text; it never panics, and a condition read holds or not of any
// outcome without panicking.
func FuzzParseCondition(f *testing.F) {
	for _, s := range []string{"b wins, end destroyed, rounds<=2", "counter.a.hits>=1", "no winner", "attacker wins", "rounds!=3,", " , ", "end", "rounds<=-9223372036854775808", "counter.x.y=1"} {
		f.Add(s)
	}
	spec := conditionSpec()
	f.Fuzz(func(t *testing.T, text string) {
		c, err := rules.ParseCondition(text, spec)
		if err != nil {
			var ce *rules.ConditionError
			if !errors.As(err, &ce) || ce.Col < 1 || ce.Col > len(text)+1 {
				t.Fatalf("%q: error %v not located in the text", text, err)
			}
			return
		}
		for _, cl := range c.Clauses {
			if cl.Kind == rules.ClauseEnd && (cl.End < 0 || cl.End >= len(spec.Ends)) || cl.Kind == rules.ClauseCounter && (cl.Counter < 0 || cl.Counter >= len(spec.Counters)) {
				t.Fatalf("%q: clause %+v outside the spec", text, cl)
			}
		}
		o := &rules.Outcome{Winner: rules.B, End: 1, Rounds: 3, Counters: make([]int64, len(spec.Counters))}
		c.Holds(o)
		c.Rounds()
	})
}
