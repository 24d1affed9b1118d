package exact

import (
	"context"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/emojispace"
)

// Chain implements rules.ChainSolver: the chain the walk solves, built
// lazily, one state per (round, ship a's state, ship b's state) and one
// step per round (§12), a `random` rule's actions each with its share.
// Rounds only grow, so the chain has no cycle.
func (registered) Chain(_ context.Context, n *doc.Node) (rules.Chain, error) {
	b, err := emojispace.Compile(n)
	if err != nil {
		return nil, err
	}
	m, err := newModel(b)
	if err != nil {
		return nil, err
	}
	ch := &duelChain{c: newChain(m), spec: b.Spec(), index: map[duelState]int{}, ends: map[duelEnd]int{}}
	var start [2]uint32
	for s := range 2 {
		start[s] = m.sides[s].id(shipState{hull: m.sides[s].ship.HullMax, deg: m.sides[s].deg0})
	}
	ch.state(duelState{round: 1, a: start[0], b: start[1]})
	return ch, nil
}

// duelState is a transient state: the round about to be fought and the
// ships' state numbers.
type duelState struct {
	round int
	a, b  uint32
}

// duelEnd is an absorbing state: how the duel ended and the ships'
// counters then.
type duelEnd struct {
	reason int
	winner rules.Side
	at     [2]endState
}

type duelChain struct {
	c      *chain
	spec   rules.Spec
	states []duelState // transient states by id
	index  map[duelState]int
	endsOf []duelEnd // absorbing states, ids from endBase
	ends   map[duelEnd]int
}

// endBase is the first id of an absorbing state: transient ids stay below
// (the walk's budget of joint states is far smaller), and every id below
// 2^31, as rules.Chain asks.
const endBase = 1 << 30

func (ch *duelChain) Start() int       { return 0 }
func (ch *duelChain) Spec() rules.Spec { return ch.spec }

func (ch *duelChain) state(s duelState) int {
	if i, ok := ch.index[s]; ok {
		return i
	}
	ch.index[s] = len(ch.states)
	ch.states = append(ch.states, s)
	return len(ch.states) - 1
}

func (ch *duelChain) end(e duelEnd) int {
	if i, ok := ch.ends[e]; ok {
		return i
	}
	ch.ends[e] = endBase + len(ch.endsOf)
	ch.endsOf = append(ch.endsOf, e)
	return endBase + len(ch.endsOf) - 1
}

func (ch *duelChain) Steps(i int, buf []rules.Step) []rules.Step {
	if i >= endBase {
		return buf
	}
	st := ch.states[i]
	c := ch.c
	c.turns[0].begin(st.round)
	c.turns[1].begin(st.round)
	ta, tb := c.turns[0].get(st.a), c.turns[1].get(st.b)
	ma, mb := c.turns[0].movesOf(ta), c.turns[1].movesOf(tb)
	pMove := 1 / float64(len(ma)*len(mb))
	pre := [2]*endState{&ta.pre, &tb.pre}
	at := map[int]int{} // target → its step in buf, to merge steps to one state
	add := func(to int, p float64, event string) {
		if k, ok := at[to]; ok {
			buf[k].P += p
			if !strings.Contains(buf[k].Event, event) {
				buf[k].Event += " or " + event
			}
			return
		}
		at[to] = len(buf)
		buf = append(buf, rules.Step{To: to, P: p, Rounds: 1, Event: event})
	}
	for x := range ma {
		for y := range mb {
			acts := fmt.Sprintf("the %s: %s, the %s: %s", ch.spec.Labels[0], ma[x].act, ch.spec.Labels[1], mb[y].act)
			la, lb, e, ended := c.fate(pre, &ma[x], &mb[y])
			if ended {
				add(ch.end(duelEnd{e.reason, e.winner, [2]endState{*e.at[0], *e.at[1]}}), pMove, acts+"; "+emojispace.EndNames[e.reason])
				continue
			}
			den := float64(la.den) * float64(lb.den)
			for _, ga := range []int{destroyed, alive} {
				for _, gb := range []int{destroyed, alive} {
					for _, oa := range la.group(ga) {
						for _, ob := range lb.group(gb) {
							to := ch.after(st.round, [2]bool{ga == destroyed, gb == destroyed}, oa, ob)
							add(to, pMove*float64(oa.w)*float64(ob.w)/den, acts+"; "+ch.hits(st, [2]bool{ga == destroyed, gb == destroyed}, oa, ob))
						}
					}
				}
			}
		}
	}
	return buf
}

