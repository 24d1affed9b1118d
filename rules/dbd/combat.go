package dbd

// diceCount is the number of dice of one attack with its parts (§8), as
// the replay shows them.
type diceCount struct {
	Base, Cover, Flank, Charge int8
	// N is the dice rolled: the parts summed, clamped to at least 1.
	N int8
}

// countDice counts the dice of an attack by a unit of type t on a defender
// standing on def (§8, G8). flankers is the number of the attacker's units
// adjacent to the defender, the attacker included; charge says the attack
// is a charge.
func (g *game) countDice(t UnitType, ranged bool, def Hex, flankers int, charge bool) diceCount {
	var d diceCount
	n := stats[t].Melee
	cover := meleeCover[g.terrain[def]]
	if ranged {
		n, cover = stats[t].Ranged, rangedCover[g.terrain[def]]
	}
	d.Base, d.Cover = n, -cover
	n -= cover
	if g.b.Opt.ClampAfterCover {
		n = max(n, 1)
	}
	if !ranged && flankers >= 2 { // §8 step 3: flanked, melee only (G9)
		d.Flank = 1
	}
	if charge {
		d.Charge = 1
	}
	d.N = max(n+d.Flank+d.Charge, 1)
	return d
}

// Die faces (§8): 5–6 HIT, 4 RETREAT, 1–3 MISS.
const (
	hitFace     = 5
	retreatFace = 4
)

// attack resolves an attack of unit u, from where it stands, on the unit
// on hex target (§9, in the rules' exact order).
// It is a hot loop, run on every attack of every trial, and stays whole:
// its steps follow §9's order on one screen, share the state they read,
// and a call per step would cost in every attack.
func (g *game) attack(u int, target Hex, ranged, charge bool) {
	st := &g.st
	att := &g.b.units[u]
	me := att.Side
	d := st.at(target)
	def := &g.b.units[d]
	from := st.hex[u]
	// 1. Count dice (§8), roll, count hits and retreats.
	dc := g.countDice(att.Type, ranged, target, int(st.adj[me][target]), charge)
	c := &g.b.c
	if ranged {
		g.cnt[c.ranged]++
	} else {
		g.cnt[c.melee]++
		if dc.Flank > 0 {
			g.cnt[c.flanks]++
		}
	}
	if dc.Charge > 0 {
		g.cnt[c.charges]++
	}
	var faces [8]int8
	hits, retreats := 0, 0
	for k := range int(dc.N) {
		f := int8(1 + g.dice.IntN(6))
		if k < len(faces) {
			faces[k] = f
		}
		switch {
		case f >= hitFace:
			hits++
		case f == retreatFace:
			retreats++
		}
	}
	// 2–3. Support and cancellation, from the adjacency before hits.
	support := int(st.adj[def.Side][target])
	genAdj := false
	for _, n := range g.board.Neighbours(target) {
		if k := st.occ[n]; k != 0 && g.b.units[k-1].Side == def.Side && g.b.units[k-1].Type == GEN {
			genAdj = true // G13: another general (the defender is not its own neighbour)
		}
	}
	cancel := cancellations(def.Quality, support, genAdj, retreats)
	retreats -= cancel
	g.cnt[c.cancelled] += int64(cancel)
	if g.log != nil {
		g.logRoll(dc, faces[:min(int(dc.N), len(faces))], int(dc.N), hits, retreats+cancel, cancel, support, genAdj, def)
	}
	if g.aligned {
		g.noteLuck(me, int(dc.N), hits, int(st.hp[d]), def.Type)
	}
	// 4. Hits.
	if hits > 0 && g.damage(d, hits, me, target, false) {
		return
	}
	// 5. Retreat steps, one at a time.
	cause := int(st.exposed[d])
	st.exposed[d] = 0
	for range retreats {
		cur := st.hex[d]
		best, n := g.retreatChoice(d, from)
		if n == 0 {
			g.blocked(d, from, cause, me)
			if st.hp[d] <= 0 || st.over {
				return
			}
			continue
		}
		g.retreatStep(d, cur, best, from, cause)
	}
}

