package sweepreport

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/crucible-sim/crucible/analysis/sweep"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
	"github.com/crucible-sim/crucible/rules"
)

// Object returns the machine-readable form of a sweep: the question
// (the fields with their kinds and labels, the metric, its level and its
// interval), every finished point's value of the metric, and what the
// sweep reads from them: the break-even (on an integer field each
// crossing names its two grid values plainly, lo_point and hi_point),
// the ranking of a field of names, and each curve's shape (monotonic, or
// the reversals that show it is not).
func Object(s *sweep.Result) json.Marshaler {
	sw := s.Sweep
	var fields []json.Marshaler
	for k, a := range sw.Axes {
		f := formats.Object{{Key: "path", Val: a.Path}}
		if a.Label != "" {
			f = append(f, formats.FieldOf("label", a.Label))
		}
		fields = append(fields, append(f, formats.Object{{Key: "kind", Val: sw.Kinds[k].String()}, {Key: "values", Val: fieldValues(s, k, a.Values)}}...))
	}
	level := any(nil)
	if l, ok := sw.LevelOf(); ok {
		level = l
	}
	o := formats.Object{{Key: "sweep", Val: sw.Name}}
	if sw.Description != "" {
		o = append(o, formats.FieldOf("description", sw.Description))
	}
	o = append(o, formats.Object{{Key: "scenario", Val: sw.Base}, {Key: "ruleset", Val: sw.Ruleset}, {Key: "fields", Val: fields},
		{Key: "metric", Val: sw.Metric.String()}, {Key: "metric_words", Val: words.MetricName(s)}, {Key: "level", Val: level}, {Key: "interval", Val: words.IntervalName(sw.Metric)}}...)
	var points []json.Marshaler
	for i := range s.Points {
		points = append(points, pointObject(s, i, false))
	}
	return append(o, formats.Object{
		{Key: "points", Val: nonNilList(points)}, {Key: "breakeven", Val: breakEvenList(s)}, {Key: "ranking", Val: rankingList(s)},
		{Key: "shape", Val: shapeList(s)}, {Key: "notes", Val: formats.NonNil(ExactNotes(s))},
		{Key: "trials", Val: s.Trials}, {Key: "seed", Val: s.Seed}, {Key: "seed_text", Val: formats.SeedText(s.Seed)}, {Key: "crucible_version", Val: s.Version},
		{Key: "interrupted", Val: s.Interrupted()},
	}...)
}

// fieldValues writes values of field k: numbers on a numeric field, names
// as strings.
func fieldValues(s *sweep.Result, k int, values []string) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
		if s.Sweep.Kinds[k] != sweep.Categorical {
			out[i] = json.Number(v)
		}
	}
	return out
}

// pointObject is point i of a sweep: its grid index, its values, and the
// metric's estimate and interval (the exact value as both when exact) and
// exact value (null where there is none).
func pointObject(s *sweep.Result, i int, exact bool) formats.Object {
	p := s.Points[i]
	values := make([]any, len(p.Values))
	for k, v := range p.Values {
		values[k] = fieldValues(s, k, []string{v})[0]
	}
	e := p.Value(exact)
	x := any(nil)
	if p.ExactMetric != nil {
		x = p.ExactMetric.F
	}
	return formats.Object{{Key: "point", Val: p.Index}, {Key: "values", Val: values}, {Key: "estimate", Val: e.Value}, {Key: "lo", Val: e.Lo}, {Key: "hi", Val: e.Hi}, {Key: "exact", Val: x}}
}

// givenValue is the second field's value a line holds, or null.
func givenValue(s *sweep.Result, j int) any {
	if j < 0 {
		return nil
	}
	return fieldValues(s, 1, []string{s.Sweep.Axes[1].Values[j]})[0]
}

func breakEvenList(s *sweep.Result) []json.Marshaler {
	out := []json.Marshaler{}
	for _, line := range s.BreakEvens() {
		var spans []json.Marshaler
		for _, sp := range line.Spans {
			o := formats.Object{{Key: "lo", Val: sp.Lo}, {Key: "hi", Val: sp.Hi}, {Key: "lo_edge", Val: sp.LoEdge}, {Key: "hi_edge", Val: sp.HiEdge}}
			if sp.LoAt >= 0 {
				o = append(o, formats.FieldOf("lo_point", pointObject(s, sp.LoAt, line.Exact)), formats.FieldOf("hi_point", pointObject(s, sp.HiAt, line.Exact)))
			}
			spans = append(spans, o)
		}
		out = append(out, formats.Object{{Key: "given", Val: givenValue(s, line.Given)}, {Key: "state", Val: line.State.String()}, {Key: "exact", Val: line.Exact}, {Key: "spans", Val: nonNilList(spans)}})
	}
	return out
}

func rankingList(s *sweep.Result) []json.Marshaler {
	out := []json.Marshaler{}
	for _, r := range s.Rankings() {
		var rows []json.Marshaler
		for i, k := range r.Order {
			p := pointObject(s, k, r.Exact)
			ph := any(nil)
			if x, ok := rankP(r, i); ok {
				ph = x
			}
			rows = append(rows, append(formats.Object{{Key: "rank", Val: i + 1}}, append(p, formats.Object{{Key: "tied", Val: r.Untested == "" && r.Tied[i]}, {Key: "p_holm", Val: ph}}...)...))
		}
		method, against, order := strings.ReplaceAll(sweep.RankMethod, "the highest", RankTop(r)), any(nil), strings.TrimPrefix(RankTop(r), "the ")+" first"
		if r.Level != nil {
			method, against, order = sweep.LevelRankMethod, *r.Level, "nearest the level first"
		}
		switch {
		case r.Exact:
			method = "exact values: tied means equal"
		case r.Untested != "":
			method = "untested: " + r.Untested
		}
		out = append(out, formats.Object{{Key: "given", Val: givenValue(s, r.Given)}, {Key: "level", Val: against}, {Key: "order", Val: order}, {Key: "best_for", Val: bestFor(s, r)}, {Key: "method", Val: method}, {Key: "values", Val: nonNilList(rows)}})
	}
	return out
}

// bestFor names the side whose best the ranking puts first, or null.
func bestFor(s *sweep.Result, r sweep.Ranking) any {
	if r.Best == rules.None {
		return nil
	}
	return words.SweepNames(s).Name(r.Best)
}

func shapeList(s *sweep.Result) []json.Marshaler {
	out := []json.Marshaler{}
	for _, sh := range s.Shapes() {
		var rev []json.Marshaler
		for _, r := range sh.Reversals {
			rev = append(rev, formats.Object{{Key: "before", Val: pointObject(s, r.Before, false)}, {Key: "after", Val: pointObject(s, r.After, false)}})
		}
		out = append(out, formats.Object{{Key: "given", Val: givenValue(s, sh.Given)}, {Key: "monotonic", Val: sh.Monotonic()}, {Key: "direction", Val: formats.Nullable(words.DirectionWord(sh.Direction))}, {Key: "reversals", Val: nonNilList(rev)}})
	}
	return out
}

func nonNilList(l []json.Marshaler) []json.Marshaler {
	if l == nil {
		return []json.Marshaler{}
	}
	return l
}

// WriteJSON writes a sweep's object with a trailing newline, point by
// point (formats.StreamIndented).
func WriteJSON(w io.Writer, s *sweep.Result) error {
	return formats.StreamIndented(w, Object(s))
}
