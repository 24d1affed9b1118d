package eclipse

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// TestSettleAndReputation checks the end test (§3.8), the withdrawal flag
// (§3.6 rule 5) and the reputation tiles (§3.9) on hand-built states.
func TestSettleAndReputation(t *testing.T) {
	c, err := Compile(parse(t, `
attacker: {ships: {Interceptor: 2, Cruiser: 1}, retreat: after-round-1}
defender: {ships: {Dreadnought: 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	var st State
	c.Initial(&st)
	// The Cruiser declares: the Interceptors still fight, no withdrawal.
	c.Declare(&st, 1)
	if over, _, _ := c.Settle(&st, 1, ActDeclare); over || st.Withdrew[0] {
		t.Fatalf("over %v withdrew %v", over, st.Withdrew)
	}
	// The Interceptors are destroyed: all remaining ships have declared.
	st.N[0] = 0
	if over, _, _ := c.Settle(&st, 2, ActFire); over || !st.Withdrew[0] {
		t.Fatalf("after the Interceptors died: over %v withdrew %v", over, st.Withdrew)
	}
	// One Dreadnought destroyed; the Cruiser leaves: defender wins by retreat.
	st.N[2] = 1
	c.Leave(&st, 1)
	over, winner, end := c.Settle(&st, 1, ActLeave)
	if !over || winner != rules.B || end != EndRetreated {
		t.Fatalf("leave: over %v winner %v end %s", over, winner, EndNames[end])
	}
	if a := c.Reputation(&st, 0); a != 3 { // no participation + 1 Dreadnought × 3
		t.Errorf("attacker reputation %d, want 3", a)
	}
	if b := c.Reputation(&st, 1); b != 3 { // participation + 2 Interceptors
		t.Errorf("defender reputation %d, want 3", b)
	}
	o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
	c.Record(&st, &o)
	want := map[string]int64{"a.survivors.Interceptor": 0, "a.survivors.Cruiser": 1, "b.survivors.Dreadnought": 1,
		"a.retreated.Interceptor": 0, "a.retreated.Cruiser": 1, "a.reputation": 3, "b.reputation": 3}
	for i, k := range c.Spec().Counters {
		if o.Counters[i] != want[k.Name] {
			t.Errorf("%s = %d, want %d", k.Name, o.Counters[i], want[k.Name])
		}
	}
	// Reputation is capped at 5.
	st.N[2], st.Withdrew[0] = 0, false
	if a := c.Reputation(&st, 0); a != 5 {
		t.Errorf("capped reputation %d, want 5", a)
	}
}

// TestRetreatDecisions checks §3.6 rule 4 on hand-built states.
func TestRetreatDecisions(t *testing.T) {
	c, err := Compile(parse(t, `
attacker: {ships: {Interceptor: 4}, retreat: when-losing}
defender: {ships: {Cruiser: 1}, retreat: after-round-2}`))
	if err != nil {
		t.Fatal(err)
	}
	var st State
	c.Initial(&st)
	// Round 1: never declare when losing. Strength: 4 HP × 4 dice × 1/6
	// against 2 HP × 1 die × 2/6: 16 vs 4 (×6): the attacker is ahead.
	if a := c.Action(&st, 0, 1); a != ActFire {
		t.Errorf("round 1 when-losing: %v", a)
	}
	if a := c.Action(&st, 0, 2); a != ActFire {
		t.Errorf("round 2 ahead: %v", a)
	}
	st.N[0] = 1 // 1 HP × 1 die × 1 = 1 < 2 × 1 × 2 = 4: losing
	if a := c.Action(&st, 0, 2); a != ActDeclare {
		t.Errorf("round 2 losing: %v", a)
	}
	if a := c.Action(&st, 1, 2); a != ActFire {
		t.Errorf("after-round-2 in round 2: %v", a)
	}
	if a := c.Action(&st, 1, 3); a != ActDeclare {
		t.Errorf("after-round-2 in round 3: %v", a)
	}
	c.Declare(&st, 1)
	if a := c.Action(&st, 1, 4); a != ActLeave {
		t.Errorf("declared: %v", a)
	}
	st.N[0] = 0
	if a := c.Action(&st, 0, 4); a != ActSkip {
		t.Errorf("no ships: %v", a)
	}
}

// TestClassesSplitterUnits: with the antimatter splitter a red die is 4
// one-damage units even when its class also holds yellow dice (same damage
// and hit-set), whichever colour the plan met first.
func TestClassesSplitterUnits(t *testing.T) {
	c, err := Compile(parse(t, `
blueprints:
  - {name: AD, base: Dreadnought, parts: [Antimatter Cannon, Ion Cannon, Electron Computer, Hull, Hull, Nuclear Drive, Tachyon Source]}
attacker: {ships: {AD: 2}, antimatter-splitter: true}
defender: {kind: npc, ships: {Ancient: 4}}`))
	if err != nil {
		t.Fatal(err)
	}
	var st State
	c.Initial(&st)
	w := c.NewWork()
	var counts FaceCounts
	counts[Yellow][6], counts[Red][6], counts[Red][5], counts[Yellow][1] = 1, 1, 1, 1
	c.Targets(&st, 0, w)
	c.Classes(0, &counts, w)
	units := 0
	for _, cl := range w.Classes[:w.NClasses] {
		if cl.Dmg != 1 {
			t.Fatalf("class %+v: split dice do 1 damage", cl)
		}
		units += int(cl.N)
	}
	if units != 1+4+4 {
		t.Errorf("classes %v: %d units, want 9", w.Classes[:w.NClasses], units)
	}
}
