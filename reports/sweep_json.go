package reports

import (
	"encoding/json"
	"io"

	"github.com/crucible-sim/crucible/analysis/sweep"
)

// SweepObject returns the machine-readable form of a sweep: the question
// (the fields with their kinds and labels, the metric, its level and its
// interval), every finished point's value of the metric, and what the
// sweep reads from them: the break-even (on an integer field each
// crossing names its two grid values plainly, lo_point and hi_point),
// the ranking of a field of names, and each curve's shape (monotonic, or
// the reversals that show it is not).
func SweepObject(s *sweep.Result) json.Marshaler {
	sw := s.Sweep
	var fields []json.Marshaler
	for k, a := range sw.Axes {
		f := object{{"path", a.Path}}
		if a.Label != "" {
			f = append(f, fieldOf("label", a.Label))
		}
		fields = append(fields, append(f, object{{"kind", sw.Kinds[k].String()}, {"values", fieldValues(s, k, a.Values)}}...))
	}
	level := any(nil)
	if l, ok := sw.LevelOf(); ok {
		level = l
	}
	o := object{{"sweep", sw.Name}}
	if sw.Description != "" {
		o = append(o, fieldOf("description", sw.Description))
	}
	o = append(o, object{{"scenario", sw.Base}, {"ruleset", sw.Ruleset}, {"fields", fields},
		{"metric", sw.Metric.String()}, {"metric_words", metricName(s)}, {"level", level}, {"interval", intervalName(sw.Metric)}}...)
	var points []json.Marshaler
	for i := range s.Points {
		points = append(points, pointObject(s, i, false))
	}
	return append(o, object{
		{"points", nonNilList(points)}, {"breakeven", breakEvenList(s)}, {"ranking", rankingList(s)},
		{"shape", shapeList(s)}, {"notes", nonNil(ExactNotes(s))},
		{"trials", s.Trials}, {"seed", s.Seed}, {"seed_text", seedText(s.Seed)}, {"crucible_version", s.Version},
		{"interrupted", s.Interrupted()},
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
func pointObject(s *sweep.Result, i int, exact bool) object {
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
	return object{{"point", p.Index}, {"values", values}, {"estimate", e.Value}, {"lo", e.Lo}, {"hi", e.Hi}, {"exact", x}}
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
			o := object{{"lo", sp.Lo}, {"hi", sp.Hi}, {"lo_edge", sp.LoEdge}, {"hi_edge", sp.HiEdge}}
			if sp.LoAt >= 0 {
				o = append(o, fieldOf("lo_point", pointObject(s, sp.LoAt, line.Exact)), fieldOf("hi_point", pointObject(s, sp.HiAt, line.Exact)))
			}
			spans = append(spans, o)
		}
		out = append(out, object{{"given", givenValue(s, line.Given)}, {"state", line.State.String()}, {"exact", line.Exact}, {"spans", nonNilList(spans)}})
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
			rows = append(rows, append(object{{"rank", i + 1}}, append(p, object{{"tied", r.Untested == "" && r.Tied[i]}, {"p_holm", ph}}...)...))
		}
		method, against := sweep.RankMethod, any(nil)
		if r.Level != nil {
			method, against = sweep.LevelRankMethod, *r.Level
		}
		switch {
		case r.Exact:
			method = "exact values: tied means equal"
		case r.Untested != "":
			method = "untested: " + r.Untested
		}
		out = append(out, object{{"given", givenValue(s, r.Given)}, {"level", against}, {"method", method}, {"values", nonNilList(rows)}})
	}
	return out
}

func shapeList(s *sweep.Result) []json.Marshaler {
	out := []json.Marshaler{}
	for _, sh := range s.Shapes() {
		var rev []json.Marshaler
		for _, r := range sh.Reversals {
			rev = append(rev, object{{"before", pointObject(s, r.Before, false)}, {"after", pointObject(s, r.After, false)}})
		}
		out = append(out, object{{"given", givenValue(s, sh.Given)}, {"monotonic", sh.Monotonic()}, {"direction", nullable(directionWord(sh.Direction))}, {"reversals", nonNilList(rev)}})
	}
	return out
}

func nonNilList(l []json.Marshaler) []json.Marshaler {
	if l == nil {
		return []json.Marshaler{}
	}
	return l
}

// WriteSweepJSON writes a sweep's object with a trailing newline.
func WriteSweepJSON(w io.Writer, s *sweep.Result) error {
	return writeIndented(w, SweepObject(s))
}
