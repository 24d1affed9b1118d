package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/verdicts"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// exactSample is the exact solution of the Eclipse interceptor duel (the
// eclipse README, rules/eclipse/README.md §10, E1): a wins 5/11, rounds 36/11 on average.
func exactSample() *rules.Exact {
	return &rules.Exact{
		Win:        [3]rules.Value{rules.None: {F: 0, Rat: "0"}, rules.A: {F: 5.0 / 11, Rat: "5/11"}, rules.B: {F: 6.0 / 11, Rat: "6/11"}},
		Ends:       []rules.NamedValue{{Name: "destroyed", Value: rules.Value{F: 1, Rat: "1"}}, {Name: "stalemate", Value: rules.Value{F: 0, Rat: "0"}}},
		RoundsMean: rules.Value{F: 36.0 / 11, Rat: "36/11"},
		Rounds:     []float64{0, 11.0 / 36, 0.25, 0.2, 0.1, 0.05},
		RoundsTail: 1e-13,
		RoundsUnit: "rounds",
		Counters: []rules.ExactCounter{
			{Name: "a.survivors.Interceptor", Mean: rules.Value{F: 5.0 / 11, Rat: "5/11"}, P: []float64{6.0 / 11, 5.0 / 11}, Rat: []string{"6/11", "5/11"}},
			{Name: "b.reputation", Mean: rules.Value{F: 17.0 / 11}, P: []float64{0, 5.0 / 11, 6.0 / 11}},
		},
		States:  12,
		Options: []rules.Setting{{Name: "stalemate", Value: "defender"}},
		Notes:   []string{"a note every output repeats"},
		Labels:  [2]string{"attacker", "defender"},
	}
}

// An exact headline tells a side's escapes from its victories where the
// solver gives the escapes' side counters, and says that the wins include
// them where it does not.
func TestExactHeadline(t *testing.T) {
	value := func(f float64, rat string) rules.Value { return rules.Value{F: f, Rat: rat} }
	e := &rules.Exact{
		Win:          [3]rules.Value{rules.None: value(0.1, "1/10"), rules.A: value(0.6, "3/5"), rules.B: value(0.3, "3/10")},
		Labels:       [2]string{"P3", "pirate"},
		NonVictories: []rules.NonVictory{{End: "escaped", Scored: true}},
	}
	rows := func() (out []string) {
		for _, r := range exactHeadline(e) {
			out = append(out, r.Name+" = "+r.V.Rat)
		}
		return out
	}
	unsplit := "P(P3 wins, escaped included) (a) = 3/5 | P(pirate wins, escaped included) (b) = 3/10 | P(no winner) = 1/10"
	if got := strings.Join(rows(), " | "); got != unsplit {
		t.Errorf("without the side counters:\n got %s\nwant %s", got, unsplit)
	}
	e.Counters = []rules.ExactCounter{{Name: "a.escaped", Mean: value(0.2, "1/5")}, {Name: "b.escaped", Mean: value(0.1, "1/10")}}
	split := "P(P3 wins) (a) = 2/5 | P(P3 escaped) (a) = 1/5 | P(pirate wins) (b) = 1/5 | P(pirate escaped) (b) = 1/10 | P(no winner) = 1/10"
	if got := strings.Join(rows(), " | "); got != split {
		t.Errorf("with the side counters:\n got %s\nwant %s", got, split)
	}
	// Scored as no winner: the escapes come out of no winner.
	e.NonVictories[0].Scored = false
	e.Win = [3]rules.Value{rules.None: value(0.4, "2/5"), rules.A: value(0.4, "2/5"), rules.B: value(0.2, "1/5")}
	if got := strings.Join(rows(), " | "); got != split {
		t.Errorf("unscored, with the side counters:\n got %s\nwant %s", got, split)
	}
}

func TestExactGoldens(t *testing.T) {
	h := ExactHeader{Scenario: "eclipse/interceptor-duel", Ruleset: "eclipse", Hash: "0123456789abcdef", Version: "test"}
	var b bytes.Buffer
	if err := WriteExactTable(&b, h, exactSample()); err != nil {
		t.Fatal(err)
	}
	golden(t, "exact.golden.txt", b.Bytes())
	b.Reset()
	if err := WriteExactJSON(&b, h, exactSample()); err != nil {
		t.Fatal(err)
	}
	golden(t, "exact.golden.json", b.Bytes())
	var v struct {
		Exact struct {
			A        float64 `json:"a"`
			Rational struct {
				A        string `json:"a"`
				Counters map[string]struct {
					Mean string `json:"mean"`
				} `json:"counters"`
			} `json:"rational"`
		} `json:"exact"`
	}
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v.Exact.A != 5.0/11 || v.Exact.Rational.A != "5/11" || v.Exact.Rational.Counters["a.survivors.Interceptor"].Mean != "5/11" {
		t.Errorf("exact JSON does not read back: %+v", v)
	}
	// Without fractions there is no "rational" object.
	e := exactSample()
	for i := range e.Win {
		e.Win[i].Rat = ""
	}
	b.Reset()
	WriteExactJSON(&b, h, e)
	if bytes.Contains(b.Bytes(), []byte(`"rational"`)) {
		t.Error("rational object written for a float solution")
	}
}

