package dbd

// state is the game state of §5: where every unit stands and its HP, the
// standards, whose turn it is and what is left of it. It is a plain value
// (fixed-size arrays, no pointers), so that a rollout copies it in one
// assignment (§14).
type state struct {
	// hex and hp are indexed by unit (scenario order); hp 0 is a removed
	// unit.
	hex [NumHexes]Hex
	hp  [NumHexes]int8
	// occ is 1 + the index of the unit on each hex; 0 is an empty hex.
	occ [NumHexes]uint8
	// adj counts, for each side and hex, the side's units adjacent to the
	// hex: engagement (§4), support (§9 step 2) and flanking (§8) read it.
	adj [2][NumHexes]uint8
	// occBy is the hexes each side's units stand on: what a unit's legal
	// activations depend on (activationCache).
	occBy [2]hexSet
	// acted marks the units activated this turn (G1).
	acted [NumHexes]bool
	// used counts the activations spent this turn, passes included (§14
	// step 3 asks whether one was).
	used int

	standards [2]int
	alive     [2]int
	hpSum     [2]int

	side    Side // the active side
	acts    int  // activations left this turn
	turns   int  // player-turns completed
	started int  // player-turns started

	over   bool
	winner int8 // -1 draw, else the side
	end    int  // index into EndNames

	// Retreat cascades (§16, issue 13): rDepth is the cascade depth of a
	// unit's last retreat step while it still stands where that step put
	// it (0: it has moved by itself since, or never retreated); rCounted
	// says that step already counted as cascading; exposed is the depth of
	// a step that left the unit flanked without the retreating friend,
	// pending its next retreat. cascade is the longest chain so far.
	rDepth   [NumHexes]uint8
	rCounted [NumHexes]bool
	exposed  [NumHexes]uint8
	cascade  int
}

// at returns the index of the unit on hex h, or -1.
func (s *state) at(h Hex) int { return int(s.occ[h]) - 1 }

// place puts unit u of side sd on hex h, which must be empty.
func (s *state) place(b *Board, u int, sd Side, h Hex) {
	s.hex[u] = h
	s.occ[h] = uint8(u + 1)
	s.occBy[sd].add(h)
	for _, n := range b.Neighbours(h) {
		s.adj[sd][n]++
	}
}

// lift takes unit u of side sd off its hex.
func (s *state) lift(b *Board, u int, sd Side) {
	h := s.hex[u]
	s.occ[h] = 0
	s.occBy[sd].remove(h)
	for _, n := range b.Neighbours(h) {
		s.adj[sd][n]--
	}
}

// engaged reports whether a unit of side sd on hex h is adjacent to an
// enemy (§4).
func (s *state) engaged(sd Side, h Hex) bool { return s.adj[sd.Other()][h] > 0 }
