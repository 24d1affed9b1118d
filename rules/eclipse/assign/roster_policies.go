package assign

import "math/bits"

// Blow is where one die unit of a volley went, for the replay log.
type Blow struct {
	Class int8  // its class in the volley's classes
	Type  int8  // the enemy local type of the ship it hit; −1: it hits only doomed ships
	Rem   int16 // the ship's hit points left before the blow
}

// GreedyOrder is the order in which KillGreedy takes the classes, as
// Assign orders them for `kill-greedy`: damage desc, then #H asc (the ships
// of the roster a class hits), then class index.
func (r *Roster) GreedyOrder(classes []DieClass, s *Scratch) []int8 {
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

// KillGreedy plays §6 `kill-greedy` on the roster: dice in the order ord
// (damage desc, then #H asc: GreedyOrder), each die by GreedyRun. It
// returns the types hit and the types that lost a ship, and appends each
// die unit's blow to *blows when blows is not nil.
func (r *Roster) KillGreedy(classes []DieClass, ord []int8, blows *[]Blow) (hit, killed uint8) {
	for _, ci := range ord {
		c := &classes[ci]
		if blows == nil {
			h, k := r.GreedyRun(int(c.Dmg), c.Hits, int(c.N))
			hit, killed = hit|h, killed|k
			continue
		}
		for range c.N { // one die at a time, to log the ship it hit
			before := *r
			h, k := r.GreedyRun(int(c.Dmg), c.Hits, 1)
			hit, killed = hit|h, killed|k
			b := Blow{Class: ci, Type: -1}
			if h != 0 {
				lt := bits.TrailingZeros8(h)
				rem := 1
				for before.cnt[lt][rem] <= r.cnt[lt][rem] {
					rem++ // the ship hit is the one missing from its rem
				}
				b.Type, b.Rem = int8(lt), int16(rem)
			}
			*blows = append(*blows, b)
		}
	}
	return hit, killed
}

// GreedyRun assigns n dice of damage d that hit the types in hits by §6
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
func (r *Roster) GreedyRun(d int, hits uint8, n int) (hit, killed uint8) {
	if !r.masked {
		return r.greedyRunKeys(d, hits, n)
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
		r.Damage(lt, i>>2, d) // no ship it hits is killable: it survives
		hit |= 1 << lt
		n--
	}
	return hit, killed
}

// greedyRunKeys is GreedyRun on a roster that is not masked: a type's
// candidate is the highest of its rems up to d, or else its lowest, read
// off its bit mask has, and the dice go one at a time to the candidate of
// the best key.
func (r *Roster) greedyRunKeys(d int, hits uint8, n int) (hit, killed uint8) {
	low := uint64(1)<<(d&63) - 1 // rems 1..d
	for range n {
		best := int64(-1)
		for m := hits & r.in; m != 0; m &= m - 1 {
			lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
			best = max64(best, greedyKey(r.has[lt], low, r.base[lt]))
		}
		if best < 0 {
			break // every ship these dice hit is destroyed
		}
		lt, rem := killGreedyShip(best)&(MaxPerSide-1), killGreedyRem(best)
		hit |= 1 << lt
		killed |= uint8(b2u(r.Damage(lt, rem, d))) << lt
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

// NPCRun assigns n dice of damage d that hit the types in hits by §6
// `npc`, for a volley whose dice are all of this one class: in the order
// of size rank desc, rem asc, then type (the canonical index), each ship
// the dice left can kill takes the fewest of them that do, ⌈rem/d⌉; the
// dice left after that all go to the first ship in that order that they
// hit and that survives (they cannot kill it: it was not killable when
// more dice were left). Ships of a type with equal rem are
// interchangeable, so this deals exactly the damage Assign's `npc` deals to
// the same ships (TestRosterNPC). It returns the types hit and the types
// that lost a ship.
func (r *Roster) NPCRun(d int, hits uint8, n int) (hit, killed uint8) {
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
		r.Damage(firstLT, firstRem, n*d)
		hit |= 1 << firstLT
	}
	return hit, killed
}

// quotient is ⌊n/k⌋ for 0 ≤ n < 2¹⁶ and 1 ≤ k < 128 by a multiplication:
// NPCRun divides twice for each group of ships it visits, and a hardware
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
