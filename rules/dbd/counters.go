package dbd

import (
	"strconv"

	"github.com/crucible-sim/crucible/rules"
)

// firstMoverWon is the counter of the first mover's wins (§16), which a
// mirrored battle names to the skill axis (rules.FirstMoverCounted).
const firstMoverWon = "first-mover-won"

// counterIndex holds the index of every counter in Outcome.Counters.
type counterIndex struct {
	standards, unitsLost, generalsLost, hpLost          [2]int
	melee, ranged, charges, flanks                      int
	retreatSteps, cancelled, blockedSteps, blockedKills int
	movedFirst, firstWon, secondWon, firstEdge          int
	cascade, cascading                                  int
	lostAt, blockedAt                                   [NumHexes]int
}

// declare declares the counters of a battle (§16) in output order: the
// game's, then one per hex for each of the per-hex kinds.
func (c *counterIndex) declare(cs *rules.Counters) {
	c.declareGame(cs)
	for h := range NumHexes {
		c.lostAt[h] = lostOnHex.declare(cs, h)
	}
	for h := range NumHexes {
		c.blockedAt[h] = blockedOnHex.declare(cs, h)
	}
}

// declareGame declares the counters that are not per hex: the sides'
// losses, the attacks, the retreats and the first mover (§16).
func (c *counterIndex) declareGame(cs *rules.Counters) {
	c.standards = cs.Sides("standards", "standards at the end of the game (§11)")
	c.unitsLost = cs.Sides("units-lost", "units destroyed, blocked-retreat kills included (§16)")
	c.generalsLost = cs.Sides("generals-lost", "generals destroyed (§16)")
	c.hpLost = cs.Sides("hp-lost", "HP lost to hits and blocked retreats, at most the HP a unit had (§16)")
	c.melee = cs.Add("melee-attacks", "melee attacks made (§16)")
	c.ranged = cs.Add("ranged-attacks", "ranged attacks made (§16)")
	c.charges = cs.Add("charges", "cavalry charges: melee with the +1 charge die (§7, §16)")
	c.flanks = cs.Add("flank-attacks", "melee attacks on a flanked defender, +1 die (§8, §16)")
	c.retreatSteps = cs.Add("retreat-steps", "retreat steps taken: the defender moved one hex (§9 step 5, §16)")
	c.cancelled = cs.Add("retreats-cancelled", "RETREAT results cancelled by quality and support (§9 step 3, §16)")
	c.blockedSteps = cs.Add("blocked-steps", "retreat steps with no legal hex, each a hit (§9 step 5, §16)")
	c.blockedKills = cs.Add("blocked-kills", "units destroyed by a blocked retreat's hit (§16)")
	c.movedFirst = cs.DistByWinner(rules.SideCounter(rules.A, "moved-first"), "1 if BLUE (side a) took the first turn, 0 if RED did (§16); tallied by winner, so the report gives win shares by first mover")
	c.firstWon = cs.Add(firstMoverWon, "1 if the side that took the first turn won (§16)")
	c.secondWon = cs.Add("second-mover-won", "1 if the side that took the second turn won (§16)")
	c.firstEdge = cs.Add("first-mover-edge", "+1 if the first mover won, −1 if the second did, 0 for a draw: its mean is the first-mover advantage P(first wins) − P(second wins), with its interval")
	c.cascade = cs.Dist("retreat-cascade", "the longest retreat cascade of the game: a chain of retreat steps, each caused by the one before (it blocked this step's hex, or left this unit flanked without the retreating friend); 0 without retreats")
	c.cascading = cs.Dist("cascading-steps", "retreat steps that blocked a later retreat or left a friend flanked (a distribution: the share of games with any)")
}

// hexCounter is a kind of counter kept for every hex of the board (§16),
// which the report draws as a heat map (Spec.Board).
type hexCounter struct {
	prefix string // the name before the hex id
	doc    string // what it counts (on the hex)
}

var (
	lostOnHex    = hexCounter{"lost.hex.", "units destroyed"}
	blockedOnHex = hexCounter{"blocked.hex.", "blocked retreat steps"}
)

func (k hexCounter) declare(cs *rules.Counters, h int) int {
	id := strconv.Itoa(h)
	return cs.Add(k.prefix+id, k.doc+" on hex "+id)
}

// term describes the kind for the reference, the hex id a placeholder.
func (k hexCounter) term() rules.Term {
	return rules.Term{Name: k.prefix + "<hex id>",
		Meaning: k.doc + " on the hex whose id ends the name (one counter for each hex, 0 to " + strconv.Itoa(NumHexes-1) + "; the report draws them as a heat map)"}
}
