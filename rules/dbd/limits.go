package dbd

// The bounds of a dbd-scn-0.1 scenario (§12, G18) besides the board's and
// the units' own: the decoder rejects a value outside them, and the
// reference prints them (TestReferenceLimits checks that the two agree).
const (
	maxStandardsToWin = 20   // standardsToWin, and option standards-to-win
	maxTurnNumber     = 9999 // turn.turnNumber
	maxIDLen          = 64   // the characters of a unit id
)
