package tunereport

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/words"
)

// WriteTable writes a tune for people: the answer in the designer's
// words, the question, every probe, the totals and the seed.
func WriteTable(w io.Writer, r *tune.Result) error {
	t := r.Tune
	for _, l := range Headline(r) {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "\ntune      %s   base %s   ruleset %s   %s\n", t.Name, t.Base.Name, t.Base.Ruleset, seedWords(r))
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
	if r.Sampled() {
		fmt.Fprintf(w, "\ntrials    %d in %d probes: the search on the streams of %s, the re-check on %s\n",
			r.Trials(), len(r.Probes)+len(r.Recheck), r.Streams, r.RecheckStreams)
	} else {
		fmt.Fprintf(w, "\ntrials    none: every one of the %d probes was solved exactly\n", len(r.Probes))
	}
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
	if d := words.DirectionWord(r.Direction); d != "" {
		return "the metric is " + d + " in " + r.Tune.Axis.Path
	}
	return "direction unknown"
}

// seedWords writes the seed for the table's head: "seed 7", or, where
// nothing was sampled, that none was used.
func seedWords(r *tune.Result) string {
	if !r.Sampled() {
		return "no seed: nothing sampled"
	}
	return "seed " + strconv.FormatUint(r.Seed, 10)
}

// levelStatement says at what level the answer holds and how the rate is
// spent.
func levelStatement(r *tune.Result) string {
	if !r.Sampled() {
		return "exact: every probe solved, so the answer holds exactly, with no level and no false-alarm rate"
	}
	return fmt.Sprintf("%s for the answer's statements jointly: each rests on the re-check, fought on streams of its own "+
		"at %s over the values it states (spent over its looks, α/2^k at the k-th); the search, which only chooses those values, "+
		"tests each probe at %s; exact values need neither", levelWords(r), words.Num(r.Alpha()), words.Num(r.Alpha()))
}

// Rows returns a tune's probes as a tidy table, one row per probe
// (the search's, then the re-check's), with the columns tune, scenario,
// scenario_hash, crucible_version, seed, phase, path, value, metric,
// target, trials, looks, estimate, lo, hi, level (of the interval, in
// [0, 1]), decision, exact (the solver's value, empty for Monte Carlo) and
// streams.
func Rows(r *tune.Result) [][]string {
	t := r.Tune
	rows := [][]string{{"tune", "scenario", "scenario_hash", "crucible_version", "seed", "phase", "path", "value",
		"metric", "target", "trials", "looks", "estimate", "lo", "hi", "level", "decision", "exact", "streams"}}
	for _, ps := range [][]tune.Probe{r.Probes, r.Recheck} {
		for _, p := range ps {
			exact, level := "", ""
			if p.Exact != nil {
				exact = words.Num(p.Exact.F)
			} else if p.Spent > 0 {
				level = words.Num(1 - p.Spent)
			}
			rows = append(rows, []string{t.Name, t.Base.Name, t.Base.Hash(), r.Version, strconv.FormatUint(r.Seed, 10),
				p.Phase.String(), t.Axis.Path, p.Value, t.Target.Metric.String(), t.Target.String(),
				strconv.FormatInt(p.Trials, 10), strconv.Itoa(p.Looks), words.Num(p.Estimate.Value), words.Num(p.Estimate.Lo), words.Num(p.Estimate.Hi),
				level, p.Decision.String(), exact, p.Streams})
		}
	}
	return rows
}

