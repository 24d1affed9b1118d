package dbd

import "math/bits"

// attackKind says what attack an activation ends with.
type attackKind uint8

const (
	noAttack attackKind = iota
	meleeAttack
	rangedAttack
)

// Activation is one legal activation (§6): unit Unit moves from From to To
// (To = From: it stays) and then attacks the unit on Target, or not.
type Activation struct {
	Unit     uint8
	From, To Hex
	Target   Hex // noHex without an attack
	Attack   attackKind
	// Withdraw marks a disengagement of a unit that started engaged (§6).
	Withdraw bool
	// Charge marks a cavalry melee with the charge die (§7, G10).
	Charge bool
}

// eligible reports whether unit u of the active side may be activated now
// (§6, G1): alive, and not yet activated this turn.
func (g *game) eligible(u int) bool {
	return g.st.hp[u] > 0 && !(g.b.Opt.OnePerUnit && g.st.acted[u])
}

// legal appends every legal activation of the active side to buf, in §6's
// order: units in scenario order, then destination id ascending, then
// target id ascending, "no attack" before attacks.
func (g *game) legal(buf []Activation) []Activation {
	g.sortEnemies(g.st.side)
	for _, u := range g.b.bySide[g.st.side] {
		if g.eligible(int(u)) {
			buf = g.cachedActivations(int(u), buf)
		}
	}
	return buf
}

// sortEnemies lists the hexes of side s's enemies in ascending order (the
// set of hexes the state keeps for the side, read back in order).
func (g *game) sortEnemies(s Side) {
	g.enemies = g.st.occBy[s.Other()].appendTo(g.enemies[:0])
}

// unitActivations appends the legal activations of unit u (§6) to buf in
// §6's order. It reads the enemy list sortEnemies made.
func (g *game) unitActivations(u int, buf []Activation) []Activation {
	st, opt := &g.st, &g.b.Opt
	unit := &g.b.units[u]
	h := st.hex[u]
	me := unit.Side
	t := unit.Type
	act := Activation{Unit: uint8(u), From: h, Target: noHex}
	g.reach = g.reachable(u, g.reach[:0])
	if st.engaged(me, h) {
		// §6, engaged: melee an adjacent enemy, or withdraw to a hex no
		// enemy is adjacent to. A skirmisher withdraws up to its full Move
		// and may then shoot at distance 2; others one step (G4).
		full := t == SKR || opt.WithdrawFullMove
		for _, d := range g.reach {
			if d == h {
				buf = g.attacksFrom(u, h, h, true, buf)
				continue
			}
			if st.adj[me.Other()][d] > 0 || !full && g.board.Dist[h][d] != 1 {
				continue
			}
			w := act
			w.To, w.Withdraw = d, true
			buf = append(buf, w)
			if t == SKR {
				buf = g.shotsFrom(w, d, buf)
			}
		}
		return buf
	}
	// §6, unengaged: move anywhere in R (staying allowed), then attack as
	// the type may.
	for _, d := range g.reach {
		if d != h {
			m := act
			m.To = d
			buf = append(buf, m)
		}
		// attacksFrom finds nothing without an enemy beside d unless
		// the unit may shoot from d: spared the call, which most
		// destinations of a unit away from the enemy would make.
		if st.adj[me.Other()][d] > 0 || t == SKR || t == ARC && d == h {
			buf = g.attacksFrom(u, h, d, false, buf)
		}
	}
	return buf
}

// attacksFrom appends the attacks unit u, which started its activation on
// h, may make from d (§6, §8), targets ascending. startEngaged says whether
// it started engaged (then d = h).
func (g *game) attacksFrom(u int, h, d Hex, startEngaged bool, buf []Activation) []Activation {
	st, opt := &g.st, &g.b.Opt
	unit := &g.b.units[u]
	t := unit.Type
	me := unit.Side
	engagedAtD := st.adj[me.Other()][d] > 0
	melee := true
	ranged := false
	var minR, maxR uint8
	switch t {
	case SKR:
		// §6, G5: a skirmisher shoots at distance 2 when unengaged (or
		// always with skr-ranged-engaged).
		ranged = !engagedAtD || opt.SkrRangedEngaged
	case ARC:
		// §6, G7: an archer either moves or shoots; it never shoots while
		// engaged; it melees only where it stands unless
		// arc-move-then-melee.
		ranged = d == h && !engagedAtD
		melee = d == h || opt.ArcMoveThenMelee
	}
	if ranged {
		minR, maxR = stats[t].MinRange, stats[t].MaxRange
	}
	if !ranged && !engagedAtD {
		return buf // no enemy beside d, and no shot from it
	}
	charge := false
	if t == CAV && !startEngaged && d != h {
		charge = g.chargeable(h, d)
	}
	if !ranged {
		// Melee only: the enemies beside d, in ascending order.
		if !melee {
			return buf
		}
		for _, e := range g.board.Neighbours(d) {
			if k := st.occ[e]; k != 0 && g.b.units[k-1].Side != me {
				buf = append(buf, Activation{Unit: uint8(u), From: h, To: d, Target: e, Attack: meleeAttack, Charge: charge})
			}
		}
		return buf
	}
	for _, e := range g.enemies {
		dist := g.board.Dist[d][e]
		a := Activation{Unit: uint8(u), From: h, To: d, Target: e}
		switch {
		case dist == 1 && melee:
			a.Attack, a.Charge = meleeAttack, charge
		case ranged && dist >= minR && dist <= maxR:
			a.Attack = rangedAttack
		default:
			continue
		}
		buf = append(buf, a)
	}
	return buf
}

