package dbd

// A unit's legal activations (§6) depend on where it stands and on which
// hexes near it each side's units hold, nothing else: the hexes it can
// reach (which any unit blocks), the enemies beside them, the targets in
// range of them. A greedy
// decision lists them for every unit of its side, and most units' lists
// are the ones of the side's last decision, or of the search's last play
// from the same position (§14 search), so each game keeps each unit's last
// list with the occupancy it was made from, and lists it again only when
// that occupancy changed.

// activationRadius is the distance from a unit of type t within which an
// enemy's hex can change its legal activations: it reaches hexes within
// its Move, and attacks from them the enemies beside them or, a shooter,
// in its range (§6, §7, §8); a skirmisher's shot after a withdrawal lies
// within the same distance. A friend's hex matters only within its Move,
// where it blocks a path or a charge (§7).
func activationRadius(t UnitType) int {
	return int(stats[t].Move) + max(1, int(stats[t].MaxRange))
}

// maxActivationRadius is the largest activation radius of any type: the
// boards' balls go that far.
var maxActivationRadius = func() int {
	r := 0
	for t := range UnitType(len(stats)) {
		r = max(r, activationRadius(t))
	}
	return r
}()

// activationCache is one unit's legal activations as last listed, with
// where it stood and the hexes its friends held within its Move and its
// enemies within its activation radius then.
type activationCache struct {
	listed bool
	h      Hex
	near   [2]hexSet
	acts   []Activation
}

// cachedActivations appends unit u's legal activations to buf (see
// activations).
func (g *game) cachedActivations(u int, buf []Activation) []Activation {
	return append(buf, g.activations(u)...)
}

// activations returns unit u's legal activations: its cached list when the
// occupancy around it is the one the list was made from, else a new list,
// which the cache keeps. Like unitActivations, it reads the enemy list
// sortEnemies made for u's side. The list is the cache's: it holds until
// the unit's next listing, and is not to be written.
func (g *game) activations(u int) []Activation {
	c := &g.actsOf[u]
	h := g.st.hex[u]
	same := c.listed && c.h == h
	var near [2]hexSet
	for s := range near {
		ball := &g.board.balls[g.b.radius[u][s]][h]
		for w := range near[s] {
			near[s][w] = g.st.occBy[s][w] & ball[w]
			same = same && near[s][w] == c.near[s][w]
		}
	}
	if !same {
		c.acts = g.unitActivations(u, c.acts[:0])
		c.listed, c.h, c.near = true, h, near
	}
	return c.acts
}
