package dbd

import "github.com/crucible-sim/crucible/rules/dbd/hexboard"

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

// The boards (§2): DBD-157-v1, and the templates of the HEAD schema
// (option board-templates).
var (
	Standard = hexboard.New("DBD-157-v1", []int{12, 13, 14, 15, 16, 17, 16, 15, 14, 13, 12}, maxActivationRadius)
	Pass     = hexboard.New("DBD-157-PASS-v1", []int{16, 15, 14, 13, 14, 13, 14, 13, 14, 15, 16}, maxActivationRadius)
	Corridor = hexboard.New("DBD-157-CORRIDOR-v1", []int{14, 15, 14, 15, 14, 13, 14, 15, 14, 15, 14}, maxActivationRadius)
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
