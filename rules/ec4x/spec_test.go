package ec4x

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// §3.5 and §4.9 row 1: hits from CER k/4 rounded up (spec) or half up
// (nim-2025-11); §2.1 WEP scaling.
func TestHitsAndWEP(t *testing.T) {
	for _, c := range []struct{ as, modified, spec, nim int }{
		{1, 0, 1, 0}, {1, 3, 1, 1}, {16, 8, 16, 16}, {17, 5, 13, 13}, {9, 2, 3, 2}, {10, 4, 5, 5}, {6, 6, 5, 5}, {18, 6, 14, 14}, {19, 5, 15, 14},
	} {
		k := cerK(c.modified)
		if got := (c.as*k + 3) / 4; got != c.spec {
			t.Errorf("spec: AS %d at roll %d: %d hits, want %d", c.as, c.modified, got, c.spec)
		}
		if got := (c.as*k + 2) / 4; got != c.nim {
			t.Errorf("nim: AS %d at roll %d: %d hits, want %d", c.as, c.modified, got, c.nim)
		}
	}
	for _, c := range []struct{ base, tech, want int }{{8, 0, 8}, {8, 1, 8}, {8, 2, 8}, {10, 2, 11}, {10, 3, 12}, {45, 4, 59}, {50, 10, 117}} {
		if got := WEP(c.base, c.tech); got != c.want {
			t.Errorf("WEP(%d, %d) = %d, want %d", c.base, c.tech, got, c.want)
		}
	}
}

// testFighter compiles src and returns a fighter whose arena holds the
// scenario's units, ready for the rules' pieces to be played on it.
func testFighter(t *testing.T, src string) *fighter {
	t.Helper()
	b := suiteBattle(t, src)
	f := b.NewFighter().(*fighter)
	f.copyFrom(&b.tmpl)
	f.r = rules.NewRand(1, 1)
	return f
}

const twoCapitals = `taskForces:
  - {house: a, squadrons: [{id: a1, flagship: Battleship}, {id: a2, flagship: Destroyer}, {id: a3, flagship: Fighter}]}
  - {house: b, squadrons: [{id: b1, flagship: Battleship}, {id: b2, flagship: Fighter}]}
`

// §3.6: destruction protection holds across a round's attacks unless a
// crit lands ≥ 2·DS; a squadron crippled before the round dies at DS; a
// fighter squadron is binary; a crit below DS reduces the TF's lowest-DS
// squadron instead of adding hits.
func TestSpecDamage(t *testing.T) {
	for _, c := range []struct {
		name   string
		s0     uint8
		atks   []attack
		want   uint8 // b1's state after
		reduce int   // unit reduced by force reduction, -1 none
	}{
		{"cripple only", stateU, []attack{{tgt: 3, hits: 25}, {tgt: 3, hits: 30}}, stateC, -1},
		{"crit kill at 2 DS", stateU, []attack{{tgt: 3, hits: 25}, {tgt: 3, hits: 30, crit: true}}, stateD, -1},
		{"crit below 2 DS", stateU, []attack{{tgt: 3, hits: 25}, {tgt: 3, hits: 24, crit: true}}, stateC, -1},
		{"crippled before", stateC, []attack{{tgt: 3, hits: 25}}, stateD, -1},
		{"below DS", stateU, []attack{{tgt: 3, hits: 24}}, stateU, -1},
		{"force reduction", stateU, []attack{{tgt: 3, hits: 5, crit: true, fr: true}}, stateU, 4},
	} {
		f := testFighter(t, twoCapitals)
		f.units[3].state, f.units[3].s0 = c.s0, c.s0
		f.atk = append(f.atk[:0], c.atks...)
		f.specApply('M', 2)
		if f.units[3].state != c.want {
			t.Errorf("%s: b1 is %c, want %c", c.name, stateLetters[f.units[3].state], stateLetters[c.want])
		}
		if c.reduce >= 0 && f.units[c.reduce].state != stateD {
			t.Errorf("%s: the fighter squadron b2 (lowest DS) was not reduced", c.name)
		}
	}
	f := testFighter(t, twoCapitals)
	f.atk = append(f.atk[:0], attack{tgt: 2, hits: 3}) // a3, a fighter squadron of DS 3
	f.specApply('I', 1)
	if f.units[2].state != stateD {
		t.Errorf("a fighter squadron hit for its DS is %c, want D", stateLetters[f.units[2].state])
	}
}

