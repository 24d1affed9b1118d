package dbd

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNeighbourListsMatchTheRules checks all 157 neighbour lists of
// DBD-157-v1 against the verified lists of §2 (testdata).
func TestNeighbourListsMatchTheRules(t *testing.T) {
	f, err := os.Open("testdata/neighbours-DBD-157-v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		idText, list, ok := strings.Cut(line, ":")
		id, err := strconv.Atoi(idText)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		var want []string
		for _, h := range Standard().Neighbours(Hex(id)) {
			want = append(want, strconv.Itoa(int(h)))
		}
		if got := strings.Join(want, ","); got != list {
			t.Errorf("hex %d: neighbours %s, the rules say %s", id, got, list)
		}
		seen++
	}
	if seen != NumHexes {
		t.Fatalf("%d lists in testdata, want %d", seen, NumHexes)
	}
}

// TestDegrees: 115 hexes with 6 neighbours, 36 with 4, the 6 corners with
// 3 (§2).
func TestDegrees(t *testing.T) {
	count := map[uint8]int{}
	var corners []int
	for h := range NumHexes {
		count[Standard().Deg[h]]++
		if Standard().Deg[h] == 3 {
			corners = append(corners, h)
		}
	}
	if count[6] != 115 || count[4] != 36 || count[3] != 6 || len(count) != 3 {
		t.Errorf("degree counts %v, want 115×6, 36×4, 6×3", count)
	}
	if got := fmtInts(corners); got != "0,11,70,86,145,156" {
		t.Errorf("corners %s, want 0,11,70,86,145,156", got)
	}
}

func fmtInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// TestAxialCoordinates checks §2's table and examples: row starts, axial
// (q, r) of named hexes, and the board as {|r| ≤ 5, |q| ≤ 8, |q + r| ≤ 8}.
func TestAxialCoordinates(t *testing.T) {
	wantStart := []int{0, 12, 25, 39, 54, 70, 87, 103, 118, 132, 145}
	for row, s := range wantStart {
		if Standard().RowStart[row] != s {
			t.Errorf("row %d starts at %d, want %d", row, Standard().RowStart[row], s)
		}
	}
	for _, c := range []struct{ id, q, r int }{{0, -3, -5}, {11, 8, -5}, {70, -8, 0}, {78, 0, 0}, {86, 8, 0}, {145, -8, 5}, {156, 3, 5}} {
		if q, r := int(Standard().Q[c.id]), int(Standard().R[c.id]); q != c.q || r != c.r {
			t.Errorf("hex %d at (%d, %d), want (%d, %d)", c.id, q, r, c.q, c.r)
		}
	}
	n := 0
	for r := -5; r <= 5; r++ {
		for q := -8; q <= 8; q++ {
			if abs(q+r) <= 8 {
				n++
			}
		}
	}
	if n != NumHexes {
		t.Errorf("the axial set has %d hexes", n)
	}
	prev := [2]int{-99, -99}
	for h := range NumHexes {
		q, r := int(Standard().Q[h]), int(Standard().R[h])
		if abs(r) > 5 || abs(q) > 8 || abs(q+r) > 8 {
			t.Errorf("hex %d at (%d, %d) is outside the axial set", h, q, r)
		}
		if r < prev[1] || r == prev[1] && q <= prev[0] {
			t.Errorf("hex %d is not numbered by r, then q", h)
		}
		prev = [2]int{q, r}
	}
}

