package tune

import (
	"errors"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
)

// response is a synthetic response for the search: the metric's value at
// each point and the half-width of every probe's interval, no battles.
type response struct {
	f    func(i int64) float64
	half float64
	v    float64 // the target's value
}

// probe decides point i as a sequential probe would at the end of its
// budget: below or above when the interval [f−half, f+half] leaves v,
// else at.
func (r response) probe(i int64) (Probe, error) {
	x := r.f(i)
	p := Probe{Index: i, Estimate: analysis.Estimate{Value: x, Lo: x - r.half, Hi: x + r.half}, Trials: 100}
	switch {
	case x+r.half < r.v:
		p.Decision = BelowTarget
	case x-r.half > r.v:
		p.Decision = AboveTarget
	default:
		p.Decision = AtTarget
	}
	return p, nil
}

func table(vs ...float64) func(int64) float64 { return func(i int64) float64 { return vs[i] } }

// The search on synthetic responses: brackets in either direction, ranges
// that do not reach the target, values indistinguishable from it, and
// reversals against the direction.
func TestSearch(t *testing.T) {
	line := func(i int64) float64 { return float64(i) / 1e9 }
	for _, c := range []struct {
		name      string
		last      int64
		r         response
		status    Status
		direction int
		pair      [2]int64
		maxProbes int
	}{
		{"increasing", 8, response{f: table(.1, .2, .3, .4, .6, .7, .8, .9, .95), half: .05, v: .5}, Bracketed, +1, [2]int64{3, 4}, 5},
		{"decreasing", 8, response{f: table(.95, .9, .8, .7, .6, .4, .3, .2, .1), half: .05, v: .5}, Bracketed, -1, [2]int64{4, 5}, 5},
		{"crossing at the first step", 8, response{f: table(.4, .6, .7, .8, .85, .9, .92, .94, .95), half: .05, v: .5}, Bracketed, +1, [2]int64{0, 1}, 5},
		{"two points", 1, response{f: table(.2, .8), half: .05, v: .5}, Bracketed, +1, [2]int64{0, 1}, 2},
		{"a billion points", 1e9, response{f: line, half: 1e-12, v: 0.1234567885}, Bracketed, +1, [2]int64{123456788, 123456789}, 32},
		{"unreachable below", 8, response{f: table(.1, .1, .2, .2, .3, .3, .35, .4, .4), half: .05, v: .5}, Unreachable, 0, [2]int64{0, 8}, 2},
		{"unreachable above", 8, response{f: table(.6, .7, .8, .8, .8, .9, .9, .9, .9), half: .05, v: .5}, Unreachable, 0, [2]int64{0, 8}, 2},
		{"indistinguishable at both ends", 4, response{f: table(.49, .4, .3, .6, .51), half: .05, v: .5}, Inconclusive, 0, [2]int64{}, 2},
		// 3 and 4 lie within the interval's half-width of the target: the
		// bracket is the last value below and the first above.
		{"values at the target between", 8, response{f: table(.1, .2, .3, .48, .53, .7, .8, .9, .95), half: .05, v: .5}, Bracketed, +1, [2]int64{2, 5}, 7},
		{"first value at the target", 8, response{f: table(.48, .6, .7, .8, .85, .9, .92, .94, .95), half: .05, v: .5}, Inconclusive, +1, [2]int64{-1, 1}, 5},
		{"last value at the target", 8, response{f: table(.95, .9, .8, .7, .6, .6, .6, .58, .52), half: .05, v: .5}, Inconclusive, -1, [2]int64{7, 9}, 5},
		// Above at 2 (0.9) and at 4 (0.6), but 2's interval lies wholly
		// above 4's for a response the ends say grows.
		{"reversal", 8, response{f: table(.1, .2, .9, .95, .6, .7, .8, .85, .9), half: .05, v: .5}, NonMonotonic, +1, [2]int64{2, 4}, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSearcher(c.last, c.r.probe)
			out, err := s.run()
			if err != nil {
				t.Fatal(err)
			}
			if out.status != c.status || out.direction != c.direction {
				t.Errorf("status %s direction %d, want %s %d", out.status, out.direction, c.status, c.direction)
			}
			if c.status != Inconclusive || c.pair != [2]int64{} {
				if out.pair != c.pair {
					t.Errorf("pair %v, want %v", out.pair, c.pair)
				}
			}
			if len(s.probes) > c.maxProbes {
				t.Errorf("%d probes, want at most %d", len(s.probes), c.maxProbes)
			}
			seen := map[int64]bool{}
			for _, p := range s.probes {
				if seen[p.Index] {
					t.Errorf("point %d probed twice", p.Index)
				}
				seen[p.Index] = true
			}
		})
	}
}

// A probe that stops on an error stops the search, keeping the probes so
// far, the stopped one too when it fought trials.
func TestSearchStops(t *testing.T) {
	stop := errors.New("stop")
	r := response{f: table(.1, .2, .3, .4, .6, .7, .8, .9, .95), half: .05, v: .5}
	calls := 0
	s := newSearcher(8, func(i int64) (Probe, error) {
		if calls++; calls == 3 {
			return Probe{Index: i, Trials: 40}, stop
		}
		return r.probe(i)
	})
	out, err := s.run()
	if !errors.Is(err, stop) || out.status != Interrupted {
		t.Fatalf("status %s, err %v", out.status, err)
	}
	if len(s.probes) != 3 || s.probes[2].Decision != Undecided {
		t.Errorf("probes %+v", s.probes)
	}
}
