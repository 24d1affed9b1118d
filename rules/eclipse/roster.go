package eclipse

import "math/bits"

// roster is one side's ships in the battle as the Monte Carlo fighter keeps
// them: how many ships of each type have each number of hit points left.
// Ships of a type differ only in damage (§8.1), so these counts are the
// side's whole state, and §6's canonical order (type in scenario order, most
// damage first) is read off them by rising rem. A volley changes a few
// counts instead of re-sorting a list of ships.
type roster struct {
	cnt [MaxPerSide][MaxHP + 1]int8 // ships by local type and rem (1..MaxHP)
	has [MaxPerSide]uint64          // bit rem−1 is set when cnt[lt][rem] > 0
	n   [MaxPerSide]int8            // ships in the battle by local type
	in  uint8                       // local types with ships in the battle
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
}

// clear removes every ship of type lt, touching only the counts in use.
func (r *roster) clear(lt int) {
	for m := r.has[lt]; m != 0; m &= m - 1 {
		r.cnt[lt][bits.TrailingZeros64(m)+1] = 0
	}
	r.has[lt], r.n[lt] = 0, 0
	r.in &^= 1 << lt
}

// damage deals d damage to one ship of type lt that has rem hit points left
// and reports whether that destroyed it (§3.5: damage ≥ HP; overkill is
// lost). Whether a ship dies is as random as the dice, so the counts are
// updated without branches: a destroyed ship is counted into cnt[lt][0],
// which nothing reads.
func (r *roster) damage(lt, rem, d int) (destroyed bool) {
	lt &= MaxPerSide - 1
	c := &r.cnt[lt]
	c[rem]--
	r.has[lt] &^= b2u(c[rem] == 0) << ((rem - 1) & 63)
	left := max(rem-d, 0)
	c[left]++
	r.has[lt] |= b2u(left > 0) << ((left - 1) & 63)
	dead := b2u(left == 0)
	r.n[lt] -= int8(dead)
	r.in &^= uint8(b2u(r.n[lt] == 0)) << lt
	return left == 0
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
		for range c.N { // one die at a time, to log each
			b := blow{class: ci, lt: -1}
			lt, rem := r.greedyPick(int(c.Dmg), c.Hits, base)
			if lt >= 0 {
				b.lt, b.rem = int8(lt), int16(rem)
			}
			*blows = append(*blows, b)
			h, k := r.greedyRun(int(c.Dmg), c.Hits, 1, base)
			hit, killed = hit|h, killed|k
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
// (TestRosterKillGreedy) without a list of them: a type's candidate is the
// highest of its rems up to d, or else its lowest, read off its bit mask.
// It returns the types hit and the types that lost a ship.
func (r *roster) greedyRun(d int, hits uint8, n int, base *[MaxPerSide]int64) (hit, killed uint8) {
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

// greedyPick is the type and rem of the ship greedyRun gives its next die,
// or −1 when there is none.
func (r *roster) greedyPick(d int, hits uint8, base *[MaxPerSide]int64) (lt, rem int) {
	best := int64(-1)
	for m := hits & r.in; m != 0; m &= m - 1 {
		lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
		best = max64(best, greedyKey(r.has[lt], uint64(1)<<(d&63)-1, base[lt]))
	}
	if best < 0 {
		return -1, 0
	}
	return killGreedyShip(best), killGreedyRem(best)
}

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
