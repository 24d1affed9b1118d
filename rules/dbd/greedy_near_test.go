package dbd

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/dbd/hexboard"
)

// The nearest enemy's distance, read for every hex at once from the
// bytewise minimum of the enemies' rows of the distance table, is the
// least distance to an enemy found one enemy at a time, on every board,
// for random sets of enemies (from none to a board nearly full) and for a
// lone enemy on every hex (every distance the boards have).
func TestNearestEnemyDistance(t *testing.T) {
	r := rules.NewRand(29, 1)
	for _, b := range boards() {
		var nc hexboard.Nearest
		for trial := range 200 + NumHexes {
			var en []Hex
			for h := range Hex(NumHexes) {
				if trial < 200 && r.IntN(200) < trial || trial-200 == int(h) {
					en = append(en, h)
				}
			}
			nc.Fill(b, en, noEnemyDist)
			for x := range Hex(NumHexes) {
				want := uint8(noEnemyDist)
				for _, e := range en {
					want = min(want, b.Dist[x][e])
				}
				if got := nc.From(x); got != want {
					t.Fatalf("%s, %d enemies: %d from hex %d, want %d", b.Name, len(en), got, x, want)
				}
			}
		}
	}
}
