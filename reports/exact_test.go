package reports

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
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

func TestWriteOutcome(t *testing.T) {
	var cs rules.Counters
	cs.Sides("hits", "")
	spec := rules.Spec{Ends: []string{"death", "round-cap"}, Counters: cs.List(), RoundsUnit: "seconds"}
	var b bytes.Buffer
	WriteOutcome(&b, spec, &rules.Outcome{Winner: rules.B, End: 1, Rounds: 42, Counters: []int64{3, 4}})
	if want := "result: winner b, end round-cap, 42 seconds\n  a.hits = 3\n  b.hits = 4\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
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
	c := &analysis.Check{Seed: 7, Alpha: 0.01, PerClaim: 0.005, Claims: 2}
	c.Verdicts = append(c.Verdicts, analysis.ClaimCheck{Scenario: r.Scenario, Claim: claim, Verdict: analysis.Inconclusive,
		Observed: 0.5, Lo: 0.35, Hi: 0.65, Unit: "share", Test: "99.5 % Clopper–Pearson interval", Alpha: 0.005, Trials: 9, Needed: 40})
	var b bytes.Buffer
	if err := WriteVerdicts(&b, c); err != nil {
		t.Fatal(err)
	}
	want := `seed 7; false-alarm rate 0.01 over 2 claims, 0.005 each (Bonferroni)

INCONCLUSIVE demo/duel  C1  "a wins half"
             observed 0.5, interval [0.35, 0.65]; expected 0.4 ≤ win.a ≤ 0.6
             99.5 % Clopper–Pearson interval; α = 0.005 of the family's 0.01; seed 7, 9 trials
             about 40 trials would decide it at the observed value
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
