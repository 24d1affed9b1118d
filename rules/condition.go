package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Condition is a statement about the outcome of one battle — who won, how
// it ended, how long it lasted, what its counters say — as `crucible
// explain --outcome` takes it: clauses joined by commas, every one of which
// must hold ("b wins, end destroyed, rounds<=2"). A clause names what
// claims name (win.b, end.destroyed, counter.a.hits), in the metric's form
// or in words:
//
//	win.a  win.b  win.none        a wins  b wins  attacker wins  no winner
//	end.destroyed                 end destroyed
//	rounds<=2                     rounds OP N, OP one of < <= = != >= >
//	counter.a.survivors.Cruiser>=1
//
// ParseCondition reads one against a battle's Spec, so that its end
// reasons, counters and side labels are those the battle declares.
type Condition struct {
	// Text is the condition as written.
	Text    string
	Clauses []Clause
}

// ClauseKind says what a Clause bounds.
type ClauseKind uint8

const (
	// ClauseWinner holds when the battle's winner is Side (None: no
	// winner).
	ClauseWinner ClauseKind = iota + 1
	// ClauseEnd holds when the battle ended for reason End.
	ClauseEnd
	// ClauseRounds compares the battle's rounds with Value.
	ClauseRounds
	// ClauseCounter compares counter Counter's value with Value.
	ClauseCounter
)

// Clause is one statement of a Condition.
type Clause struct {
	Kind ClauseKind
	// Side is a ClauseWinner's side.
	Side Side
	// End indexes Spec.Ends (ClauseEnd); Counter indexes Spec.Counters
	// (ClauseCounter); Name is the end's or the counter's name.
	End, Counter int
	Name         string
	// Op is one of < <= = != >= > (ClauseRounds, ClauseCounter).
	Op    string
	Value int64
	// Text is the clause as written, Col its column in the condition
	// (from 1), for errors.
	Text string
	Col  int
}

// ConditionForms lists the forms of a clause for error messages.
const ConditionForms = "win.a, win.b, win.none (or a wins, b wins, <side> wins, no winner), end.<reason> (or end <reason>), rounds OP N, counter.<name> OP N; OP one of < <= = != >= >; clauses joined by commas"

// ConditionError is an error in a condition, located at a clause.
type ConditionError struct {
	// Col is the clause's column in the condition (from 1).
	Col    int
	Clause string
	Msg    string
}

func (e *ConditionError) Error() string {
	return fmt.Sprintf("column %d (%s): %s", e.Col, e.Clause, e.Msg)
}

// ParseCondition reads a condition on the outcome of a battle with the
// given spec. An empty condition holds for every battle.
func ParseCondition(text string, spec Spec) (Condition, error) {
	c := Condition{Text: strings.TrimSpace(text)}
	col := 1
	for _, raw := range strings.Split(text, ",") {
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		clause := strings.TrimSpace(raw)
		at := col + lead
		col += len(raw) + 1
		if clause == "" {
			if strings.TrimSpace(text) == "" {
				continue
			}
			return Condition{}, &ConditionError{Col: at, Clause: "empty", Msg: "an empty clause (allowed: " + ConditionForms + ")"}
		}
		cl, err := parseClause(clause, spec)
		if err != nil {
			return Condition{}, &ConditionError{Col: at, Clause: clause, Msg: err.Error()}
		}
		cl.Text, cl.Col = clause, at
		c.Clauses = append(c.Clauses, cl)
	}
	return c, nil
}

