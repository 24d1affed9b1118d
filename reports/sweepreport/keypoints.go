package sweepreport

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/words"
)

// MaxPageRows is the most points a sweep's page lists in its table. A
// larger grid's page lists the points a designer reads first (keyPoints)
// and leaves every point to sweep.csv: a row of the table is about 170
// bytes, so that the table of a grid of 10,000 points made a page of
// 1.7 MB that no one reads to its end.
const MaxPageRows = 200

// maxCrossingPoints bounds the points a page lists around the crossings
// of the level: a noisy curve may cross it hundreds of times.
const maxCrossingPoints = 40

// keyPoint is a point a large grid's page lists, with why.
type keyPoint struct {
	at  int // index into Result.Points
	why []string
}

// keyPoints returns the points of a sweep a designer reads first, in grid
// order, each with why it is listed: the first and the last; the highest
// and the lowest value of the metric (the exact value where the point has
// one, else the estimate; the first in grid order among equals); and the
// points on either side of each crossing of the level the break-even
// names, up to maxCrossingPoints of them: left says how many more there
// are.
func keyPoints(s *sweep.Result) (keys []keyPoint, left int) {
	if len(s.Points) == 0 {
		return nil, 0
	}
	why := map[int][]string{}
	add := func(at int, reason string) {
		if !slices.Contains(why[at], reason) {
			why[at] = append(why[at], reason)
		}
	}
	add(0, "first point")
	add(len(s.Points)-1, "last point")
	hi, lo := extremes(s)
	metric := words.MetricName(s)
	add(hi, "highest "+metric)
	add(lo, "lowest "+metric)
	crossing, leftOut := 0, map[int]bool{}
	for _, at := range crossingPoints(s) {
		_, listed := why[at]
		if !listed && crossing == maxCrossingPoints {
			leftOut[at] = true
			continue
		}
		if !listed {
			crossing++
		}
		add(at, "around the break-even")
	}
	for at, reasons := range why {
		keys = append(keys, keyPoint{at: at, why: reasons})
	}
	slices.SortFunc(keys, func(a, b keyPoint) int { return a.at - b.at })
	return keys, len(leftOut)
}

// extremes returns the indices of the points of highest and lowest value,
// the first among equals.
func extremes(s *sweep.Result) (hi, lo int) {
	for i, p := range s.Points {
		v := p.Value(true).Value
		if v > s.Points[hi].Value(true).Value {
			hi = i
		}
		if v < s.Points[lo].Value(true).Value {
			lo = i
		}
	}
	return hi, lo
}

// crossingPoints returns the indices of the points on either side of each
// crossing of the level, in the order the break-evens name them: the ends
// of each bracket on a field of whole numbers, and on a scale the last
// grid point at or before each span and the first at or after it.
func crossingPoints(s *sweep.Result) []int {
	var out []int
	lines := s.Lines()
	for i, be := range s.BreakEvens() {
		for _, sp := range be.Spans {
			if sp.LoAt >= 0 {
				out = append(out, sp.LoAt, sp.HiAt)
				continue
			}
			out = append(out, around(lines[i], sp)...)
		}
	}
	return out
}

// around returns the points of line on either side of span sp (positions
// on a scale): the last at or before its start, the first at or after its
// end.
func around(line sweep.Line, sp sweep.Span) []int {
	before, after := -1, -1
	for _, k := range sweep.Ascending(line.Xs) {
		if line.Xs[k] <= sp.Lo {
			before = line.At[k]
		}
		if after < 0 && line.Xs[k] >= sp.Hi {
			after = line.At[k]
		}
	}
	var out []int
	for _, at := range []int{before, after} {
		if at >= 0 {
			out = append(out, at)
		}
	}
	return out
}

// keyPointsHead says what a large grid's table lists, and where the rest
// is.
func keyPointsHead(s *sweep.Result, listed, left int) string {
	what := "the first and the last, the highest and the lowest " + words.MetricName(s)
	if _, ok := s.Sweep.LevelOf(); ok && s.Sweep.Kinds[0] != sweep.Categorical {
		what += ", and those around each crossing of " + words.SweepLevel(s)
	}
	if left > 0 {
		what += fmt.Sprintf(" (the first %d of those; %d more are left out)", maxCrossingPoints, left)
	}
	return fmt.Sprintf("The grid has %s points, more than a page lists (%d): these %d are %s.",
		words.Thousands(int64(len(s.Points))), MaxPageRows, listed, what)
}
