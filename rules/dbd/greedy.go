package dbd

import (
	"math"

	"github.com/crucible-sim/crucible/rules/dbd/hexboard"
)

// Profile is a greedy player's temperament (§14's table): how it scales
// and blurs its scores, how often it passes, how it weighs attacking
// against moving, and the least attack score it acts on.
type Profile struct {
	Name                        string
	AttackScale, MoveScale      float64
	GenFocus                    float64
	AttackNoise, MoveNoise      float64
	PassChance                  float64
	AttackBias, MoveBias        float64
	Threshold                   bool // false: no threshold ("none")
	ThresholdUnit, ThresholdGen float64
}

// The profiles of §14.
var profiles = []*Profile{
	{Name: "cohort", AttackScale: 1.00, MoveScale: 1.00, GenFocus: 6, AttackNoise: 3.2, MoveNoise: 2.3, PassChance: 0.06,
		AttackBias: 0.0, MoveBias: 0.0, Threshold: true, ThresholdUnit: -4, ThresholdGen: 6},
	{Name: "levy", AttackScale: 0.82, MoveScale: 0.90, GenFocus: 2, AttackNoise: 8, MoveNoise: 5, PassChance: 0.18,
		AttackBias: -1.0, MoveBias: 1.4},
	{Name: "legion", AttackScale: 1.14, MoveScale: 1.08, GenFocus: 12, AttackNoise: 1.0, MoveNoise: 0.8, PassChance: 0.01,
		AttackBias: 1.5, MoveBias: -0.2, Threshold: true, ThresholdUnit: -1, ThresholdGen: 12},
}

func profileNamed(name string) *Profile {
	for _, p := range profiles {
		if p.Name == name {
			return p
		}
	}
	panic("dbd: no greedy profile " + name)
}

// greedyScratch is the greedy policy's working space for one decision.
type greedyScratch struct {
	// tot and mel are threat(x) (§14) at every hex from the active side's
	// view with no unit moved: the dice the enemy could roll at a unit on
	// x without moving, and the melee part of them.
	tot, mel [NumHexes]int16
	// near holds, for each side, the distance from every hex to the
	// nearest enemy (§14 MoveScore) for the enemy hexes it was computed
	// with: they change only when an enemy moves or falls, so the
	// decisions of a turn mostly share them. cur is the active side's.
	near [2]nearCache
	cur  *nearCache
	// gstar is G*, the friendly general under the most pressure, or -1;
	// tstar marks (by unit) the enemies that can attack it now.
	gstar int
	tstar [NumHexes]bool
	// freed lists the enemy shooters the unit being scored is the only
	// one engaging: moving it away frees them to shoot.
	freed []uint8
	buf   []Activation
	// moveAtt holds the attacks open from the destination of the best
	// move found so far.
	moveAtt []Activation
	// cands are the scored activations a rollout ranks (§14 rollout).
	cands []candidate
}

// nearCache is the distances from every hex to the nearest enemy, for
// the enemies on the hexes at.
type nearCache struct {
	filled bool
	at     hexSet // the enemies' hexes
	dist   hexboard.Nearest
}

// fill computes the distances to the nearest of the enemies on hexes en
// (the set at).
func (nc *nearCache) fill(b *Board, at *hexSet, en []Hex) {
	nc.filled, nc.at = true, *at
	nc.dist.Fill(b, en, noEnemyDist)
}

// noEnemyDist is the distance dn reads where there is no enemy: beyond
// any board's diameter.
const noEnemyDist = 2 * NumHexes / 10

func (s *greedyScratch) init() {
	s.freed = make([]uint8, 0, 16)
	s.buf = make([]Activation, 0, 256)
	s.moveAtt = make([]Activation, 0, 32)
	s.cands = make([]candidate, 0, 256)
}

// candidate is one activation with its noise-free greedy score.
type candidate struct {
	a     Activation
	score float64
}

// canShoot reports whether unit e may make a ranged attack where it stands
// (§6, §8: unengaged, or a skirmisher under skr-ranged-engaged).
func (g *game) canShoot(e int) bool {
	u := &g.b.units[e]
	if stats[u.Type].Ranged == 0 {
		return false
	}
	return !g.st.engaged(u.Side, g.st.hex[e]) || u.Type == SKR && g.b.Opt.SkrRangedEngaged
}

