package eclipse

import "math/bits"

// roster is one side's ships in the battle as the Monte Carlo fighter keeps
// them: how many ships of each type have each number of hit points left.
// Ships of a type differ only in damage (§8.1), so these counts are the
// side's whole state, and §6's canonical order (type in scenario order, most
// damage first) is read off them by rising rem. A volley changes a few
// counts instead of re-sorting a list of ships.
type roster struct {
	ships                             // has, n, in, byKill, bySmall
	cnt   [MaxPerSide][MaxHP + 1]int8 // ships by local type and rem (1..MaxHP)

	// When every type has at most maskHP hit points (masked), the ships are
	// also kept as two bit masks (byKill, bySmall) that put them in
	// kill-greedy's orders: a ship of type lt with rem r sets bit
	// 4r + 3 − tie[lt] of byKill and bit 4r + tie[lt] of bySmall, where tie
	// ranks the types by kill-greedy's tie-breaks (size rank desc, then
	// scenario order). The highest bit of byKill at or below rem d is the
	// killable ship of largest rem, the lowest of bySmall the ship of
	// smallest rem, each the best of its ties.
	masked bool
	tie    [MaxPerSide]uint8
	ofTie  [MaxPerSide]uint8          // the type of each tie rank
	every  [1 << MaxPerSide][2]uint64 // the bits of byKill, bySmall of the types in a set
	byRank [MaxPerSide]uint8          // the types of each size rank, larger ranks first (npcRun)
	nRanks int                        // size ranks in byRank
}

// ships is the part of a roster that a battle changes, but for the counts
// cnt: a few words, so that restart copies it.
type ships struct {
	has             [MaxPerSide]uint64 // bit rem−1 is set when cnt[lt][rem] > 0
	n               [MaxPerSide]int8   // ships in the battle by local type
	in              uint8              // local types with ships in the battle
	byKill, bySmall uint64             // a masked roster's masks
}

// maskHP is the most hit points a type may have for its roster to keep the
// kill-greedy masks: 4 bits a rem, rems 1..15.
const maskHP = 15

// setTypes prepares the roster for n types of the given size ranks and hit
// points; it holds no ships.
func (r *roster) setTypes(rank *[MaxPerSide]int8, hp *[MaxPerSide]int, n int) {
	*r = roster{masked: true}
	for lt := range MaxPerSide {
		r.ofTie[lt] = uint8(lt)
		if lt < n && hp[lt] > maskHP {
			r.masked = false
		}
	}
	// Insertion sort by rank desc; stable, so scenario order breaks ties.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && rank[r.ofTie[j]] > rank[r.ofTie[j-1]]; j-- {
			r.ofTie[j], r.ofTie[j-1] = r.ofTie[j-1], r.ofTie[j]
		}
	}
	for i, lt := range r.ofTie {
		r.tie[lt] = uint8(i)
		if i > 0 && rank[lt] != rank[r.ofTie[i-1]] {
			r.nRanks++
		}
		r.byRank[r.nRanks] |= 1 << lt
	}
	r.nRanks++
	for set := range 1 << MaxPerSide {
		for lt := range MaxPerSide {
			if set>>lt&1 != 0 {
				r.every[set][0] |= 0x1111111111111111 << (3 - r.tie[lt])
				r.every[set][1] |= 0x1111111111111111 << r.tie[lt]
			}
		}
	}
}

// mark sets (on = 1) or clears (on = 0) the mask bits of a ship of type lt
// with rem rem; it does nothing useful unless the roster is masked.
func (r *roster) mark(lt, rem int, on uint64) {
	r.byKill = r.byKill&^(1<<((4*rem+3-int(r.tie[lt]))&63)) | on<<((4*rem+3-int(r.tie[lt]))&63)
	r.bySmall = r.bySmall&^(1<<((4*rem+int(r.tie[lt]))&63)) | on<<((4*rem+int(r.tie[lt]))&63)
}

// fill sets type lt to n undamaged ships of hp hit points.
func (r *roster) fill(lt, n, hp int) {
	r.clear(lt)
	if n == 0 {
		return
	}
	r.cnt[lt][hp] = int8(n)
	r.has[lt] = 1 << (hp - 1)
	r.n[lt] = int8(n)
	r.in |= 1 << lt
	r.mark(lt, hp, 1)
}

// restart sets the roster back to start, its ships when every ship was
// undamaged (filled by fill), at the cost of a copy and of the counts in
// use: the start of every battle. Only the types of start have ships.
func (r *roster) restart(start *ships) {
	for types := start.in; types != 0; types &= types - 1 {
		lt := bits.TrailingZeros8(types) & (MaxPerSide - 1)
		for m := r.has[lt]; m != 0; m &= m - 1 {
			r.cnt[lt][bits.TrailingZeros64(m)+1] = 0
		}
		r.cnt[lt][bits.TrailingZeros64(start.has[lt])+1] = start.n[lt] // undamaged: its one rem is its HP
	}
	r.ships = *start
}

