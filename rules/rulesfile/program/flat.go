package program

// A Monte Carlo battle plays its effect lists as flat programs of steps,
// compiled once per scenario (Battle.flatten), rather than walking the
// tree of effects every round: an if or a contest jumps within the one
// program instead of calling run for its branch, and each step knows at
// compile what run decides at every effect (the kind of roll, the unit and
// track a change writes, their range for the unit's type). A duel of
// Strategic Fighting walked ~235 instructions of effects a round, against
// ~790 for rules/stratfight's whole round; with the programs, and a
// contest phase's pools of coins sized at compile (poolSizes), its 2,000
// duels of bench/rulesfile.txt cost 224 M instructions, not 268 M.
//
// The programs play exactly what run plays, draw for draw
// (TestShortcutsChangeNothing); only the Monte Carlo fighter without an
// account plays them (fighter.flat): a replay, the exact paths and the
// stepper walk the tree.

// flatten compiles every effect list a Monte Carlo battle plays through
// contestEffects and eachPhase into a flat program.
func (b *Battle) flatten() {
	b.Flat = true
	for _, pc := range append(append([]*Phase{}, b.Start...), b.Round...) {
		if c := pc.Contest; c != nil {
			c.Sizes = b.poolSizes(c)
			c.WinP, c.LoseP = make([][]Instr, len(c.Win)), make([][]Instr, len(c.Lose))
			for t := range b.Types {
				for u := range b.Types {
					p := b.Pair(t, u)
					c.WinP[p] = b.program(c.Win[p], t, u)
					c.LoseP[p] = b.program(c.Lose[p], t, u)
				}
			}
		}
		for t := range pc.Each {
			pc.Each[t].Prog = b.program(pc.Each[t].Do, t, -1)
		}
	}
}

// poolSizes returns, for a contest phase whose every roll is a pool of
// coins of a size known at compile, the size per pair of types; nil
// otherwise.
func (b *Battle) poolSizes(c *Contest) []int32 {
	if c.Pairs {
		return nil
	}
	sizes := make([]int32, len(c.Roll))
	for p, rc := range c.Roll {
		if rc == nil {
			continue
		}
		if !rc.Flips || rc.Dice.Shape != ShConst {
			return nil
		}
		sizes[p] = max(rc.Dice.K, 0)
	}
	return sizes
}

// program compiles effect list list, of self of type self and other of
// type other (−1: none), into a flat program.
func (b *Battle) program(list []*Effect, self, other int) []Instr {
	var p []Instr
	b.emit(&p, list, self, other)
	return p
}

// emit appends effect list list's steps to p.
func (b *Battle) emit(p *[]Instr, list []*Effect, self, other int) {
	for _, e := range list {
		switch {
		case e.Kind == EfRoll && e.Roll.Coins:
			*p = append(*p, Instr{Code: OpCoins, X: e.Roll.Dice, Y: e.Roll.Plus, Reg: int32(e.Reg)})
		case e.Kind == EfIf:
			at := len(*p)
			*p = append(*p, Instr{Code: OpIf, X: e.Value, E: e})
			b.branches(p, at, e.Then, e.Els, self, other)
		case e.Kind == EfContest && !e.Contest.Pairs:
			c := e.Contest
			s := Instr{Code: OpContest, E: e}
			if c.Roll[0].Flips && c.Against[0].Flips {
				s = Instr{Code: OpFlips, E: e, X: c.Roll[0].Dice, Y: c.Against[0].Dice, Ties: c.Ties}
			}
			at := len(*p)
			*p = append(*p, s)
			b.branches(p, at, c.Win[0], c.Lose[0], self, other)
			(*p)[at].end = int32(len(*p))
		case e.Kind >= EfSet && e.Kind <= EfLower && e.Who >= 2:
			tr := &b.SideTrk[e.Track]
			*p = append(*p, Instr{Code: OpSideTrack, Kind: e.Kind, X: e.Value, Off: int32(e.Track), Lo: tr.Lo[0], Hi: tr.Hi[0], Enemy: e.Who == 3})
		case e.Kind >= EfSet && e.Kind <= EfLower && e.Track >= 0:
			t := self
			if e.Who == 1 {
				t = other
			}
			tr := &b.UnitTrk[e.Track]
			*p = append(*p, Instr{Code: OpTrack, Kind: e.Kind, Role: uint8(RoleSelf + 2*int(e.Who)), X: e.Value, Off: int32(1 + e.Track), Lo: tr.Lo[t], Hi: tr.Hi[t]})
		default:
			*p = append(*p, Instr{Code: opEffect, E: e})
		}
	}
}

// branches appends the two branches of the if or contest at step at:
// yes, on from it, then no, where it jumps.
func (b *Battle) branches(p *[]Instr, at int, yes, no []*Effect, self, other int) {
	b.emit(p, yes, self, other)
	if len(no) == 0 {
		(*p)[at].Jump = int32(len(*p))
		return
	}
	j := len(*p)
	*p = append(*p, Instr{Code: OpJump})
	(*p)[at].Jump = int32(len(*p))
	b.emit(p, no, self, other)
	(*p)[j].Jump = int32(len(*p))
}
