package eclipse

import "math/bits"

// Damage assignment (§6). Assign is the policy function:
// it sees each die only as (damage, hit-set), grouped into classes of
// identical dice, and the enemy ships in canonical order with their
// remaining hit points. The exact solver calls it for every volley. The
// Monte Carlo fighter calls it for the largest-killable-first and priority
// policies and for npc volleys of several classes; kill-greedy volleys and
// npc volleys of one class it plays on its roster of ship counts (roster.go),
// by functions that deal exactly the damage Assign deals to the same ships
// (TestRosterKillGreedy, TestRosterNPC), so that both engines still make the
// same choices.

// Policy is a damage-assignment policy (§6, §13.10).
type Policy uint8

const (
	PolicyNPC Policy = iota
	PolicyKillGreedy
	PolicyLargestKillableFirst
	PolicyPriority
	// PolicyOptimal is the exact solver's optimising side; Assign does not
	// implement it (the solver enumerates every assignment instead).
	PolicyOptimal
)

var policyNames = [...]string{"npc", "kill-greedy", "largest-killable-first", "priority", "optimal"}

func (p Policy) String() string { return policyNames[p] }

// DieClass is a group of identical hitting dice (§6 inputs, §8.2): each does
// Dmg damage and hits exactly the enemy ships whose local type is in Hits.
// Hit-sets of the classes of one volley are nested (a higher face hits a
// superset), so two classes with the same damage differ in #H.
type DieClass struct {
	Dmg  int16
	Hits uint8
	N    int16 // dice in the class (damage units, with the antimatter splitter)
}

// Target is one enemy ship in the battle, in canonical order: enemy type in
// scenario order, then most damage first (§6). Rem is HP − damage.
type Target struct {
	Type uint8 // enemy local type index
	Rank int8  // size rank (§4.5)
	Prio int8  // position of its type in the firing side's priority order
	Rem  int16
}

const maxClasses = 4 * 6 // colours × distinct hit-sets (at most 5) fits

// AssignScratch is the scratch space Assign needs; the zero value is ready.
type AssignScratch struct {
	ord   [maxClasses]int8
	nh    [maxClasses]int16
	off   [maxClasses]int16
	left  [maxClasses]int16
	used  [maxClasses]int16
	rem   [MaxTargets]int16
	tord  [MaxTargets]int8
	avail [MaxPerSide]int32
	canon bool            // targets in canonical order
	hi    [MaxPerSide]int // canonical order: the end of each type's run, 0 if none
}

func (c DieClass) hits(t *Target) bool { return c.Hits&(1<<t.Type) != 0 }

// Offsets returns, for each class, the index in the per-die output of its
// first die: class i's dice are to[off[i] : off[i]+N].
func Offsets(classes []DieClass, off []int16) int {
	n := 0
	for i, c := range classes {
		off[i] = int16(n)
		n += int(c.N)
	}
	return n
}

// Assign assigns every die of classes to a target and writes, for die u of
// class i, the target index (into targets) to to[off_i+u], or -1 when every
// ship the die hits is already doomed. targets is not modified. The result
// depends only on the classes' (damage, hit-set, count) and the targets.
// It runs for every volley of every trial and stays whole: its steps share
// the scratch's orders and counts, which a call per step would pass about.
func Assign(p Policy, classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	nc := len(classes)
	Offsets(classes, s.off[:nc])
	// Copy rem, and note whether the targets are in canonical order (types
	// ascending, rem ascending within a type) and where each type's run ends.
	rem := s.rem[:len(targets)]
	s.hi = [MaxPerSide]int{}
	// Canonical ⇔ the keys type·2¹⁶ + rem never decrease (0 < rem < 2¹⁶);
	// the sign of bad records a decrease.
	bad, prev := 0, 0
	for j := range targets {
		t, r := targets[j].Type, targets[j].Rem
		rem[j] = r
		s.hi[t&(MaxPerSide-1)] = j + 1
		key := int(t)<<16 | int(uint16(r))
		bad |= key - prev
		prev = key
	}
	s.canon = bad >= 0
	for i := range classes {
		s.ord[i] = int8(i)
		s.left[i] = classes[i].N
		s.used[i] = 0
	}
	if nc > 1 { // #H only orders classes
		// Ships per enemy type; in canonical order, from the ends of the runs.
		var per [MaxPerSide]int16
		if s.canon {
			end := 0
			for lt, h := range s.hi {
				if h > 0 {
					per[lt], end = int16(h-end), h
				}
			}
		} else {
			for j := range targets {
				per[targets[j].Type]++
			}
		}
		for i := range classes {
			n := int16(0)
			for lt, k := range per {
				if classes[i].Hits&(1<<lt) != 0 {
					n += k
				}
			}
			s.nh[i] = n
		}
	}
	switch p {
	case PolicyNPC:
		sortClasses(classes, s, byDamageThenH)
		assignNPC(classes, targets, to, s)
	case PolicyKillGreedy:
		sortClasses(classes, s, byDamageThenH)
		assignKillGreedy(classes, targets, to, s)
	case PolicyLargestKillableFirst, PolicyPriority:
		sortClasses(classes, s, byHThenDamage)
		assignKillable(p == PolicyPriority, classes, targets, to, s)
	default:
		panic("eclipse: Assign called with policy " + p.String())
	}
}