// cancellations is the number of RETREAT results a defender cancels (§9
// step 3, G12: always the most allowed): GREEN 1 with support ≥ 2 or an
// adjacent general; REGULAR 1 with support ≥ 1 or a general; VETERAN 1
// always and 2 with support ≥ 1 or a general; never more than rolled.
func cancellations(q Quality, support int, genAdj bool, retreats int) int {
	var c int
	switch q {
	case Green:
		if support >= 2 || genAdj {
			c = 1
		}
	case Regular:
		if support >= 1 || genAdj {
			c = 1
		}
	case Veteran:
		c = 1
		if support >= 1 || genAdj {
			c = 2
		}
	}
	return min(c, retreats)
}

// damage takes hp from unit d on hex h, hit by side by; blocked says the
// hit is a blocked retreat step's. It reports whether the unit was
// destroyed (§9 step 4, §11).
func (g *game) damage(d, hp int, by Side, h Hex, blocked bool) bool {
	st := &g.st
	def := &g.b.units[d]
	lost := min(hp, int(st.hp[d]))
	st.hp[d] -= int8(lost)
	st.hpSum[def.Side] -= lost
	g.cnt[g.b.c.hpLost[def.Side]] += int64(lost)
	if st.hp[d] > 0 {
		return false
	}
	// Removed at once; its retreats are void; the attacker's side scores.
	c := &g.b.c
	st.lift(g.board, d, def.Side)
	st.alive[def.Side]--
	st.rDepth[d], st.exposed[d] = 0, 0
	g.cnt[c.unitsLost[def.Side]]++
	g.cnt[c.lostAt[h]]++
	if def.Type == GEN {
		g.cnt[c.generalsLost[def.Side]]++
	}
	if blocked {
		g.cnt[c.blockedKills]++
	}
	st.standards[by] += standardsFor(def.Type)
	if g.log != nil {
		g.logDestroyed(d, h, by)
	}
	// §11: the threshold wins at once; G15: a side without units loses.
	switch {
	case st.standards[by] >= g.b.Scenario.StandardsToWin:
		g.finish(int8(by), EndStandards)
	case st.alive[def.Side] == 0:
		g.finish(int8(by), EndAnnihilation)
	}
	return true
}

// retreatOption reports whether hex n is a legal retreat step for a defender
// on cur away from an attacker on from (§9 step 5): empty, not WATER, and
// strictly farther from the attacker.
func (g *game) retreatOption(n, cur, from Hex) bool {
	return g.st.occ[n] == 0 && g.terrain[n] != Water && g.board.Dist[n][from] > g.board.Dist[cur][from]
}

// retreatChoice returns the hex unit d retreats to from where it stands,
// away from from, and the number of options (0: the step is blocked) (§10,
// G11).
//
// heuristic breaks its last tie evenly at random (the policy stream), not
// by hex id: ids run from RED's home row to BLUE's, so an id tie-break
// sends one colour's units back and the other's sideways, which gave RED
// 2 to 5 points on every mirrored sample (§10, issue 29).
func (g *game) retreatChoice(d int, from Hex) (Hex, int) {
	cur := g.st.hex[d]
	best, n, ties := noHex, 0, 0
	var bestKey [3]int
	for _, x := range g.board.Neighbours(cur) {
		if !g.retreatOption(x, cur, from) {
			continue
		}
		n++
		switch g.b.Opt.Retreat {
		case retreatFirst:
			// The lowest id among the options at the largest distance: every
			// option lies one step farther than cur, so the lowest id.
			if best == noHex {
				best = x
			}
		case retreatHeuristic:
			key := g.retreatKey(d, x)
			switch {
			case best == noHex || keyAbove(key, bestKey):
				best, bestKey, ties = x, key, 1
			case key == bestKey:
				ties++
			}
		}
	}
	switch {
	case g.b.Opt.Retreat == retreatRandom && n > 0:
		best = g.retreatOptionAt(cur, from, g.pol.IntN(n), [3]int{}, false)
	case g.b.Opt.Retreat == retreatHeuristic && ties > 1:
		best = g.retreatOptionAt(cur, from, g.pol.IntN(ties), bestKey, true)
	}
	return best, n
}

