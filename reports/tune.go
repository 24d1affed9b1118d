package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/tune"
)

// WriteTuneTable writes a tune for people: the answer in the designer's
// words, the question, every probe, the totals and the seed.
func WriteTuneTable(w io.Writer, r *tune.Result) error {
	t := r.Tune
	for _, l := range Headline(r) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "\ntune      %s   base %s   ruleset %s   seed %d\n", t.Name, t.Base.Name, t.Base.Ruleset, r.Seed)
	fmt.Fprintf(w, "question  %s from %s to %s (%s) where %s; %s\n", t.Axis.Path, t.Axis.From, t.Axis.To, axisKind(t.Axis), targetWords(r), directionText(r))
	fmt.Fprintf(w, "level     %s\n", levelStatement(r))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "\nphase\t%s\ttrials\tlooks\t%s\tinterval\tlevel\tdecision\n", t.Axis.Path, t.Target.Metric)
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			fmt.Fprintln(tw, strings.Join(probeCells(r, p), "\t"))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\ntrials    %d in %d probes: the search on the streams of %s, the re-check on %s\n",
		r.Trials(), len(r.Probes)+len(r.Recheck), r.Streams, r.RecheckStreams)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// axisKind says how the field is searched.
func axisKind(a tune.Axis) string {
	if a.Continuous {
		return "continuous, to a resolution of " + a.Resolution
	}
	return "integer"
}

// directionText says which way the metric moved along the field.
func directionText(r *tune.Result) string {
	if d := directionWord(r.Direction); d != "" {
		return "the metric is " + d + " in " + r.Tune.Axis.Path
	}
	return "direction unknown"
}

// levelStatement says at what level the answer holds and how the rate is
// spent.
func levelStatement(r *tune.Result) string {
	return fmt.Sprintf("%s for the answer's statements jointly: each rests on the re-check, fought on streams of its own "+
		"at %s over the values it states (spent over its looks, α/2^k at the k-th); the search, which only chooses those values, "+
		"tests each probe at %s; exact values need neither", levelWords(r), num(r.Alpha()), num(r.Alpha()))
}

// TuneRows returns a tune's probes as a tidy table, one row per probe
// (the search's, then the re-check's), with the columns tune, scenario,
// scenario_hash, crucible_version, seed, phase, path, value, metric,
// target, trials, looks, estimate, lo, hi, level (of the interval, in
// [0, 1]), decision, exact (the solver's value, empty for Monte Carlo) and
// streams.
func TuneRows(r *tune.Result) [][]string {
	t := r.Tune
	rows := [][]string{{"tune", "scenario", "scenario_hash", "crucible_version", "seed", "phase", "path", "value",
		"metric", "target", "trials", "looks", "estimate", "lo", "hi", "level", "decision", "exact", "streams"}}
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			exact, level := "", ""
			if p.Exact != nil {
				exact = num(p.Exact.F)
			} else if p.Spent > 0 {
				level = num(1 - p.Spent)
			}
			rows = append(rows, []string{t.Name, t.Base.Name, t.Base.Hash(), r.Version, strconv.FormatUint(r.Seed, 10),
				p.Phase.String(), t.Axis.Path, p.Value, t.Target.Metric.String(), t.Target.String(),
				strconv.FormatInt(p.Trials, 10), strconv.Itoa(p.Looks), num(p.Estimate.Value), num(p.Estimate.Lo), num(p.Estimate.Hi),
				level, p.Decision.String(), exact, p.Streams})
		}
	}
	return rows
}

