package eclipse

import (
	"fmt"
	"io"
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
	st     State
	w      *Work
	d6     D6
	faces  []uint8  // faces of the current volley in roll order
	seq    []Colour // replay: the colours of one ship's dice
	rolled int      // dice rolled in the last battle (benchmarks report ns per die)
}

func newFighter(c *Compiled) *fighter {
	dice := 1
	for t := range c.Types {
		ty := &c.Types[t]
		dice = max(dice, ty.Count*len(ty.cannonSeq), ty.Count*len(ty.missSeq))
	}
	return &fighter{c: c, w: c.NewWork(), faces: make([]uint8, dice)}
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
	c.Initial(st)
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
		f.fire(r, t, true, log)
		if over, winner, end := c.Settle(st, t, ActFire); over {
			f.finish(o, winner, end, 0, log)
			return
		}
	}
	// §3.3 engagement rounds.
	for round := 1; ; round++ {
		if c.Stalemate(st) { // §3.7, checked at the start of every round
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
			act := c.Action(st, t, round)
			switch act {
			case ActSkip:
				continue
			case ActLeave:
				c.Leave(st, t)
				if log != nil {
					fmt.Fprintf(log, "  %s %s: %d ships leave the battle (retreat)\n", SideLetter(c.Types[t].Side), c.Types[t].Name, st.N[t])
				}
			case ActDeclare:
				c.Declare(st, t)
				if log != nil {
					fmt.Fprintf(log, "  %s %s: declares retreat (%s), does not fire\n", SideLetter(c.Types[t].Side), c.Types[t].Name, c.Sides[c.Types[t].Side].Retreat)
				}
			case ActFire:
				f.fire(r, t, false, log)
			}
			if over, winner, end := c.Settle(st, t, act); over {
				f.finish(o, winner, end, round, log)
				return
			}
		}
	}
}

// fire rolls and resolves one volley of type t (cannons, or missiles).
func (f *fighter) fire(r *rules.Rand, t int, missile bool, log io.Writer) {
	c := f.c
	ty := &c.Types[t]
	seq := ty.cannonSeq
	if missile {
		seq = ty.missSeq
	}
	n := InBattle(&f.st, t)
	// Ships in canonical order, dice in part order (§8.4).
	nd := n * len(seq)
	faces := f.faces[:nd]
	f.d6.Fill(r, faces)
	f.rolled += nd
	w := f.w
	c.Targets(&f.st, t, w)
	// Count the dice straight into the classes of the volley's plan.
	p := &c.plans[t][w.inMask]
	var units [maxClasses]int16
	if len(seq) == 1 {
		of, u := &p.of[seq[0]], p.units[seq[0]]
		for _, face := range faces {
			if k := of[face]; k >= 0 {
				units[k] += u
			}
		}
	} else {
		i := 0
		for range n {
			for _, col := range seq {
				if k := p.of[col][faces[i]]; k >= 0 {
					units[k] += p.units[col]
				}
				i++
			}
		}
	}
	w.setClasses(p, &units)
	if w.NClasses > 0 {
		Assign(c.Sides[ty.Side].Policy, w.Classes[:w.NClasses], w.Targets[:w.NTargets], w.To, &w.AS)
	}
	var before [MaxTypes]int8
	if log != nil {
		before = f.st.N
		f.seq = seq
		f.logVolley(log, t, missile, nd)
	}
	if w.NClasses > 0 {
		c.ApplyAssignment(&f.st, w)
	}
	if log != nil {
		en := c.Sides[1-ty.Side]
		for u := en.First; u < en.First+en.N; u++ {
			if k := before[u] - f.st.N[u]; k > 0 {
				fmt.Fprintf(log, "    destroyed: %d %s %s, %d left\n", k, SideLetter(c.Types[u].Side), c.Types[u].Name, f.st.N[u])
			}
		}
	}
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
func (f *fighter) logVolley(log io.Writer, t int, missile bool, nd int) {
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
	en := c.Sides[1-ty.Side]
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
			tg := &w.Targets[j]
			fmt.Fprintf(log, "    %s %d → %s %s #%d (HP left %d) for %d damage\n", col, face,
				SideLetter(1-ty.Side), c.Types[en.First+int(tg.Type)].Name, int(w.ship[j].i)+1, tg.Rem, w.Classes[k].Dmg)
		}
	}
	if hits == 0 {
		fmt.Fprintln(log, "    no hits")
	}
}
