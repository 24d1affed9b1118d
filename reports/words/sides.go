package words

import (
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// SideNames is how every report names the two sides of a battle: by the
// labels its ruleset gives them (rules.Spec.Labels: "attacker", "BLUE",
// "P3"), or by the letters a and b where it gives none. It is the one
// place that words a side, its wins and its counters, so that a table, a
// page, a comparison, a sweep, a verdict, an exact solution and a replay
// all say the same thing.
type SideNames struct {
	labels [2]string
	// scored are the non-victory ends the options score as a win of the
	// side that ends the battle so, which the tally's wins of a side
	// (win.a) include; unscored those scored as no winner, which its
	// trials with no winner (win.none) include.
	Scored, Unscored []endWhere
}

// endWhere is an end reason and where it is scored so: "" everywhere, else
// " in A" or " at some points".
type endWhere struct{ end, where string }

// NamesOf returns the names of the sides of a battle with spec.
func NamesOf(spec rules.Spec) SideNames {
	return CommonNames([]rules.Spec{spec}, nil)
}

// CommonNames returns names that hold for several battles of one ruleset:
// the two variants of a comparison (where, "A" and "B"), or the points of a
// sweep (where nil). A side whose label differs between them is named by
// the labels of the two variants joined ("P3/P4"), or by its letter in a
// sweep; a non-victory end scored in some of them only says where.
func CommonNames(specs []rules.Spec, where []string) SideNames {
	var n SideNames
	for s := range n.labels {
		var distinct []string
		for _, sp := range specs {
			if l := labelOr(sp.Labels[s], rules.Side(s+1)); !slices.Contains(distinct, l) {
				distinct = append(distinct, l)
			}
		}
		switch {
		case len(distinct) == 1:
			n.labels[s] = specs[0].Labels[s]
		case where != nil:
			n.labels[s] = strings.Join(distinct, "/")
		}
	}
	var ends []string
	for _, sp := range specs {
		for _, nv := range sp.NonVictories {
			if !slices.Contains(ends, nv.End) {
				ends = append(ends, nv.End)
			}
		}
	}
	for _, end := range ends {
		var scored, unscored []int
		for i, sp := range specs {
			if nv, ok := sp.NonVictory(end); ok && nv.Scored {
				scored = append(scored, i)
			} else if ok {
				unscored = append(unscored, i)
			}
		}
		if len(scored) > 0 {
			n.Scored = append(n.Scored, endWhere{end, whereText(scored, len(specs), where)})
		}
		if len(unscored) > 0 {
			n.Unscored = append(n.Unscored, endWhere{end, whereText(unscored, len(specs), where)})
		}
	}
	return n
}

// whereText says in which of n battles something holds: nothing when in
// all of them, else " in A" or " at some points".
func whereText(in []int, n int, where []string) string {
	if len(in) == n {
		return ""
	}
	if where == nil {
		return " at some points"
	}
	names := make([]string, len(in))
	for i, k := range in {
		names[i] = where[k]
	}
	return " in " + strings.Join(names, " and ")
}

// labelOr returns a side's label, or its letter when it has none.
func labelOr(label string, s rules.Side) string {
	if label == "" {
		return s.String()
	}
	return label
}

// Name returns side s's name: its label, or its letter.
func (n SideNames) Name(s rules.Side) string { return labelOr(n.labels[s-1], s) }

// Tag returns " (a)" after a labelled side's name, so that a reader (or a
// script) finds the side under its letter in the JSON and the claims; ""
// for a side named by its letter already.
func (n SideNames) Tag(s rules.Side) string {
	if n.labels[s-1] == "" || n.labels[s-1] == s.String() {
		return ""
	}
	return " (" + s.String() + ")"
}

// Victories names the trials side s won by a victory: "attacker wins";
// for rules.None, "no winner".
func (n SideNames) Victories(s rules.Side) string {
	if s == rules.None {
		return "no winner"
	}
	return n.Name(s) + " wins"
}

// Wins names the trials side s won as the options score them (the
// tally's wins, win.a): its victories, "P3 wins, escaped included" when a
// non-victory end is scored as a win; for rules.None the trials with no
// winner, "no winner, escaped included" when one is scored as no winner.
func (n SideNames) Wins(s rules.Side) string {
	with := n.Scored
	if s == rules.None {
		with = n.Unscored
	}
	out := n.Victories(s)
	for _, e := range with {
		out += ", " + e.end + " included" + e.where
	}
	return out
}

// EndList lists the ends of with, for a sentence: "escaped, routed".
func EndList(with []endWhere) string {
	names := make([]string, len(with))
	for i, e := range with {
		names[i] = e.end
	}
	return strings.Join(names, ", ")
}

// Ended names the trials side s ended by a non-victory end: "P3 escaped".
func (n SideNames) Ended(s rules.Side, end string) string { return n.Name(s) + " " + end }

// Counter names a counter: a side's counter after the side's label,
// "attacker: a.survivors.Cruiser"; any other, and a side's counter where
// the side has no label, by its name alone.
func (n SideNames) Counter(name string) string {
	if s := CounterSide(name); s != rules.None && n.Tag(s) != "" {
		return n.Name(s) + ": " + name
	}
	return name
}

// CounterSide returns the side a counter belongs to (rules.Counter: its
// name starts with the side), or rules.None.
func CounterSide(name string) rules.Side {
	for _, s := range []rules.Side{rules.A, rules.B} {
		if strings.HasPrefix(name, s.String()+".") {
			return s
		}
	}
	return rules.None
}

// MetricSide returns the side a metric belongs to: a side's wins or
// counter; rules.None for any other.
func MetricSide(m rules.Metric) rules.Side {
	switch m.Kind {
	case rules.WinShare:
		return m.Side
	case rules.CounterMean:
		return CounterSide(m.Name)
	}
	return rules.None
}

// MetricLabel returns the label of the side a metric belongs to, for the
// label column of CSV and JSON; "" for a metric of no side, or of a side
// with no label.
func (n SideNames) MetricLabel(m rules.Metric) string {
	if s := MetricSide(m); s != rules.None {
		return n.labels[s-1]
	}
	return ""
}

// Described names a metric for people, its id kept for the claims and the
// JSON: a side's wins as "attacker wins (win.a)", no winner as "no winner
// (win.none)", a labelled side's counter as "attacker:
// counter.a.survivors.Cruiser"; any other metric by its id alone.
func (n SideNames) Described(m rules.Metric) string {
	switch {
	case m.Kind == rules.WinShare:
		return n.Wins(m.Side) + " (" + m.String() + ")"
	case m.Kind == rules.CounterMean && MetricSide(m) != rules.None && n.Tag(MetricSide(m)) != "":
		return n.Name(MetricSide(m)) + ": " + m.String()
	}
	return m.String()
}

// DescribedID is described for a metric given by its id ("win.a"); an id
// that is no metric ("rounds.distribution") stays as it is.
func (n SideNames) DescribedID(id string) string {
	m, err := rules.ParseMetric(id)
	if err != nil {
		return id
	}
	return n.Described(m)
}

// SideLines says what each side of a battle is, under its name: "attacker
// (a): 8 Interceptor, 4 Cruiser", where the battle's description of the
// side (rules.Spec.Sides) may start with the name already ("attacker: 8
// Interceptor, 4 Cruiser"); a side the battle neither describes nor labels
// is left out.
func SideLines(spec rules.Spec) []string {
	n := NamesOf(spec)
	var out []string
	for _, s := range []rules.Side{rules.A, rules.B} {
		name, phrase := n.Name(s), spec.Sides[s-1]
		switch {
		case phrase == "" && n.Tag(s) == "":
			continue
		case phrase == "":
			out = append(out, name+n.Tag(s))
		case strings.HasPrefix(phrase, name) && n.Tag(s) != "":
			out = append(out, name+n.Tag(s)+phrase[len(name):])
		default:
			out = append(out, name+n.Tag(s)+": "+phrase)
		}
	}
	return out
}
