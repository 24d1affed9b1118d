package enumerate

import (
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// This file plays contest and each phases, and effects, over every
// outcome: the fighter's contestPhase, eachPhase and run, with each
// random event (a roll, a contest, a random target) enumerated.

// contestPhase plays a contest between the sides' champions from c into
// out.
func (s *Enumerator[T, A]) contestPhase(p *program.Phase, c *fight.Cfg, out *bag[T, A]) {
	f, ar := s.f, s.ar
	b := f.B
	if p.Contest.Pairs {
		s.pairsPhase(p, c, out)
		return
	}
	f.LoadCfg(c)
	ua, ub := f.Champion(0), f.Champion(1)
	if ua < 0 || ub < 0 {
		out.add(c, ar.Frac(1, 1))
		return
	}
	win, lose, none := s.contestOdds(p.Contest, ua, ub, false)
	out.add(c, none)
	for _, r := range []struct {
		w, l int32
		p    T
	}{{ua, ub, win}, {ub, ua, lose}} {
		if ar.IsZero(r.p) {
			continue
		}
		tw, tl := b.AllUnits[r.w].Typ, b.AllUnits[r.l].Typ
		cur := s.single(c, r.p)
		cur = s.run(p.Contest.Win[b.Pair(tw, tl)], fight.UnitCtx(r.w, -1, r.l, b.AllUnits[r.w].Side), cur)
		cur = s.run(p.Contest.Lose[b.Pair(tl, tw)], fight.UnitCtx(r.l, -1, r.w, b.AllUnits[r.l].Side), cur)
		s.drain(cur, out)
	}
}

// eachPhase runs an each phase's effects for every unit not destroyed,
// side a's first, from c into out.
func (s *Enumerator[T, A]) eachPhase(p *program.Phase, c *fight.Cfg, out *bag[T, A]) {
	f := s.f
	b := f.B
	cur := s.single(c, s.ar.Frac(1, 1))
	for side := range 2 {
		if p.Who != 2 && p.Who != side {
			continue
		}
		si := &b.Sides[side]
		for u := int32(si.First); u < int32(si.First+si.N); u++ {
			e := &p.Each[b.AllUnits[u].Typ]
			ctx := fight.UnitCtx(u, -1, -1, side)
			next := s.bag()
			for i := range cur.items {
				it := &cur.items[i]
				f.LoadCfg(&it.c)
				if it.c.Over || f.Hp(u) <= 0 || e.When != nil && f.Val(e.When, &ctx) == 0 {
					next.add(&it.c, it.w)
					continue
				}
				s.drain(s.run(e.Do, ctx, s.single(&it.c, it.w)), next)
			}
			s.put(cur)
			cur = next
		}
	}
	s.drain(cur, out)
}

// single returns a bag of one configuration.
func (s *Enumerator[T, A]) single(c *fight.Cfg, w T) *bag[T, A] {
	b := s.bag()
	b.add(c, w)
	return b
}

// drain adds the items of from to to, and returns from to the pool.
func (s *Enumerator[T, A]) drain(from, to *bag[T, A]) {
	for i := range from.items {
		to.add(&from.items[i].c, from.items[i].w)
	}
	s.put(from)
}

// run runs an effect list in context ctx over every configuration of in,
// and returns the outcomes (in is consumed). A configuration whose battle
// is over skips the effects left, as the fighter's run returns.
func (s *Enumerator[T, A]) run(list []*program.Effect, ctx fight.EvalContext, in *bag[T, A]) *bag[T, A] {
	for _, e := range list {
		out := s.bag()
		for i := range in.items {
			it := &in.items[i]
			if it.c.Over {
				out.add(&it.c, it.w)
				continue
			}
			s.effect(e, ctx, &it.c, it.w, out)
		}
		s.put(in)
		in = out
	}
	return in
}

// effect runs one effect from configuration c (weight w) into out.
//
// It is longer than a function should be and stays whole: it runs for
// every configuration an effect list plays, and with its damage and
// nested contest cases in functions of their own, an exact solve of
// stratfight-thug-vs-guard (50 M steps) took more user CPU in 5 of 6
// alternated runs (bench/rulesfile-exact.txt): not shown free.
func (s *Enumerator[T, A]) effect(e *program.Effect, ctx fight.EvalContext, c *fight.Cfg, w T, out *bag[T, A]) {
	f, ar := s.f, s.ar
	b := f.B
	f.LoadCfg(c)
	switch e.Kind {
	case program.EfDamage:
		dist, _ := s.rollDist(e.Roll, &ctx)
		for _, d := range dist {
			wd := ar.Mul(w, d.w)
			u := ctx.Unit[program.RoleOther]
			if e.ToSelf {
				u = ctx.Unit[program.RoleSelf]
			}
			if e.ToSelf || u >= 0 {
				f.LoadCfg(c)
				if u >= 0 {
					f.Damage(u, d.v, ctx.Side)
				}
				f.SaveCfg(&s.keep, false)
				out.add(&s.keep, wd)
				continue
			}
			f.LoadCfg(c)
			h := fight.Hit{Mask: ^uint64(0), Dmg: d.v}
			for _, t := range s.targets(ctx.Side, &h, nil) {
				f.LoadCfg(c)
				if t.u >= 0 {
					f.Damage(t.u, d.v, ctx.Side)
				}
				f.SaveCfg(&s.keep, false)
				out.add(&s.keep, ar.Mul(wd, t.w))
			}
		}
	case program.EfRoll:
		dist, _ := s.rollDist(e.Roll, &ctx)
		for _, d := range dist {
			f.LoadCfg(c)
			f.Reg[e.Reg] = d.v
			f.SaveCfg(&s.keep, false)
			out.add(&s.keep, ar.Mul(w, d.w))
		}
	case program.EfSet, program.EfAdd, program.EfRaise, program.EfLower:
		f.Change(e, &ctx)
		f.SaveCfg(&s.keep, false)
		out.add(&s.keep, w)
	case program.EfIf:
		list := e.Els
		if f.Val(e.Value, &ctx) != 0 {
			list = e.Then
		}
		s.drain(s.run(list, ctx, s.single(c, w)), out)
	case program.EfContest:
		if e.Contest.Pairs {
			s.nestedPairs(e.Contest, ctx, c, w, out)
			break
		}
		win, lose, none := s.contestOdds(e.Contest, ctx.Unit[program.RoleSelf], ctx.Unit[program.RoleOther], true)
		out.add(c, ar.Mul(w, none))
		if !ar.IsZero(win) {
			s.drain(s.run(e.Contest.Win[0], ctx, s.single(c, ar.Mul(w, win))), out)
		}
		if !ar.IsZero(lose) {
			s.drain(s.run(e.Contest.Lose[0], ctx, s.single(c, ar.Mul(w, lose))), out)
		}
	case program.EfEnd:
		f.Reach(b.Ends[e.End], ctx.Side, false)
		f.SaveCfg(&s.keep, false)
		out.add(&s.keep, w)
	case program.EfHook:
		f.CallHook(e.Hook, ctx.Unit[program.RoleSelf], ctx.Unit[program.RoleOther], ctx.Side)
		f.SaveCfg(&s.keep, false)
		out.add(&s.keep, w)
	}
}

// target is a unit a hit or damage may go to, with the chance it does.
type target[T any] struct {
	u int32
	w T
}

// targets returns where side s's policy sends hit h (rest: the hits still
// to assign, which largest-first looks ahead to) in the fighter's state:
// one unit for certain, or, for the random policy, each unit h can reach
// with the same chance. A unit of −1 means h reaches none.
func (s *Enumerator[T, A]) targets(side int, h *fight.Hit, rest []fight.Hit) []target[T] {
	f, ar := s.f, s.ar
	if f.B.Policies[side] != program.PolRandom {
		return []target[T]{{u: f.Pick(side, h, rest), w: ar.Frac(1, 1)}}
	}
	var out []target[T]
	f.Reachable(side, h, func(u, _ int32, _ int64) { out = append(out, target[T]{u: u}) })
	if len(out) == 0 {
		return []target[T]{{u: -1, w: ar.Frac(1, 1)}}
	}
	for i := range out {
		out[i].w = ar.Frac(1, int64(len(out)))
	}
	return out
}

// pairsPhase plays a contest phase of compare: pairs from c into out, as
// the fighter's pairsPhase does: each pair's effects with the champions
// of the moment.
func (s *Enumerator[T, A]) pairsPhase(p *program.Phase, c *fight.Cfg, out *bag[T, A]) {
	f := s.f
	b := f.B
	f.LoadCfg(c)
	ua, ub := f.Champion(0), f.Champion(1)
	if ua < 0 || ub < 0 {
		out.add(c, s.ar.Frac(1, 1))
		return
	}
	for _, sq := range s.pairSeqs(p.Contest, ua, ub, false) {
		cur := s.single(c, sq.w)
		for _, r := range sq.res {
			if r == fight.PairNone {
				continue
			}
			next := s.bag()
			for i := range cur.items {
				it := &cur.items[i]
				f.LoadCfg(&it.c)
				ua, ub := f.Champion(0), f.Champion(1)
				if it.c.Over || ua < 0 || ub < 0 {
					next.add(&it.c, it.w)
					continue
				}
				w, l := ua, ub
				if r == fight.PairOther {
					w, l = ub, ua
				}
				tw, tl := b.AllUnits[w].Typ, b.AllUnits[l].Typ
				x := s.run(p.Contest.Win[b.Pair(tw, tl)], fight.UnitCtx(w, -1, l, b.AllUnits[w].Side), s.single(&it.c, it.w))
				x = s.run(p.Contest.Lose[b.Pair(tl, tw)], fight.UnitCtx(l, -1, w, b.AllUnits[l].Side), x)
				s.drain(x, next)
			}
			s.put(cur)
			cur = next
		}
		s.drain(cur, out)
	}
}

// nestedPairs plays a contest of compare: pairs inside effects from c
// (weight w) into out: self's win effects for each pair it wins, its lose
// effects for each pair it loses, in the order of the pairs.
func (s *Enumerator[T, A]) nestedPairs(con *program.Contest, ctx fight.EvalContext, c *fight.Cfg, w T, out *bag[T, A]) {
	for _, sq := range s.pairSeqs(con, ctx.Unit[program.RoleSelf], ctx.Unit[program.RoleOther], true) {
		cur := s.single(c, s.ar.Mul(w, sq.w))
		for _, r := range sq.res {
			switch r {
			case fight.PairSelf:
				cur = s.run(con.Win[0], ctx, cur)
			case fight.PairOther:
				cur = s.run(con.Lose[0], ctx, cur)
			}
		}
		s.drain(cur, out)
	}
}
