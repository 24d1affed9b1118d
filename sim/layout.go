package sim

import (
	"fmt"
	"slices"
)

// Layout names what the tallies of one battle spec count: its end reasons,
// its counters, which counters are distributions and which of those are
// tallied by winner. A tally written against its layout (a sparse tally,
// sparse.go) leaves out every name and every counter at zero; a battle with
// hundreds of counters (dbd's) touches a few dozen in a short run, so a
// checkpoint holding thousands of finished tallies (a sweep's points) keeps
// the names once.
type Layout struct {
	Ends     []string `json:"ends"`
	Counters []string `json:"counters"`
	// Dists and WinDists are indices into Counters, as Tally.DistOf and
	// Tally.WinDistOf.
	Dists    []int `json:"dists"`
	WinDists []int `json:"win_dists"`
}

// layoutOf returns the layout of t, sharing t's slices.
func layoutOf(t *Tally) *Layout {
	return &Layout{Ends: t.EndNames, Counters: t.CounterNames, Dists: t.DistOf, WinDists: t.WinDistOf}
}

// equal reports whether l and o name the same things in the same order.
func (l *Layout) equal(o *Layout) bool {
	return l == o || slices.Equal(l.Ends, o.Ends) && slices.Equal(l.Counters, o.Counters) &&
		slices.Equal(l.Dists, o.Dists) && slices.Equal(l.WinDists, o.WinDists)
}

// tally returns an empty tally of layout l, sharing l's names; its
// examples, if any, are the reader's to set.
func (l *Layout) tally() *Tally {
	n := len(l.Counters)
	t := &Tally{
		Ends: make([]int64, len(l.Ends)), EndNames: l.Ends,
		Counters: make([]int64, n), CounterNames: l.Counters, CountersSq: make([]int64, n),
		DistOf: l.Dists, WinDistOf: l.WinDists,
	}
	if len(l.Dists) > 0 {
		t.Dists = make([]Hist, len(l.Dists))
	}
	if len(l.WinDists) > 0 {
		t.WinDists = make([][3]Hist, len(l.WinDists))
	}
	return t
}

// check refuses a layout read from a file that no battle spec gives: a
// name repeated or empty, a distribution index out of range, out of order
// or repeated, a counter tallied by winner that is not a distribution.
func (l *Layout) check() error {
	for _, names := range []struct {
		what string
		list []string
	}{{"end reason", l.Ends}, {"counter", l.Counters}} {
		seen := make(map[string]bool, len(names.list))
		for i, n := range names.list {
			if n == "" || seen[n] {
				return fmt.Errorf("layout: %s %d %q is empty or repeated", names.what, i, n)
			}
			seen[n] = true
		}
	}
	if !increasingBelow(l.Dists, len(l.Counters)) {
		return fmt.Errorf("layout: dists %v are not increasing indices of the %d counters", l.Dists, len(l.Counters))
	}
	if !increasingBelow(l.WinDists, len(l.Counters)) {
		return fmt.Errorf("layout: win_dists %v are not increasing indices of the %d counters", l.WinDists, len(l.Counters))
	}
	for _, i := range l.WinDists {
		if !slices.Contains(l.Dists, i) {
			return fmt.Errorf("layout: win_dists names counter %d, which is not among the dists %v", i, l.Dists)
		}
	}
	return nil
}

// increasingBelow reports whether xs increase strictly from 0 or more to
// less than n.
func increasingBelow(xs []int, n int) bool {
	for k, x := range xs {
		if x < 0 || x >= n || k > 0 && x <= xs[k-1] {
			return false
		}
	}
	return true
}

// Layouts keeps one copy of each distinct layout a command seals tallies
// against (a Shelf's) or a checkpoint file holds, so that thousands of
// tallies of one battle share one. The zero value is empty and ready. It
// is not safe for concurrent use.
type Layouts struct{ list []*Layout }

// of returns the kept layout equal to t's, keeping a copy of t's if none
// is (t's names are not the layout's to share: t may be reset and reused).
func (ls *Layouts) of(t *Tally) *Layout {
	l := layoutOf(t)
	if k := slices.IndexFunc(ls.list, l.equal); k >= 0 {
		return ls.list[k]
	}
	c := &Layout{Ends: slices.Clone(l.Ends), Counters: slices.Clone(l.Counters),
		Dists: slices.Clone(l.Dists), WinDists: slices.Clone(l.WinDists)}
	ls.list = append(ls.list, c)
	return c
}

// index returns the position of the kept layout equal to l, keeping l
// itself at the end if none is.
func (ls *Layouts) index(l *Layout) int {
	if k := slices.IndexFunc(ls.list, l.equal); k >= 0 {
		return k
	}
	ls.list = append(ls.list, l)
	return len(ls.list) - 1
}
