package rulesfile

// This file plays contest and each phases, and effects, over every
// outcome: the fighter's contestPhase, eachPhase and run, with each
// random event (a roll, a contest, a random target) enumerated.

// contestPhase plays a contest between the sides' champions from c into
// out.
func (s *Enumerator[T, A]) contestPhase(p *phaseC, c *cfg, out *bag[T, A]) {
	f, ar := s.f, s.ar
	b := f.b
	if p.contest.pairs {
		s.pairsPhase(p, c, out)
		return
	}
	f.loadCfg(c)
	ua, ub := f.champion(0), f.champion(1)
	if ua < 0 || ub < 0 {
		out.add(c, ar.Frac(1, 1))
		return
	}
	win, lose, none := s.contestOdds(p.contest, ua, ub, false)
	out.add(c, none)
	for _, r := range []struct {
		w, l int32
		p    T
	}{{ua, ub, win}, {ub, ua, lose}} {
		if ar.IsZero(r.p) {
			continue
		}
		tw, tl := b.units[r.w].typ, b.units[r.l].typ
		cur := s.single(c, r.p)
		cur = s.run(p.contest.win[b.pair(tw, tl)], unitCtx(r.w, -1, r.l, b.units[r.w].side), cur)
		cur = s.run(p.contest.lose[b.pair(tl, tw)], unitCtx(r.l, -1, r.w, b.units[r.l].side), cur)
		s.drain(cur, out)
	}
}

// eachPhase runs an each phase's effects for every unit not destroyed,
// side a's first, from c into out.
func (s *Enumerator[T, A]) eachPhase(p *phaseC, c *cfg, out *bag[T, A]) {
	f := s.f
	b := f.b
	cur := s.single(c, s.ar.Frac(1, 1))
	for side := range 2 {
		if p.who != 2 && p.who != side {
			continue
		}
		si := &b.sides[side]
		for u := int32(si.first); u < int32(si.first+si.n); u++ {
			e := &p.each[b.units[u].typ]
			ctx := unitCtx(u, -1, -1, side)
			next := s.bag()
			for i := range cur.items {
				it := &cur.items[i]
				f.loadCfg(&it.c)
				if it.c.over || f.hp(u) <= 0 || e.when != nil && f.val(e.when, &ctx) == 0 {
					next.add(&it.c, it.w)
					continue
				}
				s.drain(s.run(e.do, ctx, s.single(&it.c, it.w)), next)
			}
			s.put(cur)
			cur = next
		}
	}
	s.drain(cur, out)
}

// single returns a bag of one configuration.
func (s *Enumerator[T, A]) single(c *cfg, w T) *bag[T, A] {
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
func (s *Enumerator[T, A]) run(list []*effectC, ctx ectx, in *bag[T, A]) *bag[T, A] {
	for _, e := range list {
		out := s.bag()
		for i := range in.items {
			it := &in.items[i]
			if it.c.over {
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
func (s *Enumerator[T, A]) effect(e *effectC, ctx ectx, c *cfg, w T, out *bag[T, A]) {
	f, ar := s.f, s.ar
	b := f.b
	f.loadCfg(c)
	switch e.kind {
	case efDamage:
		dist, _ := s.rollDist(e.roll, &ctx)
		for _, d := range dist {
			wd := ar.Mul(w, d.w)
			u := ctx.unit[roleOther]
			if e.toSelf {
				u = ctx.unit[roleSelf]
			}
			if e.toSelf || u >= 0 {
				f.loadCfg(c)
				if u >= 0 {
					f.damage(u, d.v, ctx.side)
				}
				f.saveCfg(&s.keep, false)
				out.add(&s.keep, wd)
				continue
			}
			f.loadCfg(c)
			h := hit{mask: ^uint64(0), dmg: d.v}
			for _, t := range s.targets(ctx.side, &h, nil) {
				f.loadCfg(c)
				if t.u >= 0 {
					f.damage(t.u, d.v, ctx.side)
				}
				f.saveCfg(&s.keep, false)
				out.add(&s.keep, ar.Mul(wd, t.w))
			}
		}
	case efRoll:
		dist, _ := s.rollDist(e.roll, &ctx)
		for _, d := range dist {
			f.loadCfg(c)
			f.reg[e.reg] = d.v
			f.saveCfg(&s.keep, false)
			out.add(&s.keep, ar.Mul(w, d.w))
		}
	case efSet, efAdd, efRaise, efLower:
		f.change(e, &ctx)
		f.saveCfg(&s.keep, false)
		out.add(&s.keep, w)
	case efIf:
		list := e.els
		if f.val(e.value, &ctx) != 0 {
			list = e.then
		}
		s.drain(s.run(list, ctx, s.single(c, w)), out)
	case efContest:
		if e.contest.pairs {
			s.nestedPairs(e.contest, ctx, c, w, out)
			break
		}
		win, lose, none := s.contestOdds(e.contest, ctx.unit[roleSelf], ctx.unit[roleOther], true)
		out.add(c, ar.Mul(w, none))
		if !ar.IsZero(win) {
			s.drain(s.run(e.contest.win[0], ctx, s.single(c, ar.Mul(w, win))), out)
		}
		if !ar.IsZero(lose) {
			s.drain(s.run(e.contest.lose[0], ctx, s.single(c, ar.Mul(w, lose))), out)
		}
	case efEnd:
		f.reach(b.ends[e.end], ctx.side, false)
		f.saveCfg(&s.keep, false)
		out.add(&s.keep, w)
	case efHook:
		f.callHook(e.hook, ctx.unit[roleSelf], ctx.unit[roleOther], ctx.side)
		f.saveCfg(&s.keep, false)
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
func (s *Enumerator[T, A]) targets(side int, h *hit, rest []hit) []target[T] {
	f, ar := s.f, s.ar
	if f.b.policies[side] != polRandom {
		return []target[T]{{u: f.pick(side, h, rest), w: ar.Frac(1, 1)}}
	}
	var out []target[T]
	f.reachable(side, h, func(u, _ int32, _ int64) { out = append(out, target[T]{u: u}) })
	if len(out) == 0 {
		return []target[T]{{u: -1, w: ar.Frac(1, 1)}}
	}
	for i := range out {
		out[i].w = ar.Frac(1, int64(len(out)))
	}
	return out
}
