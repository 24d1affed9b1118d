// Package hexboard is the geometry of DBD's 157-hex boards (rules/dbd's
// README, §2): the rows, each hex's axial coordinates and neighbours, the
// distance table, and the sets of hexes the players' move generation reads
// (rings at distance 2 and 3, balls within a radius) — built once a board
// and shared, read-only, by every battle. It knows nothing of units or
// turns; package dbd names the boards.
package hexboard

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

// NoHex marks the absence of a hex in fixed-size tables.
const NoHex Hex = 0xff

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
	// Ring2 and Ring23 list, for each hex, the hexes at distance exactly 2
	// and at distance 2 or 3, ascending: the places a skirmisher or an
	// archer shoots at (§8).
	Ring2, Ring23 [NumHexes][]Hex
	// DistWords is Dist eight bytes to a word, for the distance to the
	// nearest of a set of hexes from every hex at once (Nearest); the
	// padding bytes are zero.
	DistWords [NumHexes][WordsPerRow]uint64
	// NbrSet is each hex's neighbours as a set.
	NbrSet [NumHexes]Set
	// Balls[r][h] is the set of hexes within distance r of h, for r up to
	// the largest activation radius (activationRadius).
	Balls [][NumHexes]Set
}

// Neighbours returns the neighbours of h in ascending order.
func (b *Board) Neighbours(h Hex) []Hex { return b.Nbr[h][:b.Deg[h]] }

// axial offsets of the six neighbours (§2).
var axialDirs = [6][2]int{{+1, 0}, {-1, 0}, {0, +1}, {0, -1}, {+1, -1}, {-1, +1}}

// New builds a board of eleven rows of the given lengths (§2: rows
// centred on a doubled-width grid, axial q = (x2 − r)/2 − 8). It panics on
// rows that do not make a 157-hex board of that shape: the boards are
// constants of package dbd, checked by its tests. Balls are built for every
// radius up to radius.
func New(name string, rowLen []int, radius int) *Board {
	b := &Board{Name: name, RowLen: rowLen}
	at := b.layRows()
	b.link(at)
	b.measure(radius)
	return b
}

// qr is a hex's axial coordinates.
type qr struct{ q, r int }

// RowStarts returns the id of the first hex of each row of a board whose
// rows have the lengths rowLen: hexes are numbered row by row from the top
// (§2), so that a board's numbering is known without building it.
func RowStarts(rowLen []int) []int {
	out := make([]int, len(rowLen))
	for r := 1; r < len(rowLen); r++ {
		out[r] = out[r-1] + rowLen[r-1]
	}
	return out
}

// layRows numbers the hexes row by row and gives each its coordinates;
// it returns the hex at each pair of axial coordinates.
func (b *Board) layRows() map[qr]Hex {
	if len(b.RowLen) != 11 {
		panic("hexboard: a board has 11 rows")
	}
	at := map[qr]Hex{}
	id := 0
	b.RowStart = RowStarts(b.RowLen)
	for row, n := range b.RowLen {
		if (n+row)%2 != 0 || n > 17 {
			panic(fmt.Sprintf("hexboard: board %s: row %d of length %d is not centred on the hex grid", b.Name, row, n))
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
		panic(fmt.Sprintf("hexboard: board %s has %d hexes, not %d", b.Name, id, NumHexes))
	}
	return at
}

// link lists each hex's neighbours, the hexes of at one axial step away.
func (b *Board) link(at map[qr]Hex) {
	for h := range NumHexes {
		var nbr []Hex
		for _, d := range axialDirs {
			if n, ok := at[qr{int(b.Q[h]) + d[0], int(b.R[h]) + d[1]}]; ok {
				nbr = append(nbr, n)
			}
		}
		slices.Sort(nbr)
		b.Nbr[h] = [6]Hex{NoHex, NoHex, NoHex, NoHex, NoHex, NoHex}
		copy(b.Nbr[h][:], nbr)
		b.Deg[h] = uint8(len(nbr))
		for _, n := range nbr {
			b.NbrSet[h].Add(n)
		}
	}
}

// measure fills the distance table and what is read from it: the rings,
// the table eight to a word, and the balls up to radius.
func (b *Board) measure(radius int) {
	for a := range NumHexes {
		for c := range NumHexes {
			b.Dist[a][c] = uint8(axialDistance(int(b.Q[a]), int(b.R[a]), int(b.Q[c]), int(b.R[c])))
		}
	}
	for a := range NumHexes {
		for c := range NumHexes {
			switch b.Dist[a][c] {
			case 2:
				b.Ring2[a] = append(b.Ring2[a], Hex(c))
				b.Ring23[a] = append(b.Ring23[a], Hex(c))
			case 3:
				b.Ring23[a] = append(b.Ring23[a], Hex(c))
			}
			b.DistWords[a][c/8] |= uint64(b.Dist[a][c]) << (8 * (c % 8))
		}
	}
	b.Balls = make([][NumHexes]Set, radius+1)
	for r := range b.Balls {
		for a := range NumHexes {
			for c := range NumHexes {
				if int(b.Dist[a][c]) <= r {
					b.Balls[r][a].Add(Hex(c))
				}
			}
		}
	}
}

// WordsPerRow is the words of a row of Board.DistWords.
const WordsPerRow = (NumHexes + 7) / 8

// Nearest is the distances from every hex to the nearest of a set of
// hexes, eight to a word as in Board.DistWords.
type Nearest [WordsPerRow]uint64

// Fill sets n to the distances to the nearest of the hexes en, and to
// beyond (below 128) where en is empty: the bytewise minimum of their rows
// of the distance table.
func (n *Nearest) Fill(b *Board, en []Hex, beyond uint8) {
	for w := range n {
		n[w] = uint64(beyond) * 0x0101010101010101
	}
	for _, e := range en {
		row := &b.DistWords[e]
		for w := range n {
			n[w] = minBytes(n[w], row[w])
		}
	}
}

// From is the distance from hex x to the nearest hex of the set.
func (n *Nearest) From(x Hex) uint8 { return uint8(n[x>>3] >> (8 * (x & 7))) }

// minBytes is the bytewise minimum of two words whose bytes are all below
// 128: a byte of (a | 0x80…) − b has its high bit set exactly where a ≥ b,
// and no byte borrows from the next.
func minBytes(a, b uint64) uint64 {
	const high = 0x8080808080808080
	ge := ((a | high) - b) & high // the high bit of each byte where a ≥ b
	m := (ge >> 7) * 0xff
	return b&m | a&^m
}

// Set is a set of hexes, one bit each.
type Set [(NumHexes + 63) / 64]uint64

func (s *Set) Add(h Hex)      { s[h>>6] |= 1 << (h & 63) }
func (s *Set) Remove(h Hex)   { s[h>>6] &^= 1 << (h & 63) }
func (s *Set) Has(h Hex) bool { return s[h>>6]&(1<<(h&63)) != 0 }

// AppendTo appends the set's hexes to buf in ascending order.
func (s *Set) AppendTo(buf []Hex) []Hex {
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
