package assign

import "math/bits"

// Roster is one side's ships in the battle as the Monte Carlo fighter keeps
// them: how many ships of each type have each number of hit points left.
// Ships of a type differ only in damage (§8.1), so these counts are the
// side's whole state, and §6's canonical order (type in scenario order, most
// damage first) is read off them by rising rem. A volley changes a few
// counts instead of re-sorting a list of ships. The zero value holds no
// types; SetTypes prepares it.
type Roster struct {
	ships                             // has, n, in, byKill, bySmall
	cnt   [MaxPerSide][MaxHP + 1]int8 // ships by local type and rem (1..MaxHP)
	start ships                       // the ships when every ship was undamaged (Fill)

	rank [MaxPerSide]int8  // the size rank of each type (Targets)
	base [MaxPerSide]int64 // greedyBase of each type (greedyRunKeys)

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
	byRank [MaxPerSide]uint8          // the types of each size rank, larger ranks first (NPCRun)
	nRanks int                        // size ranks in byRank
}

// ships is the part of a roster that a battle changes, but for the counts
// cnt: a few words, so that Restart copies it.
type ships struct {
	has             [MaxPerSide]uint64 // bit rem−1 is set when cnt[lt][rem] > 0
	n               [MaxPerSide]int8   // ships in the battle by local type
	in              uint8              // local types with ships in the battle
	byKill, bySmall uint64             // a masked roster's masks
}

// maskHP is the most hit points a type may have for its roster to keep the
// kill-greedy masks: 4 bits a rem, rems 1..15.
const maskHP = 15

// SetTypes prepares the roster for n types of the given size ranks and hit
// points; it holds no ships.
func (r *Roster) SetTypes(rank *[MaxPerSide]int8, hp *[MaxPerSide]int, n int) {
	*r = Roster{masked: true, rank: *rank}
	for lt := range MaxPerSide {
		r.ofTie[lt] = uint8(lt)
		r.base[lt] = greedyBase(rank[lt], lt)
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
func (r *Roster) mark(lt, rem int, on uint64) {
	r.byKill = r.byKill&^(1<<((4*rem+3-int(r.tie[lt]))&63)) | on<<((4*rem+3-int(r.tie[lt]))&63)
	r.bySmall = r.bySmall&^(1<<((4*rem+int(r.tie[lt]))&63)) | on<<((4*rem+int(r.tie[lt]))&63)
}

// Fill sets type lt to n undamaged ships of hp hit points, and makes the
// roster's ships as they are now the start that Restart returns to.
func (r *Roster) Fill(lt, n, hp int) {
	r.Clear(lt)
	if n > 0 {
		r.cnt[lt][hp] = int8(n)
		r.has[lt] = 1 << (hp - 1)
		r.n[lt] = int8(n)
		r.in |= 1 << lt
		r.mark(lt, hp, 1)
	}
	r.start = r.ships
}

// Restart sets the roster back to its start, when every ship was undamaged
// (filled by Fill), at the cost of a copy and of the counts in use: the
// start of every battle. Only the types of the start have ships.
func (r *Roster) Restart() {
	for types := r.start.in; types != 0; types &= types - 1 {
		lt := bits.TrailingZeros8(types) & (MaxPerSide - 1)
		for m := r.has[lt]; m != 0; m &= m - 1 {
			r.cnt[lt][bits.TrailingZeros64(m)+1] = 0
		}
		r.cnt[lt][bits.TrailingZeros64(r.start.has[lt])+1] = r.start.n[lt] // undamaged: its one rem is its HP
	}
	r.ships = r.start
}

// Clear removes every ship of type lt, touching only the counts in use.
func (r *Roster) Clear(lt int) {
	for m := r.has[lt]; m != 0; m &= m - 1 {
		r.cnt[lt][bits.TrailingZeros64(m)+1] = 0
	}
	r.has[lt], r.n[lt] = 0, 0
	r.in &^= 1 << lt
	r.byKill &^= r.every[1<<lt][0]
	r.bySmall &^= r.every[1<<lt][1]
}

// Count is the number of ships of type lt in the battle.
func (r *Roster) Count(lt int) int { return int(r.n[lt&(MaxPerSide-1)]) }

// In is the set of local types with ships in the battle.
func (r *Roster) In() uint8 { return r.in }

// Damage deals d damage to one ship of type lt that has rem hit points left
// and reports whether that destroyed it (§3.5: damage ≥ HP; overkill is
// lost). Whether a ship dies is as random as the dice, so the counts are
// updated without branches: a destroyed ship is counted into cnt[lt][0],
// which nothing reads.
func (r *Roster) Damage(lt, rem, d int) (destroyed bool) {
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
func (r *Roster) destroy(lt, rem, k int) {
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

// Targets writes the ships to tg as Assign's targets, in canonical order,
// with the size ranks of their types and the positions of their types in
// the firing side's priority order prio, and returns how many there are.
func (r *Roster) Targets(tg *[MaxTargets]Target, prio *[MaxPerSide]int8) int {
	nt := 0
	for m := r.in; m != 0; m &= m - 1 {
		lt := bits.TrailingZeros8(m) & (MaxPerSide - 1)
		for h := r.has[lt]; h != 0; h &= h - 1 {
			rem := bits.TrailingZeros64(h) + 1
			x := Target{Type: uint8(lt), Rank: r.rank[lt], Prio: prio[lt], Rem: int16(rem)}
			for range r.cnt[lt][rem] {
				tg[nt] = x
				nt++
			}
		}
	}
	return nt
}

// DamageOf writes the damage of type lt's ships, most first, to dmg (the
// layout of package eclipse's State), given the type's hit points.
func (r *Roster) DamageOf(lt, hp int, dmg *[MaxShips]int16) {
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
