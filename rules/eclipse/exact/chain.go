package exact

import (
	"context"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse"
)

// Chain implements rules.ChainSolver: the chain Solve walks, with every
// ship type's activation a step (§3.3) and the battle's ends its absorbing
// states.
func (registered) Chain(ctx context.Context, n *doc.Node) (rules.Chain, error) {
	c, err := eclipse.CompileExact(n)
	if err != nil {
		return nil, err
	}
	return ChainOf(ctx, c, Options{})
}

// ChainOf explores the chain of a battle compiled by the eclipse ruleset,
// within the budgets of opt, and returns it. A side playing the optimal
// policy plays, at each choice, the target Solve finds best for it.
func ChainOf(ctx context.Context, b rules.Battle, opt Options) (rules.Chain, error) {
	c, ok := b.(*eclipse.Compiled)
	if !ok {
		return nil, fmt.Errorf("exact: not an eclipse battle (%T)", b)
	}
	opt = opt.withDefaults()
	if err := checkVolleys(c, opt.MaxSteps); err != nil {
		return nil, err
	}
	s, err := newSolver[float64](floats{}, c, opt, newBudget(ctx, opt.MaxSteps, lookFloat))
	if err != nil {
		return nil, err
	}
	if err := s.run(); err != nil { // the optimal policy's choices need the values
		return nil, err
	}
	return &chain{s: s, spec: c.Spec()}, nil
}

// chain is a solved solver read as a rules.Chain: states 0 … len(nodes)−1
// are its nodes, the next len(terms) its terminals.
type chain struct {
	s    *solver[float64, floats]
	spec rules.Spec
}

func (ch *chain) Start() int       { return int(ch.s.root) }
func (ch *chain) Spec() rules.Spec { return ch.spec }

// target returns the state id of an edge's target (a node, or -1-terminal).
func (ch *chain) target(to int32) int {
	if to < 0 {
		return len(ch.s.nodes) + int(-1-to)
	}
	return int(to)
}

// where returns node i's round digit and activation pointer.
func (ch *chain) where(i int) (round, k int) {
	key := ch.s.nodes[i].key
	_, _, round = ch.s.enc.split(key / ch.s.enc.ptrs)
	return round, int(key % ch.s.enc.ptrs)
}

// decode sets st to node i's fleets.
func (ch *chain) decode(i int, st *eclipse.State) {
	a, b, _ := ch.s.enc.split(ch.s.nodes[i].key / ch.s.enc.ptrs)
	*st = eclipse.State{}
	ch.s.enc.decodeSide(a, 0, st)
	ch.s.enc.decodeSide(b, 1, st)
}

func (ch *chain) Steps(i int, buf []rules.Step) []rules.Step {
	s := ch.s
	if i >= len(s.nodes) {
		return buf
	}
	round, k := ch.where(i)
	var rounds int64
	if round >= 1 && k == 0 && !s.nodes[i].stale {
		rounds = 1 // the round's first activation begins it (§3.3)
	}
	var before, after eclipse.State
	ch.decode(i, &before)
	e0, e1 := s.edges(int32(i))
	for e := e0; e < e1; e++ {
		to := ch.target(s.to[e])
		buf = append(buf, rules.Step{To: to, P: s.prob[e], Rounds: rounds, Event: ch.event(i, &before, to, &after)})
	}
	if s.nc[i] > 0 && s.nodes[i].ncTo >= 0 {
		to := int(s.nodes[i].ncTo)
		buf = append(buf, rules.Step{To: to, P: s.nc[i], Rounds: rounds, Event: ch.event(i, &before, to, &after)})
	}
	return buf
}

func (ch *chain) End(i int) (rules.ChainEnd, bool) {
	s := ch.s
	if i < len(s.nodes) {
		return rules.ChainEnd{}, false
	}
	tm := s.terms[i-len(s.nodes)]
	e := rules.ChainEnd{Winner: tm.winner, End: tm.end}
	// The counters in Spec order, as result gives their distributions:
	// survivors, retreated (sides that may retreat), reputation (players).
	c := s.c
	for t := range c.Types {
		e.Counters = append(e.Counters, int64(tm.survivors[t]))
	}
	for t := range c.Types {
		if c.Sides[c.Types[t].Side].Retreat.Kind != eclipse.RetreatNever {
			n := int64(0)
			if tm.left[t] {
				n = int64(tm.survivors[t])
			}
			e.Counters = append(e.Counters, n)
		}
	}
	for side := range 2 {
		if !c.Sides[side].NPC {
			e.Counters = append(e.Counters, int64(tm.rep[side]))
		}
	}
	e.Known = make([]bool, len(e.Counters))
	for k := range e.Known {
		e.Known[k] = k < len(ch.spec.Counters)
	}
	return e, true
}

