package eclipse

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// The battle engine shared by the Monte Carlo fighter and the exact solver:
// the state of a battle, one activation's effects, and the end test. The
// Monte Carlo fighter rolls the dice of a volley; the exact solver
// enumerates the class counts (§8.2); both hand them to Volley.

// Size limits of a battle's state: those of a volley's assignment (package
// assign), which the state is handed to.
const (
	MaxPerSide = assign.MaxPerSide // types per side: one per hull / NPC kind
	MaxTypes   = 2 * MaxPerSide    // types per battle
	MaxShips   = assign.MaxShips   // ships per type (14 Ancients)
	MaxTargets = assign.MaxTargets // enemy ships in one volley (bound)
)

// Retreat status of a type (§3.6).
const (
	Fighting uint8 = iota
	Declared       // declared retreat; still in the battle, does not fire
	Left           // left the battle (survivors, "retreated")
)

// State is a battle between activations. Ships of a type are identical but
// for damage; Dmg lists the living ships' damage in canonical order (most
// damage first, §6). Ships of a Left type are out of the battle but alive.
type State struct {
	N        [MaxTypes]int8
	Status   [MaxTypes]uint8
	Withdrew [2]bool // §3.6 rule 5: all of the side's ships in the battle had declared retreat
	Dmg      [MaxTypes][MaxShips]int16
}

// Initial sets st to the start of the battle: every ship undamaged.
func (c *Compiled) Initial(st *State) {
	*st = State{}
	for t := range c.Types {
		st.N[t] = int8(c.Types[t].Count)
	}
}

// InBattle is the number of ships of type t in the battle.
func InBattle(st *State, t int) int {
	if st.Status[t] == Left {
		return 0
	}
	return int(st.N[t])
}

// SideInBattle is the number of ships of side s in the battle.
func (c *Compiled) SideInBattle(st *State, s int) int {
	n := 0
	for t := c.Sides[s].First; t < c.Sides[s].First+c.Sides[s].N; t++ {
		n += InBattle(st, t)
	}
	return n
}

// Stalemate is §3.7: no ship in the battle, on either side, has a cannon die.
func (c *Compiled) Stalemate(st *State) bool {
	for t := range c.Types {
		if InBattle(st, t) > 0 && len(c.Types[t].cannonSeq) > 0 {
			return false
		}
	}
	return true
}

// Action is what a type does at its engagement activation (§3.3 step 2).
type Action uint8

const (
	ActSkip    Action = iota // no ships in the battle
	ActLeave                 // a) declared at its previous activation: leaves now
	ActDeclare               // b) declares retreat, does not fire
	ActFire                  // c) rolls its cannon dice
)

// Action decides type t's engagement activation in round `round` (the round
// number, or any value ≥ RetreatRounds for later rounds).
func (c *Compiled) Action(st *State, t, round int) Action {
	if InBattle(st, t) == 0 {
		return ActSkip
	}
	if st.Status[t] == Declared {
		return ActLeave
	}
	s := c.Types[t].Side
	switch r := c.Sides[s].Retreat; r.Kind {
	case RetreatAfterRound: // §3.6 rule 4: declare in round N+1 or later
		if round >= r.N+1 {
			return ActDeclare
		}
	case RetreatWhenLosing: // §3.6 rule 4: from round 2, own strength < enemy's
		if round >= 2 && c.strength6(st, s) < c.strength6(st, 1-s) {
			return ActDeclare
		}
	}
	return ActFire
}

// need is §3.4: the lowest face that hits with modifier m = computers −
// shields, clamped to 2..6.
func need(m int) int { return min(max(6-m, 2), 6) }

// strength6 is 6 × strength(s) of §3.6 rule 4: (Σ remaining HP of the side's
// ships in the battle) × (Σ over their cannon dice of damage × P(hit)), with
// P(hit) = (7 − need)/6 against the highest shield among the enemy's ships in
// the battle. Scaling by 6 keeps it an exact integer.
func (c *Compiled) strength6(st *State, s int) int64 {
	en := &c.Sides[1-s]
	shield := 0
	for t := en.First; t < en.First+en.N; t++ {
		if InBattle(st, t) > 0 {
			shield = max(shield, c.Types[t].Shield)
		}
	}
	var hp, fire int64
	me := &c.Sides[s]
	for t := me.First; t < me.First+me.N; t++ {
		n := InBattle(st, t)
		if n == 0 {
			continue
		}
		ty := &c.Types[t]
		for i := range n {
			hp += int64(ty.HP - int(st.Dmg[t][i]))
		}
		fire += int64(n) * ty.cannonDamage * int64(7-need(ty.Computer-shield))
	}
	return hp * fire
}