// TestDistanceIsPathDistance: the axial distance equals the breadth-first
// search distance on the board for every pair, on every board (§2); and
// §2's example distances.
func TestDistanceIsPathDistance(t *testing.T) {
	for _, b := range boards() {
		for from := range NumHexes {
			var bfs [NumHexes]int
			for i := range bfs {
				bfs[i] = -1
			}
			bfs[from] = 0
			queue := []Hex{Hex(from)}
			for len(queue) > 0 {
				h := queue[0]
				queue = queue[1:]
				for _, n := range b.Neighbours(h) {
					if bfs[n] < 0 {
						bfs[n] = bfs[h] + 1
						queue = append(queue, n)
					}
				}
			}
			for to := range NumHexes {
				if bfs[to] < 0 {
					t.Fatalf("%s: hex %d cannot reach %d", b.Name, from, to)
				}
				if int(b.Dist[from][to]) != bfs[to] {
					t.Fatalf("%s: distance %d→%d is %d, path distance %d", b.Name, from, to, b.Dist[from][to], bfs[to])
				}
			}
		}
	}
	diameter := 0
	for a := range NumHexes {
		for c := range NumHexes {
			diameter = max(diameter, int(Standard().Dist[a][c]))
		}
	}
	if diameter != 16 {
		t.Errorf("diameter %d, want 16", diameter)
	}
	for _, c := range []struct{ a, b, d int }{{0, 11, 11}, {0, 145, 10}, {0, 156, 16}, {70, 86, 16}, {11, 145, 16}, {78, 0, 8}, {78, 156, 8}} {
		if got := int(Standard().Dist[c.a][c.b]); got != c.d {
			t.Errorf("d(%d, %d) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// TestAdjacencyByDoubledColumns: two hexes are adjacent iff they share a
// row with |Δx2| = 2, or are in neighbouring rows with |Δx2| = 1 (§2).
func TestAdjacencyByDoubledColumns(t *testing.T) {
	for _, b := range boards() {
		for a := range NumHexes {
			for c := range NumHexes {
				dRow, dX := abs(int(b.Row[a])-int(b.Row[c])), abs(int(b.X2[a])-int(b.X2[c]))
				want := dRow == 0 && dX == 2 || dRow == 1 && dX == 1
				if got := b.Dist[a][c] == 1; got != want {
					t.Fatalf("%s: hexes %d and %d adjacent %v, by doubled columns %v", b.Name, a, c, got, want)
				}
			}
		}
	}
}

// TestSymmetries: the reflection across row 5, (row, col) → (10 − row,
// col) or axial (q, r) → (q + r, −r), and the 180° rotation id → 156 − id
// or (q, r) → (−q, −r), map the board onto itself and keep adjacency (§2).
func TestSymmetries(t *testing.T) {
	b := Standard()
	byAxial := map[[2]int8]int{}
	for h := range NumHexes {
		byAxial[[2]int8{b.Q[h], b.R[h]}] = h
	}
	mirror := func(h int) int {
		m, ok := byAxial[[2]int8{b.Q[h] + b.R[h], -b.R[h]}]
		if !ok {
			t.Fatalf("the mirror of hex %d is off the board", h)
		}
		if want := b.RowStart[10-int(b.Row[h])] + int(b.Col[h]); m != want {
			t.Fatalf("mirror of hex %d: %d by axial, %d by (10 − row, col)", h, m, want)
		}
		return m
	}
	rotate := func(h int) int {
		m, ok := byAxial[[2]int8{-b.Q[h], -b.R[h]}]
		if !ok || m != NumHexes-1-h {
			t.Fatalf("rotation of hex %d: %d, want %d", h, m, NumHexes-1-h)
		}
		return m
	}
	for _, sym := range []func(int) int{mirror, rotate} {
		for a := range NumHexes {
			for c := range NumHexes {
				if b.Dist[a][c] != b.Dist[sym(a)][sym(c)] {
					t.Fatalf("a symmetry changes the distance of %d and %d", a, c)
				}
			}
		}
	}
}

// TestTemplates: the templates' row starts (§2).
func TestTemplates(t *testing.T) {
	for _, c := range []struct {
		b     *Board
		start []int
	}{
		{boards()[1], []int{0, 16, 31, 45, 58, 72, 85, 99, 112, 126, 141}},
		{boards()[2], []int{0, 14, 29, 43, 58, 72, 85, 99, 114, 128, 143}},
	} {
		for row, s := range c.start {
			if c.b.RowStart[row] != s {
				t.Errorf("%s: row %d starts at %d, want %d", c.b.Name, row, c.b.RowStart[row], s)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestBoardShapesNameTheBoards: the names and rows the reference and a
// scenario's field read without building a board are the built boards'.
func TestBoardShapesNameTheBoards(t *testing.T) {
	for i, s := range boardShapes {
		b := boards()[i]
		if b.Name != s.name || !slices.Equal(b.RowLen, s.rows) || !slices.Equal(b.RowStart, s.starts()) {
			t.Errorf("board %d: built %s with rows %v starting at %v; its shape says %s, %v, %v", i, b.Name, b.RowLen, b.RowStart, s.name, s.rows, s.starts())
		}
	}
}
