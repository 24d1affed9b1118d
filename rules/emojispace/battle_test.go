package emojispace

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
	"github.com/crucible-sim/crucible/sim"
)

// Statistical tests in this file use fixed seeds and a false-alarm rate of
// 1e-6 each (there are a handful), so they never flake and a real change
// of distribution fails them.
const testAlpha = 1e-6

func battle(t *testing.T, src string) *Battle {
	t.Helper()
	b, err := Compile(rulestest.Document(t, src))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDamageWeights: §12 step 8 worked by hand for band deltas −1, 0, 1 and
// 4, with and without the defender's evasion.
func TestDamageWeights(t *testing.T) {
	for _, c := range []struct {
		delta   int
		evasive bool
		want    string // P(damage = 0), P(1), … as fractions
	}{
		{-1, false, "1/1"},
		{-1, true, "2/2"},     // the mitigation roll is drawn; damage stays 0
		{0, false, "1/2 1/2"}, // roll 0 or 1
		{0, true, "3/4 1/4"},  // 1 − 0 only
		{1, false, "0/1 1/1"}, // roll 1
		{1, true, "1/2 1/2"},  // 1 − 1 or 1 − 0
		{4, false, "0/4 1/4 1/4 1/4 1/4"},
		{4, true, "1/8 2/8 2/8 2/8 1/8"}, // roll r − m: 0 from (1,1); 4 from (4,0) only
	} {
		w, den := DamageWeights(c.delta, c.evasive, nil)
		var parts []string
		for _, x := range w {
			parts = append(parts, fmt.Sprintf("%d/%d", x, den))
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("delta %d evasive %t: %s, want %s", c.delta, c.evasive, got, c.want)
		}
	}
}

// drawsUsed returns how many 64-bit draws the stream advanced from before
// to after (-1 if more than 64).
func drawsUsed(before rules.Rand, after *rules.Rand) int {
	for n := 0; n <= 64; n++ {
		if before == *after {
			return n
		}
		before.Uint64()
	}
	return -1
}

// TestAttackDistribution: the fighter's attack draws the roll and the
// mitigation as §12 step 8 says (the mitigation even when the roll is 0;
// no roll for a negative delta), and its damages follow DamageWeights
// (χ², fixed seed).
func TestAttackDistribution(t *testing.T) {
	f := newFighter(battle(t, "a: {ship: P0}\nb: {ship: P0}\n"))
	f.combat.Seed(1, 2)
	for _, c := range []struct {
		delta   int
		evasive bool
		draws   int
	}{{-1, false, 0}, {-1, true, 1}, {0, false, 1}, {0, true, 2}, {1, false, 1}, {1, true, 2}, {4, false, 1}, {4, true, 2}} {
		const n = 100_000
		w, den := DamageWeights(c.delta, c.evasive, nil)
		obs := make([]float64, len(w))
		for range n {
			before := f.combat
			d := f.attack(0, c.delta, c.evasive)
			if used := drawsUsed(before, &f.combat); used != c.draws {
				t.Fatalf("delta %d evasive %t: %d draws, want %d", c.delta, c.evasive, used, c.draws)
			}
			obs[d]++
		}
		x2, df := 0.0, -1
		for k := range w {
			exp := float64(n) * float64(w[k]) / float64(den)
			if exp == 0 {
				if obs[k] != 0 {
					t.Errorf("delta %d: damage %d drawn %v times, probability 0", c.delta, k, obs[k])
				}
				continue
			}
			x2 += (obs[k] - exp) * (obs[k] - exp) / exp
			df++
		}
		if df > 0 {
			if p := (distuv.ChiSquared{K: float64(df)}).Survival(x2); p < testAlpha {
				t.Errorf("delta %d evasive %t: χ² = %.1f, p = %.2g", c.delta, c.evasive, x2, p)
			}
		}
	}
}

// TestColourBands: §13's table of green/yellow/red hull ranges.
func TestColourBands(t *testing.T) {
	for _, c := range []struct {
		max, greenFrom, yellowFrom int
	}{{8, 6, 3}, {10, 7, 4}, {12, 9, 5}, {14, 10, 5}, {18, 13, 7}, {21, 15, 8}} {
		for h := 0; h <= c.max; h++ {
			want := 0
			switch {
			case h >= c.greenFrom:
				want = 2
			case h >= c.yellowFrom:
				want = 1
			}
			if got := ColourBand(h, c.max); got != want {
				t.Errorf("hull %d/%d: band %s, want %s", h, c.max, colourNames[got], colourNames[want])
			}
		}
	}
}

// TestDegradationAtBandEdges: one roll per colour band dropped (§13), at
// every edge of a 12-point hull (green ≥ 9, yellow 5–8, red ≤ 4), two for
// green straight to red, none inside a band or from red to 0; each roll
// adds 1 to one subsystem; a subsystem of capacity 1 turns RED at once.
func TestDegradationAtBandEdges(t *testing.T) {
	b := battle(t, "a: {ship: {hull_id: civ_t3_mosquito, module_instances: []}}\nb: {ship: P0}\n")
	f := newFighter(b)
	for _, c := range []struct {
		from, dmg, rolls int
	}{
		{12, 3, 0}, {9, 0, 0}, {9, 1, 1}, {12, 4, 1}, {8, 3, 0}, {5, 1, 1}, {8, 4, 1},
		{9, 5, 2}, {12, 8, 2}, {12, 12, 2}, {4, 4, 0}, {4, 1, 0}, {5, 5, 1}, {9, 9, 2},
	} {
		f.setup(rules.NewRand(1, 2))
		st := &f.st[0]
		st.hull = c.from
		f.damage(0, c.dmg)
		total := st.deg[0] + st.deg[1] + st.deg[2]
		if st.degEvents != c.rolls || total != c.rolls || st.hull != max(0, c.from-c.dmg) {
			t.Errorf("%d − %d: %d rolls (deg %v, hull %d), want %d", c.from, c.dmg, st.degEvents, st.deg, st.hull, c.rolls)
		}
		for k := range 3 {
			if st.deg[k] > 0 && st.deg[k] < st.ship.Cap[k] {
				t.Errorf("subsystem %d at %d of capacity %d is not RED", k, st.deg[k], st.ship.Cap[k])
			}
		}
	}
	// Repair up into yellow never rolls nor clears; the next drop out of
	// it rolls again.
	f.setup(rules.NewRand(1, 2))
	st := &f.st[0]
	st.hull = 4
	st.deg = [3]int{1, 0, 0}
	st.hull = 6 // as a repair does: no roll, degradation kept
	f.damage(0, 2)
	if st.degEvents != 1 || st.deg[0]+st.deg[1]+st.deg[2] != 2 {
		t.Errorf("after a repair into yellow, a drop to red rolled %d times (deg %v)", st.degEvents, st.deg)
	}
	// The subsystems are drawn uniformly (χ², fixed seed).
	var count [3]float64
	const n = 90_000
	f.combat.Seed(3, 4)
	for range n {
		st.hull, st.deg = 9, [3]int{}
		f.damage(0, 1)
		for k := range 3 {
			count[k] += float64(st.deg[k])
		}
	}
	x2 := 0.0
	for k := range 3 {
		x2 += (count[k] - n/3) * (count[k] - n/3) / (n / 3)
	}
	if p := (distuv.ChiSquared{K: 2}).Survival(x2); p < testAlpha {
		t.Errorf("degradation subsystems %v: χ² %.1f, p %.2g", count, x2, p)
	}
}

// TestEffectiveBands: §12 step 5 in both RED modes.
func TestEffectiveBands(t *testing.T) {
	st := ShipState{Hull: HullIndex("civ_t3_mosquito"), Modules: []ModuleInstance{mod(ene), mod(kin), mod(shi)},
		Crew: []CrewEntry{{Role: "gunner", Tags: []string{"crew:steady_aim"}}, {Role: "pilot", Tags: []string{"crew:overconfident", "crew:evasive"}}}}
	sh := assemble(t, st, crewOn) // N3b with crew: pre 6/4/3, caps 2/1/1
	for _, c := range []struct {
		deg      [3]int
		act      Action
		rps      int
		additive bool
		want     [3]int
	}{
		{[3]int{0, 0, 0}, FocusFire, 0, false, [3]int{6 + 1 + 1 + 1, 4, 3 + 1}},  // gunner, focus, steady_aim; pilot
		{[3]int{1, 0, 0}, FocusFire, -1, false, [3]int{5 + 1 + 1 + 1 - 1, 4, 4}}, // pre − deg; RPS −1
		{[3]int{2, 1, 1}, FocusFire, 0, false, [3]int{0, 0, 0}},                  // all RED, strict
		{[3]int{2, 1, 1}, FocusFire, 0, true, [3]int{0 + 1 + 1 + 1, 0, 1}},       // RED counts 0 + bonuses
		{[3]int{0, 0, 0}, Reinforce, 0, false, [3]int{7, 4 + 1 - 1, 4}},          // focus D, overconfident
		{[3]int{0, 0, 0}, Evasive, 0, false, [3]int{7, 4, 3 + 1 + 1 + 1}},        // focus E, evasive
		{[3]int{0, 0, 0}, Escape, 0, false, [3]int{7, 4, 3 + 1 + 1}},             // focus E, no crew action bonus
		{[3]int{0, 0, 0}, Repair, -20, false, [3]int{0, 4, 4}},                   // RPS clamps at 0
	} {
		if got := EffectiveBands(&sh, &c.deg, c.act, c.rps, c.additive); got != c.want {
			t.Errorf("deg %v %s rps %d additive %t: %v, want %v", c.deg, c.act, c.rps, c.additive, got, c.want)
		}
	}
}

// TestEscape: §15's final value and the fight it ends or not.
func TestEscape(t *testing.T) {
	nebula := assemble(t, ShipState{Hull: HullIndex("xa_t3_nebula")}, crewOn)
	plain := assemble(t, ShipState{Hull: HullIndex("civ_t1_midge")}, crewOn)
	inter := assemble(t, ShipState{Hull: HullIndex("civ_t1_midge"), Modules: []ModuleInstance{mod("ship_utility_interdiction")}}, crewOn)
	pilots := assemble(t, ShipState{Hull: HullIndex("civ_t1_gnat"), Crew: []CrewEntry{{Role: "pilot", Legacy: true}}}, crewOn)
	for _, c := range []struct {
		flee, pursuer *Ship
		fe, pe, want  int
	}{
		{&nebula, &plain, 6, 1, 5},
		{&plain, &plain, 2, 2, 0},   // equal engines fail: final must be > 0
		{&plain, &inter, 3, 2, 0},   // interdiction −1
		{&pilots, &plain, 2, 2, 1},  // a "crew:pilot" string +1
		{&plain, &pilots, 2, 2, -1}, // … and −1 for the pursuer
	} {
		if got := EscapeFinal(c.flee, c.pursuer, c.fe, c.pe); got != c.want {
			t.Errorf("final %d, want %d", got, c.want)
		}
	}
	// Success: the Nebula flees in round 1 and wins (escaper-wins), or no
	// one does (no-winner); either way a.escaped says that it got away, and
	// the spec says whether an escape is scored a win.
	for opt, winner := range map[string]rules.Side{"escaper-wins": rules.A, "no-winner": rules.None} {
		b := battle(t, "options: {escape-result: "+opt+"}\na: {ship: {hull_id: xa_t3_nebula, module_instances: []}, policy: escape-below:1}\nb: {ship: P0}\n")
		o := fightOnce(b, 1)
		if o.End != EndEscaped || o.Winner != winner || o.Rounds != 1 || o.Counters[b.c.escapes[0]] != 1 || o.Counters[b.c.hull[0]] != 12 {
			t.Errorf("%s: %+v", opt, o)
		}
		if o.Counters[b.c.escaped[0]] != 1 || o.Counters[b.c.escaped[1]] != 0 {
			t.Errorf("%s: escaped a = %d, b = %d; want 1, 0", opt, o.Counters[b.c.escaped[0]], o.Counters[b.c.escaped[1]])
		}
		nv, ok := b.Spec().NonVictory("escaped")
		if !ok || nv.Scored != (winner == rules.A) {
			t.Errorf("%s: the spec declares escaped %+v (declared %v)", opt, nv, ok)
		}
	}
	// Ship b's escape is b's.
	b := battle(t, "a: {ship: P0}\nb: {ship: {hull_id: xa_t3_nebula, module_instances: []}, policy: escape-below:1}\n")
	if o := fightOnce(b, 1); o.End != EndEscaped || o.Winner != rules.B || o.Counters[b.c.escaped[0]] != 0 || o.Counters[b.c.escaped[1]] != 1 {
		t.Errorf("b escapes: %+v", o)
	}
	// Failure: two starters fleeing each other with equal engines never
	// escape; the round goes on to attacks. mutual-escape auto ends it.
	b = battle(t, "a: {ship: P0, policy: escape-below:1}\nb: {ship: P0, policy: escape-below:1}\n")
	o := fightOnce(b, 1)
	if o.End == EndEscaped || o.Counters[b.c.escapes[0]] != o.Rounds || o.Counters[b.c.escapes[1]] != o.Rounds ||
		o.Counters[b.c.escaped[0]] != 0 || o.Counters[b.c.escaped[1]] != 0 {
		t.Errorf("equal engines: %+v", o)
	}
	b = battle(t, "options: {mutual-escape: auto}\na: {ship: P0, policy: escape-below:1}\nb: {ship: P0, policy: escape-below:1}\n")
	if o := fightOnce(b, 1); o.End != EndMutualEscape || o.Winner != rules.None || o.Rounds != 1 || o.Counters[b.c.escapes[0]] != 0 {
		t.Errorf("mutual-escape auto: %+v", o)
	}
}

func fightOnce(b *Battle, i int64) *rules.Outcome {
	o := sim.NewOutcome(b.Spec())
	b.NewFighter().Fight(i, sim.Stream(1, sim.Key("test"), i), o)
	return o
}

// TestRepairInFight: the default selector repairs at hull ≤ max(1,
// floor(hull_max/3)); a use heals up to hull_max and is spent even at full
// hull; with no use left Repair Systems becomes Focus Fire.
func TestRepairInFight(t *testing.T) {
	b := battle(t, "a: {ship: P1, policy: {plan: [repair, repair, repair]}}\nb: {ship: P0, policy: reinforce}\n")
	var log bytes.Buffer
	o := sim.NewOutcome(b.Spec())
	b.NewFighter().Replay(0, sim.Stream(1, sim.Key("test"), 0), o, &log)
	if o.Counters[b.c.repairs[0]] != 2 {
		t.Errorf("repairs used %d, want 2", o.Counters[b.c.repairs[0]])
	}
	for _, want := range []string{
		"round 1\n  actions: a Repair Systems, b Reinforce Shields\n  a repairs: module_instances[3] combat_utility_repair_system_mk1 heals 2, hull 9 → 9/9; uses left 1 on that module, 1 in all",
		"round 3\n  actions: a Focus Fire",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, log.String())
		}
	}
	v := View{Hull: 4, HullMax: 12, RepairLeft: true}
	p := Policy{{kind: ruleDefaultSelector}}
	for hull, want := range map[int]Action{5: FocusFire, 4: Repair, 1: Repair} {
		v.Hull = hull
		if a, _ := p.Choose(v); a != want {
			t.Errorf("default selector at %d/12: %s, want %s", hull, a, want)
		}
	}
	v = View{Hull: 1, HullMax: 2, RepairLeft: true} // max(1, floor(2/3)) = 1
	if a, _ := p.Choose(v); a != Repair {
		t.Errorf("default selector at 1/2: %s", a)
	}
}

