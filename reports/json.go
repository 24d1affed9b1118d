package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
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
	opts := settingsObject(r.Spec.Options)
	wins := object{{"a", t.Wins[rules.A]}, {"b", t.Wins[rules.B]}, {"none", t.Wins[rules.None]}}
	ends := object{}
	for i, n := range t.EndNames {
		ends = append(ends, field{n, t.Ends[i]})
	}
	rs := r.Rounds()
	rounds := histObject(&t.Rounds, rs, r.Spec.RoundsUnit)
	counters, squares, means := object{}, object{}, object{}
	for i, cm := range r.Counters() {
		counters = append(counters, field{cm.Name, cm.Sum})
		squares = append(squares, field{cm.Name, t.CountersSq[i]})
		means = append(means, field{cm.Name, cm.Mean})
	}
	var hists, docs object
	for _, d := range r.Dists() {
		hists = append(hists, field{d.Name, histObject(d.Hist, d.HistStats, "")})
	}
	for _, c := range r.Spec.Counters {
		if c.Doc != "" {
			docs = append(docs, field{c.Name, c.Doc})
		}
	}
	o := headerObject(r)
	o = append(o,
		field{"options", opts}, field{"wins", wins}, field{"ends", ends}, field{"headline", headlineObject(r)},
		field{"rounds", rounds}, field{"counters", counters}, field{"counters_sq", squares},
		field{"counter_means", means},
	)
	if hists != nil {
		o = append(o, field{"counter_hists", hists})
	}
	if wb := r.WinsBy(); len(wb) > 0 {
		// The tally part, which merge adds up, then the win rates by value
		// derived from it.
		raw, err := r.Tally.MarshalWinDists()
		if err != nil {
			return nil, err
		}
		o = append(o, field{"counter_hists_by_winner", json.RawMessage(raw)}, field{"wins_by", winsByObject(wb)})
	}
	if docs != nil {
		o = append(o, field{"counter_docs", docs})
	}
	o = append(o, field{"intervals", intervalsObject(r)})
	if len(r.Spec.Notes) > 0 {
		o = append(o, field{"notes", r.Spec.Notes})
	}
	if b := r.Spec.Board; b != nil {
		o = append(o, field{"board", toBoardJSON(b)})
	}
	return o, nil
}

// headerObject is a result's identity: what was run, by which crucible,
// from which seed, and how far it got.
func headerObject(r *analysis.Result) object {
	o := object{{"scenario", r.Scenario}, {"ruleset", r.Ruleset}}
	if r.Description != "" {
		o = append(o, field{"description", r.Description})
	}
	if r.Spec.Sides != [2]string{} {
		o = append(o, field{"sides", object{{"a", r.Spec.Sides[0]}, {"b", r.Spec.Sides[1]}}})
	}
	o = append(o, labelsObject(r.Spec)...)
	o = append(o, object{
		{"scenario_hash", r.Hash},
		{"crucible_version", r.Version}, {"seed", r.Seed}, {"seed_text", seedText(r.Seed)}, {"trials", r.Tally.Trials},
		{"planned_trials", r.Planned},
	}...)
	if r.Shard != "" {
		o = append(o, field{"shard", r.Shard}, field{"first_trial", r.First})
	}
	if r.RunTrials > 0 {
		o = append(o, field{"run_trials", r.RunTrials})
	}
	if r.Partial {
		o = append(o, field{"partial", true})
	}
	if r.Interrupted() {
		o = append(o, field{"interrupted", true})
	}
	return o
}

// seedText is a seed as a decimal string, written beside the number: a
// reader that holds JSON numbers as doubles rounds a seed above 2^53, and
// the string lets it run the same seed again.
func seedText(seed uint64) string { return strconv.FormatUint(seed, 10) }

// winsByObject is the win rates at each value of the counters declared
// ByWinner, with their intervals.
func winsByObject(wb []analysis.WinsBy) object {
	by := object{}
	for _, w := range wb {
		rows := object{}
		for _, at := range w.At {
			row := object{{"trials", at.Trials.K}}
			for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
				row = append(row, field{"win." + s.String(), at.Win[s].P},
					field{"win." + s.String() + ".interval", [2]float64{at.Win[s].Lo, at.Win[s].Hi}})
			}
			rows = append(rows, field{strconv.FormatInt(at.Low, 10), row})
		}
		by = append(by, field{w.Name, rows})
	}
	return by
}

// intervalsObject is the 95 % interval of each win and end share and of
// the mean rounds.
func intervalsObject(r *analysis.Result) object {
	iv := object{}
	for _, s := range []rules.Side{rules.A, rules.B, rules.None} {
		w := r.Win(s)
		iv = append(iv, field{"wins." + s.String(), [2]float64{w.Lo, w.Hi}})
	}
	for _, n := range r.Tally.EndNames {
		e := r.End(n)
		iv = append(iv, field{"ends." + n, [2]float64{e.Lo, e.Hi}})
	}
	rs := r.Rounds()
	return append(iv, field{"rounds.mean", [2]float64{rs.MeanLo, rs.MeanHi}})
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
func histObject(h *sim.Hist, st analysis.HistStats, unit string) object {
	bins := object{}
	for _, b := range h.Bins() {
		bins = append(bins, field{strconv.FormatInt(b.Low, 10), b.Count})
	}
	o := object{{"hist", bins}}
	if unit != "" {
		o = append(o, field{"unit", unit})
	}
	return append(o,
		field{"n", h.N()}, field{"sum", h.Sum()}, field{"sum_sq", h.SumSq()},
		field{"min", st.Min}, field{"max", st.Max}, field{"exact_below", st.ExactQuantileBelow},
		field{"mean", st.Mean}, field{"sd", st.SD}, field{"p50", st.P50}, field{"p90", st.P90}, field{"p99", st.P99},
	)
}

// WriteJSON writes one result as an object, or several as an array, with a
// trailing newline.
func WriteJSON(w io.Writer, results []*analysis.Result) error { return WriteRunJSON(w, results, nil) }

// writeObjects writes one object by itself, several as a list.
func writeObjects(w io.Writer, objs []json.Marshaler) error {
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
