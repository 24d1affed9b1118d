package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
)

// object is a JSON object that keeps its keys in the order written.
type object []field

type field struct {
	key string
	val any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f.key))
		b.WriteByte(':')
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Object returns the machine-readable form of a result (DESIGN.md,
// "Machine-readable output"). The integer part — trials, wins, ends,
// rounds.hist/n/sum/sum_sq/min/max, counters, counters_sq — is the tally
// that `crucible merge` adds up; the rest is derived from it.
func Object(r *analysis.Result) (json.Marshaler, error) {
	t := r.Tally
	opts := object{}
	for _, s := range r.Spec.Options {
		opts = append(opts, field{s.Name, s.Value})
	}
	wins := object{{"a", t.Wins[rules.A]}, {"b", t.Wins[rules.B]}, {"none", t.Wins[rules.None]}}
	ends := object{}
	for i, n := range t.EndNames {
		ends = append(ends, field{n, t.Ends[i]})
	}
	hist := object{}
	for _, b := range t.Rounds.Bins() {
		hist = append(hist, field{strconv.FormatInt(b.Low, 10), b.Count})
	}
	rs := r.Rounds()
	rounds := object{
		{"hist", hist}, {"unit", r.Spec.RoundsUnit},
		{"n", t.Rounds.N()}, {"sum", t.Rounds.Sum()}, {"sum_sq", t.Rounds.SumSq()},
		{"min", rs.Min}, {"max", rs.Max}, {"exact_below", rs.ExactQuantileBelow},
		{"mean", rs.Mean}, {"sd", rs.SD}, {"p50", rs.P50}, {"p90", rs.P90}, {"p99", rs.P99},
	}
	counters, squares, means := object{}, object{}, object{}
	for i, cm := range r.Counters() {
		counters = append(counters, field{cm.Name, cm.Sum})
		squares = append(squares, field{cm.Name, t.CountersSq[i]})
		means = append(means, field{cm.Name, cm.Mean})
	}
	iv := object{}
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		w := r.Win(s)
		iv = append(iv, field{"wins." + s.String(), [2]float64{w.Lo, w.Hi}})
	}
	for _, n := range t.EndNames {
		e := r.End(n)
		iv = append(iv, field{"ends." + n, [2]float64{e.Lo, e.Hi}})
	}
	iv = append(iv, field{"rounds.mean", [2]float64{rs.MeanLo, rs.MeanHi}})

	o := object{
		{"scenario", r.Scenario}, {"ruleset", r.Ruleset}, {"scenario_hash", r.Hash},
		{"crucible_version", r.Version}, {"seed", r.Seed}, {"trials", t.Trials},
		{"planned_trials", r.Planned},
	}
	if r.Shard != "" {
		o = append(o, field{"shard", r.Shard}, field{"first_trial", r.First})
	}
	if r.Interrupted() {
		o = append(o, field{"interrupted", true})
	}
	o = append(o,
		field{"options", opts}, field{"wins", wins}, field{"ends", ends},
		field{"rounds", rounds}, field{"counters", counters}, field{"counters_sq", squares},
		field{"counter_means", means}, field{"intervals", iv},
	)
	if len(r.Spec.Notes) > 0 {
		o = append(o, field{"notes", r.Spec.Notes})
	}
	return o, nil
}

// WriteJSON writes one result as an object, or several as an array, with a
// trailing newline.
func WriteJSON(w io.Writer, results []*analysis.Result) error {
	objs := make([]json.Marshaler, len(results))
	for i, r := range results {
		o, err := Object(r)
		if err != nil {
			return err
		}
		objs[i] = o
	}
	var v any = objs
	if len(objs) == 1 {
		v = objs[0]
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ExactHeader identifies a scenario in the output of an exact solver.
type ExactHeader struct {
	Scenario, Ruleset, Hash, Version string
	Spec                             rules.Spec
}

// WriteExactJSON writes an exact solution as one object: the scenario fields
// of a run result (without seed and trials: nothing is random) and "exact".
func WriteExactJSON(w io.Writer, h ExactHeader, exact json.Marshaler) error {
	opts := object{}
	for _, s := range h.Spec.Options {
		opts = append(opts, field{s.Name, s.Value})
	}
	o := object{
		{"scenario", h.Scenario}, {"ruleset", h.Ruleset}, {"scenario_hash", h.Hash},
		{"crucible_version", h.Version}, {"options", opts},
	}
	if len(h.Spec.Notes) > 0 {
		o = append(o, field{"notes", h.Spec.Notes})
	}
	o = append(o, field{"exact", exact})
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
