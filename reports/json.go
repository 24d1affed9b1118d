package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/analysis/spread"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// Object returns the machine-readable form of a result (DESIGN.md,
// "Machine-readable output"). The integer part — trials, wins, ends,
// rounds.hist/n/sum/sum_sq/min/max, counters, counters_sq — is the tally
// that `crucible merge` adds up; the rest is derived from it.
func Object(r *analysis.Result) (json.Marshaler, error) {
	o := append(headerObject(r), tallyFields(r)...)
	if wb := r.WinsBy(); len(wb) > 0 {
		// The tally part, which merge adds up, then the win rates by value
		// derived from it.
		raw, err := r.Tally.MarshalWinDists()
		if err != nil {
			return nil, err
		}
		o = append(o, formats.Field{Key: "counter_hists_by_winner", Val: json.RawMessage(raw)}, formats.Field{Key: "wins_by", Val: winsByObject(wb)})
	}
	if r.Tally.Examples != nil {
		raw, err := r.Tally.MarshalExamples()
		if err != nil {
			return nil, err
		}
		o = append(o, formats.Field{Key: "examples", Val: json.RawMessage(raw)})
	}
	var docs formats.Object
	for _, c := range r.Spec.Counters {
		if c.Doc != "" {
			docs = append(docs, formats.Field{Key: c.Name, Val: c.Doc})
		}
	}
	if docs != nil {
		o = append(o, formats.Field{Key: "counter_docs", Val: docs})
	}
	o = append(o, formats.Field{Key: "intervals", Val: intervalsObject(r)})
	if len(r.Spec.Notes) > 0 {
		o = append(o, formats.Field{Key: "notes", Val: r.Spec.Notes})
	}
	if b := r.Spec.Board; b != nil {
		o = append(o, formats.Field{Key: "board", Val: toBoardJSON(b)})
	}
	return o, nil
}

// tallyFields returns the fields of a result that its tally gives, in
// Object's order: the options it ran with, wins, ends, the headline,
// rounds, the counters' sums, squares and means, and their histograms.
func tallyFields(r *analysis.Result) formats.Object {
	t := r.Tally
	wins := formats.Object{{Key: "a", Val: t.Wins[rules.A]}, {Key: "b", Val: t.Wins[rules.B]}, {Key: "none", Val: t.Wins[rules.None]}}
	ends := formats.Object{}
	for i, n := range t.EndNames {
		ends = append(ends, formats.Field{Key: n, Val: t.Ends[i]})
	}
	counters, squares, means := formats.Object{}, formats.Object{}, formats.Object{}
	for i, cm := range r.Counters() {
		counters = append(counters, formats.Field{Key: cm.Name, Val: cm.Sum})
		squares = append(squares, formats.Field{Key: cm.Name, Val: t.CountersSq[i]})
		means = append(means, formats.Field{Key: cm.Name, Val: cm.Mean})
	}
	o := formats.Object{
		{Key: "options", Val: formats.SettingsObject(r.Spec.Options)}, {Key: "wins", Val: wins}, {Key: "ends", Val: ends}, {Key: "headline", Val: headlineObject(r)},
		{Key: "rounds", Val: histObject(&t.Rounds, r.Rounds(), r.Spec.RoundsUnit)}, {Key: "counters", Val: counters}, {Key: "counters_sq", Val: squares},
		{Key: "counter_means", Val: means},
	}
	var hists formats.Object
	for _, d := range r.Dists() {
		hists = append(hists, formats.Field{Key: d.Name, Val: histObject(d.Hist, d.HistStats, "")})
	}
	if hists != nil {
		o = append(o, formats.Field{Key: "counter_hists", Val: hists})
	}
	return o
}

// headerObject is a result's identity: what was run, by which crucible,
// from which seed, and how far it got.
func headerObject(r *analysis.Result) formats.Object {
	o := formats.Object{{Key: "scenario", Val: r.Scenario}, {Key: "ruleset", Val: r.Ruleset}}
	if r.Description != "" {
		o = append(o, formats.Field{Key: "description", Val: r.Description})
	}
	if r.Spec.Sides != [2]string{} {
		o = append(o, formats.Field{Key: "sides", Val: formats.Object{{Key: "a", Val: r.Spec.Sides[0]}, {Key: "b", Val: r.Spec.Sides[1]}}})
	}
	o = append(o, formats.LabelsObject(r.Spec)...)
	o = append(o, formats.Object{
		{Key: "scenario_hash", Val: r.Hash},
		{Key: "crucible_version", Val: r.Version}, {Key: "seed", Val: r.Seed}, {Key: "seed_text", Val: formats.SeedText(r.Seed)}, {Key: "trials", Val: r.Tally.Trials},
		{Key: "planned_trials", Val: r.Planned},
	}...)
	if r.Shard != "" {
		o = append(o, formats.Field{Key: "shard", Val: r.Shard}, formats.Field{Key: "first_trial", Val: r.First})
	}
	if r.RunTrials > 0 {
		o = append(o, formats.Field{Key: "run_trials", Val: r.RunTrials})
	}
	if r.Partial {
		o = append(o, formats.Field{Key: "partial", Val: true})
	}
	if r.Interrupted() {
		o = append(o, formats.Field{Key: "interrupted", Val: true})
	}
	return o
}

// winsByObject is the win rates at each value of the counters declared
// ByWinner, with their intervals.
func winsByObject(wb []analysis.WinsBy) formats.Object {
	by := formats.Object{}
	for _, w := range wb {
		rows := formats.Object{}
		for _, at := range w.At {
			row := formats.Object{{Key: "trials", Val: at.Trials.K}}
			for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
				row = append(row, formats.Field{Key: "win." + s.String(), Val: at.Win[s].P},
					formats.Field{Key: "win." + s.String() + ".interval", Val: [2]float64{at.Win[s].Lo, at.Win[s].Hi}})
			}
			rows = append(rows, formats.Field{Key: strconv.FormatInt(at.Low, 10), Val: row})
		}
		by = append(by, formats.Field{Key: w.Name, Val: rows})
	}
	return by
}

