package dbd

import "fmt"

// symmetry is a map of a board onto itself that keeps every neighbour a
// neighbour, so that every rule of §2–§11 reads the same after it (§13):
// the board turned 180°, or reflected across its middle row or its middle
// column.
type symmetry struct {
	name string // "turned 180°"
	to   [NumHexes]Hex
}

// symmetries returns the symmetries of a board whose rows are as long
// from the bottom as from the top, as every board of §2 is: row r, column
// c goes to row 10 − r and column c (the middle row's reflection), to row
// r and column len − 1 − c (the middle column's), or to both (a half
// turn). A board that is not palindromic has none of them.
func (b *Board) symmetries() []symmetry {
	rows := len(b.RowLen)
	for r := range rows {
		if b.RowLen[r] != b.RowLen[rows-1-r] {
			return nil
		}
	}
	out := []symmetry{{name: "turned 180°"}, {name: "reflected across the middle row"}, {name: "reflected across the middle column"}}
	for h := range Hex(NumHexes) {
		row, col := int(b.Row[h]), int(b.Col[h])
		flipRow, flipCol := rows-1-row, b.RowLen[row]-1-col
		out[0].to[h] = Hex(b.RowStart[flipRow] + flipCol)
		out[1].to[h] = Hex(b.RowStart[flipRow] + col)
		out[2].to[h] = Hex(b.RowStart[row] + flipCol)
	}
	return out
}

// mirror says how RED's army is BLUE's mirrored in the battle, or "" when
// it is not a mirrored battle (rules.Mirrored): some symmetry of the board
// keeps the terrain and takes every BLUE unit onto a RED one of the same
// type, quality and HP (so the armies are the same size), both sides are
// played by the same policy, the first move alternates (G16), and retreats
// are chosen by a rule that reads the same from either side: not
// retreat-choice first, whose lowest id sends RED's units back and BLUE's
// sideways (§10).
func (b *Battle) mirror() string {
	sc := b.Scenario
	if len(b.bySide[Blue]) == 0 || len(b.bySide[Blue]) != len(b.bySide[Red]) ||
		b.Policies[Blue] != b.Policies[Red] || b.Opt.FirstSide != firstAlternate || b.Opt.Retreat == retreatFirst {
		return ""
	}
	for _, m := range sc.Board.symmetries() {
		if b.mirroredBy(&m) {
			return fmt.Sprintf("RED is BLUE %s", m.name)
		}
	}
	return ""
}

// mirroredBy reports whether symmetry m keeps the terrain and takes each
// BLUE unit onto a RED unit of its type, quality and HP.
func (b *Battle) mirroredBy(m *symmetry) bool {
	sc := b.Scenario
	for h := range Hex(NumHexes) {
		if sc.Terrain[m.to[h]] != sc.Terrain[h] {
			return false
		}
	}
	var at [NumHexes]int // 1 + the unit on each hex
	for i, u := range b.units {
		at[u.Hex] = i + 1
	}
	for _, i := range b.bySide[Blue] {
		u := &b.units[i]
		k := at[m.to[u.Hex]] - 1
		if k < 0 {
			return false
		}
		v := &b.units[k]
		if v.Side != Red || v.Type != u.Type || v.Quality != u.Quality || v.HP != u.HP {
			return false
		}
	}
	return true
}

// Mirror implements rules.Mirrored.
func (b *Battle) Mirror() string { return b.mirrorText }

// FirstMoverWon implements rules.FirstMoverCounted: on a mirrored battle
// the first move alternates (mirror demands it), and the counter
// first-mover-won is 1 in a game its first mover won (§16).
func (b *Battle) FirstMoverWon() string {
	if b.mirrorText == "" {
		return ""
	}
	return firstMoverWon
}