// Describe says a node's fleets and the activation due ("round 2, the
// defender's Cruiser to fire — attacker: 2 Interceptor; defender: 1
// Cruiser (1 damage)"), or a terminal's end and survivors.
func (ch *chain) Describe(i int) string {
	s := ch.s
	if i >= len(s.nodes) {
		tm := s.terms[i-len(s.nodes)]
		var st eclipse.State
		for t := range s.c.Types {
			st.N[t] = tm.survivors[t]
		}
		return fmt.Sprintf("%s, %s — %s", ch.winnerWords(tm.winner), eclipse.EndNames[tm.end], ch.fleets(&st))
	}
	round, k := ch.where(i)
	var st eclipse.State
	ch.decode(i, &st)
	due := ch.activation(round, k)
	if round == 0 {
		return fmt.Sprintf("missiles, %s's turn — %s", due, ch.fleets(&st))
	}
	if round < ch.s.c.RetreatRounds { // later rounds share one state (§3.6)
		return fmt.Sprintf("round %d, %s's turn — %s", round, due, ch.fleets(&st))
	}
	return fmt.Sprintf("%s's turn — %s", due, ch.fleets(&st))
}

func (ch *chain) winnerWords(w rules.Side) string {
	if w == rules.None {
		return "no winner"
	}
	return ch.spec.Labels[w-1] + " wins"
}

// activation names the type whose activation a node is due: "the
// attacker's Interceptor".
func (ch *chain) activation(round, k int) string {
	t := ch.s.c.Order[k]
	if round == 0 {
		t = ch.s.c.MissileOrder[k]
	}
	ty := &ch.s.c.Types[t]
	return fmt.Sprintf("the %s's %s", ch.spec.Labels[ty.Side], ty.Name)
}

// fleets lists each side's ships in the battle, with their damage.
func (ch *chain) fleets(st *eclipse.State) string {
	var sides []string
	for side := range 2 {
		var parts []string
		sd := ch.s.c.Sides[side]
		for t := sd.First; t < sd.First+sd.N; t++ {
			if st.N[t] == 0 {
				continue
			}
			p := fmt.Sprintf("%d %s", st.N[t], ch.s.c.Types[t].Name)
			if dmg := damage(st, t); dmg > 0 {
				p += fmt.Sprintf(" (%d damage)", dmg)
			}
			if st.Status[t] == eclipse.Left {
				p += " (left)"
			}
			parts = append(parts, p)
		}
		if len(parts) == 0 {
			parts = []string{"no ships"}
		}
		sides = append(sides, ch.spec.Labels[side]+": "+strings.Join(parts, ", "))
	}
	return strings.Join(sides, "; ")
}

// damage is the damage type t's living ships carry in all.
func damage(st *eclipse.State, t int) int {
	d := 0
	for j := range int(st.N[t]) {
		d += int(st.Dmg[t][j])
	}
	return d
}

// event says what the activation of node i did, going to state to: the
// firing type and what its volley destroyed or damaged, a retreat, or a
// stalemate.
func (ch *chain) event(i int, before *eclipse.State, to int, after *eclipse.State) string {
	s := ch.s
	if s.nodes[i].stale {
		return "no ship in the battle has a cannon: stalemate (§3.7)"
	}
	round, k := ch.where(i)
	who := ch.activation(round, k)
	if to >= len(s.nodes) {
		*after = eclipse.State{}
		tm := s.terms[to-len(s.nodes)]
		for t := range s.c.Types {
			after.N[t] = tm.survivors[t]
			if tm.left[t] {
				after.Status[t] = eclipse.Left
			}
		}
	} else {
		ch.decode(to, after)
	}
	var changes []string
	for t := range s.c.Types {
		ty := &s.c.Types[t]
		side := ch.spec.Labels[ty.Side]
		switch lost, hurt := int(before.N[t]-after.N[t]), damage(after, t)-damage(before, t); {
		case after.Status[t] == eclipse.Left && before.Status[t] != eclipse.Left:
			changes = append(changes, fmt.Sprintf("the %s's %s leave the battle", side, ty.Name))
		case after.Status[t] == eclipse.Declared && before.Status[t] != eclipse.Declared:
			changes = append(changes, fmt.Sprintf("the %s's %s declare retreat", side, ty.Name))
		case lost > 0:
			changes = append(changes, fmt.Sprintf("the %s loses %d %s", side, lost, ty.Name))
		case hurt > 0 && to < len(s.nodes):
			verb := "take"
			if after.N[t] == 1 {
				verb = "takes"
			}
			changes = append(changes, fmt.Sprintf("the %s's %s %s %d damage", side, ty.Name, verb, hurt))
		}
	}
	if len(changes) == 0 {
		return who + ": no effect"
	}
	return who + ": " + strings.Join(changes, ", ")
}
