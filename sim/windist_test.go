package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// winSpec has a distribution counter tallied per winner (b.threat) beside
// a plain one and a plain distribution counter.
var winSpec = rules.Spec{Ends: []string{"destroyed"}, Counters: func() []rules.Counter {
	var cs rules.Counters
	cs.Add("a.hull", "")
	cs.Dist("a.tier", "")
	cs.DistByWinner("b.threat", "Threat Rating of the opponent")
	return cs.List()
}()}

// winTally adds trials (winner, threat): a wins at threat 1 twice, loses at
// threat 3 once, and draws at threat 3 once.
func winTally() *Tally {
	t := NewTally(winSpec)
	o := &rules.Outcome{Counters: make([]int64, 3)}
	for _, x := range []struct {
		w      rules.Side
		threat int64
	}{{rules.A, 1}, {rules.A, 1}, {rules.B, 3}, {rules.None, 3}} {
		o.Reset()
		o.Winner, o.Rounds, o.Counters[2] = x.w, 1, x.threat
		t.Add(o)
	}
	return t
}

func TestWinDistsTallyPerWinner(t *testing.T) {
	if c := winSpec.Counters[2]; !c.Dist || !c.ByWinner || winSpec.Counters[1].ByWinner {
		t.Fatalf("DistByWinner declared %+v", c)
	}
	tl := winTally()
	h, ok := tl.WinDist("b.threat")
	if !ok || len(tl.WinDistOf) != 1 {
		t.Fatal("no per-winner histogram for b.threat")
	}
	if h[rules.A].Count(1) != 2 || h[rules.A].Count(3) != 0 || h[rules.B].Count(3) != 1 || h[rules.None].Count(3) != 1 {
		t.Errorf("per-winner counts a %v b %v none %v", h[rules.A].Bins(), h[rules.B].Bins(), h[rules.None].Bins())
	}
	// Merge adds them; Clone copies them; Reset empties them.
	m := winTally()
	if err := m.Merge(winTally()); err != nil {
		t.Fatal(err)
	}
	if h, _ := m.WinDist("b.threat"); h[rules.A].Count(1) != 4 {
		t.Errorf("merged: a at 1 = %d, want 4", h[rules.A].Count(1))
	}
	c := m.Clone()
	m.Reset()
	if h, _ := c.WinDist("b.threat"); h[rules.A].Count(1) != 4 {
		t.Error("the clone shares storage with the original")
	}
	if h, _ := m.WinDist("b.threat"); h[rules.A].N() != 0 {
		t.Error("Reset left per-winner counts")
	}
	// A tally of another spec does not merge.
	plain := NewTally(rules.Spec{Ends: winSpec.Ends, Counters: []rules.Counter{{Name: "a.hull"}, {Name: "a.tier", Dist: true}, {Name: "b.threat", Dist: true}}})
	if err := plain.Merge(winTally()); err == nil {
		t.Error("merged a tally with per-winner histograms into one without")
	}
}

func TestWinDistsJSONRoundTrip(t *testing.T) {
	tl := winTally()
	raw, err := json.Marshal(tl)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(`"counter_hists_by_winner":{"b.threat":{"a":{"hist":{"1":2}`)) {
		t.Errorf("JSON: %s", raw)
	}
	var back Tally
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&back)
	if !bytes.Equal(raw, again) {
		t.Errorf("round trip changed the tally:\n%s\n%s", raw, again)
	}
	// A tally without such counters writes no key (existing outputs are
	// unchanged).
	if raw, _ := json.Marshal(NewTally(rules.Spec{Ends: []string{"x"}})); bytes.Contains(raw, []byte("by_winner")) {
		t.Errorf("a tally without per-winner counters wrote %s", raw)
	}
	// Inconsistent per-winner histograms are rejected.
	for _, bad := range []struct{ from, to string }{
		{`"b.threat":{"a":{"hist":{"1":2},"n":2`, `"b.threat":{"a":{"hist":{"1":1},"n":1`},
		{`"counter_hists_by_winner":{"b.threat"`, `"counter_hists_by_winner":{"a.hull"`},
	} {
		s := strings.Replace(string(raw), bad.from, bad.to, 1)
		if s == string(raw) {
			t.Fatalf("the test's edit %q matched nothing", bad.from)
		}
		var x Tally
		if err := json.Unmarshal([]byte(s), &x); err == nil {
			t.Errorf("accepted an inconsistent tally: %s", s)
		}
	}
}
