package fight

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// contestPhase plays a contest between the two sides' champions (their
// first units not destroyed); the winner's effects run with self = winner.
func (f *Fighter) contestPhase(p *program.Phase) {
	ua, ub := f.Champion(0), f.Champion(1)
	if ua < 0 || ub < 0 {
		return
	}
	c := p.Contest
	if c.Pairs {
		f.pairsPhase(c)
		return
	}
	var r int
	if c.Sizes != nil && f.flat && f.log == nil { // pools of coins of sizes known at compile
		ta, tb := f.B.UnitType[ua], f.B.UnitType[ub]
		r = f.flipOff(c.Ties, c.Sizes[f.B.Pair(int(ta), int(tb))], c.Sizes[f.B.Pair(int(tb), int(ta))])
	} else {
		r = f.contest(c, ua, ub, false)
	}
	switch r {
	case 1:
		f.contestEffects(c, ua, ub)
	case -1:
		f.contestEffects(c, ub, ua)
	}
}

// contestEffects runs a contest phase's effects for winner w and loser l:
// the winner's with self = w, then, unless the battle is over, the
// loser's with self = l.
func (f *Fighter) contestEffects(c *program.Contest, w, l int32) {
	b := f.B
	tw, tl := b.AllUnits[w].Typ, b.AllUnits[l].Typ
	pw, pl := b.Pair(tw, tl), b.Pair(tl, tw)
	if f.flat && f.log == nil {
		if win := c.WinP[pw]; len(win) > 0 {
			f.exec(win, &EvalContext{Unit: [program.NumRoles + 1]int32{w, -1, l, -1}, Side: b.AllUnits[w].Side})
		}
		if lose := c.LoseP[pl]; len(lose) > 0 && !f.Over {
			f.exec(lose, &EvalContext{Unit: [program.NumRoles + 1]int32{l, -1, w, -1}, Side: b.AllUnits[l].Side})
		}
		return
	}
	if win := c.Win[pw]; len(win) > 0 {
		f.run(win, &EvalContext{Unit: [program.NumRoles + 1]int32{w, -1, l, -1}, Side: b.AllUnits[w].Side})
	}
	if lose := c.Lose[pl]; len(lose) > 0 && !f.Over {
		f.run(lose, &EvalContext{Unit: [program.NumRoles + 1]int32{l, -1, w, -1}, Side: b.AllUnits[l].Side})
	}
}

// pairsPhase plays a contest phase of compare: pairs between the sides'
// champions. The effects of each pair run with the champions of the
// moment: a champion destroyed by one pair's effects is followed by the
// next unit of its side for the next pair.
func (f *Fighter) pairsPhase(c *program.Contest) {
	ua, ub := f.Champion(0), f.Champion(1)
	if ua < 0 || ub < 0 {
		return
	}
	base := len(f.pairRes)
	defer func() { f.pairRes = f.pairRes[:base] }()
	k := f.comparePairs(c, ua, ub, false)
	for i := range k {
		r := f.pairRes[base+i]
		if r == PairNone {
			continue
		}
		if ua, ub = f.Champion(0), f.Champion(1); ua < 0 || ub < 0 {
			return
		}
		if r == PairSelf {
			f.contestEffects(c, ua, ub)
		} else {
			f.contestEffects(c, ub, ua)
		}
		if f.Over {
			return
		}
	}
}
