package eclipse

import (
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// fighter plays Monte Carlo battles of one compiled scenario (§8.4): every
// die is rolled from the trial's stream, ships of a type in canonical order
// and dice in part order, and assigned by the same Assign as the exact
// solver. Fight and Replay share play, which logs only when log != nil, so
// both make exactly the same draws.
type fighter struct {
	c      *Compiled
	st     State    // the battle; st.Dmg is kept up to date only when syncDmg
	fleets [2]fleet // per side: its ships in the battle as the enemy's targets
	init   State    // the start of every battle, copied in
	inits  [2]fleet
	w      *Work
	d6     D6
	faces  []uint8  // faces of the current volley in roll order
	seq    []Colour // replay: the colours of one ship's dice
	rolled int      // dice rolled in the last battle (benchmarks report ns per die)

	// Shortcuts fixed by the scenario, and whether a type declared retreat
	// in this battle: they let the play loop skip Action, Settle and
	// Stalemate where their answer is known.
	plain    [MaxTypes]bool    // the type's side never retreats: it fires when it has ships
	uniform  [MaxTypes][2]int8 // the one colour of its cannon [0] / missile [1] dice, or -1
	armed    bool              // every type has cannons: no stalemate while both sides have ships
	syncDmg  bool              // a side retreats when losing: st.Dmg must follow the fleets
	declared bool              // some type declared retreat in this battle
}

// fleet is one side's ships in the battle kept as the target list the enemy
// hands to Assign (§6: enemy type in scenario order, most damage first),
// updated in place as damage lands, so a volley need not rebuild it from the
// State. It mirrors st: the ships of local type lt are
// tg[start[lt] : start[lt]+n[lt]], with n[lt] = InBattle(st, First+lt).
type fleet struct {
	tg    [MaxTargets]Target
	nt    int
	start [MaxPerSide]int8
	n     [MaxPerSide]int8
	in    uint8 // local types with ships in the battle (a plan index)
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
	for t := range c.Types {
		kind := c.Sides[c.Types[t].Side].Retreat.Kind
		f.plain[t] = kind == RetreatNever
		f.syncDmg = f.syncDmg || kind == RetreatWhenLosing
		f.armed = f.armed && len(c.Types[t].cannonSeq) > 0
		for i, seq := range [2][]Colour{c.Types[t].cannonSeq, c.Types[t].missSeq} {
			f.uniform[t][i] = -1
			if len(seq) > 0 && !slices.ContainsFunc(seq, func(col Colour) bool { return col != seq[0] }) {
				f.uniform[t][i] = int8(seq[0])
			}
		}
	}
	for s := range 2 {
		fl := &f.inits[s]
		en := &c.Sides[s]
		prio := &c.Sides[1-s].prio // the firing (enemy) side's priority order
		for lt := range en.N {
			t := en.First + lt
			ty := &c.Types[t]
			n := InBattle(&f.init, t)
			fl.start[lt], fl.n[lt] = int8(fl.nt), int8(n)
			if n > 0 {
				fl.in |= 1 << lt
			}
			for range n {
				fl.tg[fl.nt] = Target{Type: uint8(lt), Rank: ty.Rank, Prio: prio[lt], Rem: int16(ty.HP)}
				fl.nt++
			}
		}
	}
	return f
}

// Fight implements rules.Fighter.
func (f *fighter) Fight(r *rules.Rand, o *rules.Outcome) { f.play(r, o, nil) }

// Replay implements rules.Fighter.
func (f *fighter) Replay(r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	f.play(r, o, w)
}

func (f *fighter) finish(o *rules.Outcome, winner rules.Side, end int, rounds int, log io.Writer) {
	o.Winner, o.End, o.Rounds = winner, end, int64(rounds)
	f.c.Record(&f.st, o)
	if log != nil {
		fmt.Fprintf(log, "end: %s, winner %s, rounds %d\n", EndNames[end], winner, rounds)
		for t := range f.c.Types {
			ty := &f.c.Types[t]
			fmt.Fprintf(log, "  survivors %s %s: %d of %d", SideLetter(ty.Side), ty.Name, f.st.N[t], ty.Count)
			if f.st.Status[t] == Left {
				fmt.Fprintf(log, " (retreated)")
			}
			fmt.Fprintln(log)
		}
		for s := range 2 {
			if rep := f.c.Reputation(&f.st, s); rep >= 0 {
				fmt.Fprintf(log, "  reputation tiles %s: %d\n", SideLetter(s), rep)
			}
		}
	}
}

func (f *fighter) play(r *rules.Rand, o *rules.Outcome, log io.Writer) {
	c := f.c
	st := &f.st
	f.reset()
	f.d6.Reset()
	f.rolled = 0
	if log != nil {
		f.logHeader(log)
	}
	// §3.2 missile phase: once, in activation order; a type destroyed earlier
	// in the phase does not fire; the battle may end here with 0 rounds.
	if len(c.MissileOrder) > 0 && log != nil {
		fmt.Fprintln(log, "missile phase")
	}
	for _, t := range c.MissileOrder {
		if InBattle(st, t) == 0 {
			continue
		}
		if !f.fire(r, t, true, log) {
			continue // no ship destroyed: the battle cannot have ended
		}
		if over, winner, end := f.settle(t, ActFire); over {
			f.finish(o, winner, end, 0, log)
			return
		}
	}
	// §3.3 engagement rounds.
	for round := 1; ; round++ {
		if !f.armed && c.Stalemate(st) { // §3.7, checked at the start of every round
			if log != nil {
				fmt.Fprintln(log, "no ship in the battle has a cannon: stalemate")
			}
			f.finish(o, c.StalemateWinner(), EndStalemate, round-1, log)
			return
		}
		if round > RoundCap { // §3.8 safety stop, never expected
			f.finish(o, rules.None, EndRoundCap, RoundCap, log)
			return
		}
		if log != nil {
			fmt.Fprintf(log, "round %d\n", round)
		}
		for _, t := range c.Order {
			act := ActFire
			if !f.plain[t] {
				act = c.Action(st, t, round)
			} else if st.N[t] == 0 {
				act = ActSkip
			}
			switch act {
			case ActSkip:
				continue
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
				if !f.fire(r, t, false, log) {
					continue // no ship destroyed: nothing for Settle to see
				}
			}
			if over, winner, end := f.settle(t, act); over {
				f.finish(o, winner, end, round, log)
				return
			}
		}
	}
}

// reset sets the state and the fleets to the start of a battle (Initial)
// from the copies made once, copying only the parts in use.
func (f *fighter) reset() {
	st := &f.st
	st.N, st.Status, st.Withdrew = f.init.N, f.init.Status, f.init.Withdrew
	for t := range f.c.Types {
		st.Dmg[t] = [MaxShips]int16{}
	}
	for s := range f.fleets {
		fl, in := &f.fleets[s], &f.inits[s]
		fl.nt, fl.start, fl.n, fl.in = in.nt, in.start, in.n, in.in
		copy(fl.tg[:in.nt], in.tg[:in.nt])
	}
	f.declared = false
}

// settle is Settle after an activation that destroyed a ship or changed a
// retreat status; while no type has declared retreat and both sides have
// ships in the battle, nothing in Settle changes and the battle goes on.
func (f *fighter) settle(t int, act Action) (over bool, winner rules.Side, end int) {
	if !f.declared && f.fleets[0].nt > 0 && f.fleets[1].nt > 0 {
		return false, rules.None, 0
	}
	return f.c.Settle(&f.st, t, act)
}

// fire rolls and resolves one volley of type t (cannons, or missiles) and
// reports whether it destroyed a ship (only then can the battle end).
func (f *fighter) fire(r *rules.Rand, t int, missile bool, log io.Writer) bool {
	c := f.c
	ty := &c.Types[t]
	seq, kind := ty.cannonSeq, 0
	if missile {
		seq, kind = ty.missSeq, 1
	}
	col := f.uniform[t][kind]
	if col < 0 || log != nil {
		return f.fireFaces(r, t, seq, missile, log)
	}
	// Dice all of one colour share one class table, so they are counted
	// into the classes of the volley's plan as they are rolled.
	nd := InBattle(&f.st, t) * len(seq)
	f.rolled += nd
	fl := &f.fleets[1-ty.Side]
	p := &c.plans[t][fl.in]
	var cnt [countSlots]int16
	f.d6.Count(r, nd, &p.of[col], &cnt)
	if int(cnt[0]) == nd {
		return false // every die missed: nothing to assign
	}
	f.w.setClasses(p, cnt[1:], p.units[col])
	return f.resolve(ty.Side, fl)
}

// resolve assigns the volley prepared in f.w (by side s, against the
// fleet fl of the other side) by the side's policy and applies it; it
// reports whether a ship was destroyed.
func (f *fighter) resolve(s int, fl *fleet) bool {
	w := f.w
	if w.NClasses == 0 {
		return false
	}
	Assign(f.c.Sides[s].Policy, w.Classes[:w.NClasses], fl.tg[:fl.nt], w.To, &w.AS)
	return f.damage(1-s, w)
}

// fireFaces is fire keeping every face: for dice of several colours, and
// for the replay log.
func (f *fighter) fireFaces(r *rules.Rand, t int, seq []Colour, missile bool, log io.Writer) bool {
	c := f.c
	ty := &c.Types[t]
	n := InBattle(&f.st, t)
	// Ships in canonical order, dice in part order (§8.4).
	nd := n * len(seq)
	f.rolled += nd
	fl := &f.fleets[1-ty.Side]
	p := &c.plans[t][fl.in]
	faces := f.faces[:nd]
	f.d6.Fill(r, faces)
	var units [maxClasses]int16
	hits, i := 0, 0
	for range n {
		for _, col := range seq {
			if k := p.of[col][faces[i]]; k >= 0 {
				units[k] += p.units[col]
				hits++
			}
			i++
		}
	}
	if log == nil {
		if hits == 0 {
			return false
		}
		f.w.setClasses(p, units[:], 1)
		return f.resolve(ty.Side, fl)
	}
	w := f.w
	w.setClasses(p, units[:], 1)
	targets := fl.tg[:fl.nt]
	if w.NClasses > 0 {
		Assign(c.Sides[ty.Side].Policy, w.Classes[:w.NClasses], targets, w.To, &w.AS)
	}
	before := f.st.N
	f.seq = seq
	f.logVolley(log, t, missile, nd, targets)
	killed := false
	if w.NClasses > 0 {
		killed = f.damage(1-ty.Side, w)
	}
	en := &c.Sides[1-ty.Side]
	for u := en.First; u < en.First+en.N; u++ {
		if k := before[u] - f.st.N[u]; k > 0 {
			fmt.Fprintf(log, "    destroyed: %d %s %s, %d left\n", k, SideLetter(c.Types[u].Side), c.Types[u].Name, f.st.N[u])
		}
	}
	return killed
}

// damage applies the assignment in w.To to the ships of side s: the same
// effect as ApplyAssignment on the state (§3.5: destroyed at damage ≥ HP,
// overkill lost, most damage first), done on the fleet's target list, which
// it keeps in canonical order, and copied to st only for the types hit
// (damageOne when the volley hit a single ship, the usual case). It
// reports whether a ship was destroyed.
func (f *fighter) damage(s int, w *Work) bool {
	fl := &f.fleets[s]
	var hit uint8
	one, ships := -1, 0 // the ship hit, while only one is
	for k := range w.NClasses {
		cl := &w.Classes[k]
		for _, j := range w.To[w.Off[k] : int(w.Off[k])+int(cl.N)] {
			if j >= 0 {
				fl.tg[j].Rem -= cl.Dmg
				hit |= 1 << fl.tg[j].Type
				if int(j) != one {
					one = int(j)
					ships++
				}
			}
		}
	}
	if ships == 1 && !f.syncDmg {
		return f.damageOne(s, one)
	}
	return f.compact(s, hit, 0)
}

// damageOne is compact when the volley hit the one ship j: a destroyed
// ship is cut out of the list, a damaged one moves ahead of the ships of
// its type with more rem left (most damage first).
func (f *fighter) damageOne(s, j int) bool {
	fl := &f.fleets[s]
	lt := int(fl.tg[j].Type)
	x := fl.tg[j]
	if x.Rem > 0 {
		k := j
		for start := int(fl.start[lt]); k > start && fl.tg[k-1].Rem > x.Rem; k-- {
			fl.tg[k] = fl.tg[k-1]
		}
		fl.tg[k] = x
		return false
	}
	copy(fl.tg[j:fl.nt-1], fl.tg[j+1:fl.nt])
	fl.nt--
	fl.n[lt]--
	for u := lt + 1; u < f.c.Sides[s].N; u++ {
		fl.start[u]--
	}
	if fl.n[lt] == 0 {
		fl.in &^= 1 << lt
	}
	f.st.N[f.c.Sides[s].First+lt]--
	return true
}

// drop removes type t, which has left the battle, from its side's fleet.
func (f *fighter) drop(t int) {
	ty := &f.c.Types[t]
	f.compact(ty.Side, 0, 1<<ty.Local)
}

// compact rebuilds side s's target list after damage to the local types in
// hit: those types lose their destroyed ships (Rem ≤ 0) and are re-sorted
// most damage first, and their ship counts (with syncDmg, their damage
// too) are written to st; the types in gone
// are removed whole; the rest only move down. It reports whether a ship
// was destroyed.
func (f *fighter) compact(s int, hit, gone uint8) bool {
	c := f.c
	fl := &f.fleets[s]
	first := c.Sides[s].First
	changed := hit | gone
	if changed == 0 {
		return false
	}
	// Types before the first changed one stay where they are.
	lt0 := bits.TrailingZeros8(changed)
	nt := int(fl.start[lt0])
	killed := false
	for lt := lt0; lt < c.Sides[s].N; lt++ {
		start, n := int(fl.start[lt]), int(fl.n[lt])
		bit := uint8(1) << lt
		if start == nt && changed>>lt == 0 {
			return killed // nothing changed or moved from here on
		}
		fl.start[lt] = int8(nt)
		switch {
		case gone&bit != 0:
			fl.n[lt] = 0
			fl.in &^= bit
			fl.nt -= n
			continue
		case hit&bit == 0:
			if start != nt {
				copy(fl.tg[nt:nt+n], fl.tg[start:start+n])
			}
			nt += n
			continue
		}
		// In place: the write position nt+m never passes the read position.
		m := 0
		for i := start; i < start+n; i++ {
			x := fl.tg[i]
			if x.Rem <= 0 {
				continue // destroyed
			}
			k := nt + m
			for k > nt && fl.tg[k-1].Rem > x.Rem {
				fl.tg[k] = fl.tg[k-1]
				k--
			}
			fl.tg[k] = x
			m++
		}
		gt := first + lt
		if f.syncDmg { // only `when-losing` (strength6) reads the damage
			hp := int16(c.Types[gt].HP)
			dmg := &f.st.Dmg[gt]
			*dmg = [MaxShips]int16{}
			for i := range m {
				dmg[i] = hp - fl.tg[nt+i].Rem
			}
		}
		f.st.N[gt] = int8(m)
		fl.n[lt] = int8(m)
		if m < n {
			killed = true
			if m == 0 {
				fl.in &^= bit
			}
		}
		nt += m
		fl.nt -= n - m
	}
	return killed
}

func (f *fighter) logHeader(log io.Writer) {
	c := f.c
	for s := range 2 {
		fmt.Fprintf(log, "%s (%s, %s): policy %s, retreat %s\n", sideNames[s], SideLetter(s),
			map[bool]string{true: "npc", false: "player"}[c.Sides[s].NPC], c.Sides[s].Policy, c.Sides[s].Retreat)
		for t := c.Sides[s].First; t < c.Sides[s].First+c.Sides[s].N; t++ {
			ty := &c.Types[t]
			fmt.Fprintf(log, "  %d %s: initiative %d, HP %d, computer +%d, shield %d, cannons %s, missiles %s\n",
				ty.Count, ty.Name, ty.Init, ty.HP, ty.Computer, ty.Shield, diceText(ty.Cannon), diceText(ty.Missile))
		}
	}
	var order []string
	for _, t := range c.Order {
		order = append(order, fmt.Sprintf("%s %s (%d)", SideLetter(c.Types[t].Side), c.Types[t].Name, c.Types[t].Init))
	}
	fmt.Fprintf(log, "activation order: %s\n", strings.Join(order, ", "))
}

func diceText(d Dice) string {
	var parts []string
	for col := range nColours {
		if d[col] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", d[col], Colour(col)))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " + ")
}

// logVolley writes the faces of a volley and where each hitting die went
// (before the damage is applied, so targets show their remaining HP).
func (f *fighter) logVolley(log io.Writer, t int, missile bool, nd int, targets []Target) {
	c := f.c
	ty := &c.Types[t]
	kind := "cannon"
	if missile {
		kind = "missile"
	}
	w := f.w
	fmt.Fprintf(log, "  %s %s ×%d rolls %d %s dice:", SideLetter(ty.Side), ty.Name, InBattle(&f.st, t), nd, kind)
	for i := range nd {
		fmt.Fprintf(log, " %s %d", f.seq[i%len(f.seq)], f.faces[i])
	}
	fmt.Fprintln(log)
	en := &c.Sides[1-ty.Side]
	var used [maxClasses]int
	hits := 0
	for i := range nd {
		col, face := f.seq[i%len(f.seq)], f.faces[i]
		k := w.ClassOf(col, int(face))
		if k < 0 {
			continue
		}
		hits++
		units := 1
		if col == Red && c.Sides[ty.Side].Splitter {
			units = 4
		}
		for range units {
			j := w.To[int(w.Off[k])+used[k]]
			used[k]++
			if j < 0 {
				fmt.Fprintf(log, "    %s %d: hits only doomed ships, damage lost\n", col, face)
				continue
			}
			tg := &targets[j]
			ship := int(j) - int(f.fleets[1-ty.Side].start[tg.Type]) // index among its type's ships
			fmt.Fprintf(log, "    %s %d → %s %s #%d (HP left %d) for %d damage\n", col, face,
				SideLetter(1-ty.Side), c.Types[en.First+int(tg.Type)].Name, ship+1, tg.Rem, w.Classes[k].Dmg)
		}
	}
	if hits == 0 {
		fmt.Fprintln(log, "    no hits")
	}
}
