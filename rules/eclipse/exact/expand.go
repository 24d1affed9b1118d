package exact

import (
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// expansion is the node being expanded: its index, sub-keys, round digit
// and pointer, and the global types with ships in the battle.
type expansion struct {
	ni       int32
	key, x   uint64 // the node's key and x key (see node)
	a, b     uint64
	round, k int
	mask     uint8
}

// expand adds the edges of node ni, the nodes it reaches being created as
// found: the graph is explored breadth-first in creation order, which is
// what lets a node's edges end where the next node's begin.
func (s *solver[T, A]) expand(ni int32) error {
	key := s.nodes[ni].key
	x, k := key/s.enc.ptrs, int(key%s.enc.ptrs)
	a, b, round := s.enc.split(x)
	if a != s.stKey[0] {
		s.view(0, a)
	}
	if b != s.stKey[1] {
		s.view(1, b)
	}
	nd := &s.nodes[ni]
	nd.e0 = int32(len(s.prob))
	nd.prog = int32(round) + s.views[0].prog + s.views[1].prog
	s.progBits |= uint64(nd.prog)
	at := expansion{ni: ni, key: key, x: x, a: a, b: b, round: round, k: k, mask: s.views[0].mask | s.views[1].mask}
	switch {
	case round >= 1 && k == 0 && at.mask&s.armed == 0:
		// §3.7: no ship in the battle has a cannon (Stalemate), checked at
		// the start of every round.
		s.full()
		nd.stale = true
		s.edge(nd.e0, s.ar.frac(1, 1), []int32{-1 - s.terminal(&s.st, s.c.StalemateWinner(), eclipse.EndStalemate)})
		return nil
	case round == 0:
		// §3.2: missile volleys in activation order; a type destroyed
		// earlier in the phase does not fire.
		t := s.c.MissileOrder[k]
		if s.inBattle(t) == 0 {
			return s.noChange(&at, s.ar.frac(1, 1))
		}
		return s.fire(&at, t, true)
	}
	return s.engage(&at, s.c.Order[k])
}

// engage adds the edges of type t's engagement activation (§3.3 step 2)
// at the node being expanded.
func (s *solver[T, A]) engage(at *expansion, t int) error {
	act := eclipse.ActSkip
	if s.inBattle(t) > 0 {
		act = eclipse.ActFire
	}
	if s.c.Sides[s.c.Types[t].Side].Retreat.Kind != eclipse.RetreatNever {
		// Retreat reads the state whole (the ships' damage, their status).
		s.full()
		act = s.c.Action(&s.st, t, at.round)
	}
	switch act {
	case eclipse.ActSkip:
		return s.noChange(at, s.ar.frac(1, 1))
	case eclipse.ActLeave, eclipse.ActDeclare:
		s.st2 = s.st
		if act == eclipse.ActLeave {
			s.c.Leave(&s.st2, t)
		} else {
			s.c.Declare(&s.st2, t)
		}
		to, err := s.settle(&s.st2, t, act, at.round, at.k)
		if err == nil {
			s.edge(s.nodes[at.ni].e0, s.ar.frac(1, 1), []int32{to})
		}
		return err
	}
	return s.fire(at, t, false)
}

// noChange adds the no-change exit of the node being expanded, of
// probability p: to the node of the next activation in the same state
// (next's, its key found from the node's: the same x key within the
// round, the x key of the next round digit at its end).
func (s *solver[T, A]) noChange(at *expansion, p T) error {
	k2, round2 := s.after(at.mask, at.round, at.k)
	key := at.key - uint64(at.k) + uint64(k2)
	if round2 != at.round {
		plane := s.enc.side[0] * s.enc.side[1]
		key = (at.x + plane*uint64(round2-at.round)) * s.enc.ptrs // pointer 0
	}
	to, err := s.nodeKey(key, k2)
	if err != nil {
		return err
	}
	s.nodes[at.ni].ncTo = to
	s.nc[at.ni] = s.ar.add(s.nc[at.ni], p)
	return nil
}

// settle ends a deterministic activation (leave, declare) on st2.
func (s *solver[T, A]) settle(st2 *eclipse.State, t int, act eclipse.Action, round, k int) (int32, error) {
	if over, winner, end := s.c.Settle(st2, t, act); over {
		return -1 - s.terminal(st2, winner, end), nil
	}
	mask := s.enc.inBattleMask(st2, 0) | s.enc.inBattleMask(st2, 1)
	return s.next(mask, s.enc.encodeSide(st2, 0), s.enc.encodeSide(st2, 1), round, k)
}

// fire adds the edges of a volley by type t at the node being expanded,
// from the volley memo.
func (s *solver[T, A]) fire(at *expansion, t int, missile bool) error {
	c := s.c
	own := c.Types[t].Side
	esub := at.b
	if own == 1 {
		esub = at.a
	}
	n := s.inBattle(t)
	tag := volleyTag(t, n, missile)
	ei, ok := s.memo.get(esub, tag)
	if !ok {
		s.full() // the volley is worked out on the state whole
		var err error
		if ei, err = s.volley(t, missile, n, esub); err != nil {
			return err
		}
		s.memo.put(esub, tag, ei)
	}
	if c.Sides[own].Policy == assign.Optimal {
		s.nodes[at.ni].chooser = int8(own)
	}
	entry := s.entries[ei]
	if err := s.bud.spend(int64(entry.nout)); err != nil {
		return err
	}
	if !s.ar.isZero(entry.nc) {
		if err := s.noChange(at, entry.nc); err != nil {
			return err
		}
	}
	s.termEdges = s.termEdges[:0]
	winner := rules.A
	if own == 1 {
		winner = rules.B
	}
	if !s.optimal {
		return s.fixedRolls(entry.r0, entry.r0+entry.nr, own, s.views[own].mask, winner, at.a, at.b, at.round, at.k)
	}
	return s.optimalRolls(at, entry, own, winner)
}

// optimalRolls adds the edges of the rolls of a memoised volley by side
// own at the node being expanded when some side plays the optimal policy:
// each roll's alternative outcomes are its edge's alternative targets.
func (s *solver[T, A]) optimalRolls(at *expansion, entry volleyEntry[T], own int, winner rules.Side) error {
	s.full()
	for r := entry.r0; r < entry.r0+entry.nr; r++ {
		s.targets = s.targets[:0]
		o0, o1 := s.rollOuts(r)
		for o := o0; o < o1; o++ {
			out := s.outs[o]
			var to int32
			if out.empty {
				// The enemy's last ships were destroyed (§3.8 destroyed).
				s.st2 = s.st
				s.enc.decodeSide(out.e, 1-own, &s.st2)
				to = -1 - s.terminal(&s.st2, winner, eclipse.EndDestroyed)
			} else {
				a2, b2 := at.a, out.e
				if own == 1 {
					a2, b2 = out.e, at.b
				}
				var err error
				if to, err = s.next(s.views[own].mask|out.mask, a2, b2, at.round, at.k); err != nil {
					return err
				}
			}
			s.targets = append(s.targets, to)
		}
		s.edge(s.nodes[at.ni].e0, s.rollP[r], s.targets)
	}
	return nil
}

// edge adds (or, for a single target, merges) an edge of the node being
// expanded; e0 is the node's first edge.
func (s *solver[T, A]) edge(e0 int32, p T, targets []int32) {
	if len(targets) == 1 {
		// single reports whether edge e has one target (then s.to[e]).
		single := func(e int32) bool { return !s.optimal || s.nalt[e] == 1 }
		if n := int32(len(s.prob)) - e0; n <= 32 {
			for e := e0; e < int32(len(s.prob)); e++ {
				if s.to[e] == targets[0] && single(e) {
					s.prob[e] = s.ar.add(s.prob[e], p)
					return
				}
			}
		} else {
			if n == 33 {
				clear(s.merge)
				for e := e0; e < int32(len(s.prob)); e++ {
					if single(e) {
						s.merge[s.to[e]] = e
					}
				}
			}
			if e, ok := s.merge[targets[0]]; ok {
				s.prob[e] = s.ar.add(s.prob[e], p)
				return
			}
			s.merge[targets[0]] = int32(len(s.prob))
		}
	}
	push(&s.prob, p)
	push(&s.to, targets[0])
	if s.optimal {
		push(&s.alt0, int32(len(s.alts)))
		push(&s.nalt, int32(len(targets)))
		s.alts = append(s.alts, targets...)
	}
}

// fixedRolls adds the edges of rolls r0..r1 of a fixed policy's volley
// (one outcome each, stored at the roll's index) by side own at the node
// being expanded (state a, b, round; pointer k). It is fire's loop
// written out for the common case, next and nodeKey inlined: it
// runs for every edge of the graph. The volley memo merges rolls with the
// same outcome, so distinct rolls leave the enemy in distinct states and
// lead to distinct nodes: only rolls that end the battle may share a
// target (a terminal), and only those are merged.
//
// Its inner loop makes no call: a loop that may call keeps its values in
// memory and loads them again at every turn (a fifth of the loop's
// instructions). It stops at a roll it cannot place by itself: one that
// ends the battle, a mask whose positions are not known yet, a target not
// created yet; the outer loop places that roll and resumes it. It stays
// whole: with that outer loop's work in a function of its own, the
// compiler kept fewer of the inner loop's values in registers (384 to
// 390 M instructions to the headline of fleet-mirror-upgraded, 376 M so).
func (s *solver[T, A]) fixedRolls(r0, r1 int32, own int, ownMask uint8, winner rules.Side, a, b uint64, round, k int) error {
	tk := s.targetKeys(own, a, b, round, k)
	n0, n1 := len(s.prob), len(s.prob)+int(r1-r0)
	if n1 > cap(s.prob) || n1 > cap(s.to) { // slices.Grow, checked here: a call costs
		s.prob, s.to = slices.Grow(s.prob, n1-n0), slices.Grow(s.to, n1-n0)
	}
	prob, to := s.prob[:n1], s.to[:n1]
	ne := n0 // the next edge
	posSets, rollP, outs := &s.posSets[tk.ph], s.rollP[r0:r1], s.outs[r0:r1]
	for r := 0; r < len(outs); r++ {
		slots, hashShift := s.index.slots, s.index.shift // the table may have grown
	fast:
		for ; r < len(outs); r++ {
			out := &outs[r]
			ps := posSets[ownMask|out.mask]
			if out.empty || ps == 0 {
				break
			}
			key, _ := tk.key(ps, out.e)
			// The node table's lookup (nodeKey) written out. A key not
			// found is looked up again below: keeping its key and slot
			// for after the loop made the loop keep them in memory.
			slot := int((key * fibHash) >> hashShift)
			for {
				sl := &slots[slot]
				if sl.key == key+1 {
					to[ne] = sl.idx
					break
				}
				if sl.key == 0 {
					break fast
				}
				slot = (slot + 1) & (len(slots) - 1)
			}
			prob[ne] = rollP[r]
			ne++
		}
		if r == len(outs) {
			break
		}
		out := &outs[r]
		switch m := ownMask | out.mask; {
		case out.empty:
			t, i := s.destroyed(out.e, own, winner, to[:ne])
			if i >= 0 {
				prob[i] = s.ar.add(prob[i], rollP[r])
				continue
			}
			prob[ne], to[ne] = rollP[r], t
			ne++
		case posSets[m] == 0:
			s.positions(tk.ph, m)
			r-- // and place the roll again
		default:
			t, err := s.nodeKey(tk.key(posSets[m], out.e))
			if err != nil {
				s.prob, s.to = prob[:ne], to[:ne]
				return err
			}
			prob[ne], to[ne] = rollP[r], t
			ne++
		}
	}
	// Resliced from s's own slices, not from prob and to, the stores
	// are of the lengths only, without the write barrier's check.
	s.prob, s.to = s.prob[:ne], s.to[:ne]
	return nil
}

// targetKeys is what the key of a node a volley leads to takes from the
// node being expanded (see targetKeys.key).
type targetKeys struct {
	// The key is linear in the enemy's sub-key x: (own's sub-key, x,
	// round digit) joined, times ptrs, plus the pointer: now + stride·x +
	// the pointer while the round goes on, wrap + stride·x when it ends.
	now, wrap, stride uint64
	low               uint32 // the positions up to the node's, as bits
	ph                int    // the phase: 0 for the missiles, 1 for the rounds
}

// targetKeys returns the targetKeys of a volley by side own at the node
// of state a, b, round and pointer k: after's work for this node, but for
// the enemy's mask.
func (s *solver[T, A]) targetKeys(own int, a, b uint64, round, k int) targetKeys {
	e := &s.enc
	base, stride := a, e.side[0]
	if own == 1 {
		base, stride = e.side[0]*b, 1
	}
	plane := e.side[0] * e.side[1]
	return targetKeys{
		now:    (base + plane*uint64(round)) * e.ptrs,
		wrap:   (base + plane*uint64(s.roundAfter(round))) * e.ptrs,
		stride: stride * e.ptrs,
		low:    uint32(2)<<k - 1,
		ph:     min(round, 1),
	}
}

// key returns the key and the pointer of the node a volley leads to when
// it leaves the enemy in sub-key x, the types with ships in the battle
// then being at the positions ps of the activation order (see positions).
func (tk *targetKeys) key(ps uint32, x uint64) (uint64, int) {
	if rest := ps &^ tk.low; rest&^posKnown != 0 {
		k2 := bits.TrailingZeros32(rest)
		return tk.now + tk.stride*x + uint64(k2), k2
	}
	return tk.wrap + tk.stride*x, 0
}

// destroyed returns the target of a roll by side own that leaves the
// enemy no ship in the battle, in its sub-key e (§3.8 destroyed), and the
// edge of the node being expanded, among to, that already ends there, or
// −1. The terminal depends only on the two sides' sub-keys, by which
// endMemo keeps it: finding it decodes both sides.
func (s *solver[T, A]) destroyed(e uint64, own int, winner rules.Side, to []int32) (int32, int) {
	key := s.stKey[own] + s.enc.side[own]*e // both sub-keys, below side[0]·side[1]
	i, ok := s.endMemo.get(key, uint32(own))
	if !ok {
		s.full()
		s.st2 = s.st
		s.enc.decodeSide(e, 1-own, &s.st2)
		i = s.terminal(&s.st2, winner, eclipse.EndDestroyed)
		s.endMemo.put(key, uint32(own), i)
	}
	t := -1 - i
	return t, s.termEdge(to, t)
}

// termEdge returns the edge of the node being expanded that ends at
// terminal to, among the edges to holds, or −1 after recording that the
// next edge will.
func (s *solver[T, A]) termEdge(to []int32, t int32) int {
	for _, e := range s.termEdges {
		if to[e] == t {
			return int(e)
		}
	}
	s.termEdges = append(s.termEdges, int32(len(to)))
	return -1
}