// Declare applies ActDeclare (§3.6 rule 1).
func (c *Compiled) Declare(st *State, t int) { st.Status[t] = Declared }

// Leave applies ActLeave (§3.6 rule 2).
func (c *Compiled) Leave(st *State, t int) { st.Status[t] = Left }

var noClass = [nColours][7]int8{{-1, -1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1, -1}}

// FaceCounts counts the dice of one volley by colour and face (1..6).
type FaceCounts [nColours][7]int32

// volleyPlan is the class layout (§8.2) of a volley by one firing type
// against one set of enemy types in the battle: every (colour, face) that
// hits maps to a class of identical dice (damage, hit-set). Compile builds
// one per firing type and enemy set, so a volley only counts its dice.
type volleyPlan struct {
	classes [assign.MaxClasses]assign.DieClass // N unused
	n       int8                               // classes in use
	of      [nColours][7]int8                  // class of a (colour, face), -1 for a miss
	units   [nColours]int16                    // die units per die of a colour (4: split red)
	// For dice counted a byte per face (dieStream.Tally): hitFaces has byte f set
	// to 0xff when face f of a colour hits, so a volley missed entirely
	// when its counts share no bit with it; the colour's classes, in class
	// order, are byClass[col][:nByClass[col]], with the face bytes of each.
	hitFaces [nColours]uint64
	byClass  [nColours][5]struct {
		k     int8
		faces uint64
	}
	nByClass [nColours]int8
}

// newPlan groups the faces of the colours a type rolls by (damage, hit-set)
// against the enemy local types in `in`, given the type's hit table. A red
// die of a side with the antimatter splitter counts as 4 one-damage units
// (§4.2).
func newPlan(colours []Colour, hit *[7]uint8, in uint8, split bool) volleyPlan {
	p := volleyPlan{of: noClass}
	for _, col := range colours {
		dmg, units := colourDamage[col], int16(1)
		if split && col == Red {
			dmg, units = 1, 4
		}
		p.units[col] = units
		for f := 1; f <= 6; f++ {
			m := hit[f] & in
			if m == 0 {
				continue
			}
			k := int8(0)
			for k < p.n && (p.classes[k].Dmg != dmg || p.classes[k].Hits != m) {
				k++
			}
			if k == p.n {
				p.classes[k] = assign.DieClass{Dmg: dmg, Hits: m}
				p.n++
			}
			p.of[col][f] = k
			p.hitFaces[col] |= 0xff << (8 * f)
		}
	}
	for _, col := range colours {
		for k := range p.n {
			var faces uint64
			for f := 2; f <= 6; f++ {
				if p.of[col][f] == k {
					faces |= 0xff << (8 * f)
				}
			}
			if faces != 0 {
				b := &p.byClass[col][p.nByClass[col]]
				b.k, b.faces = k, faces
				p.nByClass[col]++
			}
		}
	}
	return p
}

// Work is the scratch space of one volley; make it with NewWork.
type Work struct {
	Classes  [assign.MaxClasses]assign.DieClass
	NClasses int
	Targets  [MaxTargets]assign.Target
	NTargets int
	ship     [MaxTargets]struct{ t, i int8 } // type and ship index of each target
	inMask   uint8                           // enemy local types in the battle
	plan     *volleyPlan                     // the plan of the prepared volley
	remap    [assign.MaxClasses]int8         // plan class → index in Classes, -1 if empty
	// To receives the assignment: per die unit of each class (Offsets).
	To  []int8
	Off [assign.MaxClasses]int16
	Add [MaxTargets]int16
	AS  assign.Scratch
}

// ClassOf returns the class in Classes of a die of colour col showing face,
// or -1 for a miss.
func (w *Work) ClassOf(col Colour, face int) int {
	k := w.plan.of[col][face]
	if k < 0 {
		return -1
	}
	return int(w.remap[k])
}

