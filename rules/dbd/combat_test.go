package dbd

import "testing"

// Around hex 78, the board's centre (axial (0, 0)): its neighbours are 61
// and 62 (the row above), 77 and 79 (its row), 94 and 95 (the row below).

// TestDiceCount checks §8 on hand-built positions: flanking +1 for melee
// only, cover −1, a charge +1, and the clamp to 1 applied once at the end
// (G8), or after cover as well with dice-clamp: after-cover.
func TestDiceCount(t *testing.T) {
	for _, c := range []struct {
		name    string
		terrain map[int]string
		extra   string
		units   []string
		ranged  bool
		charge  bool
		want    diceCount
	}{
		{name: "infantry melee, open ground", units: []string{"A BLUE INF REGULAR 5 77", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, N: 2}},
		{name: "flanked: two attackers adjacent", units: []string{"A BLUE INF REGULAR 5 77", "F BLUE INF REGULAR 5 79", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, Flank: 1, N: 3}},
		{name: "a non-adjacent friend does not flank", units: []string{"A BLUE INF REGULAR 5 77", "F BLUE INF REGULAR 5 80", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, N: 2}},
		{name: "woods cover", terrain: map[int]string{78: "WOODS"}, units: []string{"A BLUE INF REGULAR 5 77", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, Cover: -1, N: 1}},
		{name: "rough cover, flanked", terrain: map[int]string{78: "ROUGH"}, units: []string{"A BLUE INF REGULAR 5 77", "F BLUE INF REGULAR 5 94", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, Cover: -1, Flank: 1, N: 2}},
		{name: "a hill gives no cover against melee", terrain: map[int]string{78: "HILL"}, units: []string{"A BLUE INF REGULAR 5 77", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, N: 2}},
		{name: "the attacker's own hex never matters", terrain: map[int]string{77: "WOODS"}, units: []string{"A BLUE INF REGULAR 5 77", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 2, N: 2}},
		{name: "1-die melee into woods: clamped to 1", terrain: map[int]string{78: "WOODS"}, units: []string{"A BLUE GEN REGULAR 6 77", "D RED INF REGULAR 5 78"},
			want: diceCount{Base: 1, Cover: -1, N: 1}},
		{name: "1-die melee into woods, flanked: the clamp comes once, at the end", terrain: map[int]string{78: "WOODS"},
			units: []string{"A BLUE GEN REGULAR 6 77", "F BLUE INF REGULAR 5 79", "D RED INF REGULAR 5 78"},
			want:  diceCount{Base: 1, Cover: -1, Flank: 1, N: 1}},
		{name: "the same with dice-clamp: after-cover", terrain: map[int]string{78: "WOODS"}, extra: "options: {dice-clamp: after-cover}\n",
			units: []string{"A BLUE GEN REGULAR 6 77", "F BLUE INF REGULAR 5 79", "D RED INF REGULAR 5 78"},
			want:  diceCount{Base: 1, Cover: -1, Flank: 1, N: 2}},
		{name: "archer shot, open ground", units: []string{"A BLUE ARC REGULAR 3 76", "D RED INF REGULAR 5 78"}, ranged: true,
			want: diceCount{Base: 2, N: 2}},
		{name: "archer shot at a hill", terrain: map[int]string{78: "HILL"}, units: []string{"A BLUE ARC REGULAR 3 76", "D RED INF REGULAR 5 78"}, ranged: true,
			want: diceCount{Base: 2, Cover: -1, N: 1}},
		{name: "ranged attacks never flank (G9)", units: []string{"A BLUE ARC REGULAR 3 76", "F BLUE INF REGULAR 5 79", "G BLUE INF REGULAR 5 94", "D RED INF REGULAR 5 78"}, ranged: true,
			want: diceCount{Base: 2, N: 2}},
		{name: "skirmisher shot at a hill: clamped to 1", terrain: map[int]string{78: "HILL"}, units: []string{"A BLUE SKR REGULAR 3 76", "D RED INF REGULAR 5 78"}, ranged: true,
			want: diceCount{Base: 1, Cover: -1, N: 1}},
		{name: "charge, flanked", units: []string{"A BLUE CAV REGULAR 4 77", "F BLUE INF REGULAR 5 79", "D RED INF REGULAR 5 78"}, charge: true,
			want: diceCount{Base: 2, Flank: 1, Charge: 1, N: 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := position(t, c.terrain, c.extra, c.units...)
			g := newGame(t, b)
			a, d := b.unitNamed(t, "A"), b.unitNamed(t, "D")
			def := g.st.hex[d]
			got := g.countDice(b.units[a].Type, c.ranged, def, int(g.st.adj[Blue][def]), c.charge)
			if got != c.want {
				t.Errorf("dice %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestCancellations is §9 step 3's table (G12: always the most allowed).
func TestCancellations(t *testing.T) {
	for _, c := range []struct {
		q            Quality
		support      int
		gen          bool
		rolled, want int
	}{
		{Green, 0, false, 2, 0}, {Green, 1, false, 2, 0}, {Green, 2, false, 2, 1}, {Green, 1, true, 2, 1},
		{Regular, 0, false, 2, 0}, {Regular, 1, false, 2, 1}, {Regular, 0, true, 2, 1},
		{Veteran, 0, false, 2, 1}, {Veteran, 1, false, 2, 2}, {Veteran, 0, true, 3, 2}, {Veteran, 1, false, 1, 1},
		{Veteran, 0, false, 0, 0},
	} {
		if got := cancellations(c.q, c.support, c.gen, c.rolled); got != c.want {
			t.Errorf("%s, support %d, general %v, %d rolled: cancels %d, want %d", c.q, c.support, c.gen, c.rolled, got, c.want)
		}
	}
}

// A supported veteran cancels both of two RETREAT results and stays put;
// alone it cancels one and steps back once.
func TestVeteranCancelsTwo(t *testing.T) {
	for _, c := range []struct {
		units []string
		steps int64
	}{
		{[]string{"A BLUE INF REGULAR 5 77", "D RED INF VETERAN 6 78", "S RED INF REGULAR 5 62"}, 0},
		{[]string{"A BLUE INF REGULAR 5 77", "D RED INF VETERAN 6 78"}, 1},
	} {
		b := position(t, nil, "", c.units...)
		g := newGame(t, b, retreatFace, retreatFace)
		a, d := b.unitNamed(t, "A"), b.unitNamed(t, "D")
		g.attack(a, g.st.hex[d], false, false)
		cancelled := g.counter(t, "retreats-cancelled")
		if steps := g.counter(t, "retreat-steps"); steps != c.steps || cancelled != 2-c.steps {
			t.Errorf("%v: %d cancelled, %d steps; want %d steps", c.units, cancelled, steps, c.steps)
		}
		if c.steps == 1 && g.st.hex[d] != 79 && g.st.hex[d] != 95 && g.st.hex[d] != 62 {
			t.Errorf("retreated to %d: not farther from 77", g.st.hex[d])
		}
	}
}

// A general adjacent lets a green unit with one supporter cancel (G13: a
// general defending does not count itself).
func TestGeneralAdjacent(t *testing.T) {
	b := position(t, nil, "", "A BLUE INF REGULAR 5 77", "D RED INF GREEN 4 78", "G RED GEN REGULAR 6 62")
	g := newGame(t, b, retreatFace)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if got := g.counter(t, "retreats-cancelled"); got != 1 {
		t.Errorf("cancelled %d, want 1", got)
	}
	b = position(t, nil, "", "A BLUE INF REGULAR 5 77", "D RED GEN GREEN 5 78", "S RED INF REGULAR 5 62")
	g = newGame(t, b, retreatFace)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if got := g.counter(t, "retreats-cancelled"); got != 0 {
		t.Errorf("a green general with one supporter cancelled %d, want 0", got)
	}
}

// A defender in the corner with nowhere farther from the attacker to go
// takes a hit for its blocked step (§9 step 5), and dies of it at 1 HP,
// scoring for the attacker.
func TestBlockedRetreatDealsAHit(t *testing.T) {
	// Hex 0's neighbours are 1, 12 and 13; from an attacker on 13, both 1
	// and 12 are as near as 0 is.
	b := position(t, nil, "", "A BLUE INF REGULAR 5 13", "D RED INF GREEN 4 0", "E RED INF GREEN 4 40")
	g := newGame(t, b, retreatFace, 1)
	d := b.unitNamed(t, "D")
	g.attack(b.unitNamed(t, "A"), 0, false, false)
	if g.st.hp[d] != 3 || g.st.hex[d] != 0 {
		t.Errorf("hp %d on %d, want 3 on 0", g.st.hp[d], g.st.hex[d])
	}
	if g.counter(t, "blocked-steps") != 1 || g.counter(t, "blocked.hex.0") != 1 || g.counter(t, "b.hp-lost") != 1 {
		t.Errorf("blocked-steps %d, blocked.hex.0 %d, b.hp-lost %d", g.counter(t, "blocked-steps"), g.counter(t, "blocked.hex.0"), g.counter(t, "b.hp-lost"))
	}
	// At 1 HP the blocked step destroys it.
	b = position(t, nil, "", "A BLUE INF REGULAR 5 13", "D RED INF GREEN 1 0", "E RED INF GREEN 4 40")
	g = newGame(t, b, retreatFace, 1)
	g.attack(b.unitNamed(t, "A"), 0, false, false)
	d = b.unitNamed(t, "D")
	if g.st.hp[d] != 0 || g.st.occ[0] != 0 || g.st.standards[Blue] != 1 || g.counter(t, "blocked-kills") != 1 || g.counter(t, "lost.hex.0") != 1 {
		t.Errorf("hp %d, hex 0 holds %d, BLUE standards %d, blocked kills %d", g.st.hp[d], g.st.occ[0], g.st.standards[Blue], g.counter(t, "blocked-kills"))
	}
	// Friends in the way block just the same: D on 78, attacked from 77,
	// may step only to 62, 79 or 95, all held by its own side.
	b = position(t, nil, "", "A BLUE INF REGULAR 5 77", "D RED INF GREEN 4 78", "F RED INF GREEN 4 62", "G RED INF GREEN 4 79", "H RED INF GREEN 4 95")
	g = newGame(t, b, retreatFace, retreatFace)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	// Support 3: a GREEN unit cancels one of the two; the other is blocked.
	if d := b.unitNamed(t, "D"); g.st.hp[d] != 3 || g.counter(t, "blocked-steps") != 1 || g.counter(t, "retreats-cancelled") != 1 {
		t.Errorf("hp %d, blocked %d, cancelled %d", g.st.hp[d], g.counter(t, "blocked-steps"), g.counter(t, "retreats-cancelled"))
	}
}

// Hits are applied before retreats, and a destroyed defender's retreats are
// void (§9 step 4).
func TestHitsBeforeRetreats(t *testing.T) {
	b := position(t, nil, "", "A BLUE INF REGULAR 5 77", "D RED INF GREEN 1 78", "E RED INF GREEN 4 40")
	g := newGame(t, b, hitFace, retreatFace)
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if g.counter(t, "retreat-steps") != 0 || g.counter(t, "b.units-lost") != 1 || g.counter(t, "lost.hex.78") != 1 {
		t.Errorf("retreat steps %d, units lost %d", g.counter(t, "retreat-steps"), g.counter(t, "b.units-lost"))
	}
}

// TestRetreatChoice: §10's heuristic goes where friends outnumber enemies,
// then into cover, then farther from the nearest enemy, then the lowest
// id; `first` takes the lowest id (G11).
func TestRetreatChoice(t *testing.T) {
	// D on 78 attacked from 77 may step to 62, 79 or 95 (61 and 94 lie as
	// near to 77 as 78 does). A RED friend on 63 is adjacent to 62 and 79.
	units := []string{"A BLUE INF REGULAR 5 77", "D RED INF GREEN 4 78", "F RED INF GREEN 4 63"}
	for _, c := range []struct {
		name    string
		terrain map[int]string
		extra   string
		units   []string
		want    Hex
	}{
		{"62 and 79 tie (a friend each, clear, 2 from the enemy): the lower id", nil, "", units, 62},
		{"cover breaks the tie", map[int]string{79: "WOODS"}, "", units, 79},
		{"water is never an option", map[int]string{62: "WATER"}, "", units, 79},
		{"first: the lowest id", map[int]string{79: "WOODS"}, "options: {retreat-choice: first}\n", units, 62},
		{"an enemy beside 62 makes 79 better", nil, "", append([]string{"E BLUE INF REGULAR 5 46"}, units...), 79},
		// An archer on 76 shoots D: 62, 79 and 95 lie 3 from it. E on 45
		// is 2 from 62 and 3 from 79 and 95.
		{"farther from the nearest enemy", nil, "", []string{"A BLUE ARC REGULAR 3 76", "E BLUE INF REGULAR 5 45", "D RED INF GREEN 4 78"}, 79},
		{"without that enemy, the lowest id", nil, "", []string{"A BLUE ARC REGULAR 3 76", "D RED INF GREEN 4 78"}, 62},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := position(t, c.terrain, c.extra, c.units...)
			g := newGame(t, b, retreatFace, 1)
			d, a := b.unitNamed(t, "D"), b.unitNamed(t, "A")
			g.attack(a, 78, b.units[a].Type == ARC, false)
			if g.st.hex[d] != c.want {
				t.Errorf("retreated to %d, want %d", g.st.hex[d], c.want)
			}
		})
	}
}

// A retreat step that leaves a flanked friend's side is a cascading step,
// and that friend's next retreat is the second link of the chain.
func TestRetreatCascade(t *testing.T) {
	// D on 78 beside its friend F on 79, which BLUE flanks from 80 and 96.
	// A on 77 attacks D, which steps to 62 (beside F still), then, attacked
	// again, to 46 or 47: 47 is beside... neither is beside 79, so the step
	// leaves F flanked without D.
	b := position(t, nil, "", "A BLUE INF REGULAR 5 77", "B BLUE INF REGULAR 5 80", "C BLUE INF REGULAR 5 96",
		"D RED INF GREEN 4 78", "F RED INF GREEN 4 79")
	g := newGame(t, b, retreatFace, 1, retreatFace, 1, retreatFace, 1)
	d, f := b.unitNamed(t, "D"), b.unitNamed(t, "F")
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if g.st.hex[d] != 62 || g.st.cascade != 1 || g.st.exposed[f] != 0 {
		t.Fatalf("D on %d, cascade %d, F exposed %d; want 62, 1, 0", g.st.hex[d], g.st.cascade, g.st.exposed[f])
	}
	g.attack(b.unitNamed(t, "A"), 62, false, false) // A on 77 is 2 from 62: a shot in all but name
	if g.board.Dist[g.st.hex[d]][79] == 1 || g.st.exposed[f] != 1 || g.counter(t, "cascading-steps") != 1 {
		t.Fatalf("D on %d; F exposed %d; cascading steps %d", g.st.hex[d], g.st.exposed[f], g.counter(t, "cascading-steps"))
	}
	g.attack(b.unitNamed(t, "B"), 79, false, false)
	if g.st.cascade != 2 || g.st.hex[f] == 79 {
		t.Errorf("F on %d, cascade %d; want a chain of 2", g.st.hex[f], g.st.cascade)
	}
}

// A retreat that puts a unit where a friend's later retreat would have
// gone makes the blocked step a link of its cascade.
func TestCascadeByBlocking(t *testing.T) {
	// G on 61, attacked from 60, can step only to 62 (46 is WATER; 45 and
	// 77 are as near 60). Then D on 78, attacked from 77 with two RETREAT
	// results, cancels one (support 3) and finds 62 (G), 79 and 95 held:
	// the step is blocked, and G's step caused it.
	b := position(t, map[int]string{46: "WATER"}, "", "A BLUE INF REGULAR 5 77", "P BLUE INF REGULAR 5 60",
		"D RED INF GREEN 4 78", "G RED INF GREEN 4 61", "H RED INF GREEN 4 79", "I RED INF GREEN 4 95")
	// P's attack is flanked (A on 77 is beside 61 too): three dice.
	g := newGame(t, b, retreatFace, 1, 1, retreatFace, retreatFace)
	gi, d := b.unitNamed(t, "G"), b.unitNamed(t, "D")
	g.attack(b.unitNamed(t, "P"), 61, false, false)
	if g.st.hex[gi] != 62 || g.st.cascade != 1 {
		t.Fatalf("G retreated to %d (cascade %d), want 62", g.st.hex[gi], g.st.cascade)
	}
	g.attack(b.unitNamed(t, "A"), 78, false, false)
	if g.st.hp[d] != 3 || g.counter(t, "blocked-steps") != 1 || g.st.cascade != 2 || g.counter(t, "cascading-steps") != 1 {
		t.Errorf("D hp %d, blocked %d, cascade %d, cascading steps %d", g.st.hp[d], g.counter(t, "blocked-steps"), g.st.cascade, g.counter(t, "cascading-steps"))
	}
}

// A charge (§7, G10): two steps through CLEAR or HILL from an unengaged
// start. Woods on the way or at the end deny it; so does charge-rule:
// distance for a path that ends next to where it began.
func TestCharge(t *testing.T) {
	// CAV C on 78 and a RED unit on 46 (neighbours 31, 32, 45, 47, 61,
	// 62). From 78, 61 and 62 are one step away; 47 is two, only through
	// 62; 45 is two, only through 61. 62 is also two steps away bent
	// (78 → 61 → 62 or 78 → 79 → 62).
	type want int
	const (
		charge want = iota
		noCharge
		unreachable
	)
	for _, c := range []struct {
		name    string
		terrain map[int]string
		extra   string
		more    []string
		to      Hex
		want    want
	}{
		{"two clear steps", nil, "", nil, 47, charge},
		{"woods on the only path: the cavalry stops in them", map[int]string{62: "WOODS"}, "", nil, 47, unreachable},
		{"ending in woods next door", map[int]string{62: "WOODS"}, "", nil, 62, noCharge},
		{"a hill is open ground", map[int]string{62: "HILL", 47: "HILL"}, "", nil, 47, charge},
		{"rough on the path", map[int]string{61: "ROUGH"}, "", nil, 45, unreachable},
		{"a bent path next door (steps)", nil, "", nil, 62, charge},
		{"a bent path next door (distance)", nil, "options: {charge-rule: distance}\n", nil, 62, noCharge},
		{"a straight path (distance)", nil, "options: {charge-rule: distance}\n", nil, 47, charge},
		{"the bends through woods", map[int]string{61: "WOODS", 79: "WOODS"}, "", nil, 62, noCharge},
		{"the bends held by friends", nil, "", []string{"F BLUE INF REGULAR 5 61", "G BLUE INF REGULAR 5 79"}, 62, noCharge},
		{"one bend free", nil, "", []string{"F BLUE INF REGULAR 5 61"}, 62, charge},
	} {
		t.Run(c.name, func(t *testing.T) {
			units := append([]string{"C BLUE CAV REGULAR 4 78", "D RED INF REGULAR 5 46"}, c.more...)
			b := position(t, c.terrain, c.extra, units...)
			g := newGame(t, b)
			g.sortEnemies(Blue)
			got := unreachable
			for _, a := range g.unitActivations(b.unitNamed(t, "C"), nil) {
				if a.To == c.to && a.Target == 46 {
					got = noCharge
					if a.Charge {
						got = charge
					}
				}
			}
			if got != c.want {
				t.Errorf("got %d, want %d (0 charge, 1 no charge, 2 unreachable)", got, c.want)
			}
		})
	}
	// Cavalry ringed by woods reaches its neighbours and stops there.
	b := position(t, map[int]string{62: "WOODS", 61: "WOODS", 77: "WOODS", 79: "WOODS", 94: "WOODS", 95: "WOODS"}, "",
		"C BLUE CAV REGULAR 4 78", "D RED INF REGULAR 5 30")
	g := newGame(t, b)
	if r := g.reachable(b.unitNamed(t, "C"), nil); len(r) != 7 {
		t.Errorf("cavalry ringed by woods reaches %v, want itself and its 6 neighbours", r)
	}
}