const (
	byDamageThenH = iota // damage desc, then #H asc
	byHThenDamage        // #H asc, then damage desc
)

// sortClasses orders s.ord (insertion sort; a handful of classes).
func sortClasses(classes []DieClass, s *AssignScratch, key int) {
	if len(classes) < 2 {
		return
	}
	less := func(a, b int8) bool {
		ca, cb := &classes[a], &classes[b]
		if key == byDamageThenH {
			if ca.Dmg != cb.Dmg {
				return ca.Dmg > cb.Dmg
			}
			if s.nh[a] != s.nh[b] {
				return s.nh[a] < s.nh[b]
			}
		} else {
			if s.nh[a] != s.nh[b] {
				return s.nh[a] < s.nh[b]
			}
			if ca.Dmg != cb.Dmg {
				return ca.Dmg > cb.Dmg
			}
		}
		return a < b
	}
	ord := s.ord[:len(classes)]
	for i := 1; i < len(ord); i++ {
		x := ord[i]
		j := i
		for j > 0 && less(x, ord[j-1]) {
			ord[j] = ord[j-1]
			j--
		}
		ord[j] = x
	}
}

// killGreedyKey ranks ship j (rem r > 0, size rank) as the target of a
// kill-greedy die of damage d so that the largest key is §6's choice:
// killable (r ≤ d) first; then the largest rem if killable, else the
// smallest (r ≤ MaxHP fits 16 bits); then the larger size rank; then the
// smaller index. Comparing keys instead of branching on each criterion
// keeps the loops over candidates free of unpredictable branches.
func killGreedyKey(r, d int64, rank int8, j int) int64 {
	nonKill := (d - r) >> 63 // −1 when r > d, else 0
	k := (0xffff-r)<<24&nonKill | (1<<40|r<<24)&^nonKill
	return k | int64(uint8(rank)^0x80)<<16 | int64(0xffff-j)
}

// killGreedyShip is the ship index in a key of killGreedyKey.
func killGreedyShip(key int64) int { return 0xffff - int(key&0xffff) }

// killGreedyRem is the rem r in a key of killGreedyKey.
func killGreedyRem(key int64) int {
	// Killable keys hold r, the others 0xffff − r = r ^ 0xffff.
	return int(key>>24&0xffff ^ (key>>40-1)&0xffff)
}

// assignKillGreedyScan is §6 `kill-greedy` by a scan of every target per
// die, for targets in any order; it gives exactly assignKillGreedy's result.
func assignKillGreedyScan(classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		d := int64(c.Dmg)
		for u := int16(0); u < c.N; u++ {
			// Branch-free: a ship that is doomed or not hit gets key −1.
			best := int64(-1)
			hits := int64(c.Hits)
			for j := range targets {
				r := int64(s.rem[j])
				k := killGreedyKey(r, d, targets[j].Rank, j)
				ok := -(hits >> targets[j].Type & 1) & (-r >> 63) // −1 when hit and r > 0
				best = max(best, (k+1)&ok-1)
			}
			if best < 0 {
				to[int(s.off[ci])+int(u)] = -1
				continue
			}
			j := killGreedyShip(best)
			to[int(s.off[ci])+int(u)] = int8(j)
			s.rem[j] -= int16(d)
		}
	}
}