// retreatKey ranks hex x as a retreat step of unit d (§10 heuristic): most
// (friends − enemies) adjacent (the defender itself is adjacent to x and
// does not count), then WOODS or ROUGH, then the farthest from the nearest
// enemy. Every part is the same seen from either side of the board.
func (g *game) retreatKey(d int, x Hex) [3]int {
	st := &g.st
	me := g.b.units[d].Side
	key := [3]int{int(st.adj[me][x]) - 1 - int(st.adj[me.Other()][x]), 0, g.nearestEnemy(me, x)}
	if g.terrain[x].dense() {
		key[1] = 1
	}
	return key
}

// keyAbove reports whether retreat key a ranks above b (lexicographic).
func keyAbove(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// retreatOptionAt returns the k-th legal retreat step from cur away from
// from, in neighbour order, counting only steps whose heuristic key is key
// when keyed.
func (g *game) retreatOptionAt(cur, from Hex, k int, key [3]int, keyed bool) Hex {
	d := g.st.at(cur)
	for _, x := range g.board.Neighbours(cur) {
		if !g.retreatOption(x, cur, from) || keyed && g.retreatKey(d, x) != key {
			continue
		}
		if k == 0 {
			return x
		}
		k--
	}
	panic("dbd: retreat option out of range")
}

// nearestEnemy is the distance from x to the nearest unit of side me's
// enemy (a board's diameter when there is none).
func (g *game) nearestEnemy(me Side, x Hex) int {
	best := 255
	for _, u := range g.b.bySide[me.Other()] {
		if g.st.hp[u] > 0 {
			best = min(best, int(g.board.Dist[x][g.st.hex[u]]))
		}
	}
	return best
}

// retreatStep moves unit d one hex from cur to next, away from an attacker
// on from: a retreat step whose
// chain of causes is cause steps long (see state.rDepth), and records the
// friends the step leaves flanked.
func (g *game) retreatStep(d int, cur, next, from Hex, cause int) {
	st := &g.st
	me := g.b.units[d].Side
	if g.log != nil {
		g.logRetreat(d, cur, next, from)
	}
	st.lift(g.board, d, me)
	st.place(g.board, d, me, next)
	g.cnt[g.b.c.retreatSteps]++
	depth := cause + 1
	st.rDepth[d], st.rCounted[d] = uint8(min(depth, 255)), false
	st.cascade = max(st.cascade, depth)
	// A friend the defender stood beside, and no longer does, that is
	// flanked now: the step left it flanked without the defender.
	for _, n := range g.board.Neighbours(cur) {
		k := st.at(n)
		if k < 0 || k == d || g.b.units[k].Side != me || g.board.Dist[n][next] == 1 || st.adj[me.Other()][n] < 2 {
			continue
		}
		st.exposed[k] = max(st.exposed[k], uint8(min(depth, 255)))
		g.countCascading(d)
	}
}

// blocked applies a blocked retreat step of unit d (§9 step 5): a hit.
// Units whose own retreat step put them on a hex that would have been an
// option make the step a link of their cascade.
func (g *game) blocked(d int, from Hex, cause int, by Side) {
	st := &g.st
	cur := st.hex[d]
	depth := cause
	for _, n := range g.board.Neighbours(cur) {
		k := st.at(n)
		if k < 0 || st.rDepth[k] == 0 || g.terrain[n] == Water || g.board.Dist[n][from] <= g.board.Dist[cur][from] {
			continue
		}
		depth = max(depth, int(st.rDepth[k]))
		g.countCascading(k)
	}
	st.cascade = max(st.cascade, depth+1)
	c := &g.b.c
	g.cnt[c.blockedSteps]++
	g.cnt[c.blockedAt[cur]]++
	if g.log != nil {
		g.logBlocked(d, cur)
	}
	g.damage(d, 1, by, cur, true)
}

// countCascading counts unit k's last retreat step as cascading, once.
func (g *game) countCascading(k int) {
	if !g.st.rCounted[k] {
		g.st.rCounted[k] = true
		g.cnt[g.b.c.cascading]++
	}
}
