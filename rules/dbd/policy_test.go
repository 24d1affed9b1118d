package dbd

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// The profiles are §14's table.
func TestProfiles(t *testing.T) {
	for _, c := range []struct {
		name string
		row  [9]float64 // attackScale moveScale genFocus attackNoise moveNoise passChance attackBias moveBias; thresholds below
		thr  []float64
	}{
		{"levy", [9]float64{0.82, 0.90, 2, 8, 5, 0.18, -1.0, 1.4}, nil},
		{"cohort", [9]float64{1.00, 1.00, 6, 3.2, 2.3, 0.06, 0.0, 0.0}, []float64{-4, 6}},
		{"legion", [9]float64{1.14, 1.08, 12, 1.0, 0.8, 0.01, 1.5, -0.2}, []float64{-1, 12}},
	} {
		p := profileNamed(c.name)
		got := [9]float64{p.AttackScale, p.MoveScale, p.GenFocus, p.AttackNoise, p.MoveNoise, p.PassChance, p.AttackBias, p.MoveBias}
		if got != c.row || p.Threshold != (c.thr != nil) || c.thr != nil && (p.ThresholdUnit != c.thr[0] || p.ThresholdGen != c.thr[1]) {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
}

// threat(x) (§14): the dice enemies could roll at a unit on x without
// moving, cover at x applied, each at least 1; shooters only when
// unengaged.
func TestThreat(t *testing.T) {
	b := position(t, map[int]string{62: "WOODS", 95: "HILL"}, "",
		"U BLUE INF REGULAR 5 78",
		"E RED INF REGULAR 5 79",  // melee 2 at its neighbours 62, 63, 78, 80, 95, 96 (1 in woods)
		"A RED ARC REGULAR 3 109", // unengaged: ranged 2 at distance 2–3 (1 on a hill or in woods)
		"S RED SKR REGULAR 3 43",  // engaged by F on 44: no ranged threat
		"F BLUE INF REGULAR 5 44")
	g := newGame(t, b)
	g.prepareGreedy(Blue)
	for _, c := range []struct {
		x        Hex
		tot, mel int16
	}{
		{78, 2 + 2, 2}, // E beside; A at 3
		{62, 1 + 1, 1}, // E beside, in woods: max(1, 2 − 1); A at 3, in woods: max(1, 2 − 1)
		{95, 2 + 1, 2}, // E beside; A at 2, on a hill: max(1, 2 − 1)
		{77, 2, 0},     // A at 3 only
		{28, 1, 1},     // S (melee 1) beside; A at 5
		{27, 0, 0},     // S at 2, but engaged
	} {
		if g.gr.tot[c.x] != c.tot || g.gr.mel[c.x] != c.mel {
			t.Errorf("threat at %d: %d (melee %d), want %d (%d)", c.x, g.gr.tot[c.x], g.gr.mel[c.x], c.tot, c.mel)
		}
	}
	// F is the only unit engaging S: with F off 44, S may shoot a unit on
	// 27, at distance 2.
	g.findFreed(b.unitNamed(t, "F"))
	if tot, _ := g.threatAt(44, 27); tot != 1 || len(g.gr.freed) != 1 {
		t.Errorf("threat at 27 with F off 44: %d, freed %v", tot, g.gr.freed)
	}
}

// G* is the friendly general under the most pressure, if threatened; T*
// the enemies that can attack it now.
func TestGeneralUnderPressure(t *testing.T) {
	b := position(t, nil, "",
		"G BLUE GEN REGULAR 3 78", "H BLUE GEN REGULAR 6 130",
		"E RED INF REGULAR 5 79", "A RED ARC REGULAR 3 109", "F RED INF REGULAR 5 30")
	g := newGame(t, b)
	g.prepareGreedy(Blue)
	if g.gr.gstar != b.unitNamed(t, "G") {
		t.Fatalf("G* is %d", g.gr.gstar)
	}
	if !g.gr.tstar[b.unitNamed(t, "E")] || !g.gr.tstar[b.unitNamed(t, "A")] || g.gr.tstar[b.unitNamed(t, "F")] {
		t.Errorf("T*: %v", g.gr.tstar[:5])
	}
	b = position(t, nil, "", "G BLUE GEN REGULAR 3 78", "F RED INF REGULAR 5 30")
	g = newGame(t, b)
	g.prepareGreedy(Blue)
	if g.gr.gstar != -1 {
		t.Errorf("an unthreatened general is G*")
	}
}

// AttackScore and MoveScore (§14) on a hand-built position, noise-free.
func TestScores(t *testing.T) {
	// U (INF) on 77 beside E (RED GREEN INF, 2 HP) on 78; E's other
	// neighbours are free, so it can retreat. U is threatened by E only
	// (melee 2).
	b := position(t, nil, "", "U BLUE INF REGULAR 5 77", "E RED INF GREEN 2 78", "F RED INF REGULAR 5 30")
	g := newGame(t, b)
	g.prepareGreedy(Blue)
	u := b.unitNamed(t, "U")
	g.findFreed(u)
	a := Activation{Unit: uint8(u), From: 77, To: 77, Target: 78, Attack: meleeAttack}
	// 6·2 dice + 2 melee + value 3 + 2·(3 − 2) + (8: 2 dice ≥ 3·2? no) − 0.4·2
	if got, want := g.attackScore(a), 12+2+3+2-0.8; !close(got, want) {
		t.Errorf("AttackScore %v, want %v", got, want)
	}
	// Withdrawing 77 → 76: dn 1 → 2, threat 2 → 0.
	// 5·(1 − 2) + 0.5·(8 − 2) + (2 − 0)·1.2
	m := g.mover(u)
	if got, want := g.moveScore(&m, 76, false, 0), -5+3+2.4; !close(got, want) {
		t.Errorf("MoveScore %v, want %v", got, want)
	}
}

func close(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// The greedy policy beats the random one from either side, and the
// rollout one beats random too.
func TestPoliciesAgainstRandom(t *testing.T) {
	for _, c := range []struct {
		scenario, extra string
		trials          int64
		min             int
	}{
		{"symmetric_line", "policies: {blue: greedy, red: random}\noptions: {first-side: alternate}\n", 200, 190},
		{"symmetric_line", "policies: {blue: random, red: greedy}\noptions: {first-side: alternate}\n", 200, 190},
	} {
		b := loadBattle(t, c.scenario, c.extra)
		f := b.NewFighter()
		var wins [3]int
		for i := range c.trials {
			wins[fight(b, f, i).Winner]++
		}
		greedy := wins[rules.A]
		if b.Policies[Red] == PolicyGreedy {
			greedy = wins[rules.B]
		}
		if greedy < c.min {
			t.Errorf("%q: greedy won %d of %d", c.extra, greedy, c.trials)
		}
	}
	src := readFile(t, "testdata/variants/rollout.yaml")
	b := compileSource(t, strings.Replace(src, "red: greedy", "red: random", 1))
	f := b.NewFighter()
	wins := 0
	for i := range int64(60) {
		if fight(b, f, i).Winner == rules.A {
			wins++
		}
	}
	if wins < 45 {
		t.Errorf("rollout won %d of 60 against random", wins)
	}
}

// The random policy spends every activation while it has one: no passes,
// no early ends.
func TestRandomSpendsEveryActivation(t *testing.T) {
	b := loadBattle(t, "symmetric_line", "policies: {blue: random, red: random}\n")
	for i := range int64(3) {
		log := replay(b, i)
		if strings.Contains(log, "forfeits") || strings.Contains(log, "ends the turn") {
			t.Errorf("trial %d: the random policy passed or ended a turn early", i)
		}
	}
}

// With a kill that wins the game on offer, the rollout and search policies
// take it. Its 2 dice kill with chance 5/9, and withdrawing to strike
// later with both infantry is nearly as good (about 97 against 102 in
// rollout's value), so rollout needs many continuations (R = 64) to tell
// them apart.
func TestPoliciesTakeTheWinningKill(t *testing.T) {
	for _, extra := range []string{
		"policies: {blue: rollout}\noptions: {standards-to-win: 2, rollout: \"6,64,2\"}\n",
		"policies: {blue: search:1k}\noptions: {standards-to-win: 2}\n",
	} {
		b := position(t, nil, extra, "A BLUE INF REGULAR 5 77", "B BLUE INF REGULAR 5 130", "G RED GEN REGULAR 1 78", "R RED INF REGULAR 5 30")
		g := newGame(t, b)
		g.st.acts = 1 // the last activation of the turn: now or never
		if a, kind := g.choose(); kind != choiceAct || a.Target != 78 || a.Attack != meleeAttack {
			t.Errorf("%s: chose %+v (%d)", b.Policies[Blue], a, kind)
		}
	}
}