// TestDeterminism: a trial is a function of its stream; the replay log
// starts with the combat_rng_seed, the value the trial stream gives after
// the NPC draws (§20), and the same trial logs the same text twice.
func TestDeterminism(t *testing.T) {
	for _, src := range []string{
		"a: {ship: P3}\nb: {ship: N3a}\n",
		"a: {ship: P0}\nb: {npc: {subtype: pirate_raider, population: 3}, policy: random}\n",
	} {
		b := battle(t, src)
		for i := range int64(20) {
			var l1, l2 bytes.Buffer
			o1, o2 := sim.NewOutcome(b.Spec()), sim.NewOutcome(b.Spec())
			b.NewFighter().Replay(i, sim.Stream(9, sim.Key("d"), i), o1, &l1)
			b.NewFighter().Replay(i, sim.Stream(9, sim.Key("d"), i), o2, &l2)
			if l1.String() != l2.String() || fmt.Sprint(o1) != fmt.Sprint(o2) {
				t.Fatalf("trial %d replays differently", i)
			}
			r := sim.Stream(9, sim.Key("d"), i)
			if !b.Sides[1].Fixed {
				var st ShipState
				var buf [maxModules]ModuleInstance
				b.Sides[1].NPC.Generate(r, &st, &buf)
			}
			want := fmt.Sprintf("combat_rng_seed: %d\n", r.Uint64())
			if !strings.HasPrefix(l1.String(), want) {
				t.Fatalf("trial %d: the log starts %q, want %q", i, l1.String()[:40], want)
			}
		}
	}
}