// §3.4: the first non-empty bucket, fighters first on fighters, crippled
// candidates weighted ×2.
func TestSpecTargeting(t *testing.T) {
	f := testFighter(t, twoCapitals)
	counts := map[int]int{}
	for range 3000 {
		counts[f.specTarget(0)]++ // a1 (Battleship) sees b1 (Capital) before b2 (Fighter)
	}
	if counts[3] != 3000 {
		t.Errorf("a1's targets %v, want b1 only", counts)
	}
	if got := f.specTarget(2); got != 4 {
		t.Errorf("the fighter squadron a3 targets %d, want b2", got)
	}
	f = testFighter(t, `taskForces:
  - {house: a, squadrons: [{id: a1, flagship: Battleship}]}
  - {house: b, squadrons: [{id: b1, flagship: Cruiser}, {id: b2, flagship: Cruiser}]}
`)
	f.units[2].state = stateC
	f.index()
	n := 0
	for range 30000 {
		if f.specTarget(0) == 2 {
			n++
		}
	}
	if n < 19500 || n > 20500 { // 2/3 of 30000, ±6 sd
		t.Errorf("a crippled candidate drawn %d times in 30000, want about 20000", n)
	}
}

// §3.7: thresholds by effective ROE, the weakest leaves first and the rest
// re-evaluate; all wanting to leave is a mutual withdrawal.
func TestSpecRetreat(t *testing.T) {
	f := testFighter(t, `taskForces:
  - {house: big, squadrons: [{id: a1, flagship: Dreadnought}]}
  - {house: mid, squadrons: [{id: b1, flagship: Battleship}]}
  - {house: low, squadrons: [{id: c1, flagship: Destroyer}]}
`)
	if f.specRetreat() {
		t.Fatal("mutual withdrawal")
	}
	// low (5 vs 48) leaves first; then mid (20 vs 28 < 1.0) leaves too.
	if !f.forces[2].out || !f.forces[1].out || f.forces[0].out || f.retreats != 2 {
		t.Errorf("out: %v %v %v, retreats %d", f.forces[0].out, f.forces[1].out, f.forces[2].out, f.retreats)
	}
	f = testFighter(t, `taskForces:
  - {house: a, roe: 0, prestige: 30, squadrons: [{id: a1, flagship: Dreadnought}]}
  - {house: b, roe: 1, prestige: 30, squadrons: [{id: b1, flagship: Dreadnought}]}
`)
	if !f.specRetreat() {
		t.Error("ROE 0 and ROE 1 against an equal foe: want a mutual withdrawal")
	}
}

// Seed 000 under spec: two starbases can never reach each other's DS (45 <
// 50), so after 5 rounds without a change the desperation round fires,
// fails and declares a tactical stalemate at round 6, structural; only a
// crit surviving the starbase re-roll (1 %) changes anything. Off, the
// battle runs to max-rounds.
func TestSpecDesperation(t *testing.T) {
	const src = `options: {desperation: %s}
taskForces:
  - {house: a, squadrons: [{id: a1, flagship: Starbase}]}
  - {house: b, squadrons: [{id: b1, flagship: Starbase}]}
`
	for _, c := range []struct {
		option string
		end    int
		rounds int64
	}{{"on", EndTacticalStalemate, 6}, {"off", EndForcedStalemate, 20}} {
		b := suiteBattle(t, strings.Replace(src, "%s", c.option, 1))
		f := b.NewFighter()
		o := sim.NewOutcome(b.Spec())
		typical := 0
		for i := range int64(1000) {
			o.Reset()
			f.Fight(i, sim.Stream(1, 2, i), o)
			if o.End == c.end && o.Rounds == c.rounds {
				typical++
				if c.option == "on" && (o.Counters[b.c.desperation] != 1 || o.Counters[b.c.structural] != 1 || o.Counters[b.c.quietEnd] != 6) {
					t.Fatalf("trial %d: counters %v", i, o.Counters)
				}
			}
		}
		if typical < 800 {
			t.Errorf("desperation %s: %d of 1000 trials end %s at round %d", c.option, typical, EndNames[c.end], c.rounds)
		}
	}
}

