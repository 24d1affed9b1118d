package eclipse

import (
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// fighter plays Monte Carlo battles of one compiled scenario (§8.4): every
// die is rolled from the trial's stream, ships of a type in canonical order
// and dice in part order. Fight and Replay share play, which logs only when
// log != nil, so both make exactly the same draws and the same choices.
//
// Each side's ships are kept as an assign.Roster (counts by type and hit
// points left). Kill-greedy volleys, and npc volleys of one class, are
// played on the enemy roster directly; the other volleys get the roster as
// Assign's canonical target list. Both deal exactly the damage Assign does,
// the function the exact solver calls (package assign's TestRosterKillGreedy
// and TestRosterNPC, and the per-seed golden tallies).
type fighter struct {
	c      *Compiled
	st     State            // N and Status follow the rosters; Dmg only when syncDmg
	ros    [2]assign.Roster // per side: its ships in the battle
	init   State            // the start of every battle
	guns   [MaxTypes]gun
	w      *Work
	dice   dieStream
	faces  []uint8       // faces of the current volley in roll order
	blows  []assign.Blow // replay: where the current volley's dice went
	rolled int           // dice rolled in the last battle (benchmarks report ns per die)

	// Shortcuts fixed by the scenario, and whether a type declared retreat
	// in this battle: they let the play loop skip Action, Settle and
	// Stalemate where their answer is known.
	order    []*gun // the guns in activation order (§3.1)
	round    int    // dice the cannons of a round roll at most
	preroll  bool   // a round's dice fit dieStream: rolled at the round's start
	armed    bool   // every type has cannons: no stalemate while both sides have ships
	syncDmg  bool   // a side retreats when losing: st.Dmg must follow the rosters
	declared bool   // some type declared retreat in this battle
}

// gun is what a volley needs to know of its firing type, kept together
// (the fields of the usual volley first).
type gun struct {
	own     *assign.Roster               // its side's ships
	foe     *assign.Roster               // the enemy's ships
	plans   *[1 << MaxPerSide]volleyPlan // by the enemy types in the battle
	local   int
	dice    [2]int16 // dice per ship: cannons [0], missiles [1]
	uniform [2]int8  // the one colour of those dice, or -1
	plain   bool     // its side never retreats: it fires when it has ships
	fast    bool     // its cannon volleys are counted from dice rolled at the round's start
	policy  assign.Policy
	t       int
	side    int
	seq     [2][]Colour
	foeAt   int // the enemy's first type in Types
}

func newFighter(c *Compiled) *fighter {
	dice := 1
	for t := range c.Types {
		ty := &c.Types[t]
		dice = max(dice, ty.Count*len(ty.cannonSeq), ty.Count*len(ty.missSeq))
	}
	f := &fighter{c: c, w: c.NewWork(), faces: make([]uint8, dice)}
	c.Initial(&f.init)
	f.armed = true
	for s := range 2 {
		var rank [MaxPerSide]int8
		var hp [MaxPerSide]int
		for lt := range c.Sides[s].N {
			ty := &c.Types[c.Sides[s].First+lt]
			rank[lt], hp[lt] = ty.Rank, ty.HP
		}
		f.ros[s].SetTypes(&rank, &hp, c.Sides[s].N)
	}
	for t := range c.Types {
		ty := &c.Types[t]
		kind := c.Sides[ty.Side].Retreat.Kind
		f.syncDmg = f.syncDmg || kind == RetreatWhenLosing
		f.armed = f.armed && len(ty.cannonSeq) > 0
		g := &f.guns[t]
		*g = gun{t: t, side: ty.Side, local: ty.Local, plain: kind == RetreatNever,
			policy: c.Sides[ty.Side].Policy, own: &f.ros[ty.Side], foe: &f.ros[1-ty.Side],
			plans: &c.plans[t], foeAt: c.Sides[1-ty.Side].First}
		for i, seq := range [2][]Colour{ty.cannonSeq, ty.missSeq} {
			g.seq[i], g.dice[i], g.uniform[i] = seq, int16(len(seq)), -1
			if len(seq) > 0 && !slices.ContainsFunc(seq, func(col Colour) bool { return col != seq[0] }) {
				g.uniform[i] = int8(seq[0])
			}
		}
		f.round += ty.Count * len(ty.cannonSeq)
	}
	for t := range c.Types {
		ty := &c.Types[t]
		f.ros[ty.Side].Fill(ty.Local, ty.Count, ty.HP)
	}
	for _, t := range c.Order {
		f.order = append(f.order, &f.guns[t])
	}
	// A round's dice are rolled at its start when they fit dieStream's
	// sum with a volley's worth to spare; then a volley of one colour
	// counts its faces with Take. (A player side may roll 18 × 32 dice.)
	f.preroll = f.round+255+4 < diceSum
	for i := range f.guns {
		g := &f.guns[i]
		g.fast = g.uniform[0] >= 0 && f.preroll
	}
	return f
}

// Fight implements rules.Fighter; a battle is the same in every trial.
func (f *fighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) { f.play(r, o, nil) }

// Replay implements rules.Fighter. The survivors, retreats and reputation
// are counters, which the caller prints with the result.
func (f *fighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	f.play(r, o, w)
}

func (f *fighter) finish(o *rules.Outcome, winner rules.Side, end int, rounds int) {
	o.Winner, o.End, o.Rounds = winner, end, int64(rounds)
	f.c.Record(&f.st, o)
}

// play fights one trial, logging to log when it is set: the missile phase
// (§3.2), then the engagement rounds (§3.3). The rounds are the hot loop of
// every trial: the usual activation, a volley of a side that never
// retreats, stays inline, since a call per activation would cost in every
// trial; an activation that may be a retreat is activate's.
func (f *fighter) play(r *rules.Rand, o *rules.Outcome, log io.Writer) {
	c := f.c
	f.reset()
	f.dice.Reset()
	f.rolled = 0
	if log != nil {
		f.logHeader(log)
	}
	if len(c.MissileOrder) > 0 && f.missiles(r, o, log) {
		return
	}
	for round := 1; ; round++ {
		if !f.armed && c.Stalemate(&f.st) { // §3.7, checked at the start of every round
			if log != nil {
				fmt.Fprintln(log, "no ship in the battle has a cannon: stalemate")
			}
			f.finish(o, c.StalemateWinner(), EndStalemate, round-1)
			return
		}
		if round > RoundCap { // §3.8 safety stop, never expected
			f.finish(o, rules.None, EndRoundCap, RoundCap)
			return
		}
		if log != nil {
			fmt.Fprintf(log, "round %d\n", round)
		}
		if f.preroll {
			f.dice.Ahead(r, f.round)
		}
		for _, g := range f.order {
			act := ActFire
			if g.plain { // fires when it has ships (the usual case, kept short)
				nd := g.own.Count(g.local) * int(g.dice[0])
				if nd == 0 {
					continue
				}
				if g.fast && log == nil {
					f.rolled += nd
					faces := f.dice.Take(nd)
					p := &g.plans[g.foe.In()&(1<<MaxPerSide-1)]
					if faces&p.hitFaces[g.uniform[0]] == 0 || !f.counted(g, p, int(g.uniform[0]), faces) ||
						g.foe.In() != 0 && !f.declared {
						continue // every die missed, or the battle goes on
					}
				} else if !f.fire(r, g, 0, log) {
					continue // no ship destroyed: nothing for Settle to see
				}
			} else if act = f.activate(r, g, round, log); act == ActSkip {
				continue
			}
			if over, winner, end := f.settle(g.t, act); over {
				f.finish(o, winner, end, round)
				return
			}
		}
	}
}

// missiles plays the missile phase (§3.2): once, in activation order; a
// type destroyed earlier in the phase does not fire. It reports whether the
// battle ended in it, after 0 rounds, and then has finished o.
func (f *fighter) missiles(r *rules.Rand, o *rules.Outcome, log io.Writer) bool {
	if log != nil {
		fmt.Fprintln(log, "missile phase")
	}
	for _, t := range f.c.MissileOrder {
		if InBattle(&f.st, t) == 0 {
			continue
		}
		if !f.fire(r, &f.guns[t], 1, log) {
			continue // no ship destroyed: the battle cannot have ended
		}
		if over, winner, end := f.settle(t, ActFire); over {
			f.finish(o, winner, end, 0)
			return true
		}
	}
	return false
}

// activate plays the activation of g's type in round `round` when its side
// may retreat (§3.3 step 2 a–c) and returns what it did, or ActSkip when
// Settle has nothing to see: the type has no ships, or its volley destroyed
// none.
func (f *fighter) activate(r *rules.Rand, g *gun, round int, log io.Writer) Action {
	c, st, t := f.c, &f.st, g.t
	act := c.Action(st, t, round)
	switch act {
	case ActLeave:
		c.Leave(st, t)
		f.drop(t)
		if log != nil {
			fmt.Fprintf(log, "  %s %s: %d ships leave the battle (retreat)\n", SideLetter(c.Types[t].Side), c.Types[t].Name, st.N[t])
		}
	case ActDeclare:
		c.Declare(st, t)
		f.declared = true
		if log != nil {
			fmt.Fprintf(log, "  %s %s: declares retreat (%s), does not fire\n", SideLetter(c.Types[t].Side), c.Types[t].Name, c.Sides[c.Types[t].Side].Retreat)
		}
	case ActFire:
		if !f.fire(r, g, 0, log) {
			return ActSkip // no ship destroyed: nothing for Settle to see
		}
	}
	return act
}

// reset sets the state and the rosters to the start of a battle.
func (f *fighter) reset() {
	st := &f.st
	st.N, st.Status, st.Withdrew = f.init.N, f.init.Status, f.init.Withdrew
	if f.syncDmg {
		st.Dmg = f.init.Dmg
	}
	f.ros[0].Restart()
	f.ros[1].Restart()
	f.declared = false
}

// settle is Settle after an activation that destroyed a ship or changed a
// retreat status. While no type has declared retreat, Settle changes
// nothing in the State and its answer is read off the rosters: the battle
// goes on while both sides have ships, else the side left with ships won
// (a volley destroys only enemy ships, so one side still has some).
func (f *fighter) settle(t int, act Action) (over bool, winner rules.Side, end int) {
	if !f.declared {
		switch {
		case f.ros[0].In() != 0 && f.ros[1].In() != 0:
			return false, rules.None, 0
		case f.ros[0].In() != 0:
			return true, rules.A, EndDestroyed
		case f.ros[1].In() != 0:
			return true, rules.B, EndDestroyed
		}
	}
	return f.c.Settle(&f.st, t, act)
}

// fire rolls and resolves one volley of g's type, of its cannons (kind 0)
// or missiles (kind 1), and reports whether it destroyed a ship (only then
// can the battle end).
func (f *fighter) fire(r *rules.Rand, g *gun, kind int, log io.Writer) bool {
	nd := g.own.Count(g.local) * int(g.dice[kind])
	f.rolled += nd
	p := &g.plans[g.foe.In()&(1<<MaxPerSide-1)]
	col := g.uniform[kind]
	if col < 0 || log != nil || nd > 255 {
		return f.fireFaces(r, g, kind, nd, p, log)
	}
	faces := f.dice.Tally(r, nd)
	if faces&p.hitFaces[col] == 0 {
		return false // every die missed: nothing to assign
	}
	return f.counted(g, p, int(col), faces)
}

// counted resolves a volley of g's type whose dice, all of colour col,
// show faces (a count per face, dieStream.Tally) of which some hit: each
// class's dice are the sum of the bytes of its faces. It reports whether a
// ship was destroyed.
func (f *fighter) counted(g *gun, p *volleyPlan, col int, faces uint64) bool {
	units := int(p.units[col])
	switch {
	case g.policy == assign.KillGreedy:
		// Dice of one colour have one damage, and a higher face hits a
		// superset of the types a lower one hits, so each class's hit-set
		// contains the one before and #H never falls: GreedyOrder would
		// keep the classes in their order (TestOneColourGreedyOrder).
		var hit, killed uint8
		for _, b := range p.byClass[col][:p.nByClass[col]] {
			if n := byteSum(faces&b.faces) * units; n > 0 {
				pc := &p.classes[b.k]
				h, k := g.foe.GreedyRun(int(pc.Dmg), pc.Hits, n)
				hit, killed = hit|h, killed|k
			}
		}
		return f.landed(g, hit, killed)
	case g.policy == assign.NPC && p.nByClass[col] == 1:
		pc := &p.classes[p.byClass[col][0].k]
		hit, killed := g.foe.NPCRun(int(pc.Dmg), pc.Hits, byteSum(faces&p.hitFaces[col])*units)
		return f.landed(g, hit, killed)
	}
	return f.classes(g, p, col, faces)
}

// byteSum is the sum of the bytes of x, which must total at most 255.
func byteSum(x uint64) int { return int(x * 0x0101010101010101 >> 56) }

// classes is counted for the volleys that need Work's classes: several
// classes, or a policy without a shortcut.
func (f *fighter) classes(g *gun, p *volleyPlan, col int, faces uint64) bool {
	units := p.units[col]
	w := f.w
	nc, off := 0, int16(0)
	for _, b := range p.byClass[col][:p.nByClass[col]] {
		n := int16(byteSum(faces&b.faces)) * units
		if n == 0 {
			continue
		}
		pc := &p.classes[b.k]
		w.Classes[nc] = assign.DieClass{Dmg: pc.Dmg, Hits: pc.Hits, N: n}
		w.Off[nc] = off
		off += n
		nc++
	}
	w.NClasses = nc
	return f.strike(g, nil)
}

// fireFaces is fire keeping every face: for dice of several colours, and
// for the replay log.
func (f *fighter) fireFaces(r *rules.Rand, g *gun, kind, nd int, p *volleyPlan, log io.Writer) bool {
	if log == nil && nd <= 255 {
		return f.fireColours(r, g, kind, nd, p)
	}
	faces := f.faces[:nd]
	f.dice.Fill(r, faces)
	seq := g.seq[kind]
	var units [assign.MaxClasses]int16
	hits := 0
	for i, face := range faces {
		col := seq[i%len(seq)]
		if k := p.of[col][face]; k >= 0 {
			units[k] += p.units[col]
			hits++
		}
	}
	if hits == 0 && log == nil {
		return false
	}
	f.w.setClasses(p, units[:p.n], 1)
	if log == nil {
		return f.strike(g, nil)
	}
	f.logRoll(log, g.t, seq, kind == 1, faces)
	before := f.st.N
	f.blows = f.blows[:0]
	killed := f.strike(g, &f.blows)
	f.logBlows(log, g.t, seq, faces, before)
	return killed
}

// fireColours is fireFaces for dice of several colours, without the log:
// it counts each colour's faces (a byte per face) from the dice in roll
// order (ships in turn, each ship's dice in part order), then each class's
// units from the bytes of its faces.
func (f *fighter) fireColours(r *rules.Rand, g *gun, kind, nd int, p *volleyPlan) bool {
	seq := g.seq[kind]
	f.dice.Ahead(r, nd)
	var faces [nColours]uint64
	for range nd / len(seq) {
		for _, col := range seq {
			faces[col&(nColours-1)] += f.dice.Take(1)
		}
	}
	var units [assign.MaxClasses]int16
	hit := false
	for col := range faces {
		if faces[col]&p.hitFaces[col] == 0 {
			continue
		}
		hit = true
		for _, b := range p.byClass[col][:p.nByClass[col]] {
			units[b.k] += int16(byteSum(faces[col]&b.faces)) * p.units[col]
		}
	}
	if !hit {
		return false
	}
	f.w.setClasses(p, units[:p.n], 1)
	return f.strike(g, nil)
}

// strike assigns the volley prepared in f.w, fired by g's type, to the
// enemy's ships by its side's policy and applies it; it reports whether a
// ship was destroyed.
func (f *fighter) strike(g *gun, blows *[]assign.Blow) bool {
	w := f.w
	if w.NClasses == 0 {
		return false
	}
	if g.policy == assign.KillGreedy {
		classes := w.Classes[:w.NClasses]
		ord := g.foe.GreedyOrder(classes, &w.AS)
		hit, killed := g.foe.KillGreedy(classes, ord, blows)
		return f.landed(g, hit, killed)
	}
	hit, killed := f.assignList(g.side, blows)
	return f.landed(g, hit, killed)
}

// landed brings the State up to date after g's volley hit the enemy types
// in hit and destroyed ships of those in killed, and reports whether it
// destroyed a ship.
func (f *fighter) landed(g *gun, hit, killed uint8) bool {
	for m := killed; m != 0; m &= m - 1 {
		lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
		f.st.N[g.foeAt+lt] = int8(g.foe.Count(lt))
	}
	if f.syncDmg { // only `when-losing` (strength6) reads the damage
		for m := hit; m != 0; m &= m - 1 {
			lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
			g.foe.DamageOf(lt, f.c.Types[g.foeAt+lt].HP, &f.st.Dmg[g.foeAt+lt])
		}
	}
	return killed != 0
}

// assignList is strike for the policies that need the list of target
// ships: Assign on the enemy roster's canonical list, then the damage each
// ship took applied to the roster.
func (f *fighter) assignList(s int, blows *[]assign.Blow) (hit, killed uint8) {
	w := f.w
	en := &f.ros[1-s]
	tg := &w.Targets
	nt := en.Targets(tg, &f.c.Sides[s].prio)
	assign.Assign(f.c.Sides[s].Policy, w.Classes[:w.NClasses], tg[:nt], w.To, &w.AS)
	add := w.Add[:nt]
	clear(add)
	for k := range w.NClasses {
		cl := &w.Classes[k]
		for _, j := range w.To[w.Off[k] : int(w.Off[k])+int(cl.N)] {
			if j < 0 {
				if blows != nil {
					*blows = append(*blows, assign.Blow{Class: int8(k), Type: -1})
				}
				continue
			}
			if blows != nil {
				*blows = append(*blows, assign.Blow{Class: int8(k), Type: int8(tg[j].Type), Rem: tg[j].Rem - add[j]})
			}
			add[j] += cl.Dmg
		}
	}
	for j, a := range add {
		if a == 0 {
			continue
		}
		lt := int(tg[j].Type)
		hit |= 1 << lt
		if en.Damage(lt, int(tg[j].Rem), int(a)) {
			killed |= 1 << lt
		}
	}
	return hit, killed
}

// drop removes type t, which has left the battle, from its side's roster.
func (f *fighter) drop(t int) {
	g := &f.guns[t]
	g.own.Clear(g.local)
}