// TestReplayLogsEveryItem: the contract's logging section (§15), item by
// item, in a fight that reaches each of them.
func TestReplayLogsEveryItem(t *testing.T) {
	b := battle(t, `a:
  ship: {hull_id: civ_t3_mosquito, module_instances: [{module_id: weapon_energy_mk1}, {module_id: defense_shielded_mk1}, {module_id: combat_utility_repair_system_mk1}, {module_id: ship_utility_probe_array}]}
  policy: {plan: [scan, evasive, repair, focus-fire, focus-fire, focus-fire, focus-fire, escape]}
b: {ship: N3a}
`)
	var log bytes.Buffer
	o := sim.NewOutcome(b.Spec())
	b.NewFighter().Replay(0, sim.Stream(1, sim.Key("log"), 0), o, &log)
	for _, item := range []string{"combat_rng_seed: ", "profile: contract", "ship_state: {hull_id: civ_t3_mosquito", "assembled: pre W/D/E",
		"round 1\n", "actions: a Scan", "effective bands W/D/E", "RPS ", "band_delta ", "damage_roll ", "mitigation_roll ", "damage ",
		"hull 12 → ", "%, ", "a scans: roll ", "scanned: ", "a repairs: module_instances[2]", "uses left ", "after the battle:\n  a: hull "} {
		if !strings.Contains(log.String(), item) {
			t.Errorf("the log lacks %q:\n%s", item, log.String())
		}
	}
}

