package fight

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// maxRerolls bounds the re-rolled ties of one contest: a contest whose
// rolls can differ ends with probability 1, and this many ties in a row
// have a chance below 10⁻³⁰⁰ for any such contest of dice; past it, the
// contest has no winner.
const maxRerolls = 100_000

// contest rolls self's roll against other's and returns 1 when self wins,
// −1 when other does, 0 when nobody does. A phase contest (nested false)
// rolls the same roll for each side, with self as that side's champion.
func (f *Fighter) contest(c *program.Contest, self, other int32, nested bool) int {
	b := f.B
	us, uo := &b.AllUnits[self], &b.AllUnits[other]
	cs := EvalContext{Unit: [program.NumRoles + 1]int32{self, -1, other, -1}, Side: us.Side}
	// A nested contest rolls both rolls in self's context; a phase contest
	// rolls the same roll for each side's champion.
	var rollS, rollO *program.Roll
	co := &cs
	if nested {
		rollS, rollO = c.Roll[0], c.Against[0]
	} else {
		rollS, rollO = c.Roll[b.Pair(us.Typ, uo.Typ)], c.Roll[b.Pair(uo.Typ, us.Typ)]
		co = &EvalContext{Unit: [program.NumRoles + 1]int32{other, -1, self, -1}, Side: uo.Side}
	}
	// Two pools of coins (no modifier) are flipped in flipOff, their
	// sizes read once: a re-rolled tie changes nothing they read.
	if rollS.Flips && rollO.Flips && f.log == nil && f.ch == nil {
		var ks int32
		if rollS.Dice == f.guarded { // read by the if just before
			ks = max(rollS.Dice.Table[f.guardIdx], 0)
		} else {
			ks = max(f.Val(rollS.Dice, &cs), 0)
		}
		f.guarded = nil
		return f.flipOff(c.Ties, ks, max(f.Val(rollO.Dice, co), 0))
	}
	f.guarded = nil
	for range maxRerolls {
		rs, ns := f.roll(rollS, &cs)
		ro, no := f.roll(rollO, co)
		if f.log != nil {
			f.log.contest(self, rs, other, ro)
		}
		if rs != ro {
			return compare(rs, ro)
		}
		if r, settled := f.breakTie(c.Ties, ns, no); settled {
			return r
		}
	}
	return 0
}

// flipOff flips ks coins against ko until the heads differ or the tie
// rule settles it, as contest does for two pools of coins: 1 when the ks
// win, −1 when the ko do, 0 when nobody does.
func (f *Fighter) flipOff(ties program.TieRule, ks, ko int32) int {
	for range maxRerolls {
		rs, ro := int32(f.r.Heads(int(ks))), int32(f.r.Heads(int(ko)))
		if rs != ro {
			return compare(rs, ro)
		}
		if r, settled := f.breakTie(ties, ks, ko); settled {
			return r
		}
	}
	return 0
}

// compare returns 1 when rs > ro, else −1.
func compare(rs, ro int32) int {
	if rs > ro {
		return 1
	}
	return -1
}

// breakTie settles a tied contest of pools of ns and no dice by rule
// ties: settled false when the contest is rolled again.
func (f *Fighter) breakTie(ties program.TieRule, ns, no int32) (r int, settled bool) {
	switch ties {
	case program.TieReroll:
		return 0, false
	case program.TieSelf:
		return 1, true
	case program.TieOther:
		return -1, true
	case program.TieNone:
		return 0, true
	case program.TieFewer, program.TieMore:
		if ns != no {
			if (ns < no) == (ties == program.TieFewer) {
				return 1, true
			}
			return -1, true
		}
	}
	if f.coin() {
		return 1, true
	}
	return -1, true
}
