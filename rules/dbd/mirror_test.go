package dbd

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// Every symmetry of every board keeps neighbours neighbours and distances
// distances, and is its own inverse: the rules read the same after it.
func TestSymmetriesKeepTheBoard(t *testing.T) {
	for _, b := range boards() {
		syms := symmetries(b)
		if len(syms) != 3 {
			t.Fatalf("%s: %d symmetries, want 3", b.Name, len(syms))
		}
		for _, m := range syms {
			for h := range Hex(NumHexes) {
				if m.to[m.to[h]] != h {
					t.Fatalf("%s %s: not its own inverse at %d", b.Name, m.name, h)
				}
				for k := range Hex(NumHexes) {
					if b.Dist[h][k] != b.Dist[m.to[h]][m.to[k]] {
						t.Fatalf("%s %s: distance %d–%d is %d, after it %d", b.Name, m.name, h, k, b.Dist[h][k], b.Dist[m.to[h]][m.to[k]])
					}
				}
			}
		}
	}
	// By hand (§2): the half turn takes id h to 156 − h on DBD-157-v1; the
	// middle row's reflection takes 109 (row 7, column 6) to 45 (row 3,
	// column 6); the middle column's takes 0 to 11.
	syms := symmetries(Standard())
	for h := range Hex(NumHexes) {
		if syms[0].to[h] != 156-h {
			t.Fatalf("turned 180°: %d → %d, want %d", h, syms[0].to[h], 156-h)
		}
	}
	if syms[1].to[109] != 45 || syms[2].to[0] != 11 {
		t.Errorf("reflections: 109 → %d (want 45), 0 → %d (want 11)", syms[1].to[109], syms[2].to[0])
	}
}

// The built-ins the README's §13 calls mirrored are the ones the battle
// declares mirrored, by the symmetry it names; a change of one side's
// player, of the first move or of the retreat rule withdraws it.
func TestBuiltinMirrors(t *testing.T) {
	for _, c := range []struct{ name, extra, want string }{
		{"cavalry_hammer", "options: {first-side: alternate}\n", "RED is BLUE turned 180°"},
		{"symmetric_double_line", "options: {first-side: alternate}\n", "RED is BLUE reflected across the middle row"},
		{"symmetric_screen", "options: {first-side: alternate}\n", "RED is BLUE turned 180°"},
		{"symmetric_wings", "options: {first-side: alternate}\n", "RED is BLUE reflected across the middle row"},
		{"symmetric_line", "options: {first-side: alternate}\n", ""},
		{"refused_flank", "options: {first-side: alternate}\n", ""},
		{"deep_center", "options: {first-side: alternate}\n", ""},
		{"empty", "options: {first-side: alternate}\n", ""},
		{"cavalry_hammer", "", ""},
		{"cavalry_hammer", "options: {first-side: alternate}\npolicies: {red: random}\n", ""},
		{"cavalry_hammer", "options: {first-side: alternate}\npolicies: {blue: random, red: random}\n", "RED is BLUE turned 180°"},
		{"cavalry_hammer", "options: {first-side: alternate, retreat-choice: first}\n", ""},
		{"cavalry_hammer", "options: {first-side: alternate, retreat-choice: random, hp: max}\n", "RED is BLUE turned 180°"},
	} {
		b := loadBattle(t, c.name, c.extra)
		if got := b.Mirror(); got != c.want {
			t.Errorf("%s with %q: Mirror() = %q, want %q", c.name, c.extra, got, c.want)
		}
		// The skill axis judges the first mover's share exactly where the
		// battle is mirrored (rules.FirstMoverCounted), by the counter §16
		// declares.
		want := map[bool]string{true: "first-mover-won"}[c.want != ""]
		if got := rules.FirstMoverWonOf(b); got != want || (want != "" && !slices.Contains(b.Spec().CounterNames(), want)) {
			t.Errorf("%s with %q: FirstMoverWonOf = %q, want %q, a counter of the battle", c.name, c.extra, got, want)
		}
	}
	// One unit's HP, quality or place changed, or a hex of terrain on one
	// side only, and the armies no longer mirror each other.
	for _, c := range [][2]string{
		{`"hp": 3, "hex": 131`, `"hp": 2, "hex": 131`},
		{`"quality": "REGULAR", "hp": 3, "hex": 25`, `"quality": "GREEN", "hp": 3, "hex": 25`},
		{`"hex": 15}`, `"hex": 14}`},
		{`"terrain": {}`, `"terrain": {"78": "WOODS", "77": "HILL"}`},
	} {
		src := strings.Replace(sample(t, "cavalry_hammer"), c[0], c[1], 1)
		if src == sample(t, "cavalry_hammer") {
			t.Fatalf("no %s in cavalry_hammer", c[0])
		}
		if got := compileSource(t, src+"options: {first-side: alternate}\n").Mirror(); got != "" {
			t.Errorf("cavalry_hammer with %s: Mirror() = %q, want none", c[1], got)
		}
	}
	// Terrain that keeps the symmetry keeps the mirror.
	src := strings.Replace(sample(t, "cavalry_hammer"), `"terrain": {}`, `"terrain": {"78": "WOODS", "77": "HILL", "79": "HILL"}`, 1)
	if got := compileSource(t, src+"options: {first-side: alternate}\n").Mirror(); got != "RED is BLUE turned 180°" {
		t.Errorf("cavalry_hammer with symmetric terrain: Mirror() = %q", got)
	}
}