// prepareGreedy computes what every score of side s's decision reads: the
// threat map, G* and T* (§14).
func (g *game) prepareGreedy(s Side) {
	st, gr := &g.st, &g.gr
	g.sortEnemies(s)
	g.threatMap(s)
	gr.cur = &gr.near[s]
	if at := &g.st.occBy[s.Other()]; !gr.cur.filled || gr.cur.at != *at {
		gr.cur.fill(g.board, at, g.enemies)
	}
	// G*: the friendly general with the highest pressure, if threatened;
	// among equals one at random (reservoir sampling: a draw only on a
	// tie), since scenario order need not mirror between the sides.
	gr.gstar = -1
	best, ties := 0.0, 0
	for _, u := range g.b.bySide[s] {
		if st.hp[u] <= 0 || g.b.units[u].Type != GEN {
			continue
		}
		h := st.hex[u]
		if gr.tot[h] <= 0 {
			continue
		}
		p := 2.2*float64(gr.tot[h]) + 2.8*float64(gr.mel[h]) + 2.5*float64(g.b.units[u].MaxHP-st.hp[u])
		switch {
		case gr.gstar < 0 || p > best:
			gr.gstar, best, ties = int(u), p, 1
		case p == best:
			if ties++; g.pol.IntN(ties) == 0 {
				gr.gstar = int(u)
			}
		}
	}
	for _, e := range g.b.bySide[s.Other()] {
		gr.tstar[e] = false
		if gr.gstar < 0 || st.hp[e] <= 0 {
			continue
		}
		gh, eh := st.hex[gr.gstar], st.hex[e]
		d := g.board.Dist[gh][eh]
		t := g.b.units[e].Type
		gr.tstar[e] = d == 1 || g.canShoot(int(e)) && d >= stats[t].MinRange && d <= stats[t].MaxRange
	}
}

// findFreed lists the enemy shooters only unit u engages.
func (g *game) findFreed(u int) {
	st, gr := &g.st, &g.gr
	gr.freed = gr.freed[:0]
	me := g.b.units[u].Side
	h := st.hex[u]
	if !st.engaged(me, h) {
		return
	}
	for _, x := range g.board.Neighbours(h) {
		e := st.at(x)
		if e < 0 || g.b.units[e].Side == me || stats[g.b.units[e].Type].Ranged == 0 || st.adj[me][x] != 1 || g.canShoot(e) {
			continue
		}
		gr.freed = append(gr.freed, uint8(e))
	}
}

// threatAt is threat(x) (§14) for the unit being scored, which stands on h,
// placed on x: the map's value plus the shooters it frees by leaving h.
func (g *game) threatAt(h, x Hex) (tot, mel int) {
	gr := &g.gr
	tot, mel = int(gr.tot[x]), int(gr.mel[x])
	if x == h {
		return tot, mel
	}
	for _, e := range gr.freed {
		t := g.b.units[e].Type
		if d := g.board.Dist[x][g.st.hex[e]]; d >= stats[t].MinRange && d <= stats[t].MaxRange {
			tot += int(max(1, stats[t].Ranged-rangedCover[g.terrain[x]]))
		}
	}
	return tot, mel
}

// dn is the distance from x to the nearest enemy (§14 MoveScore).
func (g *game) dn(x Hex) int { return int(g.gr.cur.dist.From(x)) }

