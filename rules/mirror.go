package rules

// Mirrored is implemented by a Battle that can tell when its two sides are
// each other's mirror image: the same forces, placed by a symmetry of the
// field (a board turned or reflected), played the same way, with the first
// move alternating between trials. Nothing but chance then separates side
// a's win share from side b's, so a side edge measured on such a battle is
// the players' — a tie-break or a scan order that favours one side — and
// never the battle's.
//
// A battle declares it of itself, from its compiled scenario and options,
// so that a change that breaks the symmetry (a unit moved, one side's
// player changed, the first move fixed) withdraws the declaration. The
// conformance kit (rules/rulestest) plays every mirrored kit scenario with
// each built-in player on both sides and fails a side edge that chance
// does not explain; a run of a mirrored scenario whose sides' win shares
// differ significantly says so in its notes (analysis).
type Mirrored interface {
	Battle
	// Mirror says how side b's forces are side a's mirrored ("RED is BLUE
	// turned 180° on the board") when the battle is mirrored, and ""
	// when it is not.
	Mirror() string
}

// MirrorOf returns b's Mirror(), or "" when b is not Mirrored.
func MirrorOf(b Battle) string {
	if m, ok := b.(Mirrored); ok {
		return m.Mirror()
	}
	return ""
}

// FirstMoverCounted is implemented by a mirrored battle that counts its
// first mover's wins. On a mirrored battle side a's win share equals side
// b's at every level of skill, by the symmetry, so a question about the
// sides is answered before anything is played; what the mirror leaves
// open is the first move, which alternates between trials: how often the
// side that moved first wins. A skill axis (analysis/skill) judges that
// share on such a battle, and needs to be told which counter holds it,
// since sim knows no ruleset.
type FirstMoverCounted interface {
	Mirrored
	// FirstMoverWon names the integer counter (Counters.Add) that is 1 in
	// a trial the side that moved first won and 0 otherwise, when the
	// battle is mirrored (Mirror() is not "") and its first move
	// alternates between trials; "" otherwise.
	FirstMoverWon() string
}

// FirstMoverWonOf returns b's FirstMoverWon(), or "" when b does not count
// its first mover's wins or is not mirrored.
func FirstMoverWonOf(b Battle) string {
	if m, ok := b.(FirstMoverCounted); ok && m.Mirror() != "" {
		return m.FirstMoverWon()
	}
	return ""
}
