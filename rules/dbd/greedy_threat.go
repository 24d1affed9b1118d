package dbd

// threat(x) of §14, the dice the enemy could roll at a unit on x without
// moving, is summed afresh for every greedy decision from every enemy's
// reach: each enemy type's dice at each hex around each hex, the cover
// of the hex's terrain taken off, are tabled once a battle.

// threatStep is the dice one enemy rolls at a unit on hex to.
type threatStep struct {
	to   Hex
	dice int16
}

// threatTable lists, for each unit type and hex, the dice a unit of the
// type on the hex rolls at each hex it reaches: in melee at its
// neighbours, and, a shooter, at the hexes in its range (§8).
type threatTable struct {
	melee, ranged [len(stats)][NumHexes][]threatStep
}

func newThreatTable(b *Board, terrain *[NumHexes]Terrain) *threatTable {
	tt := &threatTable{}
	for t := range UnitType(len(stats)) {
		m, r := stats[t].Melee, stats[t].Ranged
		for h := range Hex(NumHexes) {
			for _, x := range b.Neighbours(h) {
				tt.melee[t][h] = append(tt.melee[t][h], threatStep{x, int16(max(1, m-meleeCover[terrain[x]]))})
			}
			if r == 0 {
				continue
			}
			ring := b.ring2[h]
			if stats[t].MaxRange == 3 {
				ring = b.ring23[h]
			}
			for _, x := range ring {
				tt.ranged[t][h] = append(tt.ranged[t][h], threatStep{x, int16(max(1, r-rangedCover[terrain[x]]))})
			}
		}
	}
	return tt
}

// threatMap fills gr.tot and gr.mel with threat(x) from side s's view:
// the enemies' dice at every hex, and the melee part of them (§14).
func (g *game) threatMap(s Side) {
	st, gr, tt := &g.st, &g.gr, g.b.threat
	gr.tot, gr.mel = [NumHexes]int16{}, [NumHexes]int16{}
	for _, e := range g.b.bySide[s.Other()] {
		if st.hp[e] <= 0 {
			continue
		}
		t, eh := g.b.units[e].Type, st.hex[e]
		for _, sp := range tt.melee[t][eh] {
			gr.tot[sp.to] += sp.dice
			gr.mel[sp.to] += sp.dice
		}
		if g.canShoot(int(e)) {
			for _, sp := range tt.ranged[t][eh] {
				gr.tot[sp.to] += sp.dice
			}
		}
	}
}