// intervalsObject is the 95 % interval of each win and end share and of
// the mean rounds.
func intervalsObject(r *analysis.Result) formats.Object {
	iv := formats.Object{}
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		w := r.Win(s)
		iv = append(iv, formats.Field{Key: "wins." + s.String(), Val: [2]float64{w.Lo, w.Hi}})
	}
	for _, n := range r.Tally.EndNames {
		e := r.End(n)
		iv = append(iv, formats.Field{Key: "ends." + n, Val: [2]float64{e.Lo, e.Hi}})
	}
	rs := r.Rounds()
	return append(iv, formats.Field{Key: "rounds.mean", Val: [2]float64{rs.MeanLo, rs.MeanHi}})
}

// boardJSON is the JSON form of a rules.Board, which ReadJSON reads back so
// that a merged report draws the board too.
type boardJSON struct {
	Name  string           `json:"name"`
	Shape string           `json:"shape"`
	Kinds []rules.CellKind `json:"kinds"`
	Cells []cellJSON       `json:"cells"`
	Maps  []heatMapJSON    `json:"maps"`
}

type cellJSON struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Kind  int     `json:"kind"`
	Mark  string  `json:"mark,omitempty"`
	Side  string  `json:"side,omitempty"` // "a" or "b"; absent for none
}

type heatMapJSON struct {
	Title    string   `json:"title"`
	Counters []string `json:"counters"`
}

func toBoardJSON(b *rules.Board) boardJSON {
	out := boardJSON{Name: b.Name, Shape: b.Shape, Kinds: b.Kinds}
	for _, c := range b.Cells {
		cj := cellJSON{Label: c.Label, X: c.X, Y: c.Y, Kind: c.Kind, Mark: c.Mark}
		if c.Side != rules.None {
			cj.Side = c.Side.String()
		}
		out.Cells = append(out.Cells, cj)
	}
	for _, m := range b.Maps {
		out.Maps = append(out.Maps, heatMapJSON{Title: m.Title, Counters: m.Counters})
	}
	return out
}

func fromBoardJSON(bj boardJSON) (*rules.Board, error) {
	b := &rules.Board{Name: bj.Name, Shape: bj.Shape, Kinds: bj.Kinds}
	for _, c := range bj.Cells {
		cell := rules.Cell{Label: c.Label, X: c.X, Y: c.Y, Kind: c.Kind, Mark: c.Mark}
		switch c.Side {
		case "":
		case "a":
			cell.Side = rules.A
		case "b":
			cell.Side = rules.B
		default:
			return nil, fmt.Errorf("cell %s: side %q is not a or b", c.Label, c.Side)
		}
		b.Cells = append(b.Cells, cell)
	}
	for _, m := range bj.Maps {
		if len(m.Counters) != len(b.Cells) {
			return nil, fmt.Errorf("heat map %q: %d counters for %d cells", m.Title, len(m.Counters), len(b.Cells))
		}
		b.Maps = append(b.Maps, rules.HeatMap{Title: m.Title, Counters: m.Counters})
	}
	return b, nil
}

// histObject writes a histogram: its tally part (hist, n, sum, sum_sq, min,
// max, exact_below), which sim.Hist reads back, then the statistics derived
// from it. unit, if set, follows hist.
func histObject(h *sim.Hist, st analysis.HistStats, unit string) formats.Object {
	bins := formats.Object{}
	for _, b := range h.Bins() {
		bins = append(bins, formats.Field{Key: strconv.FormatInt(b.Low, 10), Val: b.Count})
	}
	o := formats.Object{{Key: "hist", Val: bins}}
	if unit != "" {
		o = append(o, formats.Field{Key: "unit", Val: unit})
	}
	return append(o,
		formats.Field{Key: "n", Val: h.N()}, formats.Field{Key: "sum", Val: h.Sum()}, formats.Field{Key: "sum_sq", Val: h.SumSq()},
		formats.Field{Key: "min", Val: st.Min}, formats.Field{Key: "max", Val: st.Max}, formats.Field{Key: "exact_below", Val: st.ExactQuantileBelow},
		formats.Field{Key: "mean", Val: st.Mean}, formats.Field{Key: "sd", Val: st.SD}, formats.Field{Key: "p50", Val: st.P50}, formats.Field{Key: "p90", Val: st.P90}, formats.Field{Key: "p99", Val: st.P99},
	)
}

// WriteJSON writes one result as an object, or several as an array, with a
// trailing newline.
func WriteJSON(w io.Writer, results []*analysis.Result) error { return WriteRunJSON(w, results, nil) }

// WriteRunJSON is WriteJSON with each result's policy spread, where
// spreads has one of its scenario, under "policy_spread", and its skill
// axis, where axes has one, under "skill".
func WriteRunJSON(w io.Writer, results []*analysis.Result, spreads []*spread.Spread, axes ...*skill.Axis) error {
	objs := make([]json.Marshaler, len(results))
	for i, r := range results {
		o, err := Object(r)
		if err != nil {
			return err
		}
		if s := SpreadOf(spreads, r.Scenario); s != nil {
			o = append(o.(formats.Object), formats.Field{Key: "policy_spread", Val: spreadObject(s)})
		}
		for _, a := range axes {
			if a.Scenario == r.Scenario {
				o = skillreport.With(o, []*skill.Axis{a})
			}
		}
		objs[i] = o
	}
	return formats.WriteObjects(w, objs)
}
