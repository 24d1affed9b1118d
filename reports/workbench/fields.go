package workbench

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// field is a field of the page's scenario that a sweep may vary and a
// tune search: every integer field and every field of a few words the
// ruleset's reference declares, where the scenario can hold it — whether
// or not its text writes it (a stratfight fighter's strength, which the
// built-in fighter sets) — with the values it may take there.
type field struct {
	Path string `json:"path"`
	// Meaning is the reference's sentence for the field.
	Meaning string `json:"meaning"`
	// Kind is "integer" or "word".
	Kind string `json:"kind"`
	// Value is the field's value in the text, "" where the text does not
	// write it.
	Value string `json:"value,omitempty"`
	// Min and Max are the integers the field may take in this scenario:
	// the reference's bounds, narrowed to those the scenario compiles
	// with (a count of Interceptors stops at the hull's limit, 8).
	Min *int64 `json:"min,omitempty"`
	Max *int64 `json:"max,omitempty"`
	// Suggest is the range, FROM..TO, a tune of the integer searches
	// unless the designer writes another (see tuneSpan).
	Suggest string `json:"suggest,omitempty"`
	// Values are the words the field may take in this scenario.
	Values []string `json:"values,omitempty"`
}

// fieldsRequest asks for the fields of the page's scenario.
type fieldsRequest struct{ edit }

// fields answers the fields of the page's scenario a sweep or a tune may
// vary, those its text writes first.
func (s *Server) fields(w http.ResponseWriter, r *http.Request) {
	var req fieldsRequest
	if err := s.decode(w, r, &req); err != nil {
		fail(w, err)
		return
	}
	out, err := bounded(s, r.Context(), func() any {
		sc, err := s.load(req.edit)
		if err != nil {
			return err
		}
		return varyFields(sc)
	})
	if err == nil {
		if e, ok := out.(error); ok {
			err = e
		}
	}
	if err != nil {
		if r.Context().Err() == nil {
			fail(w, err)
		}
		return
	}
	reply(w, map[string]any{"fields": out})
}

// varyFields returns the fields of sc a sweep may vary, those its text
// writes first, each in the reference's order.
func varyFields(sc *scenarios.Scenario) []field {
	ref, err := rules.ReferenceOf(sc.Ruleset)
	if err != nil {
		return nil
	}
	root := sc.Document()
	var written, unwritten []field
	for _, rf := range ref.Fields {
		kind := ""
		switch {
		case rf.Kind() == rules.IntegerField:
			kind = "integer"
		case len(rf.Values) > 0 && !strings.HasPrefix(rf.Type, "list"):
			kind = "word"
		default:
			continue
		}
		for _, p := range concrete(root, rf.Path) {
			f := field{Path: p, Meaning: rf.Meaning, Kind: kind}
			if n := root.At(p); n != nil && n.Kind == doc.Scalar {
				f.Value = n.Value
			}
			if !settle(sc, &f, rf) {
				continue
			}
			if f.Value != "" {
				written = append(written, f)
			} else {
				unwritten = append(unwritten, f)
			}
		}
	}
	return append(written, unwritten...)
}

// concrete returns the paths of sc's document that the reference's path
// pattern names: `[]` is each item of a list the document has, by its
// name where it has one (blueprints[Gunship], as a designer writes it),
// `<name>` each key of a mapping it has; a plain key may be missing (the
// field is not written), but nothing below a missing list or mapping is
// named.
func concrete(root *doc.Node, pattern string) []string {
	type at struct {
		path string
		n    *doc.Node // nil: not in the document
	}
	cur := []at{{"", root}}
	for _, elem := range strings.Split(pattern, ".") {
		var next []at
		key, list := strings.CutSuffix(elem, "[]")
		for _, c := range cur {
			switch {
			case strings.HasPrefix(key, "<") && strings.HasSuffix(key, ">"):
				if c.n == nil || c.n.Kind != doc.Map {
					continue
				}
				for i, k := range c.n.Keys {
					next = append(next, at{doc.JoinPath(c.path, k), c.n.Vals[i]})
				}
			case list:
				v := c.n.Get(key)
				if v == nil || v.Kind != doc.Seq {
					continue
				}
				for i, it := range v.Items {
					next = append(next, at{doc.JoinPath(c.path, key) + "[" + v.ElementRef(i) + "]", it})
				}
			default:
				if c.n != nil && c.n.Kind != doc.Map && c.n.Kind != doc.Null {
					continue // a scalar or a list: it has no such key
				}
				next = append(next, at{doc.JoinPath(c.path, key), c.n.Get(key)})
			}
		}
		cur = next
	}
	out := make([]string, len(cur))
	for i, c := range cur {
		out[i] = c.path
	}
	return out
}

// settle finds the values f may take in sc — the words of rf that the
// scenario compiles with, or the integers of rf's bounds that it compiles
// with around a first one that it does — and reports whether there are
// any.
func settle(sc *scenarios.Scenario, f *field, rf rules.Field) bool {
	compiles := func(v string) bool {
		c := sc.Clone()
		if c.Set(f.Path+"="+v) != nil {
			return false
		}
		_, err := c.Compile()
		return err == nil
	}
	if f.Kind == "word" {
		for _, v := range rf.Values {
			if v == f.Value || compiles(v) {
				f.Values = append(f.Values, v)
			}
		}
		if f.Value != "" && !slices.Contains(f.Values, f.Value) {
			f.Values = append([]string{f.Value}, f.Values...)
		}
		return len(f.Values) > 1
	}
	if rf.Min == nil || rf.Max == nil {
		return false
	}
	lo, hi := *rf.Min, *rf.Max
	start, err := strconv.ParseInt(f.Value, 10, 64)
	if err != nil || start < lo || start > hi {
		start = lo
		if d, err := strconv.ParseInt(rf.Default, 10, 64); err == nil && d >= lo && d <= hi {
			start = d
		}
		if !compiles(strconv.FormatInt(start, 10)) {
			return false
		}
	}
	lo = edge(start, lo, func(v int64) bool { return compiles(strconv.FormatInt(v, 10)) })
	hi = edge(start, hi, func(v int64) bool { return compiles(strconv.FormatInt(v, 10)) })
	f.Min, f.Max = &lo, &hi
	f.Suggest = tuneSpan(start, lo, hi)
	return hi > lo
}

// tuneSpan is the range a tune searches by default for an integer of
// allowed values lo..hi now at start (its value, default or lowest): the
// whole range when it is a few values (a count of ships, 1..8), else the
// values a designer would try around start — down to half or none, up to
// double, ten either way at least — never the reference's far bound (a
// fighter's strength may be 0..1000).
func tuneSpan(start, lo, hi int64) string {
	if hi-lo > 20 {
		d := max(10, start, -start)
		lo, hi = max(lo, start-d), min(hi, start+d)
	}
	return strconv.FormatInt(lo, 10) + ".." + strconv.FormatInt(hi, 10)
}

// edge returns the value farthest from start toward bound for which ok
// holds, ok holding at start and, it is taken, at every value in between
// (a field's allowed values are a range): a bisection, a few dozen
// compiles at most.
func edge(start, bound int64, ok func(int64) bool) int64 {
	if ok(bound) {
		return bound
	}
	good, bad := start, bound // ok(good), !ok(bad)
	for good-bad > 1 || bad-good > 1 {
		mid := good + (bad-good)/2
		if ok(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}