// assignKillGreedy is §6 `kill-greedy`: dice by damage desc then #H asc; each
// die goes to the killable ship (rem ≤ damage) with the largest rem, else to
// the ship with the smallest rem; ties: larger size rank, then canonical
// index. Doomed ships (rem ≤ 0) take no further dice.
//
// Targets in canonical order (§6: each type's ships together, most damage
// first, so rem ascending) let it look at each enemy type's ships as one
// sorted run instead of scanning every ship per die. A die changes that
// order only by dooming a ship or by lowering the rem of its type's first
// living ship (which stays first), so the living ships of a run stay
// sorted, and a type's best candidate is its first living ship or, when
// that one is killable, the first living ship with the largest rem ≤
// damage, found by walking the run from the front. Targets in any other
// order go to assignKillGreedyScan, which gives the same result.
func assignKillGreedy(classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	if !s.canon {
		assignKillGreedyScan(classes, targets, to, s)
		return
	}
	// lo[lt]..hi[lt]: the run of type lt, lo advanced past doomed ships.
	hi := &s.hi // not a copy: a block load of the words just stored stalls
	var lo [MaxPerSide]int
	var live uint8 // types with a living ship left
	end := 0
	for lt, h := range hi {
		if h > 0 {
			lo[lt], end = end, h
			live |= 1 << lt
		}
	}
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		d := c.Dmg
		for u := int16(0); u < c.N; u++ {
			best := int64(-1)
			for m := c.Hits & live; m != 0; m &= m - 1 {
				lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
				p, end := lo[lt], hi[lt]
				for p < end && s.rem[p] <= 0 {
					p++
				}
				lo[lt] = p
				if p == end {
					live &^= 1 << lt
					continue
				}
				j := p
				kill := s.rem[p] <= d
				if kill { // the first living ship of the largest rem v ≤ d
					for i, v := p+1, s.rem[p]; i < end && v < d; i++ {
						if r := s.rem[i]; r > d {
							break
						} else if r > v {
							j, v = i, r
						}
					}
				}
				best = max(best, killGreedyKey(int64(s.rem[j]), int64(d), targets[j].Rank, j))
			}
			if best < 0 {
				to[int(s.off[ci])+int(u)] = -1
				continue
			}
			j := killGreedyShip(best)
			to[int(s.off[ci])+int(u)] = int8(j)
			s.rem[j] -= d
		}
	}
}

// assignKillable is §6 `largest-killable-first` (and `priority` with the
// side's priority order): dice by #H asc then damage desc; each die goes to
// the first ship in priority order that it hits and that the unassigned dice
// hitting it (this die included) can still kill; else to the first ship in
// priority order it hits. Priority order: size rank desc (or priority list
// position), then current rem asc, then canonical index.
func assignKillable(prio bool, classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	for lt := range s.avail {
		s.avail[lt] = 0
	}
	for i := range classes {
		c := &classes[i]
		for lt := range MaxPerSide {
			if c.Hits&(1<<lt) != 0 {
				s.avail[lt] += int32(c.N) * int32(c.Dmg)
			}
		}
	}
	// better reports whether ship j precedes ship k in priority order.
	better := func(j, k int) bool {
		tj, tk := &targets[j], &targets[k]
		if prio {
			if tj.Prio != tk.Prio {
				return tj.Prio < tk.Prio
			}
		} else if tj.Rank != tk.Rank {
			return tj.Rank > tk.Rank
		}
		if s.rem[j] != s.rem[k] {
			return s.rem[j] < s.rem[k]
		}
		return j < k
	}
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		d := c.Dmg
		for u := int16(0); u < c.N; u++ {
			first, kill := -1, -1
			for j := range targets {
				if s.rem[j] <= 0 || !c.hits(&targets[j]) {
					continue
				}
				if first < 0 || better(j, first) {
					first = j
				}
				if s.avail[targets[j].Type] >= int32(s.rem[j]) && (kill < 0 || better(j, kill)) {
					kill = j
				}
			}
			pick := first
			if kill >= 0 {
				pick = kill
			}
			to[int(s.off[ci])+int(u)] = int8(pick)
			if pick >= 0 {
				s.rem[pick] -= d
			}
			for lt := range MaxPerSide {
				if c.Hits&(1<<lt) != 0 {
					s.avail[lt] -= int32(d)
				}
			}
		}
	}
}

// assignNPC is §6 `npc`, the rulebook NPC rule: 1. order ships by size rank
// desc, rem asc, canonical index; 2. for each ship in that order, if the
// unassigned dice hitting it total at least its rem, give it the subset that
// kills it with the fewest dice, then the least total damage, then the
// earliest dice in (damage desc, #H asc) order; 3. every other die goes to
// the first ship in that order that it hits and that is not doomed.
func assignNPC(classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	orderNPCTargets(targets, s.tord[:len(targets)])
	killNPCTargets(classes, targets, to, s)
	spreadNPCDice(classes, targets, to, s)
}

// orderNPCTargets is step 1 of assignNPC: tord lists the targets by size
// rank desc, rem asc (rem at the start of the activation), index.
func orderNPCTargets(targets []Target, tord []int8) {
	nt := len(targets)
	for j := range nt {
		tord[j] = int8(j)
	}
	for i := 1; i < nt; i++ {
		x := tord[i]
		k := i
		for k > 0 {
			y := tord[k-1]
			tx, ty := &targets[x], &targets[y]
			if tx.Rank > ty.Rank || tx.Rank == ty.Rank && (tx.Rem < ty.Rem || tx.Rem == ty.Rem && x < y) {
				tord[k] = y
				k--
				continue
			}
			break
		}
		tord[k] = x
	}
}

