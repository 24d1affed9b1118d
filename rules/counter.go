package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Counter declares one integer a battle reports for every trial, beside its
// winner, end and rounds.
//
// Counter names follow one scheme in every ruleset: lower-case words joined
// by hyphens, levels joined by dots, and the side first when the counter
// belongs to one side:
//
//	flipoffs                  the whole battle
//	a.hits, b.coins-lost      one side's
//	a.survivors.Interceptor   one side's, per named thing (a name from the scenario keeps its case)
//
// A claim names a counter as `counter.<name>`.
type Counter struct {
	Name string
	// Dist marks a distribution counter: besides its sum, the per-trial
	// values (which must be ≥ 0) are tallied as an integer histogram, so
	// that reports show their distribution and not only their mean.
	Dist bool
	// ByWinner marks a distribution counter whose per-trial values are
	// also tallied separately for each winner (a, b, none), so that reports
	// give the win rates at each value: the win rate by the opponent's
	// Threat Rating, by the size of a drawn fleet.
	ByWinner bool
	// Doc says in a phrase what the counter counts, for reports.
	Doc string
}

// Counters builds the counter list of a Spec, handing out the index of each
// counter in Outcome.Counters as it is declared.
type Counters struct {
	list []Counter
}

// Add declares a counter whose per-trial values are summed, and returns its
// index.
func (c *Counters) Add(name, doc string) int { return c.add(Counter{Name: name, Doc: doc}) }

// Dist declares a distribution counter and returns its index.
func (c *Counters) Dist(name, doc string) int {
	return c.add(Counter{Name: name, Dist: true, Doc: doc})
}

// DistByWinner declares a distribution counter also tallied per winner
// (Counter.ByWinner) and returns its index.
func (c *Counters) DistByWinner(name, doc string) int {
	return c.add(Counter{Name: name, Dist: true, ByWinner: true, Doc: doc})
}

// Sides declares the summed counters "a.<quantity>" and "b.<quantity>" and
// returns their indexes, side a's first. doc describes the quantity of one
// side.
func (c *Counters) Sides(quantity, doc string) [2]int {
	return [2]int{c.Add(SideCounter(A, quantity), doc), c.Add(SideCounter(B, quantity), doc)}
}

// List returns the counters declared so far, in declaration order.
func (c *Counters) List() []Counter { return slices.Clip(c.list) }

// add panics on an empty or repeated name: both are programming errors
// (or a ruleset letting scenario names collide), caught by the conformance
// kit on the first compile.
func (c *Counters) add(k Counter) int {
	if k.Name == "" || strings.HasPrefix(k.Name, ".") || strings.HasSuffix(k.Name, ".") || strings.Contains(k.Name, "..") {
		panic(fmt.Sprintf("rules: bad counter name %q", k.Name))
	}
	if slices.ContainsFunc(c.list, func(x Counter) bool { return x.Name == k.Name }) {
		panic("rules: counter declared twice: " + k.Name)
	}
	c.list = append(c.list, k)
	return len(c.list) - 1
}

// SideCounter returns the name of side s's counter of a quantity,
// "a.<quantity>" or "b.<quantity>".
func SideCounter(s Side, quantity string) string { return s.String() + "." + quantity }

// CounterIndex returns the index of the named counter in s.Counters, or -1.
func (s Spec) CounterIndex(name string) int {
	return slices.IndexFunc(s.Counters, func(c Counter) bool { return c.Name == name })
}

// CounterNames returns the names of s.Counters in order.
func (s Spec) CounterNames() []string {
	names := make([]string, len(s.Counters))
	for i, c := range s.Counters {
		names[i] = c.Name
	}
	return names
}