// The result line of a replay names the winner as the ruleset does, and
// says of an end that is not a victory who ended the battle so.
func TestWriteOutcome(t *testing.T) {
	var cs rules.Counters
	cs.Sides("hits", "")
	cs.Sides("escaped", "")
	plain := rules.Spec{Ends: []string{"death", "round-cap"}, Counters: cs.List()[:2], RoundsUnit: "seconds"}
	duel := rules.Spec{Ends: []string{"destroyed", "escaped"}, Counters: cs.List(), Labels: [2]string{"P3", "pirate"},
		NonVictories: []rules.NonVictory{{End: "escaped", Scored: true}}}
	unscored := duel
	unscored.NonVictories = []rules.NonVictory{{End: "escaped"}}
	for _, c := range []struct {
		spec rules.Spec
		o    rules.Outcome
		want string
	}{
		{plain, rules.Outcome{Winner: rules.B, End: 1, Rounds: 42, Counters: []int64{3, 4}},
			"result: winner b, end round-cap, 42 seconds\n  a.hits = 3\n  b.hits = 4\n"},
		{plain, rules.Outcome{Winner: rules.None, End: 1, Rounds: 42, Counters: []int64{3, 4}},
			"result: no winner, end round-cap, 42 seconds\n  a.hits = 3\n  b.hits = 4\n"},
		{duel, rules.Outcome{Winner: rules.A, End: 0, Rounds: 3, Counters: []int64{5, 1, 0, 0}},
			"result: winner P3 (a), end destroyed, 3 rounds\n  P3: a.hits = 5\n  pirate: b.hits = 1\n  P3: a.escaped = 0\n  pirate: b.escaped = 0\n"},
		{duel, rules.Outcome{Winner: rules.B, End: 1, Rounds: 2, Counters: []int64{5, 1, 0, 1}},
			"result: winner pirate (b), end escaped (pirate escaped: not a victory), 2 rounds\n  P3: a.hits = 5\n  pirate: b.hits = 1\n  P3: a.escaped = 0\n  pirate: b.escaped = 1\n"},
		{unscored, rules.Outcome{Winner: rules.None, End: 1, Rounds: 2, Counters: []int64{5, 1, 0, 1}},
			"result: no winner, end escaped (pirate escaped: not a victory), 2 rounds\n  P3: a.hits = 5\n  pirate: b.hits = 1\n  P3: a.escaped = 0\n  pirate: b.escaped = 1\n"},
	} {
		var b bytes.Buffer
		verdicts.WriteOutcome(&b, c.spec, &c.o)
		if b.String() != c.want {
			t.Errorf("got %q, want %q", b.String(), c.want)
		}
	}
}

func TestWriteVerdicts(t *testing.T) {
	r := results()[0]
	n, err := scenarios.ParseYAML("c.yaml", []byte("{id: C1, says: \"a wins half\", metric: win.a, min: 0.4, max: 0.6}"))
	if err != nil {
		t.Fatal(err)
	}
	claim, err := scenarios.ParseClaim(n)
	if err != nil {
		t.Fatal(err)
	}
	c := &analysis.Check{Seed: 7, Alpha: 0.01, PerClaim: 0.005, Claims: 2, Results: results()}
	c.Verdicts = append(c.Verdicts, analysis.ClaimCheck{Scenario: r.Scenario, Claim: claim, Verdict: analysis.Inconclusive,
		Observed: 0.5, Lo: 0.35, Hi: 0.65, Unit: "share", Test: "99.5 % Clopper–Pearson interval", Alpha: 0.005, Trials: 9, Needed: 40})
	var b bytes.Buffer
	if err := verdicts.Write(&b, c); err != nil {
		t.Fatal(err)
	}
	want := `seed 7; false-alarm rate 0.01 over 2 claims, 0.005 each (Bonferroni)

INCONCLUSIVE demo/duel  C1 at c.yaml:1:2  "a wins half"
             observed Thug wins (win.a) = 0.5, interval [0.35, 0.65]; expected 0.4 ≤ win.a ≤ 0.6
             99.5 % Clopper–Pearson interval; α = 0.005 of the family's 0.01; seed 7, 9 trials
             about 40 trials would decide it at the observed value

0 passed, 0 failed, 1 inconclusive, 1 not judged
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