// TestNPCThreatRatingCounter: an NPC side's Threat Rating is a distribution
// counter and matches the drawn ship.
func TestNPCThreatRatingCounter(t *testing.T) {
	b := battle(t, "a: {ship: P0}\nb: {npc: {subtype: bounty_hunter, population: 5}}\n")
	spec := b.Spec()
	i := spec.CounterIndex("b.threat-rating")
	if i < 0 || !spec.Counters[i].Dist || !spec.Counters[i].ByWinner || spec.CounterIndex("b.npc-tier") < 0 || spec.CounterIndex("a.npc-tier") >= 0 {
		t.Fatalf("counters %v", spec.CounterNames())
	}
	for k := range int64(50) {
		o := fightOnce(b, k)
		r := sim.Stream(1, sim.Key("test"), k)
		var st ShipState
		var buf [maxModules]ModuleInstance
		b.Sides[1].NPC.Generate(r, &st, &buf)
		var s Ship
		Assemble(&st, b.Opt.Assembly, &s)
		if o.Counters[i] != int64(s.TR) || o.Counters[b.c.rcp[1]] != int64(s.RCP) {
			t.Fatalf("trial %d: TR %d RCP %d counted, the drawn ship has %d, %d", k, o.Counters[i], o.Counters[b.c.rcp[1]], s.TR, s.RCP)
		}
	}
}

func testStream() *rules.Rand { return rules.NewRand(5, 6) }
