package dbd

import (
	"fmt"
	"math/bits"
	"slices"
)

// NumHexes is the number of hexes of every board the rules know (§2): DBD-157-v1
// and the two templates of option board-templates.
const NumHexes = 157

// Hex is a hex id ("metacap", §2): row-major, left to right, 0..156.
type Hex = uint8

// noHex marks the absence of a hex in fixed-size tables.
const noHex Hex = 0xff

// Board is one 157-hex board: its rows, the axial coordinates of every hex,
// the neighbour lists and the distance table, all built once (§2). Every
// board is immutable after construction and shared by all battles.
type Board struct {
	// Name is the board id a scenario names in its `board` field.
	Name string
	// RowLen and RowStart give each row's length and first hex id.
	RowLen, RowStart []int
	// Q, R are the axial coordinates of each hex (r = row − 5); Row, Col
	// its row and column; X2 its doubled-width column (§2: x2 = (17 − len)
	// + 2·col), which places it in a drawing.
	Q, R, Row, Col, X2 [NumHexes]int8
	// Nbr lists each hex's neighbours in ascending id order; Deg says how
	// many of Nbr's six entries are used (the rest are noHex).
	Nbr [NumHexes][6]Hex
	Deg [NumHexes]uint8
	// Dist is the hex-step distance between two hexes (§2), equal to the
	// shortest path on the board for every pair (checked by the tests).
	Dist [NumHexes][NumHexes]uint8
	// ring2 and ring23 list, for each hex, the hexes at distance exactly 2
	// and at distance 2 or 3, ascending: the places a skirmisher or an
	// archer shoots at (§8).
	ring2, ring23 [NumHexes][]Hex
	// distWords is Dist eight bytes to a word, for the nearest enemy's
	// distance to every hex at once (nearCache); the padding bytes are
	// zero.
	distWords [NumHexes][distWords]uint64
	// nbrSet is each hex's neighbours as a set.
	nbrSet [NumHexes]hexSet
	// balls[r][h] is the set of hexes within distance r of h, for r up to
	// the largest activation radius (activationRadius).
	balls [][NumHexes]hexSet
}

// Neighbours returns the neighbours of h in ascending order.
func (b *Board) Neighbours(h Hex) []Hex { return b.Nbr[h][:b.Deg[h]] }

// axial offsets of the six neighbours (§2).
var axialDirs = [6][2]int{{+1, 0}, {-1, 0}, {0, +1}, {0, -1}, {+1, -1}, {-1, +1}}

// newBoard builds a board of eleven rows of the given lengths (§2: rows
// centred on a doubled-width grid, axial q = (x2 − r)/2 − 8). It panics on
// rows that do not make a 157-hex board of that shape: the boards are
// constants of this package, checked by the tests.
func newBoard(name string, rowLen []int) *Board {
	b := &Board{Name: name, RowLen: rowLen}
	if len(rowLen) != 11 {
		panic("dbd: a board has 11 rows")
	}
	type qr struct{ q, r int }
	at := map[qr]Hex{}
	id := 0
	for row, n := range rowLen {
		b.RowStart = append(b.RowStart, id)
		if (n+row)%2 != 0 || n > 17 {
			panic(fmt.Sprintf("dbd: board %s: row %d of length %d is not centred on the hex grid", name, row, n))
		}
		for col := range n {
			x2 := 17 - n + 2*col
			r := row - 5
			q := (x2-r)/2 - 8
			b.Q[id], b.R[id], b.Row[id], b.Col[id], b.X2[id] = int8(q), int8(r), int8(row), int8(col), int8(x2)
			at[qr{q, r}] = Hex(id)
			id++
		}
	}
	if id != NumHexes {
		panic(fmt.Sprintf("dbd: board %s has %d hexes, not %d", name, id, NumHexes))
	}
	for h := range NumHexes {
		var nbr []Hex
		for _, d := range axialDirs {
			if n, ok := at[qr{int(b.Q[h]) + d[0], int(b.R[h]) + d[1]}]; ok {
				nbr = append(nbr, n)
			}
		}
		slices.Sort(nbr)
		b.Nbr[h] = [6]Hex{noHex, noHex, noHex, noHex, noHex, noHex}
		copy(b.Nbr[h][:], nbr)
		b.Deg[h] = uint8(len(nbr))
	}
	for a := range NumHexes {
		for c := range NumHexes {
			b.Dist[a][c] = uint8(axialDistance(int(b.Q[a]), int(b.R[a]), int(b.Q[c]), int(b.R[c])))
		}
	}
	for a := range NumHexes {
		for c := range NumHexes {
			switch b.Dist[a][c] {
			case 2:
				b.ring2[a] = append(b.ring2[a], Hex(c))
				b.ring23[a] = append(b.ring23[a], Hex(c))
			case 3:
				b.ring23[a] = append(b.ring23[a], Hex(c))
			}
		}
	}
	for a := range NumHexes {
		for c := range NumHexes {
			b.distWords[a][c/8] |= uint64(b.Dist[a][c]) << (8 * (c % 8))
		}
		for _, n := range b.Neighbours(Hex(a)) {
			b.nbrSet[a].add(n)
		}
	}
	b.balls = make([][NumHexes]hexSet, maxActivationRadius+1)
	for r := range b.balls {
		for a := range NumHexes {
			for c := range NumHexes {
				if int(b.Dist[a][c]) <= r {
					b.balls[r][a].add(Hex(c))
				}
			}
		}
	}
	return b
}

// distWords is the words of a row of Board.distWords.
const distWords = (NumHexes + 7) / 8

// hexSet is a set of hexes, one bit each.
type hexSet [(NumHexes + 63) / 64]uint64

func (s *hexSet) add(h Hex)      { s[h>>6] |= 1 << (h & 63) }
func (s *hexSet) remove(h Hex)   { s[h>>6] &^= 1 << (h & 63) }
func (s *hexSet) has(h Hex) bool { return s[h>>6]&(1<<(h&63)) != 0 }

// appendTo appends the set's hexes to buf in ascending order.
func (s *hexSet) appendTo(buf []Hex) []Hex {
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			buf = append(buf, Hex(w*64+bits.TrailingZeros64(word)))
		}
	}
	return buf
}

// axialDistance is the hex-step distance (|Δq| + |Δr| + |Δq + Δr|)/2 (§2).
func axialDistance(q1, r1, q2, r2 int) int {
	dq, dr := q1-q2, r1-r2
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// The boards (§2): DBD-157-v1, and the templates of the HEAD schema
// (option board-templates).
var (
	Standard = newBoard("DBD-157-v1", []int{12, 13, 14, 15, 16, 17, 16, 15, 14, 13, 12})
	Pass     = newBoard("DBD-157-PASS-v1", []int{16, 15, 14, 13, 14, 13, 14, 13, 14, 15, 16})
	Corridor = newBoard("DBD-157-CORRIDOR-v1", []int{14, 15, 14, 15, 14, 13, 14, 15, 14, 15, 14})
)

// boards lists the boards by name: the standard one first.
var boards = []*Board{Standard, Pass, Corridor}

// boardNamed returns the board of a name, or nil.
func boardNamed(name string) *Board {
	for _, b := range boards {
		if b.Name == name {
			return b
		}
	}
	return nil
}