// after returns the state the outcomes oa of ship a and ob of ship b
// (dead: destroyed) lead to after the attacks of round r (§12 steps
// 10-11).
func (ch *duelChain) after(r int, dead [2]bool, oa, ob outcome) int {
	deadA, deadB := dead[0], dead[1]
	at := [2]endState{oa.end, ob.end}
	switch {
	case deadA && deadB:
		return ch.end(duelEnd{emojispace.EndMutualDestruction, rules.None, at})
	case deadA:
		return ch.end(duelEnd{emojispace.EndDestroyed, rules.B, at})
	case deadB:
		return ch.end(duelEnd{emojispace.EndDestroyed, rules.A, at})
	case r == ch.c.m.b.Opt.MaxRounds:
		return ch.end(duelEnd{emojispace.EndRoundCap, rules.None, at})
	}
	return ch.state(duelState{round: r + 1, a: oa.key, b: ob.key})
}

// hits says what the attacks did to each ship's hull.
func (ch *duelChain) hits(st duelState, dead [2]bool, oa, ob outcome) string {
	var parts []string
	for s, o := range [2]outcome{oa, ob} {
		before := ch.c.m.sides[s].state([2]uint32{st.a, st.b}[s]).hull
		switch d := before - int(o.end.hull); {
		case dead[s]:
			parts = append(parts, fmt.Sprintf("the %s is destroyed", ch.spec.Labels[s]))
		case d > 0:
			parts = append(parts, fmt.Sprintf("the %s loses %d hull (%d left)", ch.spec.Labels[s], d, o.end.hull))
		}
	}
	if len(parts) == 0 {
		return "no hull lost"
	}
	return strings.Join(parts, ", ")
}

func (ch *duelChain) End(i int) (rules.ChainEnd, bool) {
	if i < endBase {
		return rules.ChainEnd{}, false
	}
	e := ch.endsOf[i-endBase]
	out := rules.ChainEnd{Winner: e.winner, End: e.reason}
	for _, c := range ch.spec.Counters {
		v, ok := ch.counter(c.Name, e)
		out.Counters = append(out.Counters, v)
		out.Known = append(out.Known, ok)
	}
	return out, true
}

// counter returns a counter's value at an end, where the chain knows it.
func (ch *duelChain) counter(name string, e duelEnd) (int64, bool) {
	for s := range 2 {
		side, sh := rules.Side(s+1), ch.c.m.sides[s].ship
		for c, v := range map[string]int64{
			emojispace.CounterHull: int64(e.at[s].hull), emojispace.CounterRepairs: int64(e.at[s].spent),
			emojispace.CounterRed: int64(e.at[s].red), emojispace.CounterRCP: int64(sh.RCP), emojispace.CounterTR: int64(sh.TR),
		} {
			if rules.SideCounter(side, c) == name {
				return v, true
			}
		}
	}
	return 0, false
}

func (ch *duelChain) Describe(i int) string {
	if i >= endBase {
		e := ch.endsOf[i-endBase]
		who := "no winner"
		if e.winner != rules.None {
			who = ch.spec.Labels[e.winner-1] + " wins"
		}
		return fmt.Sprintf("%s, %s — the %s's hull %d, the %s's %d", who, emojispace.EndNames[e.reason], ch.spec.Labels[0], e.at[0].hull, ch.spec.Labels[1], e.at[1].hull)
	}
	st := ch.states[i]
	a, b := ch.c.m.sides[0].state(st.a), ch.c.m.sides[1].state(st.b)
	return fmt.Sprintf("round %d — the %s: hull %d, %d repairs used; the %s: hull %d, %d repairs used", st.round, ch.spec.Labels[0], a.hull, a.spent, ch.spec.Labels[1], b.hull, b.spent)
}
