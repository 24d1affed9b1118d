package rules_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// Every metric form parses to its typed form and writes back to the same
// text.
func TestMetricRoundTrip(t *testing.T) {
	for text, want := range map[string]rules.Metric{
		"win.a":                     {Kind: rules.WinShare, Side: rules.A},
		"win.b":                     {Kind: rules.WinShare, Side: rules.B},
		"win.none":                  {Kind: rules.WinShare, Side: rules.None},
		"end.tactical-stalemate":    {Kind: rules.EndShare, Name: "tactical-stalemate"},
		"rounds.mean":               {Kind: rules.RoundsMean},
		"rounds.min":                {Kind: rules.RoundsMin},
		"rounds.max":                {Kind: rules.RoundsMax},
		"rounds.p1":                 {Kind: rules.RoundsQuantile, Percent: 1},
		"rounds.p99":                {Kind: rules.RoundsQuantile, Percent: 99},
		"margin":                    {Kind: rules.Margin},
		"counter.a.survivors.Big 1": {Kind: rules.CounterMean, Name: "a.survivors.Big 1"},
	} {
		got, err := rules.ParseMetric(text)
		if err != nil || got != want || got.String() != text {
			t.Errorf("ParseMetric(%q) = %+v, %v (String %q); want %+v", text, got, err, got.String(), want)
		}
	}
	for _, bad := range []string{"", "win.c", "win", "end.", "counter.", "rounds.p0", "rounds.p100", "rounds.p05", "rounds.median", "draw"} {
		if _, err := rules.ParseMetric(bad); err == nil || !strings.Contains(err.Error(), "allowed: win.a") {
			t.Errorf("ParseMetric(%q): %v", bad, err)
		}
	}
}

func TestMetricCheck(t *testing.T) {
	var cs rules.Counters
	cs.Sides("hits", "")
	spec := rules.Spec{Ends: []string{"death", "round-cap"}, Counters: cs.List()}
	for text, want := range map[string]string{
		"end.death":      "",
		"end.knockout":   `unknown end reason "knockout" (this battle ends by: death, round-cap)`,
		"counter.b.hits": "",
		"counter.hits":   `unknown counter "hits" (counters: a.hits, b.hits)`,
		"counter.a.hit":  `unknown counter "a.hit" (counters: a.hits, b.hits); did you mean "a.hits"?`,
		"end.deaht":      `unknown end reason "deaht" (this battle ends by: death, round-cap); did you mean "death"?`,
		"win.a":          "",
	} {
		m, _ := rules.ParseMetric(text)
		err := m.Check(spec)
		if (err == nil) != (want == "") || err != nil && err.Error() != want {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

func TestCountersBuilder(t *testing.T) {
	var cs rules.Counters
	hits := cs.Sides("hits", "strikes that hit")
	flips := cs.Add("flipoffs", "ties")
	threat := cs.Dist("b.threat-rating", "the opponent's Threat Rating")
	list := cs.List()
	if hits != [2]int{0, 1} || flips != 2 || threat != 3 || len(list) != 4 {
		t.Fatalf("indexes %v %d %d of %v", hits, flips, threat, list)
	}
	if list[0].Name != "a.hits" || list[1].Name != "b.hits" || list[1].Doc != "strikes that hit" || !list[3].Dist || list[2].Dist {
		t.Errorf("counters %+v", list)
	}
	spec := rules.Spec{Counters: list}
	if spec.CounterIndex("b.threat-rating") != 3 || spec.CounterIndex("threat") != -1 {
		t.Error("CounterIndex")
	}
	for _, bad := range []string{"", ".x", "x.", "a..b", "flipoffs"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Add(%q) accepted", bad)
				}
			}()
			cs.Add(bad, "")
		}()
	}
}

func TestExactMetric(t *testing.T) {
	least := int64(30)
	e := &rules.Exact{
		Win:        [3]rules.Value{rules.None: {F: 0.25, Rat: "1/4"}, rules.A: {F: 0.5, Rat: "1/2"}, rules.B: {F: 0.25, Rat: "1/4"}},
		Ends:       []rules.NamedValue{{Name: "destroyed", Value: rules.Value{F: 1, Rat: "1"}}},
		RoundsMean: rules.Value{F: 2, Rat: "2"},
		RoundsMin:  &least,
		Counters:   []rules.ExactCounter{{Name: "a.survivors.X", Mean: rules.Value{F: 0.5, Rat: "1/2"}, P: []float64{0.5, 0.5}}},
	}
	for text, want := range map[string]rules.Value{
		"win.a": {F: 0.5, Rat: "1/2"}, "win.none": {F: 0.25, Rat: "1/4"}, "end.destroyed": {F: 1, Rat: "1"},
		"rounds.mean": {F: 2, Rat: "2"}, "rounds.min": {F: 30}, "counter.a.survivors.X": {F: 0.5, Rat: "1/2"},
		"margin": {F: 0.25, Rat: "1/4"},
	} {
		m, _ := rules.ParseMetric(text)
		if got, ok := e.Metric(m); !ok || got != want {
			t.Errorf("%s = %v, %v; want %v", text, got, ok, want)
		}
	}
	for _, text := range []string{"rounds.p50", "rounds.max", "end.retreated", "counter.b.survivors.X"} {
		m, _ := rules.ParseMetric(text)
		if _, ok := e.Metric(m); ok {
			t.Errorf("%s has no exact value, but Metric gave one", text)
		}
	}
	if !e.Rational() {
		t.Error("a solution with fractions is not Rational")
	}
}

// An unknown metric is answered with the one meant, where one is near: a
// word crucible spells otherwise (avg, median) or a typo. `metric:
// rounds.avg` in a claim gave only the list of forms before.
func TestMetricDidYouMean(t *testing.T) {
	for in, want := range map[string]string{
		"rounds.avg":     `; did you mean "rounds.mean"?`,
		"rounds.average": `; did you mean "rounds.mean"?`,
		"rounds.median":  `; did you mean "rounds.p50"?`,
		"win.draw":       `; did you mean "win.none"?`,
		"rounds.maen":    `; did you mean "rounds.mean" or`, // the nearest first
		"margn":          `; did you mean "margin"?`,
		"nonsense":       "(allowed: ",
	} {
		_, err := rules.ParseMetric(in)
		if err == nil || !strings.HasSuffix(err.Error(), want) && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
		if in == "nonsense" && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%s: %v", in, err)
		}
	}
}