// NewWork returns scratch space big enough for every volley of c.
func (c *Compiled) NewWork() *Work {
	return &Work{To: make([]int8, max(c.maxUnits, 1))}
}

// ReuseWork returns a Work for c: w emptied, when its arrays suffice (w
// may have served another battle), else a new one. A solver that solves
// battle after battle keeps one.
func (c *Compiled) ReuseWork(w *Work) *Work {
	if w == nil || cap(w.To) < max(c.maxUnits, 1) {
		return c.NewWork()
	}
	*w = Work{To: w.To[:max(c.maxUnits, 1)]}
	clear(w.To)
	return w
}

// Prepare builds the classes and targets of a volley by type t whose dice
// show counts (§6 inputs): Targets, then Classes.
func (c *Compiled) Prepare(st *State, t int, counts *FaceCounts, w *Work) {
	c.Targets(st, t, w)
	c.Classes(t, counts, w)
}

// Targets lists the enemy ships of firing type t in the battle, in
// canonical order (enemy type in scenario order, most damage first, §6).
func (c *Compiled) Targets(st *State, t int, w *Work) {
	ft := &c.Types[t]
	side := ft.Side
	en := &c.Sides[1-side]
	prio := &c.Sides[side].prio
	var inMask uint8
	nt := 0
	for lt := range en.N {
		gt := en.First + lt
		n := InBattle(st, gt)
		if n == 0 {
			continue
		}
		inMask |= 1 << lt
		e := &c.Types[gt]
		for i := range n {
			w.Targets[nt] = assign.Target{Type: uint8(lt), Rank: e.Rank, Prio: prio[lt], Rem: int16(e.HP) - st.Dmg[gt][i]}
			w.ship[nt].t, w.ship[nt].i = int8(gt), int8(i)
			nt++
		}
	}
	w.NTargets = nt
	w.inMask = inMask
}

// Classes groups the hitting dice of a volley by type t whose dice show
// counts into classes of (damage, hit-set) against the targets listed by
// Targets. A red die of a side with the antimatter splitter becomes 4
// one-damage units with the same hit-set (§4.2).
func (c *Compiled) Classes(t int, counts *FaceCounts, w *Work) {
	p := &c.plans[t][w.inMask]
	var n [assign.MaxClasses]int16
	for _, col := range c.Types[t].colours {
		for f := 2; f <= 6; f++ {
			if k := p.of[col][f]; k >= 0 {
				n[k] += int16(counts[col][f]) * p.units[col]
			}
		}
	}
	w.setClasses(p, n[:], 1)
}

// setClasses fills Classes from plan p and n[k]·u die units per plan class
// k, leaving out empty classes.
func (w *Work) setClasses(p *volleyPlan, n []int16, u int16) {
	w.plan = p
	nc, off := 0, int16(0)
	for k := range p.n {
		if n[k] == 0 {
			w.remap[k] = -1
			continue
		}
		units := n[k] * u
		w.Classes[nc] = assign.DieClass{Dmg: p.classes[k].Dmg, Hits: p.classes[k].Hits, N: units}
		w.Off[nc] = off
		off += units
		w.remap[k] = int8(nc)
		nc++
	}
	w.NClasses = nc
}

// Volley resolves a volley of type t whose dice show counts: Prepare, the
// side's policy (Assign) and the damage (ApplyAssignment).
func (c *Compiled) Volley(st *State, t int, counts *FaceCounts, w *Work) {
	c.Prepare(st, t, counts, w)
	c.Resolve(st, t, w)
}

// Resolve assigns the prepared volley by the side's policy and applies it.
// st must be the state the targets were listed from (or a copy of it).
func (c *Compiled) Resolve(st *State, t int, w *Work) {
	if w.NClasses == 0 {
		return
	}
	assign.Assign(c.Sides[c.Types[t].Side].Policy, w.Classes[:w.NClasses], w.Targets[:w.NTargets], w.To, &w.AS)
	c.ApplyAssignment(st, w)
}

// ApplyAssignment applies w.To (die units to targets) to the state.
func (c *Compiled) ApplyAssignment(st *State, w *Work) {
	for j := range w.NTargets {
		w.Add[j] = 0
	}
	for k := range w.NClasses {
		cl := &w.Classes[k]
		for _, j := range w.To[w.Off[k] : int(w.Off[k])+int(cl.N)] {
			if j >= 0 {
				w.Add[j] += cl.Dmg
			}
		}
	}
	c.ApplyDamage(st, w)
}

