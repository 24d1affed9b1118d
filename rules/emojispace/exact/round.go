package exact

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// chain is what the walk knows of the chain besides the mass: each ship's
// turns and outcome lists, worked out as the walk first needs them. None
// of it depends on the arithmetic, so the floating-point walk and the
// rational one share a chain.
type chain struct {
	m     *model
	turns [2]*turns
	out   [2]*outTable
}

func newChain(m *model) *chain {
	c := &chain{m: m}
	for s := range 2 {
		c.turns[s], c.out[s] = newTurns(m, s), newOutTable(&m.sides[s])
	}
	return c
}

// ending is a combat's end before the attacks, with the ships' counters
// then.
type ending struct {
	reason int
	winner rules.Side
	at     [2]*endState
}

// fate plays §12 steps 2-9 for a pair of states, whose counters are pre,
// with moves ma and mb: either the combat ends before the attacks (a
// surrender or an escape), or each ship takes the other's attack and ends
// in one of the states of its outcome list.
func (c *chain) fate(pre [2]*endState, ma, mb *move) (la, lb *outList, e ending, ended bool) {
	if !ma.calm || !mb.calm {
		if e, ended = c.ends(pre, ma, mb); ended {
			return nil, nil, e, true
		}
	}
	// Step 3, the repairs, and step 5, the effective bands, are in the
	// moves; step 4, the scan, changes no state. Steps 8-9: each ship's
	// damage and degradation, independent given the bands.
	la = c.out[0].get(ma.post, mb.eff[emojispace.Weapon]-ma.eff[emojispace.Defense], ma.act == emojispace.Evasive)
	lb = c.out[1].get(mb.post, ma.eff[emojispace.Weapon]-mb.eff[emojispace.Defense], mb.act == emojispace.Evasive)
	return la, lb, e, false
}

// ends plays the steps of §12 that can end the combat before the attacks:
// surrender (step 2) and escape (steps 6-7).
func (c *chain) ends(pre [2]*endState, ma, mb *move) (ending, bool) {
	opt := &c.m.b.Opt
	mv := [2]*move{ma, mb}
	// Step 2: surrender, A first.
	if ma.act == emojispace.Surrender {
		return ending{emojispace.EndSurrendered, rules.B, pre}, true
	}
	if mb.act == emojispace.Surrender {
		return ending{emojispace.EndSurrendered, rules.A, pre}, true
	}
	// After step 3, the repairs.
	post := [2]*endState{&ma.end, &mb.end}
	// Step 6: mutual escape (live).
	if opt.MutualEscapeAuto && ma.act == emojispace.Escape && mb.act == emojispace.Escape {
		return ending{emojispace.EndMutualEscape, rules.None, post}, true
	}
	// Step 7: escape tests, A first; the escape_roll changes nothing.
	for s := range 2 {
		if mv[s].act == emojispace.Escape && emojispace.EscapeFinal(c.m.sides[s].ship, c.m.sides[1-s].ship, mv[s].eff[emojispace.Engine], mv[1-s].eff[emojispace.Engine]) > 0 {
			winner := rules.None
			if opt.EscaperWins {
				winner = rules.Side(s + 1)
			}
			return ending{emojispace.EndEscaped, winner, post}, true
		}
	}
	return ending{}, false
}

// The groups of a ship's outcomes after the attacks.
const (
	destroyed = iota
	alive
)

// endPairs are the pairs of outcome groups that end the combat after the
// attacks (§12 step 10), in the order their mass is added up: a's group,
// b's group, the end reason and the winner. At the round cap (step 11)
// every other pair ends it too.
var endPairs = [3]struct {
	a, b   int
	reason int
	winner rules.Side
}{
	{destroyed, destroyed, emojispace.EndMutualDestruction, rules.None},
	{destroyed, alive, emojispace.EndDestroyed, rules.B},
	{alive, destroyed, emojispace.EndDestroyed, rules.A},
}