// shotsFrom appends the shots a skirmisher may make after withdrawing to d
// (§6: range 2 from the hex it withdrew to, unengaged there by
// construction).
func (g *game) shotsFrom(w Activation, d Hex, buf []Activation) []Activation {
	for _, e := range g.enemies {
		if g.board.Dist[d][e] == 2 {
			a := w
			a.Target, a.Attack = e, rangedAttack
			buf = append(buf, a)
		}
	}
	return buf
}

// reachable appends R(u) (§7) to buf in ascending order: the hexes unit u
// reaches by steps into empty, non-WATER hexes at a total cost of at most
// its Move, its own hex included. Cavalry that enters WOODS or ROUGH stops
// there. G2: Move-1 units cannot enter WOODS or ROUGH, unless
// move-one-always lets any unit step into any passable empty neighbour.
// Costs are 1 or 2, so expanding the hexes of each cost in turn is
// Dijkstra's algorithm; it works on sets of hexes (every greedy decision
// asks it for many units), and the set reached is read back in ascending
// order.
func (g *game) reachable(u int, buf []Hex) []Hex {
	st := &g.st
	t := g.b.units[u].Type
	move := int(stats[t].Move)
	h := st.hex[u]
	nbr, enter := &g.board.nbrSet, g.b.enter
	var free hexSet // the empty hexes a step may enter, not yet reached
	for w := range free {
		free[w] = (enter[1][w] | enter[2][w]) &^ (st.occBy[Blue][w] | st.occBy[Red][w])
	}
	var reached hexSet
	reached.add(h)
	var level [3]hexSet // the hexes reached at cost c, c+1 and c+2, by c mod 3
	level[0].add(h)
	for c := 0; c < move; c++ {
		var next hexSet // the neighbours of the hexes at cost c that expand
		for w, word := range level[c%3] {
			for ; word != 0; word &= word - 1 {
				x := Hex(w*64 + bits.TrailingZeros64(word))
				if t == CAV && x != h && g.terrain[x].dense() {
					continue
				}
				for k := range next {
					next[k] |= nbr[x][k]
				}
			}
		}
		level[c%3] = hexSet{}
		for k := 1; k < len(enter) && c+k <= move; k++ {
			for w := range next {
				n := next[w] & free[w] & enter[k][w]
				level[(c+k)%3][w] |= n
				reached[w] |= n
				free[w] &^= n
			}
		}
	}
	if g.b.Opt.MoveOneAlways {
		for w := range reached {
			reached[w] |= nbr[h][w] & free[w]
		}
	}
	return reached.appendTo(buf)
}

// newEnter returns, for each move cost c of 1 and 2, the hexes whose
// terrain costs c to enter (§3, §7): WATER is in neither.
func newEnter(terrain *[NumHexes]Terrain) *[3]hexSet {
	enter := new([3]hexSet)
	for h := range Hex(NumHexes) {
		switch c := moveCost[terrain[h]]; c {
		case 1, 2:
			enter[c].add(h)
		case impassable:
		default:
			panic("dbd: a move cost other than 1, 2 or impassable")
		}
	}
	return enter
}

// chargeable reports whether cavalry moving from h to d charges (§7, G10):
// d is reached by exactly two steps h → x → d with x empty, x ≠ h, d ≠ h,
// and x and d both CLEAR or HILL; with charge-rule: distance d must also
// lie at distance 2 from h.
func (g *game) chargeable(h, d Hex) bool {
	open := func(x Hex) bool { return g.terrain[x] == Clear || g.terrain[x] == Hill }
	if d == h || !open(d) || g.b.Opt.ChargeDistance && g.board.Dist[h][d] != 2 {
		return false
	}
	for _, x := range g.board.Neighbours(h) {
		if x != d && g.board.Dist[x][d] == 1 && g.st.occ[x] == 0 && open(x) {
			return true
		}
	}
	return false
}
