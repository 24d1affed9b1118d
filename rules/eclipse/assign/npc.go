package assign

import "math/bits"

// assignNPC is §6 `npc`, the rulebook NPC rule: 1. order ships by size rank
// desc, rem asc, canonical index; 2. for each ship in that order, if the
// unassigned dice hitting it total at least its rem, give it the subset that
// kills it with the fewest dice, then the least total damage, then the
// earliest dice in (damage desc, #H asc) order; 3. every other die goes to
// the first ship in that order that it hits and that is not doomed.
func assignNPC(classes []DieClass, targets []Target, to []int8, s *Scratch) {
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
// unassigned dice can kill gets the subset that kills it (npcSubset,
// taken by takeNPCDice).
func killNPCTargets(classes []DieClass, targets []Target, to []int8, s *Scratch) {
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
		diceLeft -= takeNPCDice(classes, j, t, &best, to, s)
		s.rem[j] -= int16(bestTot)
	}
}

// takeNPCDice gives ship j (target t) the dice of killNPCTargets' choice,
// best[d] dice of each damage d, from the earliest classes that hit it
// (#H asc within a damage value, as s.ord lists them), and returns how many
// dice it took.
func takeNPCDice(classes []DieClass, j int, t *Target, best *[5]int, to []int8, s *Scratch) (taken int) {
	for _, ci := range s.ord[:len(classes)] {
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
		taken += take
	}
	return taken
}

// spreadNPCDice is step 3 of assignNPC: every die left goes to the first
// ship in target order that it hits and that is not doomed.
func spreadNPCDice(classes []DieClass, targets []Target, to []int8, s *Scratch) {
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