// ApplyDamage adds w.Add[j] damage to target j of the prepared volley,
// removes destroyed ships (damage ≥ HP, §3.5) and restores canonical order.
// Overkill is lost (§3.5 rule 3).
func (c *Compiled) ApplyDamage(st *State, w *Work) {
	j := 0
	for j < w.NTargets {
		gt := int(w.ship[j].t)
		end := j
		hit := false
		for end < w.NTargets && int(w.ship[end].t) == gt {
			hit = hit || w.Add[end] != 0
			end++
		}
		if !hit { // untouched type: nothing changes
			j = end
			continue
		}
		hp := int16(c.Types[gt].HP)
		var kept [MaxShips]int16
		n := 0
		for ; j < end; j++ {
			d := st.Dmg[gt][w.ship[j].i] + w.Add[j]
			if d >= hp {
				continue // destroyed
			}
			k := n // insertion keeps most damage first
			for k > 0 && kept[k-1] < d {
				kept[k] = kept[k-1]
				k--
			}
			kept[k] = d
			n++
		}
		st.Dmg[gt] = kept
		st.N[gt] = int8(n)
	}
}

// Settle updates the withdrawal flags after an activation and tests the end
// of the battle (§3.3 step 2d, §3.8). t and act are the activation just
// done (act ActFire for a missile volley). It returns whether the battle is
// over, the winner and the end reason.
func (c *Compiled) Settle(st *State, t int, act Action) (over bool, winner rules.Side, end int) {
	var in [2]int
	for s := range 2 {
		declared := 0
		for u := c.Sides[s].First; u < c.Sides[s].First+c.Sides[s].N; u++ {
			n := InBattle(st, u)
			in[s] += n
			if st.Status[u] == Declared {
				declared += n
			}
		}
		if in[s] > 0 && declared == in[s] {
			st.Withdrew[s] = true
		}
	}
	switch {
	case in[0] > 0 && in[1] > 0:
		return false, rules.None, 0
	case in[0] == 0 && in[1] == 0:
		return true, rules.None, EndMutual
	}
	loser := 0
	winner = rules.B
	if in[1] == 0 {
		loser, winner = 1, rules.A
	}
	if act == ActLeave && c.Types[t].Side == loser {
		return true, winner, EndRetreated
	}
	return true, winner, EndDestroyed
}

// StalemateWinner is the winner of a stalemate under option `stalemate`.
func (c *Compiled) StalemateWinner() rules.Side {
	if c.StalemateDraw {
		return rules.None
	}
	return rules.B
}

// Reputation is the reputation tiles side s draws at the end (§3.9), or -1
// for an NPC side.
func (c *Compiled) Reputation(st *State, s int) int {
	if c.Sides[s].NPC {
		return -1
	}
	tiles := 1
	if st.Withdrew[s] {
		tiles = 0
	}
	en := &c.Sides[1-s]
	for t := en.First; t < en.First+en.N; t++ {
		tiles += (c.Types[t].Count - int(st.N[t])) * c.Types[t].Weight
	}
	return min(tiles, 5)
}

// Record fills the outcome's counters from the final state.
func (c *Compiled) Record(st *State, o *rules.Outcome) {
	for t := range c.Types {
		o.Counters[c.counters.survivors[t]] = int64(st.N[t])
		if k := c.counters.retreated[t]; k >= 0 && st.Status[t] == Left {
			o.Counters[k] = int64(st.N[t])
		}
	}
	for s := range 2 {
		if k := c.counters.rep[s]; k >= 0 {
			o.Counters[k] = int64(c.Reputation(st, s))
		}
	}
}

// HitMask is the set of enemy local types that face f of type t hits (all
// enemy types, alive or not).
func (c *Compiled) HitMask(t, f int) uint8 { return c.hit[t][f] }

// EnemyMask is the set of enemy local types of firing type t that have
// ships in the battle.
func (c *Compiled) EnemyMask(st *State, t int) uint8 {
	en := &c.Sides[1-c.Types[t].Side]
	var m uint8
	for lt := range en.N {
		if InBattle(st, en.First+lt) > 0 {
			m |= 1 << lt
		}
	}
	return m
}
