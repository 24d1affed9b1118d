package dbd

import (
	"math"
	"strconv"

	"github.com/crucible-sim/crucible/rules"
)

// terrainColors are the terrain colours of the board drawing, in
// terrainNames' order.
var terrainColors = [...]string{Clear: "#ece6cc", Woods: "#5b8a4e", Rough: "#a08c7a", Hill: "#d9b36c", Water: "#5d9bd5"}

// boardSpec declares the board for reports (rules.Board): every hex at its
// drawing centre (§2: x = x2·√3/2, y = 1.5·row, pointy-top hexes of
// circumradius 1), its terrain, the unit on it at the start ("I4": an
// infantry with 4 HP, in its side's colour), and the two heat maps of the
// issue: units lost per hex and blocked retreat steps per hex.
func (b *Battle) boardSpec() *rules.Board {
	bd := &rules.Board{Name: b.board.Name, Shape: rules.ShapeHex}
	for t, name := range terrainNames {
		bd.Kinds = append(bd.Kinds, rules.CellKind{Name: name, Color: terrainColors[t]})
	}
	var start [NumHexes]int
	for i, u := range b.units {
		start[u.Hex] = i + 1
	}
	lost := rules.HeatMap{Title: "units lost per hex"}
	blocked := rules.HeatMap{Title: "blocked retreat steps per hex"}
	for h := range NumHexes {
		c := rules.Cell{
			Label: strconv.Itoa(h),
			X:     float64(b.board.X2[h]) * math.Sqrt(3) / 2,
			Y:     1.5 * float64(b.board.Row[h]),
			Kind:  int(b.Scenario.Terrain[h]),
		}
		if k := start[h]; k > 0 {
			u := &b.units[k-1]
			c.Mark = string(typeGlyph[u.Type]) + strconv.Itoa(int(u.HP))
			c.Side = rules.Side(u.Side + 1)
		}
		bd.Cells = append(bd.Cells, c)
		lost.Counters = append(lost.Counters, b.spec.Counters[b.c.lostAt[h]].Name)
		blocked.Counters = append(blocked.Counters, b.spec.Counters[b.c.blockedAt[h]].Name)
	}
	bd.Maps = []rules.HeatMap{lost, blocked}
	for t, name := range typeNames {
		bd.MarkKey = append(bd.MarkKey, string(typeGlyph[t])+" "+name)
	}
	bd.MarkKey = append(bd.MarkKey, "digit: HP at the start")
	return bd
}
