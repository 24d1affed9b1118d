package exact

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// expand adds the edges of node ni, the nodes it reaches being created as
// found: the graph is explored breadth-first in creation order, which is
// what lets a node's edges end where the next node's begin.
// It is the solver's hot loop, run once for every node of the graph, and
// stays whole: its cases share the node's decoded state, and a call per
// case would cost at every node.
func (s *solver[T, A]) expand(ni int32) error {
	key := s.nodes[ni].key
	x, k := key/s.enc.ptrs, int(key%s.enc.ptrs)
	a, b, round := s.enc.split(x)
	for side, sub := range [2]uint64{a, b} {
		if sub != s.stKey[side] {
			s.stKey[side], s.stProg[side] = sub, s.enc.decodeSide(sub, side, &s.st)
			s.stMask[side] = s.enc.inBattleMask(&s.st, side)
		}
	}
	e0 := int32(len(s.prob))
	s.nodes[ni].e0 = e0
	s.nodes[ni].prog = int32(round) + s.stProg[0] + s.stProg[1]
	mask := s.stMask[0] | s.stMask[1]
	nochange := func(p T) error {
		to, err := s.next(mask, a, b, round, k)
		if err != nil {
			return err
		}
		s.nodes[ni].ncTo = to
		s.nc[ni] = s.ar.add(s.nc[ni], p)
		return nil
	}
	one := s.ar.frac(1, 1)
	var err error
	switch {
	case round >= 1 && k == 0 && s.c.Stalemate(&s.st):
		// §3.7: checked at the start of every round.
		s.nodes[ni].stale = true
		s.edge(e0, one, []int32{-1 - s.terminal(&s.st, s.c.StalemateWinner(), eclipse.EndStalemate)})
	case round == 0:
		// §3.2: missile volleys in activation order; a type destroyed
		// earlier in the phase does not fire.
		t := s.c.MissileOrder[k]
		if eclipse.InBattle(&s.st, t) == 0 {
			err = nochange(one)
		} else {
			err = s.fire(ni, t, true, a, b, round, k, nochange)
		}
	default:
		t := s.c.Order[k]
		switch act := s.c.Action(&s.st, t, round); act {
		case eclipse.ActSkip:
			err = nochange(one)
		case eclipse.ActLeave, eclipse.ActDeclare:
			s.st2 = s.st
			if act == eclipse.ActLeave {
				s.c.Leave(&s.st2, t)
			} else {
				s.c.Declare(&s.st2, t)
			}
			var to int32
			if to, err = s.settle(&s.st2, t, act, round, k); err == nil {
				s.edge(e0, one, []int32{to})
			}
		case eclipse.ActFire:
			err = s.fire(ni, t, false, a, b, round, k, nochange)
		}
	}
	if err != nil {
		return err
	}
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

// fire adds the edges of a volley by type t at the node being expanded
// (state a, b, round; pointer k), from the volley memo.
// It runs for every volley at every node of the graph and stays whole, as
// expand does: its steps share the volley's decoded state.
func (s *solver[T, A]) fire(ni int32, t int, missile bool, a, b uint64, round, k int, nochange func(T) error) error {
	c := s.c
	own := c.Types[t].Side
	en := 1 - own
	esub := b
	if own == 1 {
		esub = a
	}
	n := eclipse.InBattle(&s.st, t)
	tag := volleyTag(t, n, missile)
	ei, ok := s.memo.get(esub, tag)
	if !ok {
		var err error
		if ei, err = s.volley(t, missile, n, esub); err != nil {
			return err
		}
		s.memo.put(esub, tag, ei)
	}
	if c.Sides[own].Policy == eclipse.PolicyOptimal {
		s.nodes[ni].chooser = int8(own)
	}
	entry := s.entries[ei]
	if err := s.bud.spend(int64(entry.nout)); err != nil {
		return err
	}
	if !s.ar.isZero(entry.nc) {
		if err := nochange(entry.nc); err != nil {
			return err
		}
	}
	ownMask := s.stMask[own]
	s.termEdges = s.termEdges[:0]
	winner := rules.A
	if own == 1 {
		winner = rules.B
	}
	for r := entry.r0; r < entry.r0+entry.nr; r++ {
		if s.optimal {
			s.targets = s.targets[:0]
		}
		o0, o1 := s.rollOuts(r)
		for o := o0; o < o1; o++ {
			out := s.outs[o]
			var to int32
			if out.empty {
				// The enemy's last ships were destroyed (§3.8 destroyed).
				s.st2 = s.st
				s.enc.decodeSide(out.e, en, &s.st2)
				to = -1 - s.terminal(&s.st2, winner, eclipse.EndDestroyed)
			} else {
				a2, b2 := a, out.e
				if own == 1 {
					a2, b2 = out.e, b
				}
				var err error
				if to, err = s.next(ownMask|out.mask, a2, b2, round, k); err != nil {
					return err
				}
			}
			if !s.optimal {
				s.fixedEdge(s.rollP[r], to) // the roll's one outcome
				continue
			}
			s.targets = append(s.targets, to)
		}
		if s.optimal {
			s.edge(s.nodes[ni].e0, s.rollP[r], s.targets)
		}
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

// fixedEdge adds the edge of a fixed policy's roll to the node being
// expanded. The volley memo merges rolls with the same outcome, so
// distinct rolls leave the enemy in distinct states and lead to distinct
// nodes: only rolls that end the battle may share a target (a terminal),
// and only those are merged, sparing the search edge makes.
func (s *solver[T, A]) fixedEdge(p T, to int32) {
	if to < 0 {
		for _, e := range s.termEdges {
			if s.to[e] == to {
				s.prob[e] = s.ar.add(s.prob[e], p)
				return
			}
		}
		s.termEdges = append(s.termEdges, int32(len(s.prob)))
	}
	push(&s.prob, p)
	push(&s.to, to)
}
