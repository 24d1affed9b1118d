package ec4x

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// The checks of §5.1: Nim's xoroshiro128+ after initRand, rand(a..b) and
// sample.
func TestNimRandChecks(t *testing.T) {
	r := InitNimRand(12345)
	for k, want := range []uint64{13981370076618541411, 18023857206720986222, 14798841460985242002} {
		if got := r.Next(); got != want {
			t.Errorf("initRand(12345) next #%d = %d, want %d", k+1, got, want)
		}
	}
	r = InitNimRand(12345)
	if got := r.Range(1, 5); got != 2 {
		t.Errorf("rand(1..5) = %d, want 2", got)
	}
	classes := []Class{Fighter, Destroyer, Cruiser, Battleship}
	if got := classes[r.Range(0, len(classes)-1)]; got != Cruiser {
		t.Errorf("sample = %v, want Cruiser", got)
	}
	r = InitNimRand(87345)
	if got := r.Next(); got != 7759473746964480552 {
		t.Errorf("initRand(87345) next = %d", got)
	}
	var zero NimRand
	if zero.Max(0) != 0 || zero != (NimRand{}) {
		t.Error("randMax(0) must return 0 without a draw")
	}
	if InitNimRand(0) != InitNimRand(2147483647) {
		t.Error("initRand(0) must seed with 2147483647")
	}
}

// §4.1: seed 12345 → first next() = 2021368500568277588, d10 = 8.
func TestLCGCheck(t *testing.T) {
	f := &fighter{lcg: 12345}
	if got := f.next(); got != 2021368500568277588 || got%10 != 8 {
		t.Errorf("LCG(12345) first next = %d (d10 %d)", got, got%10)
	}
}

// Test i of a suite is the same battle whatever the suite's size, and its
// name, type and seed follow §5.3.
func TestSuiteTests(t *testing.T) {
	s := Suite{BaseSeed: 12345, Count: 500}
	for _, c := range []struct {
		i    int64
		name string
		seed int64
	}{{0, "balanced_1", 12345}, {4, "multi_faction_3_5", 16345}, {75, "home_defense_76", 87345}, {10, "merged_fleet_11", 22345}} {
		if tt := s.Test(c.i); tt.Name() != c.name || tt.Seed != c.seed {
			t.Errorf("test %d = %s seed %d, want %s seed %d", c.i, tt.Name(), tt.Seed, c.name, c.seed)
		}
	}
	var g generated
	g.Generate(s.Test(10), &A0Ships)
	if n := len(g.TaskForces()); n != 2 || g.tfs[0].House != "house-alpha" || g.tfs[0].Squadrons[0].K != 1 || g.tfs[0].Squadrons[1].K != 1 {
		t.Errorf("merged_fleet_11: %d TFs, alpha %+v", n, g.tfs[0].Squadrons)
	}
	g.Generate(s.Test(7), &A0Ships)
	if n := len(g.TaskForces()); n != 12 || g.tfs[11].House != "house-L" {
		t.Errorf("multi_faction_12_8: %d TFs", n)
	}
}

