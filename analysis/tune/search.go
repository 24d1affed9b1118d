package tune

import (
	"cmp"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
)

// searchOutcome is what the bracket search found, before any re-check.
type searchOutcome struct {
	status    Status
	direction int
	// pair holds the indices of the two values the outcome rests on: the
	// bracket's ends (in axis order), the two ends of an unreachable
	// range, or two probes whose decisions contradict the direction.
	pair [2]int64
	why  string
}

// searcher bisects the points 0..last of an axis for where a metric
// crosses the target, calling probe for each value it tries. Probes are
// kept by index: the search never fights a value twice.
type searcher struct {
	last   int64
	probe  func(i int64) (Probe, error)
	probes []Probe
	at     map[int64]Decision
}

func newSearcher(last int64, probe func(i int64) (Probe, error)) *searcher {
	return &searcher{last: last, probe: probe, at: map[int64]Decision{}}
}

// try probes point i.
func (s *searcher) try(i int64) error {
	p, err := s.probe(i)
	if p.Decision != Undecided || p.Trials > 0 {
		s.probes = append(s.probes, p) // an interrupted probe's trials are reported too
	}
	if p.Decision != Undecided {
		s.at[i] = p.Decision
	}
	return err
}

// run searches: it probes both ends, which give the direction (or show
// the target unreachable), then bisects towards the last value on the low
// side of the crossing and the first on the high side, until they are
// neighbours or only values indistinguishable from the target lie between
// them. A decision against the direction ends the search as
// non-monotonic.
func (s *searcher) run() (searchOutcome, error) {
	for _, i := range []int64{0, s.last} {
		if err := s.try(i); err != nil {
			return searchOutcome{status: Interrupted}, err
		}
	}
	out := s.ends()
	if out.status != Bracketed {
		return out, nil
	}
	for {
		if i, j, bad := s.contradiction(out.direction); bad {
			return searchOutcome{status: NonMonotonic, direction: out.direction, pair: [2]int64{i, j}}, nil
		}
		next, done := s.next(out.direction)
		if done {
			break
		}
		if err := s.try(next); err != nil {
			return searchOutcome{status: Interrupted, direction: out.direction}, err
		}
	}
	return s.bracket(out.direction), nil
}

// ends reads the direction from the decisions at both ends: Bracketed
// (with a direction) when they differ, Unreachable when both lie on one
// side, Inconclusive when neither is distinguishable from the target.
func (s *searcher) ends() searchOutcome {
	lo, hi := s.at[0], s.at[s.last]
	switch {
	case lo == hi && lo == AtTarget:
		return searchOutcome{status: Inconclusive, why: "the metric is indistinguishable from the target at both ends of the range within the budget"}
	case lo == hi:
		return searchOutcome{status: Unreachable, pair: [2]int64{0, s.last}}
	case lo == BelowTarget || hi == AboveTarget:
		return searchOutcome{status: Bracketed, direction: +1}
	}
	return searchOutcome{status: Bracketed, direction: -1}
}

// side returns where a decision puts a value along the direction: −1 on
// the low side of the crossing (below an increasing target), +1 on the
// high side, 0 indistinguishable.
func side(d Decision, direction int) int {
	switch d {
	case BelowTarget:
		return -direction
	case AboveTarget:
		return direction
	}
	return 0
}

// sorted returns the probed indices in axis order.
func (s *searcher) sorted() []int64 {
	idx := make([]int64, 0, len(s.at))
	for i := range s.at {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	return idx
}

// contradiction returns two probes i < j whose values contradict the
// direction: for a metric that grows with the field, i's interval lies
// wholly above j's (i's exact value above j's); for one that falls, wholly
// below. Decisions on opposite sides of the target are one such case, but
// bisection never probes past a value it has placed (every value it tries
// lies between the last below and the first above), so it is the
// estimates of values on one side that show a reversal. It returns the
// closest such pair in the axis order.
func (s *searcher) contradiction(direction int) (i, j int64, found bool) {
	idx := s.sorted()
	best := int64(-1)
	for a := range idx {
		for b := a + 1; b < len(idx); b++ {
			pi, pj := s.probeAt(idx[a]), s.probeAt(idx[b])
			if analysis.Reversed(pi.Estimate, pj.Estimate, direction) && (best < 0 || idx[b]-idx[a] < best) {
				i, j, best = idx[a], idx[b], idx[b]-idx[a]
			}
		}
	}
	return i, j, best >= 0
}

// next returns the next point to probe, or done when the bracket is as
// narrow as the decisions allow. It narrows the gap below the first value
// on the high side first, then the gap above the last value on the low
// side (they are one gap unless values indistinguishable from the target
// lie between).
func (s *searcher) next(direction int) (next int64, done bool) {
	lowEnd, highEnd := s.edges(direction)
	idx := s.sorted()
	if highEnd <= s.last {
		// the largest probed index below highEnd not on the high side
		c := idx[0]
		for _, k := range idx {
			if k < highEnd && side(s.at[k], direction) != +1 {
				c = k
			}
		}
		if highEnd-c > 1 {
			return c + (highEnd-c)/2, false
		}
	}
	if lowEnd >= 0 {
		e := idx[len(idx)-1]
		for _, k := range slices.Backward(idx) {
			if k > lowEnd && side(s.at[k], direction) != -1 {
				e = k
			}
		}
		if e-lowEnd > 1 {
			return lowEnd + (e-lowEnd)/2, false
		}
	}
	return 0, true
}

// edges returns the last index on the low side (−1 if none) and the first
// on the high side (last+1 if none).
func (s *searcher) edges(direction int) (lowEnd, highEnd int64) {
	lowEnd, highEnd = -1, s.last+1
	for _, k := range s.sorted() {
		switch side(s.at[k], direction) {
		case -1:
			lowEnd = max(lowEnd, k)
		case +1:
			highEnd = min(highEnd, k)
		}
	}
	return lowEnd, highEnd
}

// bracket reads the finished search: the bracket's ends, or Inconclusive
// when a range's end is indistinguishable from the target (the crossing
// may lie at it or beyond).
func (s *searcher) bracket(direction int) searchOutcome {
	lowEnd, highEnd := s.edges(direction)
	out := searchOutcome{status: Bracketed, direction: direction, pair: [2]int64{lowEnd, highEnd}}
	switch {
	case lowEnd < 0:
		out.status, out.why = Inconclusive, "no value of the range is decided on the low side of the target: the metric at the range's first value is indistinguishable from it, and the crossing may lie there or before it (widen the range or raise the budget)"
	case highEnd > s.last:
		out.status, out.why = Inconclusive, "no value of the range is decided on the high side of the target: the metric at the range's last value is indistinguishable from it, and the crossing may lie there or beyond it (widen the range or raise the budget)"
	}
	return out
}

// between returns the search's probes strictly between the pair's
// indices that keep reports, in axis order.
func (s *searcher) between(pair [2]int64, keep func(Probe) bool) []Probe {
	var out []Probe
	for _, p := range s.probes {
		if p.Index > pair[0] && p.Index < pair[1] && p.Decision != Undecided && keep(p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b Probe) int { return cmp.Compare(a.Index, b.Index) })
	return out
}

// probeAt returns the search's probe of point i.
func (s *searcher) probeAt(i int64) Probe {
	for _, p := range s.probes {
		if p.Index == i {
			return p
		}
	}
	return Probe{Index: -1}
}