// clear removes every ship of type lt, touching only the counts in use.
func (r *roster) clear(lt int) {
	for m := r.has[lt]; m != 0; m &= m - 1 {
		r.cnt[lt][bits.TrailingZeros64(m)+1] = 0
	}
	r.has[lt], r.n[lt] = 0, 0
	r.in &^= 1 << lt
	r.byKill &^= r.every[1<<lt][0]
	r.bySmall &^= r.every[1<<lt][1]
}

// damage deals d damage to one ship of type lt that has rem hit points left
// and reports whether that destroyed it (§3.5: damage ≥ HP; overkill is
// lost). Whether a ship dies is as random as the dice, so the counts are
// updated without branches: a destroyed ship is counted into cnt[lt][0],
// which nothing reads.
func (r *roster) damage(lt, rem, d int) (destroyed bool) {
	lt &= MaxPerSide - 1
	c := &r.cnt[lt]
	v := c[rem]
	c[rem] = v - 1
	left := max(rem-d, 0)
	c[left]++
	gone, alive := b2u(v == 1), b2u(left > 0) // no ship has rem left; the ship survived
	t := int(r.tie[lt])
	r.has[lt] = moveBit(r.has[lt], rem-1, left-1, gone, alive)
	r.byKill = moveBit(r.byKill, 4*rem+3-t, 4*left+3-t, gone, alive)
	r.bySmall = moveBit(r.bySmall, 4*rem+t, 4*left+t, gone, alive)
	r.n[lt] -= int8(1 - alive)
	r.in &^= uint8(b2u(r.n[lt] == 0)) << lt
	return alive == 0
}

// moveBit clears bit from of m when gone is 1 and sets bit to when alive
// is 1 (bit numbers taken mod 64).
func moveBit(m uint64, from, to int, gone, alive uint64) uint64 {
	return m&^(gone<<(from&63)) | alive<<(to&63)
}

