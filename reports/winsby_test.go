package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// winsBySample has a counter tallied per winner, b.threat: at threat 1 a
// wins 2 of 3 trials (b the other), at threat 4 b wins the only trial.
func winsBySample() *analysis.Result {
	var cs rules.Counters
	cs.DistByWinner("b.threat", "Threat Rating of the opponent")
	spec := rules.Spec{Ends: []string{"destroyed"}, RoundsUnit: "rounds", Counters: cs.List()}
	t := sim.NewTally(spec)
	o := &rules.Outcome{Counters: make([]int64, 1)}
	for _, x := range []struct {
		w      rules.Side
		threat int64
	}{{rules.A, 1}, {rules.B, 1}, {rules.A, 1}, {rules.B, 4}} {
		o.Winner, o.Rounds, o.Counters[0] = x.w, 2, x.threat
		t.Add(o)
	}
	return &analysis.Result{Scenario: "demo/npc-by-threat", Ruleset: "emojispace", Hash: "0123", Version: "test", Seed: 3,
		Spec: spec, Tally: t, Planned: t.Trials}
}

func TestWinsBy(t *testing.T) {
	r := winsBySample()
	wb := r.WinsBy()
	if len(wb) != 1 || wb[0].Name != "b.threat" || len(wb[0].At) != 2 {
		t.Fatalf("WinsBy = %+v", wb)
	}
	at := wb[0].At[0]
	if at.Low != 1 || at.Trials.K != 3 || at.Win[rules.A].K != 2 || at.Win[rules.A].N != 3 || at.Win[rules.B].K != 1 {
		t.Errorf("at threat 1: %+v", at)
	}
	if at := wb[0].At[1]; at.Low != 4 || at.Win[rules.B].P != 1 {
		t.Errorf("at threat 4: %+v", at)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, []*analysis.Result{r}); err != nil {
		t.Fatal(err)
	}
	// Clopper–Pearson at 95 %, as every share: 2 wins in 3 from
	// 3p²−2p³ = 0.025 (p = 9.43 %) to 1−p³ = 0.025 (p = 0.975^⅓ = 99.16 %);
	// none in 1 up to 1 − 0.025.
	for _, want := range []string{"by b.threat  trials  share    a wins", "3       75.00 %  66.67 %  [9.43 %, 99.16 %]", "1       25.00 %  0.00 %   [0.00 %, 97.50 %]"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, b.String())
		}
	}
	// JSON carries the per-winner histograms (merge adds them up) and the
	// win rates; reading it back gives the same win rates.
	b.Reset()
	if err := WriteJSON(&b, []*analysis.Result{r}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"counter_hists_by_winner": {`, `"wins_by": {`, `"win.a": 0.6666666666666666`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the JSON lacks %q:\n%s", want, b.String())
		}
	}
	back, err := ReadJSON(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !back[0].Spec.Counters[0].ByWinner || len(back[0].WinsBy()) != 1 || back[0].WinsBy()[0].At[0].Win[rules.A].K != 2 {
		t.Errorf("read back: %+v", back[0].WinsBy())
	}
	page, err := HTML([]*analysis.Result{r}, "test")
	if err != nil || !bytes.Contains(page, []byte("<th>by b.threat</th>")) {
		t.Errorf("the HTML page lacks the win rates by b.threat (%v)", err)
	}
}
