package assign

import "math/bits"

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

// greedyBase is the part of killGreedyKey that depends only on the type:
// its size rank and its index (the tie-breaks).
func greedyBase(rank int8, lt int) int64 {
	return killGreedyKey(0, 0, rank, lt) &^ (1<<40 | 0xffff<<24)
}

// assignKillGreedyScan is §6 `kill-greedy` by a scan of every target per
// die, for targets in any order; it gives exactly assignKillGreedy's result.
func assignKillGreedyScan(classes []DieClass, targets []Target, to []int8, s *Scratch) {
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
func assignKillGreedy(classes []DieClass, targets []Target, to []int8, s *Scratch) {
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
