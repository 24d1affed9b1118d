package exact

import (
	"context"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Chain implements rules.ChainSolver: the chain Solve solves (graph.go),
// explored within Solve's budgets and, like Solve's, with the round cap
// followed when it may act, walked as rules.Chain asks. A node of the
// solver is a step to play in a state and its edges carry the rounds begun
// on the way to their target; a state of this chain is a node and the
// rounds begun on the way into it, which the step played there then
// carries, so that a step is counted in the round it is played in (the
// contest of round 3 is shown under round 3, not under the round its
// outcome begins). The totals are the solver's: the rounds of a path are
// the start's rounds and its edges', as Solve counts them.
func (registered) Chain(ctx context.Context, n *doc.Node) (rules.Chain, error) {
	if err := ctx.Err(); err != nil {
		return nil, err // the budget looks at ctx only every so many steps
	}
	m, err := model(n)
	if err != nil {
		return nil, err
	}
	opt := Options{}.withDefaults()
	if err := checkVolleys(m, opt.MaxSteps); err != nil {
		return nil, err
	}
	c, _, _, _, err := solveIn(ctx, m, floats{}, opt.MaxStates, opt.MaxSteps, lookFloat, nil, 0)
	if err != nil {
		return nil, err
	}
	ch := &walkChain{c: c, index: map[[2]int32]int{}}
	if c.root < 0 {
		ch.start = startState
	} else {
		ch.start = ch.state(c.root, c.rootRounds)
	}
	return ch, nil
}

// walkChain is a solver's chain as rules.Chain: transient states are
// (node, rounds begun on the way in), numbered as first reached; an
// absorbing state is endBase plus a terminal; startState stands before a
// battle that ends at its start.
type walkChain struct {
	c      *chain[float64, floats]
	start  int
	states [][2]int32
	index  map[[2]int32]int
	// two decoded states, for the changes a step makes
	from, to []int32
}

// endBase is the first id of an absorbing state, above any transient one
// the state budget allows and below 2^31, as rules.Chain asks.
const (
	endBase    = 1 << 30
	startState = endBase - 1
)

func (ch *walkChain) Start() int       { return ch.start }
func (ch *walkChain) Spec() rules.Spec { return ch.c.m.Spec() }

func (ch *walkChain) state(node, rounds int32) int {
	k := [2]int32{node, rounds}
	if i, ok := ch.index[k]; ok {
		return i
	}
	ch.index[k] = len(ch.states)
	ch.states = append(ch.states, k)
	return len(ch.states) - 1
}

func (ch *walkChain) Steps(s int, buf []rules.Step) []rules.Step {
	c := ch.c
	if s == startState {
		t := -1 - c.root
		return append(buf, rules.Step{To: endBase + int(t), P: 1, Rounds: int64(c.rootRounds), Event: "the battle ends at its start: " + ch.ending(t)})
	}
	if s >= endBase {
		return buf
	}
	node, in := ch.states[s][0], ch.states[s][1]
	var pos int
	pos, ch.from = c.nodes.decode(node, ch.from)
	what := strings.TrimPrefix(c.m.Describe(pos), "round, ") // every step but the start's is in a round
	e0, e1 := c.edges(node)
	for e := e0; e < e1; e++ {
		st := rules.Step{P: c.w[e], Rounds: int64(in)}
		if to := c.to[e]; to < 0 {
			st.To = endBase + int(-1-to)
			st.Rounds += int64(c.rnd[e])
			st.Event = what + ": " + ch.ending(-1-to)
		} else {
			st.To = ch.state(to, c.rnd[e])
			_, ch.to = c.nodes.decode(to, ch.to)
			st.Event = what + ": " + c.m.DescribeChange(ch.from, ch.to)
		}
		buf = append(buf, st)
	}
	return buf
}

// ending says how terminal t ends the battle: "a wins, destroyed".
func (ch *walkChain) ending(t int32) string {
	spec := ch.Spec()
	term := ch.c.terms[t]
	who := "no winner"
	if term.winner != rules.None {
		who = label(spec, term.winner) + " wins"
	}
	return who + ", " + spec.Ends[term.end]
}

func label(spec rules.Spec, s rules.Side) string {
	if l := spec.Labels[s-1]; l != "" {
		return l
	}
	return s.String()
}

func (ch *walkChain) End(s int) (rules.ChainEnd, bool) {
	if s < endBase {
		return rules.ChainEnd{}, false
	}
	term := ch.c.terms[s-endBase]
	known := make([]bool, len(term.counters))
	for i := range known {
		known[i] = true
	}
	return rules.ChainEnd{Winner: term.winner, End: term.end, Counters: term.counters, Known: known}, true
}

func (ch *walkChain) Describe(s int) string {
	c := ch.c
	switch {
	case s == startState:
		return "the battle's start"
	case s >= endBase:
		term := c.terms[s-endBase]
		var left []string
		for i, ctr := range ch.Spec().Counters {
			left = append(left, fmt.Sprintf("%s %d", ctr.Name, term.counters[i]))
		}
		return ch.ending(int32(s-endBase)) + " — " + strings.Join(left, ", ")
	}
	pos, st := c.nodes.decode(ch.states[s][0], nil)
	return c.m.DescribeState(st) + " — next: " + c.m.Describe(pos)
}
