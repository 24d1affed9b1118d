package dbd

import (
	"sync"

	"github.com/crucible-sim/crucible/rules/dbd/hexboard"
)

// The board's geometry is package hexboard's; these are its names here.
type (
	// Hex is a hex id ("metacap", §2): row-major, left to right, 0..156.
	Hex = hexboard.Hex
	// Board is one 157-hex board (§2).
	Board = hexboard.Board
	// hexSet is a set of hexes, one bit each.
	hexSet = hexboard.Set
)

// NumHexes is the number of hexes of every board the rules know (§2).
const NumHexes = hexboard.NumHexes

// noHex marks the absence of a hex in fixed-size tables.
const noHex = hexboard.NoHex

// distWords is the words of a row of Board.DistWords.
const distWords = hexboard.WordsPerRow

// boardShapes are the boards (§2) by name, the standard one first:
// DBD-157-v1, and the templates of the HEAD schema (option
// board-templates), each by the lengths of its eleven rows. A scenario's
// field and the reference name them without building them.
var boardShapes = []boardShape{
	{"DBD-157-v1", []int{12, 13, 14, 15, 16, 17, 16, 15, 14, 13, 12}},
	{"DBD-157-PASS-v1", []int{16, 15, 14, 13, 14, 13, 14, 13, 14, 15, 16}},
	{"DBD-157-CORRIDOR-v1", []int{14, 15, 14, 15, 14, 13, 14, 15, 14, 15, 14}},
}

// boardShape is a board's name and the lengths of its rows, top to bottom.
type boardShape struct {
	name string
	rows []int
}

// starts returns the id of each row's first hex (§2), without building
// the board.
func (s boardShape) starts() []int { return hexboard.RowStarts(s.rows) }

// boards are the boards of boardShapes, in its order, built on first use
// and not when the program starts: a board's distance table, rings and
// balls are about 4 M instructions, which every command paid at start-up,
// a ruleset's or not, while the boards were variables (bench/startup.txt).
var boards = sync.OnceValue(func() []*Board {
	bs := make([]*Board, len(boardShapes))
	for i, s := range boardShapes {
		bs[i] = hexboard.New(s.name, s.rows, maxActivationRadius)
	}
	return bs
})

// boardNamesUpTo returns the names of the first n boards.
func boardNamesUpTo(n int) []string {
	names := make([]string, n)
	for i, s := range boardShapes[:n] {
		names[i] = s.name
	}
	return names
}

// Standard returns the standard board, DBD-157-v1.
func Standard() *Board { return boards()[0] }

// boardNamed returns the board of a name, or nil.
func boardNamed(name string) *Board {
	for _, b := range boards() {
		if b.Name == name {
			return b
		}
	}
	return nil
}
