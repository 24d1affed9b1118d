package dbd

import (
	"fmt"
	"strings"
	"testing"
)

// Around hex 78 (axial (0, 0)): neighbours 61, 62 (above), 77, 79, 94, 95
// (below); at distance 2 the ring 45, 46, 47 (two rows up), 60, 63, 76,
// 80, 93, 96, 109, 110, 111 (two rows down).

// actsText writes activations compactly: "61" a move, "79>80" a move and
// melee, "78>80" an attack in place, "w61" a withdraw, "w61*79" a withdraw
// and shot, "!" a charge, "*" a shot.
func actsText(acts []Activation) string {
	var parts []string
	for _, a := range acts {
		s := ""
		if a.Withdraw {
			s = "w"
		}
		s += fmt.Sprint(a.To)
		switch a.Attack {
		case meleeAttack:
			s += fmt.Sprintf(">%d", a.Target)
		case rangedAttack:
			s += fmt.Sprintf("*%d", a.Target)
		}
		if a.Charge {
			s += "!"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestLegalActivations checks §6 and §7 against positions counted by hand:
// the list, in §6's order (destination, then target, no attack first).
func TestLegalActivations(t *testing.T) {
	for _, c := range []struct {
		name    string
		terrain map[int]string
		extra   string
		units   []string
		want    string
	}{
		// An unengaged INF moves to any neighbour; from 79 it may melee 80.
		{"infantry, enemy at 2", nil, "", []string{"U BLUE INF REGULAR 5 78", "E RED INF REGULAR 5 80"},
			"61 62 77 79 79>80 94 95"},
		// Move-1 units cannot enter woods (G2)...
		{"infantry and woods", map[int]string{79: "WOODS", 61: "ROUGH"}, "", []string{"U BLUE INF REGULAR 5 78", "E RED INF REGULAR 5 80"},
			"62 77 94 95"},
		// ...unless move-one-always.
		{"infantry and woods, move-one-always", map[int]string{79: "WOODS", 61: "ROUGH"}, "options: {move-one-always: true}\n",
			[]string{"U BLUE INF REGULAR 5 78", "E RED INF REGULAR 5 80"}, "61 62 77 79 79>80 94 95"},
		// Water, friends and enemies block; hills cost 1.
		{"blocked hexes", map[int]string{61: "WATER", 62: "HILL"}, "", []string{"U BLUE INF REGULAR 5 78", "F BLUE INF REGULAR 5 77", "E RED INF REGULAR 5 111"},
			"62 79 94 95 95>111"},
		// An unengaged archer moves (no attack after, G7) or shoots from
		// where it stands at range 2 or 3.
		{"archer", nil, "", []string{"U BLUE ARC REGULAR 3 78", "E RED INF REGULAR 5 80", "F RED INF REGULAR 5 30"},
			"61 62 77 78*30 78*80 79 94 95"},
		{"archer, arc-move-then-melee", nil, "options: {arc-move-then-melee: true}\n", []string{"U BLUE ARC REGULAR 3 78", "E RED INF REGULAR 5 80"},
			"61 62 77 78*80 79 79>80 94 95"},
		// Engaged infantry: melee, or withdraw one step to a hex no enemy
		// is adjacent to (79's neighbours: 62, 63, 78, 80, 95, 96).
		{"engaged infantry", nil, "", []string{"U BLUE INF REGULAR 5 78", "E RED INF REGULAR 5 79"},
			"w61 w77 78>79 w94"},
		// Engaged archer: melee or withdraw only (no shot at 30).
		{"engaged archer", nil, "", []string{"U BLUE ARC REGULAR 3 78", "E RED INF REGULAR 5 79", "F RED INF REGULAR 5 30"},
			"w61 w77 78>79 w94"},
		// Engaged infantry with withdraw: full-move withdraws up to Move 1:
		// the same.
		{"engaged infantry, full-move", nil, "options: {withdraw: full-move}\n", []string{"U BLUE INF REGULAR 5 78", "E RED INF REGULAR 5 79"},
			"w61 w77 78>79 w94"},
		// Engaged skirmisher (§6): melee, or withdraw up to Move 2 to any
		// hex not adjacent to 79 (61, 77, 94 and the ring but 63, 80, 96:
		// 80 is reachable only through 79), and then shoot 79 from a hex 2
		// from it (46, 47, 61, 77, 94, 110, 111).
		{"engaged skirmisher", nil, "", []string{"U BLUE SKR REGULAR 3 78", "E RED INF REGULAR 5 79"},
			"w45 w46 w46*79 w47 w47*79 w60 w61 w61*79 w76 w77 w77*79 78>79 w93 w94 w94*79 w109 w110 w110*79 w111 w111*79"},
		// G5: skr-ranged-engaged lets it shoot where it stands, engaged, at
		// 76. The withdraws now avoid 76's neighbours 60, 77, 93 as well;
		// 45, 61, 94, 109 lie 2 from 76.
		{"engaged skirmisher, skr-ranged-engaged", nil, "options: {skr-ranged-engaged: true}\n",
			[]string{"U BLUE SKR REGULAR 3 78", "E RED INF REGULAR 5 79", "F RED INF REGULAR 5 76"},
			"w45 w45*76 w46 w46*79 w47 w47*79 w61 w61*76 w61*79 78*76 78>79 w94 w94*76 w94*79 w109 w109*76 w110 w110*79 w111 w111*79"},
		// An unengaged skirmisher moves up to 2 and melees (from 63, 79,
		// 96, beside 80) or shoots (from 47, 62, 78, 95, 111: 2 from 80,
		// unengaged there): 17 moves, 8 attacks.
		{"skirmisher", nil, "", []string{"U BLUE SKR REGULAR 3 78", "E RED INF REGULAR 5 80"},
			"45 46 47 47*80 60 61 62 62*80 63 63>80 76 77 78*80 79 79>80 93 94 95 95*80 96 96>80 109 110 111 111*80"},
		// Cavalry: R is the radius-2 disc but 80; melee with a charge from
		// 63 and 96, two steps away, and from 79: one step, but also a bent
		// two (78 → 62 → 79), which is a charge by G10's steps.
		{"cavalry", nil, "", []string{"U BLUE CAV REGULAR 4 78", "E RED INF REGULAR 5 80"},
			"45 46 47 60 61 62 63 63>80! 76 77 79 79>80! 93 94 95 96 96>80! 109 110 111"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := position(t, c.terrain, c.extra, c.units...)
			g := newGame(t, b)
			g.sortEnemies(Blue)
			if got := actsText(g.unitActivations(b.unitNamed(t, "U"), nil)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// G1: a unit activated this turn has no activation left, unless
// one-activation-per-unit: false.
func TestOneActivationPerUnit(t *testing.T) {
	for _, c := range []struct {
		extra string
		want  int
	}{{"", 7}, {"options: {one-activation-per-unit: false}\n", 7 + 6}} {
		b := position(t, nil, c.extra, "U BLUE INF REGULAR 5 78", "V BLUE INF REGULAR 5 130", "E RED INF REGULAR 5 80")
		g := newGame(t, b)
		u := b.unitNamed(t, "V")
		g.execute(Activation{Unit: uint8(u), From: 130, To: 129, Target: noHex})
		if got := len(g.legal(nil)); got != c.want {
			t.Errorf("%q: %d activations after V moved, want %d", c.extra, got, c.want)
		}
	}
}

// Legal-move generation allocates nothing once its buffers have grown.
func TestLegalAllocatesNothing(t *testing.T) {
	b := loadBattle(t, "symmetric_wings", "")
	g := newGame(t, b)
	g.acts = g.legal(g.acts[:0])
	if n := len(g.acts); n < 100 {
		t.Fatalf("only %d activations at the start of symmetric_wings", n)
	}
	if a := testing.AllocsPerRun(200, func() { g.acts = g.legal(g.acts[:0]) }); a != 0 {
		t.Errorf("%.1f allocations per generation", a)
	}
}