// TuneObject returns the machine-readable form of a tune: the question,
// the status, the bracket named plainly (below and above, each with its
// value, estimate, interval and trials, and the exact value when known),
// the answer to a one-sided target (or null), every probe, and the seed.
func TuneObject(r *tune.Result) json.Marshaler {
	t := r.Tune
	field := object{{"path", t.Axis.Path}}
	if t.Axis.Label != "" {
		field = append(field, fieldOf("label", t.Axis.Label))
	}
	field = append(field, fieldOf("from", json.Number(t.Axis.Value(0))), fieldOf("to", json.Number(t.Axis.Value(t.Axis.Last()))))
	if t.Axis.Continuous {
		field = append(field, fieldOf("kind", "continuous"), fieldOf("resolution", json.Number(t.Axis.Resolution)))
	} else {
		field = append(field, fieldOf("kind", "integer"))
	}
	o := object{{"tune", t.Name}}
	if t.Description != "" {
		o = append(o, fieldOf("description", t.Description))
	}
	o = append(o, object{
		{"scenario", t.Base.Name}, {"ruleset", t.Base.Ruleset}, {"scenario_hash", t.Base.Hash()},
		{"field", field}, {"target", t.Target.String()}, {"metric", t.Target.Metric.String()}, {"op", t.Target.Op},
		{"value", t.Target.Value}, {"confidence", 1 - r.Alpha()}, {"status", r.Status.String()},
		{"direction", nullable(directionWord(r.Direction))},
		{"below", probeRef(r.Below)}, {"above", probeRef(r.Above)},
	}...)
	answer := any(nil)
	if r.Answer != nil {
		answer = json.Number(r.Answer.Value)
	}
	o = append(o, fieldOf("answer", answer), fieldOf("between", probeList(r.Between)), fieldOf("headline", Headline(r)))
	if len(r.Pair) > 0 {
		o = append(o, fieldOf("pair", probeList(r.Pair)))
	}
	if r.Why != "" {
		o = append(o, fieldOf("why", r.Why))
	}
	return append(o, object{
		{"monotonic", r.Monotonic()}, {"probes", probeList(r.Probes)},
		{"recheck", object{{"streams", r.RecheckStreams}, {"confirmed", r.Status != tune.Inconclusive && r.Status != tune.Interrupted && len(r.Recheck) > 0}, {"probes", probeList(r.Recheck)}}},
		{"streams", r.Streams}, {"notes", nonNil(r.Notes)}, {"trials", r.Trials()},
		{"seed", r.Seed}, {"seed_text", seedText(r.Seed)}, {"crucible_version", r.Version},
		{"interrupted", r.Status == tune.Interrupted},
	}...)
}

func fieldOf(key string, val any) field { return field{key, val} }

// nullable is s, or JSON null when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// probeRef is a probe's object, or null.
func probeRef(p *tune.Probe) any {
	if p == nil {
		return nil
	}
	return probeObject(*p)
}

func probeList(ps []tune.Probe) []json.Marshaler {
	out := make([]json.Marshaler, len(ps))
	for i, p := range ps {
		out[i] = probeObject(p)
	}
	return out
}

// probeObject is one probe: its value, phase, decision, estimate and
// interval (with the interval's level), the trials and looks it fought,
// its streams, and its exact value (and fraction) when the solver gave it.
func probeObject(p tune.Probe) object {
	o := object{{"value", json.Number(p.Value)}, {"phase", p.Phase.String()}, {"decision", p.Decision.String()},
		{"estimate", p.Estimate.Value}, {"lo", p.Estimate.Lo}, {"hi", p.Estimate.Hi}, {"trials", p.Trials}}
	if p.Exact != nil {
		o = append(o, fieldOf("exact", p.Exact.F))
		if p.Exact.Rat != "" {
			o = append(o, fieldOf("exact_fraction", p.Exact.Rat))
		}
		return o
	}
	o = append(o, object{{"level", 1 - p.Spent}, {"looks", p.Looks}, {"streams", p.Streams}}...)
	if p.Note != "" {
		o = append(o, fieldOf("note", p.Note))
	}
	return o
}

// WriteTuneJSON writes a tune's object with a trailing newline.
func WriteTuneJSON(w io.Writer, r *tune.Result) error {
	return writeIndented(w, TuneObject(r))
}

// writeIndented writes v as indented JSON with a trailing newline, its
// <, > and & as written (unescapeHTML).
func writeIndented(w io.Writer, v json.Marshaler) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(unescapeHTML(b), '\n'))
	return err
}

// unescapeHTML writes back the <, > and & that encoding/json escapes for
// HTML, so that a target reads "win.a>=0.7" in the JSON as on the command
// line. An escape is one only where an even number of backslashes (none
// included) precede it.
func unescapeHTML(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+5 < len(b) && b[i+1] == 'u' && string(b[i+2:i+4]) == "00" {
			if c, ok := map[string]byte{"3c": '<', "3e": '>', "26": '&'}[string(b[i+4:i+6])]; ok {
				out, i = append(out, c), i+5
				continue
			}
		}
		if b[i] == '\\' && i+1 < len(b) {
			out, i = append(out, b[i], b[i+1]), i+1 // an escaped character, skipped whole
			continue
		}
		out = append(out, b[i])
	}
	return out
}