// evenly fails unless counts, drawn n times in all, are within 4.5
// standard deviations of n/k each, k the number of counts: a fixed seed,
// and a false alarm below 10⁻⁵ a count on a fresh one.
func evenly(t *testing.T, what string, counts map[Hex]int, k, n int) {
	t.Helper()
	if len(counts) != k {
		t.Fatalf("%s: chose %v, want %d choices each about %d times", what, counts, k, n/k)
	}
	p := 1 / float64(k)
	sd := math.Sqrt(float64(n) * p * (1 - p))
	for h, c := range counts {
		if math.Abs(float64(c)-float64(n)*p) > 4.5*sd {
			t.Errorf("%s: hex %d chosen %d times of %d, want about %.0f", what, h, c, n, float64(n)*p)
		}
	}
}

// A retreat whose legal steps the heuristic ranks alike takes each of
// them evenly (§10): a RED infantry alone on 45, attacked from 60, has
// three steps away from 60, each with no friend or enemy beside it, in
// the open, two hexes from the attacker. By hex id, the old last
// tie-break, it always took 30, the lowest: back towards RED's edge, where
// BLUE's units, attacked from the north, stepped sideways.
func TestRetreatTiesAreEven(t *testing.T) {
	b := position(t, nil, "", "B BLUE INF REGULAR 4 60", "R RED INF REGULAR 4 45")
	g := newGame(t, b)
	counts := map[Hex]int{}
	const n = 3000
	for s := range uint64(n) {
		g.pol.Seed(s, policyStreamWord)
		h, opts := g.retreatChoice(1, 60)
		if opts != 3 {
			t.Fatalf("%d retreat options, want 3", opts)
		}
		counts[h]++
	}
	evenly(t, "retreat from 45 away from 60", counts, 3, n)
	// A step with a friend beside it ranks first: no draw is made.
	b = position(t, nil, "", "B BLUE INF REGULAR 4 60", "R RED INF REGULAR 4 45", "F RED INF REGULAR 4 29")
	g = newGame(t, b)
	before := g.pol.Uint64()
	g.pol.Seed(1, policyStreamWord)
	if h, _ := g.retreatChoice(1, 60); h != 30 || g.pol.Uint64() != before {
		t.Errorf("with a friend on 29 the retreat went to %d (want 30, beside it), or drew from the policy stream", h)
	}
}

// Candidates the rollout policy's greedy ranking scores alike come in an
// even random order, not §6's by hex id: each of n indexes lands in each
// place about equally often.
func TestShuffledOrderIsEven(t *testing.T) {
	g := newGame(t, position(t, nil, "", "B BLUE INF REGULAR 4 60", "R RED INF REGULAR 4 45"))
	const k, n = 4, 4000
	var buf []int
	first := map[Hex]int{}
	for s := range uint64(n) {
		g.pol.Seed(s, policyStreamWord)
		buf = shuffledOrder(g.pol, buf[:0], k)
		first[Hex(buf[0])]++
		seen := [k]bool{}
		for _, i := range buf {
			seen[i] = true
		}
		if seen != [k]bool{true, true, true, true} {
			t.Fatalf("not a permutation: %v", buf)
		}
	}
	evenly(t, "the first of 4 shuffled candidates", first, k, n)
}

// Two generals under the same pressure are G* (§14) equally often.
func TestGeneralUnderPressureTieIsEven(t *testing.T) {
	b := position(t, nil, "", "G1 BLUE GEN REGULAR 3 94", "G2 BLUE GEN REGULAR 3 100",
		"E1 RED INF REGULAR 4 78", "E2 RED INF REGULAR 4 84")
	g := newGame(t, b)
	counts := map[Hex]int{}
	const n = 2000
	for s := range uint64(n) {
		g.pol.Seed(s, policyStreamWord)
		g.prepareGreedy(Blue)
		counts[g.st.hex[g.gr.gstar]]++
	}
	evenly(t, "G* between two generals each beside one infantry", counts, 2, n)
}