// Object returns the machine-readable form of a tune: the question,
// the status, the bracket named plainly (below and above, each with its
// value, estimate, interval and trials, and the exact value when known),
// the answer to a one-sided target (or null), every probe, and the seed.
func Object(r *tune.Result) json.Marshaler {
	t := r.Tune
	field := formats.Object{{Key: "path", Val: t.Axis.Path}}
	if t.Axis.Label != "" {
		field = append(field, formats.FieldOf("label", t.Axis.Label))
	}
	field = append(field, formats.FieldOf("from", json.Number(t.Axis.Value(0))), formats.FieldOf("to", json.Number(t.Axis.Value(t.Axis.Last()))))
	if t.Axis.Continuous {
		field = append(field, formats.FieldOf("kind", "continuous"), formats.FieldOf("resolution", json.Number(t.Axis.Resolution)))
	} else {
		field = append(field, formats.FieldOf("kind", "integer"))
	}
	o := formats.Object{{Key: "tune", Val: t.Name}}
	if t.Description != "" {
		o = append(o, formats.FieldOf("description", t.Description))
	}
	o = append(o, formats.Object{
		{Key: "scenario", Val: t.Base.Name}, {Key: "ruleset", Val: t.Base.Ruleset}, {Key: "scenario_hash", Val: t.Base.Hash()},
		{Key: "field", Val: field}, {Key: "target", Val: t.Target.String()}, {Key: "metric", Val: t.Target.Metric.String()}, {Key: "op", Val: t.Target.Op},
		{Key: "value", Val: t.Target.Value}, {Key: "confidence", Val: tuneConfidence(r)}, {Key: "status", Val: r.Status.String()},
		{Key: "direction", Val: formats.Nullable(words.DirectionWord(r.Direction))},
		{Key: "below", Val: probeRef(r.Below)}, {Key: "above", Val: probeRef(r.Above)},
	}...)
	answer := any(nil)
	if r.Answer != nil {
		answer = json.Number(r.Answer.Value)
	}
	o = append(o, formats.FieldOf("answer", answer))
	if r.OneOf != nil {
		o = append(o, formats.FieldOf("answer_one_of", oneOfObject(r)))
	}
	o = append(o, formats.FieldOf("between", probeList(r.Between)), formats.FieldOf("headline", Headline(r)))
	if len(r.Pair) > 0 {
		o = append(o, formats.FieldOf("pair", probeList(r.Pair)))
	}
	if r.Why != "" {
		o = append(o, formats.FieldOf("why", r.Why))
	}
	return append(o, formats.Object{
		{Key: "monotonic", Val: r.Monotonic()}, {Key: "probes", Val: probeList(r.Probes)},
		{Key: "recheck", Val: formats.Object{{Key: "streams", Val: r.RecheckStreams}, {Key: "confirmed", Val: r.Status != tune.Inconclusive && r.Status != tune.Interrupted && len(r.Recheck) > 0}, {Key: "probes", Val: probeList(r.Recheck)}}},
		{Key: "streams", Val: r.Streams}, {Key: "notes", Val: formats.NonNil(r.Notes)}, {Key: "trials", Val: r.Trials()},
		{Key: "seed", Val: tuneSeed(r, r.Seed)}, {Key: "seed_text", Val: tuneSeed(r, formats.SeedText(r.Seed))}, {Key: "crucible_version", Val: r.Version},
		{Key: "interrupted", Val: r.Status == tune.Interrupted},
	}...)
}

// tuneConfidence is the level of the answer's statements, or null where
// nothing was sampled (they hold exactly).
func tuneConfidence(r *tune.Result) any {
	if !r.Sampled() {
		return nil
	}
	return 1 - r.Alpha()
}

// tuneSeed is v, or null where nothing was sampled (the seed played no part).
func tuneSeed(r *tune.Result, v any) any {
	if !r.Sampled() {
		return nil
	}
	return v
}

// oneOfObject names the values an undecided answer may be: the first and
// last (from, to, in axis order) and, where there are at most
// maxOneOfValues, each of them.
func oneOfObject(r *tune.Result) formats.Object {
	ax, from, to := r.Tune.Axis, r.OneOf[0], r.OneOf[1]
	o := formats.Object{{Key: "from", Val: json.Number(ax.Value(from))}, {Key: "to", Val: json.Number(ax.Value(to))}}
	if to-from < maxOneOfValues {
		var vs []json.Number
		for i := from; i <= to; i++ {
			vs = append(vs, json.Number(ax.Value(i)))
		}
		o = append(o, formats.FieldOf("values", vs))
	}
	return o
}

// maxOneOfValues is the most values answer_one_of lists one by one.
const maxOneOfValues = 100

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
func probeObject(p tune.Probe) formats.Object {
	o := formats.Object{{Key: "value", Val: json.Number(p.Value)}, {Key: "phase", Val: p.Phase.String()}, {Key: "decision", Val: p.Decision.String()},
		{Key: "estimate", Val: p.Estimate.Value}, {Key: "lo", Val: p.Estimate.Lo}, {Key: "hi", Val: p.Estimate.Hi}, {Key: "trials", Val: p.Trials}}
	if p.Exact != nil {
		o = append(o, formats.FieldOf("exact", p.Exact.F))
		if p.Exact.Rat != "" {
			o = append(o, formats.FieldOf("exact_fraction", p.Exact.Rat))
		}
		return o
	}
	o = append(o, formats.Object{{Key: "level", Val: 1 - p.Spent}, {Key: "looks", Val: p.Looks}, {Key: "streams", Val: p.Streams}}...)
	if p.Note != "" {
		o = append(o, formats.FieldOf("note", p.Note))
	}
	return o
}

// WriteJSON writes a tune's object with a trailing newline.
func WriteJSON(w io.Writer, r *tune.Result) error {
	return formats.WriteIndented(w, Object(r))
}