// destroy removes k of the ships of type lt that have rem left. Whether
// that empties rem, or the type, is as random as the dice: no branches.
func (r *roster) destroy(lt, rem, k int) {
	lt &= MaxPerSide - 1
	c := &r.cnt[lt][rem]
	*c -= int8(k)
	gone := b2u(*c == 0) // no ship has rem left
	t := int(r.tie[lt])
	r.has[lt] &^= gone << ((rem - 1) & 63)
	r.byKill &^= gone << ((4*rem + 3 - t) & 63)
	r.bySmall &^= gone << ((4*rem + t) & 63)
	r.n[lt] -= int8(k)
	r.in &^= uint8(b2u(r.n[lt] == 0)) << lt
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint64 {
	var u uint64
	if b {
		u = 1
	}
	return u
}

// targets writes the ships to tg as Assign's targets, in canonical order,
// with the size ranks of their types and the positions of their types in
// the firing side's priority order, and returns how many there are.
func (r *roster) targets(tg *[MaxTargets]Target, rank, prio *[MaxPerSide]int8) int {
	nt := 0
	for m := r.in; m != 0; m &= m - 1 {
		lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
		for h := r.has[lt]; h != 0; h &= h - 1 {
			rem := bits.TrailingZeros64(h) + 1
			x := Target{Type: uint8(lt), Rank: rank[lt], Prio: prio[lt], Rem: int16(rem)}
			for range r.cnt[lt][rem] {
				tg[nt] = x
				nt++
			}
		}
	}
	return nt
}

// damageOf writes the damage of type lt's ships, most first, to dmg (the
// State's layout), given the type's hit points.
func (r *roster) damageOf(lt, hp int, dmg *[MaxShips]int16) {
	*dmg = [MaxShips]int16{}
	i := 0
	for h := r.has[lt]; h != 0; h &= h - 1 {
		rem := bits.TrailingZeros64(h) + 1
		for range r.cnt[lt][rem] {
			dmg[i] = int16(hp - rem)
			i++
		}
	}
}

// blow is where one die unit of a volley went, for the replay log.
type blow struct {
	class int8  // its class in Work.Classes
	lt    int8  // the enemy local type of the ship it hit; −1: it hits only doomed ships
	rem   int16 // the ship's hit points left before the blow
}

// greedyOrder is the order in which killGreedy takes the classes, as
// Assign orders them for `kill-greedy`: damage desc, then #H asc (the ships
// of the roster a class hits), then class index.
func (r *roster) greedyOrder(classes []DieClass, s *AssignScratch) []int8 {
	ord := s.ord[:len(classes)]
	for i := range ord {
		ord[i] = int8(i)
	}
	if len(classes) > 1 {
		for i := range classes {
			n := int16(0)
			for m := classes[i].Hits & r.in; m != 0; m &= m - 1 {
				n += int16(r.n[bits.TrailingZeros8(m)&(MaxPerSide-1)])
			}
			s.nh[i] = n
		}
		sortClasses(classes, s, byDamageThenH)
	}
	return ord
}

// killGreedy plays §6 `kill-greedy` on the roster: dice in the order ord
// (damage desc, then #H asc: greedyOrder), each die by greedyRun. base
// holds greedyBase of each type. It returns the types hit and the types
// that lost a ship, and appends each die unit's blow to *blows when blows
// is not nil.
func (r *roster) killGreedy(classes []DieClass, ord []int8, base *[MaxPerSide]int64, blows *[]blow) (hit, killed uint8) {
	for _, ci := range ord {
		c := &classes[ci]
		if blows == nil {
			h, k := r.greedyRun(int(c.Dmg), c.Hits, int(c.N), base)
			hit, killed = hit|h, killed|k
			continue
		}
		for range c.N { // one die at a time, to log the ship it hit
			before := *r
			h, k := r.greedyRun(int(c.Dmg), c.Hits, 1, base)
			hit, killed = hit|h, killed|k
			b := blow{class: ci, lt: -1}
			if h != 0 {
				lt := bits.TrailingZeros8(h)
				rem := 1
				for before.cnt[lt][rem] <= r.cnt[lt][rem] {
					rem++ // the ship hit is the one missing from its rem
				}
				b.lt, b.rem = int8(lt), int16(rem)
			}
			*blows = append(*blows, b)
		}
	}
	return hit, killed
}

// greedyRun assigns n dice of damage d that hit the types in hits by §6
// `kill-greedy`: each die goes to the killable ship (rem ≤ d) with the
// largest rem, else to the ship with the smallest rem; ties: the larger
// size rank, then the earlier type; a destroyed ship takes no further dice.
// Ships of a type with equal rem are interchangeable, so this deals exactly
// the damage Assign's kill-greedy deals to the same ships
// (TestRosterKillGreedy) without a list of them. It returns the types hit
// and the types that lost a ship.
//
// On a masked roster, each die's ship is the highest bit of byKill among
// rems ≤ d, else the lowest of bySmall. A die that kills leaves the best
// killable ships where they were, so the next dice go to the same rem of
// the same type while it has ships: they are dealt as one run. (This, the
// usual case, is here rather than in a function of its own: a call less
// per volley.) Other rosters go to greedyRunKeys.
func (r *roster) greedyRun(d int, hits uint8, n int, base *[MaxPerSide]int64) (hit, killed uint8) {
	if !r.masked {
		return r.greedyRunKeys(d, hits, n, base)
	}
	every := &r.every[hits&(1<<MaxPerSide-1)]
	killable := killableBits[min(d, maskHP)]
	for n > 0 {
		k := r.byKill & every[0]
		if k == 0 {
			break // every ship these dice hit is destroyed
		}
		if k &= killable; k != 0 { // a run of kills
			i := 63 - bits.LeadingZeros64(k)
			t, rem := 3-i&3, i>>2
			lt := int(r.ofTie[t]) & (MaxPerSide - 1) // in range: no check on 1 << lt
			m := min(n, int(r.cnt[lt][rem]))
			r.destroy(lt, rem, m)
			n -= m
			hit |= 1 << lt
			killed |= 1 << lt
			continue
		}
		i := bits.TrailingZeros64(r.bySmall & every[1]) // the smallest rem, > d
		lt := int(r.ofTie[i&3]) & (MaxPerSide - 1)
		r.damage(lt, i>>2, d) // no ship it hits is killable: it survives
		hit |= 1 << lt
		n--
	}
	return hit, killed
}

// greedyRunKeys is greedyRun on a roster that is not masked: a type's
// candidate is the highest of its rems up to d, or else its lowest, read
// off its bit mask has, and the dice go one at a time to the candidate of
// the best key.
func (r *roster) greedyRunKeys(d int, hits uint8, n int, base *[MaxPerSide]int64) (hit, killed uint8) {
	low := uint64(1)<<(d&63) - 1 // rems 1..d
	for range n {
		best := int64(-1)
		for m := hits & r.in; m != 0; m &= m - 1 {
			lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
			best = max64(best, greedyKey(r.has[lt], low, base[lt]))
		}
		if best < 0 {
			break // every ship these dice hit is destroyed
		}
		lt, rem := killGreedyShip(best)&(MaxPerSide-1), killGreedyRem(best)
		hit |= 1 << lt
		killed |= uint8(b2u(r.damage(lt, rem, d))) << lt
	}
	return hit, killed
}

// killableBits[d] has the mask bits of rems 1..d (bits 4r..4r+3 hold rem
// r), for d up to maskHP.
var killableBits = func() (k [maskHP + 1]uint64) {
	for d := range k {
		k[d] = 1<<(4*(d+1)) - 1
	}
	k[maskHP] = ^uint64(0)
	return k
}()

// greedyBase is the part of killGreedyKey that depends only on the type:
// its size rank and its index (the tie-breaks).
func greedyBase(rank int8, lt int) int64 {
	return killGreedyKey(0, 0, rank, lt) &^ (1<<40 | 0xffff<<24)
}

// greedyKey is killGreedyKey of the candidate of a type with rems h (a
// mask, not empty) for a die that kills the rems in low, given the type's
// greedyBase: the highest killable rem, else the lowest rem, chosen
// without a branch.
func greedyKey(h, low uint64, base int64) int64 {
	k := h & low
	kill := int64(b2u(k != 0)) // 1 when some rem is killable
	x := h & -h                // the lowest rem
	if kill != 0 {
		x = k
	}
	rem := int64(bits.Len64(x))
	// Killable keys hold 1<<40 | rem<<24, the others (0xffff − rem)<<24.
	return kill<<40 | (rem^(0xffff&(kill-1)))<<24 | base
}

// max64 is max without a branch, for keys (|a−b| < 2⁶²): which type a die
// hits is as random as the die.
func max64(a, b int64) int64 {
	d := a - b
	return a - d&(d>>63)
}

// npcRun assigns n dice of damage d that hit the types in hits by §6
// `npc`, for a volley whose dice are all of this one class: in the order
// of size rank desc, rem asc, then type (the canonical index), each ship
// the dice left can kill takes the fewest of them that do, ⌈rem/d⌉; the
// dice left after that all go to the first ship in that order that they
// hit and that survives (they cannot kill it: it was not killable when
// more dice were left). Ships of a type with equal rem are
// interchangeable, so this deals exactly the damage Assign's `npc` deals to
// the same ships (TestRosterNPC). It returns the types hit and the types
// that lost a ship.
func (r *roster) npcRun(d int, hits uint8, n int) (hit, killed uint8) {
	firstLT, firstRem := -1, 0 // the first ship in order that survives
	live := hits & r.in        // the types these dice hit that have ships
	for _, rank := range r.byRank[:r.nRanks] {
		if n == 0 {
			break
		}
		// The types of one size rank: their ships go by rem, then type.
		types := rank & live
		var rems uint64
		for m := types; m != 0; m &= m - 1 {
			rems |= r.has[bits.TrailingZeros8(m)&(MaxPerSide-1)]
		}
		for ; rems != 0 && n > 0; rems &= rems - 1 {
			rem := bits.TrailingZeros64(rems) + 1
			for ts := types; ts != 0 && n > 0; ts &= ts - 1 { // type order within the rank
				lt := bits.TrailingZeros8(ts) & (MaxPerSide - 1)
				c := int(r.cnt[lt][rem])
				if c == 0 {
					continue
				}
				k := quotient(rem+d-1, d)
				m := min(c, quotient(n, k))
				if m > 0 {
					r.destroy(lt, rem, m)
					n -= m * k
					hit |= 1 << lt
					killed |= 1 << lt
				}
				if m < c && firstLT < 0 {
					firstLT, firstRem = lt, rem
				}
			}
		}
	}
	if n > 0 && firstLT >= 0 {
		r.damage(firstLT, firstRem, n*d)
		hit |= 1 << firstLT
	}
	return hit, killed
}

// quotient is ⌊n/k⌋ for 0 ≤ n < 2¹⁶ and 1 ≤ k < 128 by a multiplication:
// npcRun divides twice for each group of ships it visits, and a hardware
// division costs as much as the rest of the visit. With m = ⌈2³²/k⌉ and
// e = mk − 2³² < k, nm/2³² = n/k + ne/(k·2³²), and ne < 2²³ keeps the
// excess below 1/k, so the floor is exact (TestQuotient checks every n, k).
func quotient(n, k int) int {
	return int(uint64(n) * reciprocal[k&127] >> 32)
}

// reciprocal[k] is ⌈2³²/k⌉ (k ≥ 1).
var reciprocal = func() (m [128]uint64) {
	for k := 1; k < len(m); k++ {
		m[k] = (1<<32 + uint64(k) - 1) / uint64(k)
	}
	return m
}()
