package rulesfile

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

// Step codes.
const (
	opEffect    uint8 = iota // any other effect, played by effect
	opCoins                  // a named roll of coins: the heads into a register
	opIf                     // on to the next step when the condition holds, else to jump
	opJump                   // to jump
	opFlips                  // a nested contest of two pools of coins (flipOff)
	opContest                // any other nested contest but compare: pairs
	opTrack                  // set, add, raise or lower a unit's track (not hp)
	opSideTrack              // set, add, raise or lower a side track
)

// instr is one step of a flat program.
type instr struct {
	code uint8
	kind uint8 // a change's kind (efSet…)
	role uint8 // opTrack: the unit changed (roleSelf, roleOther)
	ties tieRule
	// x is the value: a roll's pool, a condition, a change's value, self's
	// pool of a contest; y other's pool of a contest, a roll's plus
	x, y *cexpr
	e    *effectC
	reg  int32 // opCoins: the register
	// off is opTrack's slot among a unit's (1 + the track), opSideTrack's
	// track; lo, hi its range (for the unit's type, known at compile)
	off, lo, hi int32
	// enemy: opSideTrack changes the enemy's track
	enemy bool
	// jump is where an if's else begins, a contest's lose effects begin,
	// a jump goes; end is past a contest's effects (nobody won)
	jump, end int32
}

// flatten compiles every effect list a Monte Carlo battle plays through
// contestEffects and eachPhase into a flat program.
func (b *Battle) flatten() {
	b.flat = true
	for _, pc := range append(append([]*phaseC{}, b.start...), b.round...) {
		if c := pc.contest; c != nil {
			c.sizes = b.poolSizes(c)
			c.winP, c.loseP = make([][]instr, len(c.win)), make([][]instr, len(c.lose))
			for t := range b.types {
				for u := range b.types {
					p := b.pair(t, u)
					c.winP[p] = b.program(c.win[p], t, u)
					c.loseP[p] = b.program(c.lose[p], t, u)
				}
			}
		}
		for t := range pc.each {
			pc.each[t].prog = b.program(pc.each[t].do, t, -1)
		}
	}
}

// poolSizes returns, for a contest phase whose every roll is a pool of
// coins of a size known at compile, the size per pair of types; nil
// otherwise.
func (b *Battle) poolSizes(c *contestC) []int32 {
	if c.pairs {
		return nil
	}
	sizes := make([]int32, len(c.roll))
	for p, rc := range c.roll {
		if rc == nil {
			continue
		}
		if !rc.flips || rc.dice.shape != shConst {
			return nil
		}
		sizes[p] = max(rc.dice.k, 0)
	}
	return sizes
}

// program compiles effect list list, of self of type self and other of
// type other (−1: none), into a flat program.
func (b *Battle) program(list []*effectC, self, other int) []instr {
	var p []instr
	b.emit(&p, list, self, other)
	return p
}

// emit appends effect list list's steps to p.
func (b *Battle) emit(p *[]instr, list []*effectC, self, other int) {
	for _, e := range list {
		switch {
		case e.kind == efRoll && e.roll.coins:
			*p = append(*p, instr{code: opCoins, x: e.roll.dice, y: e.roll.plus, reg: int32(e.reg)})
		case e.kind == efIf:
			at := len(*p)
			*p = append(*p, instr{code: opIf, x: e.value, e: e})
			b.branches(p, at, e.then, e.els, self, other)
		case e.kind == efContest && !e.contest.pairs:
			c := e.contest
			s := instr{code: opContest, e: e}
			if c.roll[0].flips && c.against[0].flips {
				s = instr{code: opFlips, e: e, x: c.roll[0].dice, y: c.against[0].dice, ties: c.ties}
			}
			at := len(*p)
			*p = append(*p, s)
			b.branches(p, at, c.win[0], c.lose[0], self, other)
			(*p)[at].end = int32(len(*p))
		case e.kind >= efSet && e.kind <= efLower && e.who >= 2:
			tr := &b.sideTrk[e.track]
			*p = append(*p, instr{code: opSideTrack, kind: e.kind, x: e.value, off: int32(e.track), lo: tr.lo[0], hi: tr.hi[0], enemy: e.who == 3})
		case e.kind >= efSet && e.kind <= efLower && e.track >= 0:
			t := self
			if e.who == 1 {
				t = other
			}
			tr := &b.unitTrk[e.track]
			*p = append(*p, instr{code: opTrack, kind: e.kind, role: uint8(roleSelf + 2*int(e.who)), x: e.value, off: int32(1 + e.track), lo: tr.lo[t], hi: tr.hi[t]})
		default:
			*p = append(*p, instr{code: opEffect, e: e})
		}
	}
}

// branches appends the two branches of the if or contest at step at:
// yes, on from it, then no, where it jumps.
func (b *Battle) branches(p *[]instr, at int, yes, no []*effectC, self, other int) {
	b.emit(p, yes, self, other)
	if len(no) == 0 {
		(*p)[at].jump = int32(len(*p))
		return
	}
	j := len(*p)
	*p = append(*p, instr{code: opJump})
	(*p)[at].jump = int32(len(*p))
	b.emit(p, no, self, other)
	(*p)[j].jump = int32(len(*p))
}

// exec plays flat program prog in context c until the battle ends, as run
// plays the effects it was compiled from.
func (f *fighter) exec(prog []instr, c *ectx) {
	for pc := 0; pc < len(prog); {
		s := &prog[pc]
		pc++
		switch s.code {
		case opCoins:
			h := int32(f.r.Heads(int(max(f.val(s.x, c), 0))))
			if s.y != nil {
				h += f.val(s.y, c)
			}
			f.reg[s.reg] = h
		case opIf:
			if f.val(s.x, c) == 0 {
				pc = int(s.jump)
			} else if g := s.e.guard; g != nil { // eval left the index the pool shares
				f.guarded, f.guardIdx = g, f.lastIdx
			}
		case opJump:
			pc = int(s.jump)
		case opFlips:
			var ks int32
			if s.x == f.guarded { // read by the if just before
				ks = max(s.x.table[f.guardIdx], 0)
			} else {
				ks = max(f.val(s.x, c), 0)
			}
			f.guarded = nil
			pc = s.branch(pc, f.flipOff(s.ties, ks, max(f.val(s.y, c), 0)))
		case opContest:
			pc = s.branch(pc, f.contest(s.e.contest, c.unit[roleSelf], c.unit[roleOther], true))
		case opTrack:
			v := f.val(s.x, c)
			if u := c.unit[s.role&3]; u >= 0 {
				at := f.unitBase + int(u)*f.stride + int(s.off)
				old := f.st[at]
				if n := min(max(apply(s.kind, old, v), s.lo), s.hi); n != old {
					f.st[at] = n
					f.touched()
				}
			}
		case opSideTrack:
			v := f.val(s.x, c)
			side := c.side
			if s.enemy {
				side = 1 - side
			}
			at := 1 + side*f.nSideTrk + int(s.off)
			f.setSideTrack(at, min(max(apply(s.kind, f.st[at], v), s.lo), s.hi))
		default:
			if f.effect(s.e, c); f.over {
				return
			}
		}
	}
}

// branch returns where a contest's program goes on from instruction s, next
// after it, for result r: on (self won), its lose effects, or past both.
func (s *instr) branch(next, r int) int {
	switch r {
	case 1:
		return next
	case -1:
		return int(s.jump)
	}
	return int(s.end)
}