// attackScore is AttackScore(u at a.To, target) of §14 without the noise,
// scaled: a scores as if its unit already stood on a.To.
func (g *game) attackScore(a Activation) float64 {
	st, p := &g.st, g.b.Opt.Profile
	u := int(a.Unit)
	me := g.b.units[u].Side
	ti := st.at(a.Target)
	tu := &g.b.units[ti]
	thp := int(st.hp[ti])
	ranged := a.Attack == rangedAttack
	flankers := int(st.adj[me][a.Target])
	if a.To != a.From {
		if g.board.Dist[a.From][a.Target] == 1 {
			flankers--
		}
		if g.board.Dist[a.To][a.Target] == 1 {
			flankers++
		}
	}
	n := int(g.countDice(g.b.units[u].Type, ranged, a.Target, flankers, a.Charge).N)
	s := 6*float64(n) + unitValue[tu.Type][tu.Quality] + 2*float64(max(0, 3-thp))
	if !ranged {
		s += 2
	}
	if tu.Type == GEN {
		s += 20 + p.GenFocus
	}
	if !g.canRetreat(a.Target, a.To, a.From) {
		s += 2
	}
	if n >= 3*thp {
		s += 8 // expected hits n/3 cover its HP
	}
	if g.gr.tstar[ti] {
		s += 12
	}
	tot, mel := g.threatAt(a.From, a.To)
	if g.b.units[u].Type == GEN {
		s -= 6*float64(tot) + 5*float64(mel)
		if tu.Type != GEN && thp > 1 {
			s -= 7
		}
	} else {
		s -= 0.4 * float64(mel)
	}
	return s * p.AttackScale
}

// canRetreat reports whether the unit on t has a legal retreat step away
// from an attacker on a that moved there from h (§9 step 5).
func (g *game) canRetreat(t, a, h Hex) bool {
	for _, n := range g.board.Neighbours(t) {
		empty := g.st.occ[n] == 0 || n == h
		if n != a && empty && g.terrain[n] != Water && g.board.Dist[n][a] > g.board.Dist[t][a] {
			return true
		}
	}
	return false
}

// mover is what the scores of one unit's moves share (§14 MoveScore):
// read once a unit, not once a destination.
type mover struct {
	h        Hex
	side     Side
	cav, gen bool
	dnh, th  int // dn and threat(x) where it stands
	// gh is the hex of G* (gstar ≥ 0) and dgh the unit's distance to it.
	gh   Hex
	dgh  uint8
	hasG bool
}

// mover returns what the scores of unit u's moves share. findFreed(u)
// must have run.
func (g *game) mover(u int) mover {
	unit := &g.b.units[u]
	h := g.st.hex[u]
	m := mover{h: h, side: unit.Side, cav: unit.Type == CAV, gen: unit.Type == GEN, dnh: g.dn(h)}
	m.th, _ = g.threatAt(h, h)
	if gs := g.gr.gstar; gs >= 0 {
		m.gh, m.hasG = g.st.hex[gs], true
		m.dgh = g.board.Dist[h][m.gh]
	}
	return m
}

// moveScore is MoveScore(u from m.h to d) of §14 without the noise,
// scaled; bestAtt is the best attack score from d when hasAtt.
func (g *game) moveScore(m *mover, d Hex, hasAtt bool, bestAtt float64) float64 {
	dnd := g.dn(d)
	s := 5*float64(m.dnh-dnd) + 0.5*float64(max(0, 8-dnd))
	if hasAtt {
		s += 4 + 0.2*bestAtt
	}
	if g.st.engaged(m.side, d) {
		s += 2
	}
	switch g.terrain[d] {
	case Hill:
		s += 0.5
	case Woods:
		if !m.cav {
			s += 0.5
		}
	case Rough:
		if m.cav {
			s -= 0.75
		}
	}
	td, tm := int(g.gr.tot[d]), int(g.gr.mel[d])
	if len(g.gr.freed) > 0 {
		td, tm = g.threatAt(m.h, d)
	}
	if m.gen {
		s += float64(m.th-td) * 5.0
		s -= 8*float64(td) + 8*float64(tm)
		switch {
		case dnd <= 1:
			s -= 18
		case dnd == 2:
			s -= 8
		}
	} else {
		s += float64(m.th-td) * 1.2
		if m.hasG {
			dd := g.board.Dist[d][m.gh]
			if dd < m.dgh {
				s += 2.5
			}
			if dd <= 1 {
				s += 6
			}
		}
	}
	return s * g.b.Opt.Profile.MoveScale
}

// noise is U(−w, +w) from the policy stream.
func (g *game) noise(w float64) float64 { return (2*g.pol.OpenFloat64() - 1) * w }

// passes reports whether an attack score s of unit u meets its threshold
// (§14: none for levy).
func (g *game) passes(u int, s float64) bool {
	p := g.b.Opt.Profile
	if !p.Threshold {
		return true
	}
	if g.b.units[u].Type == GEN {
		return s >= p.ThresholdGen
	}
	return s >= p.ThresholdUnit
}