// §3.1 step 6: every TF cloaked and undetected and none a homeworld: the
// combat is cancelled; a homeworld TF keeps its cloak and ambushes with
// surprise and ambush (+7) in round 1.
func TestSpecCloak(t *testing.T) {
	b := suiteBattle(t, "taskForces:\n  - {house: a, clk: 5, squadrons: [{id: a1, flagship: Raider}]}\n  - {house: b, clk: 5, squadrons: [{id: b1, flagship: Raider}]}\n")
	o := sim.NewOutcome(b.Spec())
	b.NewFighter().Fight(0, rules.NewRand(1, 1), o)
	if o.End != EndCancelled || o.Rounds != 0 {
		t.Errorf("end %s after %d rounds, want cancelled after 0", EndNames[o.End], o.Rounds)
	}
	b = suiteBattle(t, "taskForces:\n  - {house: a, prestige: 1, homeworld: true, clk: 5, squadrons: [{id: a1, flagship: Raider}]}\n  - {house: b, prestige: 1, clk: 5, squadrons: [{id: b1, flagship: Raider}]}\n")
	rec := b.NewFighter().(*fighter).trace(0, rules.NewRand(1, 1), sim.NewOutcome(b.Spec()))
	if len(rec.lines) == 0 || rec.lines[0].Phase != 'A' || rec.lines[0].Attacker != "a1" || rec.lines[0].Mods != 7 {
		t.Errorf("first line %+v, want a1's ambush at +7", rec.lines)
	}
	for _, c := range []struct {
		eli, clk int
		always   bool
		never    bool
	}{{5, 1, true, false}, {1, 3, false, true}, {1, 5, false, true}} {
		f := testFighter(t, twoCapitals)
		hits := 0
		for range 200 {
			if f.detects(c.eli, c.clk) {
				hits++
			}
		}
		if c.always && hits != 200 || c.never && hits != 0 {
			t.Errorf("ELI %d against CLK %d detects %d of 200", c.eli, c.clk, hits)
		}
	}
}

// Every validation error of §2.3 names the task force, the squadron id and
// the field, at the value's line and column; an unknown ship class suggests
// the nearest ones, whatever their case.
func TestValidationMessages(t *testing.T) {
	const head = "taskForces:\n  - {house: b, squadrons: [{id: b1, flagship: Cruiser}]}\n"
	for _, c := range []struct{ src, want string }{
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Cruiser, escorts: [Battleship, Battleship, Battleship]}]}\n",
			"test.yaml:3:65: taskForces[1].squadrons[0].escorts: task force a, squadron a1: escorts: the escorts' command cost 9 exceeds the flagship's command rating 6"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Gunboat}]}\n", "taskForces[1].squadrons[0].flagship: task force a, squadron a1: flagship: unknown ship class \"Gunboat\" in table spec (allowed: Corvette"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Cruiser, escorts: [TroopTransport]}]}\n", "task force a, squadron a1: escorts[0]: TroopTransport is spacelift"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Starbase, escorts: [Fighter]}]}\n", "task force a, squadron a1: escorts: a Starbase takes no escorts"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Fighter, escorts: [Fighter, Scout]}]}\n", "task force a, squadron a1: escorts[1]: Scout in a fighter squadron"},
		{head + "  - {house: a, squadrons: [{id: b1, flagship: Cruiser}]}\n", "task force a, squadron b1: id: the id is already used in task force b"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Cruiser, tech: 12}]}\n", "task force a, squadron a1: tech: 12 is out of range"},
		{"taskForces:\n  - {house: b, squadrons: [{id: b1, flagship: Cruiser}]}\n", "1 task forces: a battle has 2 to 12"},
		{"options: {profile: nim-2025-11}\n" + head + "  - {house: a, squadrons: [{id: a1, flagship: Frigate}]}\n", "task force a, squadron a1: flagship: unknown ship class \"Frigate\" in table a0"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: cruiser}]}\n", "flagship: unknown ship class \"cruiser\" in table spec (allowed: Corvette, Frigate, Destroyer, Cruiser, LightCruiser, HeavyCruiser, Battlecruiser, Battleship, Dreadnought, SuperDreadnought, PlanetBreaker, Carrier, SuperCarrier, Fighter, Raider, Scout, Starbase); did you mean \"Cruiser\"?"},
		{head + "  - {house: a, squadrons: [{id: a1, flagship: Cruiser, escorts: [Destroyer, Batleship]}]}\n", "escorts[1]: unknown ship class \"Batleship\" in table spec (allowed: Corvette, Frigate, Destroyer, Cruiser, LightCruiser, HeavyCruiser, Battlecruiser, Battleship, Dreadnought, SuperDreadnought, PlanetBreaker, Carrier, SuperCarrier, Fighter, Raider, Scout, Starbase); did you mean \"Battleship\"?"},
		{"options: {profile: nim-2025-11}\n" + head + "  - {house: a, squadrons: [{id: a1, flagship: super carrier}]}\n", "unknown ship class \"super carrier\" in table a0 (allowed: Destroyer, Cruiser, LightCruiser, HeavyCruiser, Battlecruiser, Battleship, Dreadnought, SuperDreadnought, PlanetBreaker, Carrier, SuperCarrier, Fighter, Raider, Scout, Starbase, ETAC, TroopTransport); did you mean \"SuperCarrier\"?"},
	} {
		_, err := Compile(documentOf(t, c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v\nwant it to contain %q", err, c.want)
		}
	}
}
