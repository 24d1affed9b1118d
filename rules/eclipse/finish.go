package eclipse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// finish derives, once both sides are read, the Spec and the tables the
// battle looks up at every activation rather than recomputing them.
func (c *Compiled) finish(listed bool) {
	c.activationOrder(listed)
	c.hitTables()
	c.priorityOrders()
	c.retreatRounds()
	c.buildSpec()
}

// activationOrder is §3.1: initiative high first; opposite sides tie →
// defender first; same side tie → `same-side-ties` (size: larger rank
// first, then scenario order; listed: scenario order). The missile phase
// (§3.2) keeps that order.
func (c *Compiled) activationOrder(listed bool) {
	c.Order = make([]int, len(c.Types))
	for i := range c.Order {
		c.Order[i] = i
	}
	slices.SortStableFunc(c.Order, func(i, j int) int {
		a, b := &c.Types[i], &c.Types[j]
		if a.Init != b.Init {
			return b.Init - a.Init
		}
		if a.Side != b.Side {
			return b.Side - a.Side // defender (side 1) first
		}
		if !listed && a.Rank != b.Rank {
			return int(b.Rank) - int(a.Rank)
		}
		return a.Local - b.Local
	})
	for _, t := range c.Order {
		if c.Types[t].Missile.Total() > 0 {
			c.MissileOrder = append(c.MissileOrder, t)
		}
	}
}

// hitTables is §3.4: a face hits enemy type e when it is 6, or when it is
// 2-5 and face + computers − shields(e) ≥ 6. From the table it builds each
// type's volley plans (§8.2), and it bounds the dice units of a volley.
func (c *Compiled) hitTables() {
	for t := range c.Types {
		ft := &c.Types[t]
		for col := range nColours {
			if ft.Cannon[col] > 0 || ft.Missile[col] > 0 {
				ft.colours = append(ft.colours, Colour(col))
			}
		}
		en := c.Sides[1-ft.Side]
		for f := 1; f <= 6; f++ {
			var m uint8
			for lt := range en.N {
				e := &c.Types[en.First+lt]
				if f == 6 || f >= 2 && f+ft.Computer-e.Shield >= 6 {
					m |= 1 << lt
				}
			}
			c.hit[t][f] = m
		}
		split := c.Sides[ft.Side].Splitter
		for in := range 1 << en.N {
			c.plans[t][in] = newPlan(ft.colours, &c.hit[t], uint8(in), split)
		}
		c.maxUnits = max(c.maxUnits, c.volleyUnits(ft))
	}
}

// volleyUnits is the most dice units a volley of every ship of type ft
// assigns: a red die of a side with the Antimatter Splitter is four.
func (c *Compiled) volleyUnits(ft *Type) int {
	units := 0
	for _, seq := range [][]Colour{ft.cannonSeq, ft.missSeq} {
		u := 0
		for _, col := range seq {
			if col == Red && c.Sides[ft.Side].Splitter {
				u += 4
			} else {
				u++
			}
		}
		units = max(units, u*ft.Count)
	}
	return units
}

// priorityOrders is §6 `priority`: listed types first, unlisted ones after
// in size order (larger rank first, then scenario order).
func (c *Compiled) priorityOrders() {
	for s := range 2 {
		conf := &c.Sides[s]
		en := c.Sides[1-s]
		order := make([]int, 0, en.N)
		for _, name := range conf.Priority {
			for lt := range en.N {
				if c.Types[en.First+lt].Name == name {
					order = append(order, lt)
				}
			}
		}
		var rest []int
		for lt := range en.N {
			if !slices.Contains(order, lt) {
				rest = append(rest, lt)
			}
		}
		slices.SortStableFunc(rest, func(i, j int) int {
			return int(c.Types[en.First+j].Rank) - int(c.Types[en.First+i].Rank)
		})
		for pos, lt := range append(order, rest...) {
			conf.prio[lt] = int8(pos)
		}
	}
}

// retreatRounds sets RetreatRounds: from that round on no retreat option
// depends on the round number, so the exact solver needs no later rounds.
func (c *Compiled) retreatRounds() {
	c.RetreatRounds = 1
	for s := range 2 {
		switch r := c.Sides[s].Retreat; r.Kind {
		case RetreatAfterRound:
			c.RetreatRounds = max(c.RetreatRounds, r.N+1)
		case RetreatWhenLosing:
			c.RetreatRounds = max(c.RetreatRounds, 2)
		}
	}
}

// buildSpec lists the ends and the counters: survivors per side and type,
// each a distribution counter so that a report draws the chance that at
// least k ships of the type survive (a histogram is a few adds a trial);
// retreated per type for sides that may retreat; reputation tiles per
// player side. The options are added by compile.
func (c *Compiled) buildSpec() {
	c.spec.Ends = EndNames
	c.spec.RoundsUnit = "rounds"
	c.spec.Labels = sideNames
	for s := range 2 {
		c.spec.Sides[s] = c.describeSide(s)
	}
	var cs rules.Counters
	for t := range c.Types {
		ty := &c.Types[t]
		c.counters.survivors[t] = cs.Dist(sideCounter(ty.Side, "survivors."+ty.Name), "ships of this type left at the end, retreated ones included (§3.8)")
	}
	for t := range c.Types {
		ty := &c.Types[t]
		c.counters.retreated[t] = -1
		if c.Sides[ty.Side].Retreat.Kind != RetreatNever {
			c.counters.retreated[t] = cs.Add(sideCounter(ty.Side, "retreated."+ty.Name), "ships of this type that retreated (§3.6)")
		}
	}
	for s := range 2 {
		c.counters.rep[s] = -1
		if !c.Sides[s].NPC {
			c.counters.rep[s] = cs.Add(sideCounter(s, "reputation"), "reputation tiles drawn (§3.9)")
		}
	}
	c.spec.Counters = cs.List()
}

// sideCounter names a counter of side s (0 = attacker, side a).
func sideCounter(s int, quantity string) string {
	return rules.SideCounter(rules.A+rules.Side(s), quantity)
}

// describeSide says what side s fields, for reports: "attacker: 8
// Interceptor, 4 Cruiser" or "defender (NPC): 2 Ancient".
func (c *Compiled) describeSide(s int) string {
	var ships []string
	for t := range c.Types {
		if ty := &c.Types[t]; ty.Side == s {
			ships = append(ships, fmt.Sprintf("%d %s", ty.Count, ty.Name))
		}
	}
	who := sideNames[s]
	if c.Sides[s].NPC {
		who += " (NPC)"
	}
	return who + ": " + strings.Join(ships, ", ")
}
