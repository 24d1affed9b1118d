package dbd

import (
	"fmt"
	"slices"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// reachByPaths is R(u) of §7 computed another way than reachable: the
// cheapest cost of every hex, relaxed along every step until nothing
// changes (Bellman–Ford), then the hexes within the unit's Move.
func reachByPaths(g *game, u int) []Hex {
	const far = 1 << 10
	t := g.b.units[u].Type
	move := int(stats[t].Move)
	h := g.st.hex[u]
	var cost [NumHexes]int
	for x := range cost {
		cost[x] = far
	}
	cost[h] = 0
	for changed := true; changed; {
		changed = false
		for x := range Hex(NumHexes) {
			if cost[x] == far || t == CAV && x != h && g.terrain[x].dense() {
				continue // unreached, or cavalry stopped in WOODS or ROUGH
			}
			for _, y := range g.board.Neighbours(x) {
				c := cost[x] + int(moveCost[g.terrain[y]])
				if g.st.occ[y] == 0 && g.terrain[y] != Water && c < cost[y] {
					cost[y], changed = c, true
				}
			}
		}
	}
	var out []Hex
	for x := range Hex(NumHexes) {
		near := g.b.Opt.MoveOneAlways && g.board.Dist[h][x] == 1 && g.st.occ[x] == 0 && g.terrain[x] != Water
		if cost[x] <= move || near {
			out = append(out, x)
		}
	}
	return out
}

// reachable gives every unit type the hexes the cheapest paths give it,
// with and without move-one-always, among random terrain and units on
// every board.
func TestReachableIsTheCheapestPaths(t *testing.T) {
	r := rules.NewRand(29, 7)
	words := []string{"WOODS", "ROUGH", "HILL", "WATER"}
	for trial := range 60 {
		terrain := map[int]string{}
		for range 40 {
			terrain[r.IntN(NumHexes)] = words[r.IntN(len(words))]
		}
		var units []string
		used := map[int]bool{}
		for i := range 30 {
			h := r.IntN(NumHexes)
			if used[h] || terrain[h] == "WATER" {
				continue
			}
			used[h] = true
			side := [2]string{"BLUE", "RED"}[i%2]
			units = append(units, fmt.Sprintf("U%d %s %s REGULAR 1 %d", i, side, typeNames[i%len(typeNames)], h))
		}
		board := boards()[trial%len(boards())]
		templates := ""
		if board != Standard() {
			templates = "board-templates: true, "
		}
		for _, moveOne := range []bool{false, true} {
			extra := fmt.Sprintf("options: {%smove-one-always: %v}\n", templates, moveOne)
			b := positionOn(t, board, terrain, extra, units...)
			g := newGame(t, b)
			for u := range b.units {
				if got, want := g.reachable(u, nil), reachByPaths(g, u); !slices.Equal(got, want) {
					t.Fatalf("trial %d, %s %q, %s on %d: reach %v, want %v", trial, board.Name, extra, b.units[u].Type, g.st.hex[u], got, want)
				}
			}
		}
	}
}