// The fixture's totals (§6) and the reproduction of §7.2 with desperation
// on and off: instant victories, "mutual destruction" (everyone retreated),
// no-damage loops, stalemates, crits, mean rounds and the histogram.
func TestPublishedFigures(t *testing.T) {
	for _, c := range []struct {
		desperation      string
		stalemate, long  int64
		roundsSum        int64
		hist             map[int64]int64
		desperationCount int64
	}{
		{"off", 0, 1, 1217, map[int64]int64{1: 103, 2: 100, 3: 293, 4: 1, 5: 1, 6: 1, 20: 1}, 0},
		{"on", 1, 0, 1204, map[int64]int64{1: 103, 2: 100, 3: 293, 4: 1, 5: 1, 6: 1, 7: 1}, 1},
	} {
		b := suiteBattle(t, "options: {profile: nim-2025-11, desperation: "+c.desperation+"}\nsuite: {count: 500}\n")
		f := b.NewFighter()
		o := sim.NewOutcome(b.Spec())
		var instant, mutual, stalemate, long, sum, crits, loops, cripplings, destroyed, retreats, victors, desperation int64
		hist := map[int64]int64{}
		for i := range int64(500) {
			o.Reset()
			f.Fight(i, rules.NewRand(1, 1), o)
			won := false
			for k := range MaxTaskForces {
				if b.c.victor[k] >= 0 && o.Counters[b.c.victor[k]] == 1 {
					won = true
				}
			}
			if won {
				victors++
			}
			if o.Rounds == 1 && won {
				instant++
			}
			if o.End == EndMutualWithdrawal {
				mutual++
			}
			if o.End == EndTacticalStalemate {
				stalemate++
			}
			if o.Rounds >= 15 {
				long++
			}
			sum += o.Rounds
			hist[o.Rounds]++
			crits += o.Counters[b.c.crits]
			loops += o.Counters[b.c.stalls]
			cripplings += o.Counters[b.c.cripplings]
			destroyed += o.Counters[b.c.destroyed]
			retreats += o.Counters[b.c.retreats]
			desperation += o.Counters[b.c.desperation]
		}
		if instant != 103 || mutual != 85 || loops != 1 || stalemate != c.stalemate || long != c.long || sum != c.roundsSum || crits != 515 || desperation != c.desperationCount {
			t.Errorf("desperation %s: instant %d, mutual %d, loops %d, stalemate %d, long %d, rounds %d, crits %d, desperation %d",
				c.desperation, instant, mutual, loops, stalemate, long, sum, crits, desperation)
		}
		for r, n := range c.hist {
			if hist[r] != n {
				t.Errorf("desperation %s: %d tests of %d rounds, want %d", c.desperation, hist[r], r, n)
			}
		}
		if c.desperation == "on" && (cripplings != 1886 || destroyed != 1386 || retreats != 1124 || victors != 414) {
			t.Errorf("§6 totals: %d U→C, %d destructions, %d retreats, %d victors", cripplings, destroyed, retreats, victors)
		}
	}
}

// A test exported as a scenario of its own plays exactly the suite's
// battle under nim-2025-11 (the LCG seed travels with it).
func TestExportReplaysTheSuiteBattle(t *testing.T) {
	b := suiteBattle(t, "options: {profile: nim-2025-11}\nsuite: {}\n")
	for _, i := range []int64{75, 10, 7, 3} {
		var sb strings.Builder
		if err := (SuiteBattle{b}).Export(i, &sb); err != nil {
			t.Fatal(err)
		}
		eb := suiteBattle(t, sb.String())
		f1, f2 := b.NewFighter().(*fighter), eb.NewFighter().(*fighter)
		o1, o2 := sim.NewOutcome(b.Spec()), sim.NewOutcome(eb.Spec())
		r1, r2 := f1.trace(i, rules.NewRand(1, 2), o1), f2.trace(0, rules.NewRand(3, 4), o2)
		if len(r1.lines) != len(r2.lines) || o1.Rounds != o2.Rounds || o1.End != o2.End {
			t.Fatalf("test %d: suite %d lines %d rounds, exported %d lines %d rounds\n%s", i, len(r1.lines), o1.Rounds, len(r2.lines), o2.Rounds, sb.String())
		}
		for k := range r1.lines {
			if r1.lines[k] != r2.lines[k] {
				t.Fatalf("test %d line %d: suite %v, exported %v", i, k+1, r1.lines[k], r2.lines[k])
			}
		}
	}
}

// The table jump equals Nim's step-by-step jump on any state.
func TestJumpTable(t *testing.T) {
	x := InitNimRand(99)
	for range 1000 {
		a := NimRand{a0: x.Next(), a1: x.Next()}
		b := a
		a.jump()
		b.jumpSlow()
		if a != b {
			t.Fatalf("jump %x, Nim's jump %x", a, b)
		}
	}
}