// parseClause reads one clause: a comparison (rounds, a counter), or a
// winner or an end in a metric's form or in words.
func parseClause(s string, spec Spec) (Clause, error) {
	if name, op, value, ok := cutComparison(s); ok {
		return comparison(name, op, value, spec)
	}
	words := strings.Fields(s)
	switch {
	case len(words) == 2 && words[1] == "wins":
		if side, ok := sideNamed(words[0], spec); ok {
			return Clause{Kind: ClauseWinner, Side: side}, nil
		}
		return Clause{}, unknownHead(s, spec)
	case s == "no winner" || s == "nobody wins":
		return Clause{Kind: ClauseWinner, Side: None}, nil
	case len(words) == 2 && words[0] == "end":
		return endClause(words[1], spec)
	case len(words) > 1:
		if words[len(words)-1] == "wins" {
			if side, ok := sideNamed(strings.Join(words[:len(words)-1], " "), spec); ok {
				return Clause{Kind: ClauseWinner, Side: side}, nil
			}
		}
		return Clause{}, unknownHead(s, spec)
	}
	m, err := ParseMetric(s)
	switch {
	case err != nil:
		return Clause{}, unknownHead(s, spec)
	case m.Kind == WinShare:
		return Clause{Kind: ClauseWinner, Side: m.Side}, nil
	case m.Kind == EndShare:
		return endClause(m.Name, spec)
	case m.Kind == CounterMean:
		return Clause{}, fmt.Errorf("a counter's clause compares its value: %s OP N (OP one of < <= = != >= >)", s)
	}
	return Clause{}, fmt.Errorf("%s is a statistic of many battles; a clause is about one battle's outcome (allowed: %s)", s, ConditionForms)
}

// comparison reads NAME OP VALUE, NAME being rounds or a counter.
func comparison(name, op, value string, spec Spec) (Clause, error) {
	v, err := strconv.ParseInt(value, 10, 64)
	if err != nil {
		return Clause{}, fmt.Errorf("%q is not an integer (a clause compares with a whole number: rounds<=2, counter.a.hits>=3)", value)
	}
	if name == "rounds" {
		return Clause{Kind: ClauseRounds, Op: op, Value: v}, nil
	}
	m, err := ParseMetric(name)
	switch {
	case err == nil && m.Kind == CounterMean:
		if err := m.Check(spec); err != nil {
			return Clause{}, err
		}
		return Clause{Kind: ClauseCounter, Counter: spec.CounterIndex(m.Name), Name: m.Name, Op: op, Value: v}, nil
	case err == nil && m.Rounds():
		return Clause{}, fmt.Errorf("%s is a statistic of many battles; one battle's length is rounds (rounds%s%s)", name, op, value)
	case err == nil:
		return Clause{}, fmt.Errorf("%s is a share, which one battle either is or is not: write it alone (%s), without %s", name, name, op)
	}
	return Clause{}, unknownHead(name, spec)
}

// cutComparison splits NAME OP VALUE at the first comparison operator.
func cutComparison(s string) (name, op, value string, ok bool) {
	i := strings.IndexAny(s, "<>=!")
	if i < 0 {
		return "", "", "", false
	}
	op = s[i : i+1]
	if i+1 < len(s) && s[i+1] == '=' {
		op = s[i : i+2]
	}
	name, value = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(op):])
	if op == "==" {
		op = "="
	}
	if op == "!" {
		return "", "", "", false
	}
	return name, op, value, name != "" && value != ""
}

// endClause is the clause of an end reason the battle declares.
func endClause(name string, spec Spec) (Clause, error) {
	m := Metric{Kind: EndShare, Name: name}
	if err := m.Check(spec); err != nil {
		return Clause{}, err
	}
	return Clause{Kind: ClauseEnd, End: spec.EndIndex(name), Name: name}, nil
}

// sideNamed reads a side by its key (a, b) or its label (attacker).
func sideNamed(w string, spec Spec) (Side, bool) {
	switch {
	case w == "a" || spec.Labels[0] != "" && strings.EqualFold(w, spec.Labels[0]):
		return A, true
	case w == "b" || spec.Labels[1] != "" && strings.EqualFold(w, spec.Labels[1]):
		return B, true
	}
	return None, false
}

// unknownHead is the error of a clause that names nothing the battle
// reports, with the nearest forms it does.
func unknownHead(s string, spec Spec) error {
	known := []string{"win.a", "win.b", "win.none", "a wins", "b wins", "no winner", "rounds"}
	for _, l := range spec.Labels {
		if l != "" {
			known = append(known, l+" wins")
		}
	}
	for _, e := range spec.Ends {
		known = append(known, "end."+e, "end "+e)
	}
	for _, c := range spec.CounterNames() {
		known = append(known, "counter."+c)
	}
	return fmt.Errorf("unknown metric %q (allowed: %s)%s", s, ConditionForms, doc.DidYouMean(s, known))
}