// killNPCTargets is step 2 of assignNPC: in target order, each ship the
// unassigned dice can kill gets the subset that kills it (npcSubset).
// It runs for every NPC volley of every trial and stays whole, as Assign.
func killNPCTargets(classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	nt := len(targets)
	ord := s.ord[:len(classes)]
	diceLeft := 0
	for _, c := range classes {
		diceLeft += int(c.N)
	}
	// Step 2. Whether a die hits a ship depends only on the ship's type, so
	// the dice available against a ship (av, total, and dmask: the damage
	// values present) are counted once per type and reused for the type's
	// other ships until some dice are taken; once every die is taken,
	// neither step 2 nor step 3 has anything left to do.
	var av [5]int // available dice by damage 1..4
	total, dmask, avType := 0, 0, -1
	for _, jj := range s.tord[:nt] {
		if diceLeft == 0 {
			return
		}
		j := int(jj)
		t := &targets[j]
		r := int(s.rem[j])
		if int(t.Type) != avType {
			av = [5]int{}
			total, dmask, avType = 0, 0, int(t.Type)
			for _, ci := range ord {
				c := &classes[ci]
				if s.left[ci] > 0 && c.hits(t) {
					av[c.Dmg] += int(s.left[ci])
					total += int(s.left[ci]) * int(c.Dmg)
					dmask |= 1 << c.Dmg
				}
			}
		}
		if total < r {
			continue
		}
		var best [5]int
		bestTot := 0
		if dmask&(dmask-1) == 0 {
			// One damage value d: the only k-subset is ⌈r/d⌉ dice of d
			// (total ≥ r guarantees there are that many), which is what
			// npcSubset finds.
			d := bits.TrailingZeros(uint(dmask))
			k := (r + d - 1) / d
			best[d], bestTot = k, k*d
		} else {
			bestTot, best = npcSubset(&av, r)
		}
		avType = -1 // dice are taken below: count again
		// Take the chosen counts from the earliest classes (#H asc within a
		// damage value, as ord lists them).
		for _, ci := range ord {
			c := &classes[ci]
			need := best[c.Dmg]
			if need == 0 || s.left[ci] == 0 || !c.hits(t) {
				continue
			}
			take := min(need, int(s.left[ci]))
			base := int(s.off[ci]) + int(s.used[ci])
			for u := range take {
				to[base+u] = int8(j)
			}
			s.used[ci] += int16(take)
			s.left[ci] -= int16(take)
			best[c.Dmg] -= take
			diceLeft -= take
		}
		s.rem[j] -= int16(bestTot)
	}
}

// spreadNPCDice is step 3 of assignNPC: every die left goes to the first
// ship in target order that it hits and that is not doomed.
func spreadNPCDice(classes []DieClass, targets []Target, to []int8, s *AssignScratch) {
	nt := len(targets)
	for _, ci := range s.ord[:len(classes)] {
		c := &classes[ci]
		for s.left[ci] > 0 {
			pick := -1
			for _, jj := range s.tord[:nt] {
				j := int(jj)
				if s.rem[j] > 0 && c.hits(&targets[j]) {
					pick = j
					break
				}
			}
			to[int(s.off[ci])+int(s.used[ci])] = int8(pick)
			if pick >= 0 {
				s.rem[pick] -= c.Dmg
			}
			s.used[ci]++
			s.left[ci]--
		}
	}
}

// npcSubset is §6 `npc` step 2's choice of dice against a ship of rem r
// that the available dice (av[d] of damage d, totalling at least r) can
// kill: it returns the total damage and the counts by damage of the subset
// with the fewest dice, then the least total damage, then the earliest dice
// in damage desc order.
func npcSubset(av *[5]int, r int) (int, [5]int) {
	// Fewest dice: the k largest dice reach r.
	k, sum := 0, 0
	for d := 4; d >= 1 && sum < r; d-- {
		take := min(av[d], (r-sum+d-1)/d)
		k += take
		sum += take * d
	}
	// Least total damage among k-subsets reaching r; iterating the
	// counts of 4s, 3s, 2s downwards makes the first minimum the
	// lexicographically earliest subset in (damage desc) order.
	bestTot := -1
	var best [5]int
	for c4 := min(k, av[4]); c4 >= 0; c4-- {
		for c3 := min(k-c4, av[3]); c3 >= 0; c3-- {
			for c2 := min(k-c4-c3, av[2]); c2 >= 0; c2-- {
				c1 := k - c4 - c3 - c2
				if c1 > av[1] {
					continue
				}
				tot := 4*c4 + 3*c3 + 2*c2 + c1
				if tot < r || bestTot >= 0 && tot >= bestTot {
					continue
				}
				bestTot = tot
				best = [5]int{0, c1, c2, c3, c4}
			}
		}
	}
	return bestTot, best
}