// chooseGreedy is one decision of the greedy policy (§14): the best attack
// without moving, the best move, a chance to pass, then the better of the
// two with the profile's biases; after a move, the best attack from there
// if it meets the threshold. Ties keep the first in §6's order.
//
// Readings: a candidate attack below its own attacker's threshold, and a
// general's move scoring below 0, are dropped before the best is taken;
// MoveScore's "best AttackScore from d" is noise-free (the move's own
// noise blurs it), while the attack after the move is chosen with noise.
func (g *game) chooseGreedy() (Activation, choice) {
	st, gr, p := &g.st, &g.gr, g.b.Opt.Profile
	s := st.side
	g.prepareGreedy(s)
	var b greedyBest
	for _, uu := range g.b.bySide[s] {
		u := int(uu)
		if !g.eligible(u) {
			continue
		}
		acts := g.activations(u)
		if att, attEnd := g.weighUnit(u, acts, &b); att >= 0 {
			gr.moveAtt = append(gr.moveAtt[:0], acts[att:attEnd]...)
		}
	}
	if st.used > 0 && g.pol.OpenFloat64() < p.PassChance {
		return Activation{}, choicePass
	}
	switch {
	case b.haveA && (!b.haveM || b.sA+p.AttackBias >= b.sM+p.MoveBias):
		return b.a, choiceAct
	case b.haveM:
		return g.attackAfterMove(b.m, gr.moveAtt, true), choiceAct
	}
	return Activation{}, choiceEnd
}

// greedyBest is the best attack without moving and the best move a greedy
// decision has weighed so far, with their noisy scores (§14).
type greedyBest struct {
	a, m         Activation
	sA, sM       float64
	haveA, haveM bool
}

// weighUnit weighs unit u's activations buf, each with its noise, against
// the best so far, b; when one of its moves becomes the best move, it
// returns where in buf the attacks open after it are, else -1. It is a
// function of its own, not a loop of chooseGreedy's, because it is the
// hot loop of every greedy decision: it keeps fewer values live across its
// calls.
func (g *game) weighUnit(u int, buf []Activation, b *greedyBest) (att, attEnd int) {
	p := g.b.Opt.Profile
	g.findFreed(u)
	m := g.mover(u)
	att = -1
	for i := 0; i < len(buf); {
		a := &buf[i]
		if a.To == a.From {
			sc := g.attackScore(*a) + g.noise(p.AttackNoise)
			if g.passes(u, sc) && (!b.haveA || sc > b.sA) {
				b.a, b.sA, b.haveA = *a, sc, true
			}
			i++
			continue
		}
		j := i + 1
		best, has := math.Inf(-1), false
		for ; j < len(buf) && buf[j].To == a.To; j++ {
			if sc := g.attackScore(buf[j]); sc > best {
				best, has = sc, true
			}
		}
		sc := g.moveScore(&m, a.To, has, best) + g.noise(p.MoveNoise)
		if !(m.gen && sc < 0) && (!b.haveM || sc > b.sM) {
			b.m, b.sM, b.haveM = *a, sc, true
			att, attEnd = i+1, j
		}
		i = j
	}
	return att, attEnd
}

// attackAfterMove returns the move m with the best of the attacks open
// from its destination added, if that attack's score meets the mover's
// threshold (§14 step 4). Without noise, attacks of equal score are
// chosen among by an even draw from the policy stream: the attacks run in
// hex order, from RED's home row to BLUE's, and the first of equals would
// favour a colour (rollout's candidates did: TestDecisionsMirrorLong).
func (g *game) attackAfterMove(m Activation, attacks []Activation, noisy bool) Activation {
	u := int(m.Unit)
	g.findFreed(u)
	best, found, ties := 0.0, false, 0
	out := m
	for _, a := range attacks {
		sc := g.attackScore(a)
		if noisy {
			sc += g.noise(g.b.Opt.Profile.AttackNoise)
		}
		switch {
		case !g.passes(u, sc):
		case !found || sc > best:
			best, found, out, ties = sc, true, a, 1
		case sc == best && !noisy:
			ties++
			if g.pol.IntN(ties) == 0 {
				out = a
			}
		}
	}
	return out
}