// Holds reports whether the outcome o, of a battle of the spec the
// condition was read against, meets every clause.
func (c Condition) Holds(o *Outcome) bool {
	for i := range c.Clauses {
		if !c.Clauses[i].holds(o.Winner, o.End, o.Rounds, o.Counters) {
			return false
		}
	}
	return true
}

// HoldsAt reports whether an outcome known only in part meets every
// clause: winner, end and rounds, and the counters for which known is true
// (a clause on an unknown counter holds). An exact solver's chain knows
// the counters its end states determine.
func (c Condition) HoldsAt(winner Side, end int, rounds int64, counters []int64, known []bool) bool {
	for i := range c.Clauses {
		cl := &c.Clauses[i]
		if cl.Kind == ClauseCounter && (cl.Counter >= len(known) || !known[cl.Counter]) {
			continue
		}
		if !cl.holds(winner, end, rounds, counters) {
			return false
		}
	}
	return true
}

func (cl *Clause) holds(winner Side, end int, rounds int64, counters []int64) bool {
	switch cl.Kind {
	case ClauseWinner:
		return winner == cl.Side
	case ClauseEnd:
		return end == cl.End
	case ClauseRounds:
		return compare(rounds, cl.Op, cl.Value)
	case ClauseCounter:
		return compare(counters[cl.Counter], cl.Op, cl.Value)
	}
	return false
}

func compare(x int64, op string, v int64) bool {
	switch op {
	case "<":
		return x < v
	case "<=":
		return x <= v
	case "=":
		return x == v
	case "!=":
		return x != v
	case ">=":
		return x >= v
	case ">":
		return x > v
	}
	return false
}

// Rounds returns the range of rounds the condition allows, [lo, hi]
// (hi < 0: no bound above), and whether any rounds do.
func (c Condition) Rounds() (lo, hi int64, ok bool) {
	lo, hi = 0, -1
	for _, cl := range c.Clauses {
		if cl.Kind != ClauseRounds {
			continue
		}
		l, h := cl.Value, cl.Value
		switch cl.Op {
		case "<":
			l, h = 0, cl.Value-1
		case "<=":
			l = 0
		case ">":
			l, h = cl.Value+1, -1
		case ">=":
			h = -1
		case "!=":
			continue // a hole, which a range cannot say: the caller tests Holds
		}
		lo = max(lo, l)
		if h >= 0 && (hi < 0 || h < hi) {
			hi = h
		}
	}
	return lo, hi, hi < 0 || lo <= hi
}

// Winners reports, for each side (indexed by Side; None: no winner),
// whether the condition allows it to be the winner.
func (c Condition) Winners() [3]bool {
	ok := [3]bool{true, true, true}
	for _, cl := range c.Clauses {
		if cl.Kind == ClauseWinner {
			for s := range ok {
				ok[s] = ok[s] && Side(s) == cl.Side
			}
		}
	}
	return ok
}

// Ends reports, for each of a battle's n end reasons, whether the
// condition allows it.
func (c Condition) Ends(n int) []bool {
	ok := make([]bool, n)
	for e := range ok {
		ok[e] = true
		for _, cl := range c.Clauses {
			if cl.Kind == ClauseEnd && cl.End != e {
				ok[e] = false
			}
		}
	}
	return ok
}

// OnlyBuckets reports whether the condition speaks only of the winner and
// the end, which a run's tally counts: then its count in a run is known
// without refighting a trial.
func (c Condition) OnlyBuckets() bool {
	for _, cl := range c.Clauses {
		if cl.Kind != ClauseWinner && cl.Kind != ClauseEnd {
			return false
		}
	}
	return true
}

// String returns the condition as written, or "any outcome" when empty.
func (c Condition) String() string {
	if len(c.Clauses) == 0 {
		return "any outcome"
	}
	return c.Text
}
