package eclipse

import (
	"bytes"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

func builtinScenarios(t testing.TB) []string {
	files, err := filepath.Glob("../../scenarios/builtin/eclipse/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in scenarios: %v", err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	return names
}

type mcResult struct {
	n              int64
	wins           [3]int64
	rounds, round2 float64
}

func fightMany(c *Compiled, seed uint64, n int64) mcResult {
	f := newFighter(c)
	o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
	r := rules.NewRand(0, 0)
	var res mcResult
	for i := range n {
		r.Seed(seed, uint64(i))
		o.Reset()
		f.Fight(0, r, &o)
		res.n++
		res.wins[o.Winner]++
		x := float64(o.Rounds)
		res.rounds += x
		res.round2 += x * x
	}
	return res
}

// TestEValuesMonteCarlo: the hand-derived values of rules §10 as fixed-seed
// statistical tests of the Monte Carlo battle (z tests, family-wise α 1e-6).
func TestEValuesMonteCarlo(t *testing.T) {
	const trials = 200_000
	type test struct {
		what string
		z    float64
	}
	var tests []test
	zProb := func(x, n int64, p float64) float64 {
		return (float64(x) - float64(n)*p) / math.Sqrt(float64(n)*p*(1-p))
	}
	for i, e := range []struct {
		scenario string
		pa       float64
		rounds   float64 // 0: not tested
	}{
		{"interceptor-duel", 5.0 / 11, 36.0 / 11},           // E1
		{"cruiser-vs-interceptor", 29.0 / 32, 0},            // E2
		{"interceptor-vs-ancient", 9.0 / 289, 0},            // E7
		{"missile-interceptor-vs-ancient", 851.0 / 2601, 0}, // E3
	} {
		res := fightMany(loadScenario(t, e.scenario), 0xE1E1+uint64(i), trials)
		tests = append(tests, test{e.scenario + " P(attacker)", zProb(res.wins[rules.A], res.n, e.pa)})
		if e.rounds > 0 {
			mean := res.rounds / trials
			v := res.round2/trials - mean*mean
			tests = append(tests, test{e.scenario + " E[rounds]", (mean - e.rounds) / math.Sqrt(v/trials)})
		}
		if res.wins[rules.None] != 0 {
			t.Errorf("%s: %d draws under the defaults", e.scenario, res.wins[rules.None])
		}
	}
	// Two-sided z at α = 1e-6 split over the tests.
	alpha := 1e-6 / float64(len(tests))
	for _, x := range tests {
		if p := math.Erfc(math.Abs(x.z) / math.Sqrt2); p < alpha {
			t.Errorf("%s: z = %.2f (p = %.3g < %.3g)", x.what, x.z, p, alpha)
		}
	}
}

// TestReplayLog: a replay shows the sides, the activation order and each
// round (that it plays the battle Fight plays is the conformance kit's
// check).
func TestReplayLog(t *testing.T) {
	for _, name := range builtinScenarios(t) {
		c := loadScenario(t, name)
		f := c.NewFighter()
		for i := range uint64(30) {
			o := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
			var log bytes.Buffer
			f.Replay(0, rules.NewRand(11, i), &o, &log)
			s := log.String()
			if !strings.Contains(s, "activation order:") || !strings.Contains(s, "attacker (a,") {
				t.Fatalf("%s #%d: log lacks the set-up:\n%s", name, i, s)
			}
			if o.Rounds > 0 && !strings.Contains(s, "round 1\n") {
				t.Fatalf("%s #%d: log lacks round 1:\n%s", name, i, s)
			}
		}
	}
}

// refDice is the definition of the battle's dice that Dice implements:
// the accepted 16-bit chunks of successive draws, lowest chunk first.
type refDice struct {
	r    *rules.Rand
	w    uint64
	left int
}

func (d *refDice) roll() uint8 {
	for {
		if d.left == 0 {
			d.w, d.left = d.r.Uint64(), 4
		}
		m := (d.w & 0xffff) * 6
		d.w >>= 16
		d.left--
		if m&0xffff >= 4 {
			return uint8(m>>16) + 1
		}
	}
}

// TestManyDice: a battle whose cannons roll more dice in a round than the
// die stream rolls ahead (768: every ship at the 32-dice limit or near it)
// is fought, and replayed to the same outcome (it once overflowed the
// stream).
func TestManyDice(t *testing.T) {
	c, err := Compile(parse(t, `
parts:
  - {name: Gatling, cannon: {yellow: 8}, energy: -1}
blueprints:
  - {name: Gat Interceptor, base: Interceptor, parts: [Gatling, Gatling, Gatling, Nuclear Drive]}
  - {name: Gat Cruiser, base: Cruiser, parts: [Gatling, Gatling, Gatling, Gatling, Nuclear Drive]}
  - {name: Gat Dreadnought, base: Dreadnought, parts: [Gatling, Gatling, Gatling, Gatling, Nuclear Drive]}
attacker: {ships: {Gat Interceptor: 8, Gat Cruiser: 4, Gat Dreadnought: 2}}
defender: {ships: {Gat Interceptor: 8, Gat Cruiser: 4, Gat Dreadnought: 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	f := c.NewFighter()
	for i := range uint64(50) {
		o1 := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
		o2 := rules.Outcome{Counters: make([]int64, len(c.Spec().Counters))}
		f.Fight(0, rules.NewRand(3, i), &o1)
		f.Replay(0, rules.NewRand(3, i), &o2, io.Discard)
		if o1.Winner != o2.Winner || o1.Rounds != o2.Rounds || !slices.Equal(o1.Counters, o2.Counters) {
			t.Fatalf("#%d: Fight %+v, Replay %+v", i, o1, o2)
		}
	}
}

// TestDice: faces are uniform (chi-square, fixed seed), and Tally and Fill
// roll exactly the reference sequence, whatever the sizes of the volleys,
// across the wrap of the ring of running counts.
func TestDice(t *testing.T) {
	var d dieStream
	r := rules.NewRand(42, 43)
	var counts [7]int
	faces := make([]uint8, 600)
	for range 1000 {
		d.Fill(r, faces)
		for _, f := range faces {
			counts[f]++
		}
	}
	if counts[0] != 0 {
		t.Fatal("face 0")
	}
	const n = 600_000
	x2 := 0.0
	for f := 1; f <= 6; f++ {
		e := float64(n) / 6
		x2 += (float64(counts[f]) - e) * (float64(counts[f]) - e) / e
	}
	if x2 > 40 { // χ²(5) exceeds 40 with probability ~1.5e-7
		t.Errorf("faces %v: χ² = %.1f", counts[1:], x2)
	}
	ref := refDice{r: rules.NewRand(7, 8)}
	r = rules.NewRand(7, 8)
	d.Reset()
	for i := range 20000 {
		nd := (i * 37) % 256
		var want uint64
		for range nd {
			want += 1 << (8 * ref.roll())
		}
		if i%3 == 0 { // Fill, then count its faces
			var got uint64
			d.Fill(r, faces[:nd])
			for _, f := range faces[:nd] {
				got += 1 << (8 * f)
			}
			if got != want {
				t.Fatalf("volley %d of %d dice: Fill %016x, reference %016x", i, nd, got, want)
			}
		} else if got := d.Tally(r, nd); got != want {
			t.Fatalf("volley %d of %d dice: Tally %016x, reference %016x", i, nd, got, want)
		}
	}
}

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
