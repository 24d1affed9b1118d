package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

// ReadJSON reads results written by WriteJSON: one object or an array.
func ReadJSON(data []byte) ([]*analysis.Result, error) {
	data = bytes.TrimSpace(data)
	var raws []json.RawMessage
	if len(data) > 0 && data[0] == '[' {
		if err := json.Unmarshal(data, &raws); err != nil {
			return nil, err
		}
	} else {
		raws = []json.RawMessage{data}
	}
	out := make([]*analysis.Result, 0, len(raws))
	for i, raw := range raws {
		r, err := readOne(raw)
		if err != nil {
			return nil, fmt.Errorf("result %d: %w", i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// resultHeader is what a result's JSON says of it besides its tally: the
// scenario, the run, and the battle's spec.
type resultHeader struct {
	Scenario string `json:"scenario"`
	Ruleset  string `json:"ruleset"`
	Descr    string `json:"description"`
	Sides    struct {
		A string `json:"a"`
		B string `json:"b"`
	} `json:"sides"`
	Hash     string          `json:"scenario_hash"`
	Version  string          `json:"crucible_version"`
	Seed     json.Number     `json:"seed"`
	SeedText string          `json:"seed_text"`
	Planned  int64           `json:"planned_trials"`
	Shard    string          `json:"shard"`
	First    int64           `json:"first_trial"`
	RunTrial int64           `json:"run_trials"`
	Partial  bool            `json:"partial"`
	Options  json.RawMessage `json:"options"`
	Docs     json.RawMessage `json:"counter_docs"`
	Notes    []string        `json:"notes"`
	Board    *boardJSON      `json:"board"`
	Rounds   struct {
		Unit string `json:"unit"`
	} `json:"rounds"`
	Labels struct {
		A string `json:"a"`
		B string `json:"b"`
	} `json:"labels"`
	NonVictories []formats.NonVictoryJSON `json:"non_victories"`
}

func readOne(raw []byte) (*analysis.Result, error) {
	var meta resultHeader
	if err := json.Unmarshal(raw, &meta); err != nil {
		return nil, err
	}
	if err := notAResult(raw); err != nil {
		return nil, err
	}
	if meta.Scenario == "" || meta.Seed == "" && meta.SeedText == "" {
		return nil, fmt.Errorf("not a crucible result: no scenario or seed; merge takes what crucible run --format json writes")
	}
	seed, err := readSeed(meta.Seed, meta.SeedText)
	if err != nil {
		return nil, err
	}
	t := new(sim.Tally)
	if err := t.UnmarshalJSON(raw); err != nil {
		return nil, err
	}
	spec, err := specOf(&meta, t)
	if err != nil {
		return nil, err
	}
	if meta.Planned == 0 {
		meta.Planned = t.Trials
	}
	return &analysis.Result{
		Scenario: meta.Scenario, Ruleset: meta.Ruleset, Description: meta.Descr, Hash: meta.Hash, Version: meta.Version,
		Seed: seed, Spec: spec, Tally: t, Planned: meta.Planned, Shard: meta.Shard, First: meta.First,
		RunTrials: meta.RunTrial, Partial: meta.Partial,
	}, nil
}

// specOf rebuilds the battle's spec from a result's header and tally: its
// ends, counters (with their docs), options, sides and board.
func specOf(meta *resultHeader, t *sim.Tally) (rules.Spec, error) {
	spec := rules.Spec{Ends: t.EndNames, RoundsUnit: meta.Rounds.Unit, Notes: meta.Notes, Sides: [2]string{meta.Sides.A, meta.Sides.B}}
	spec.Labels = [2]string{meta.Labels.A, meta.Labels.B}
	for _, nv := range meta.NonVictories {
		if !slices.Contains(t.EndNames, nv.End) {
			return rules.Spec{}, fmt.Errorf("non_victories: end %q is not one of the result's ends %q", nv.End, t.EndNames)
		}
		spec.NonVictories = append(spec.NonVictories, rules.NonVictory(nv))
	}
	var docs orderedStrings
	if len(meta.Docs) > 0 {
		if err := json.Unmarshal(meta.Docs, &docs); err != nil {
			return rules.Spec{}, fmt.Errorf("counter_docs: %w", err)
		}
	}
	for i, name := range t.CounterNames {
		c := rules.Counter{Name: name, Dist: slices.Contains(t.DistOf, i), ByWinner: slices.Contains(t.WinDistOf, i)}
		for _, d := range docs {
			if d.Name == name {
				c.Doc = d.Value
			}
		}
		spec.Counters = append(spec.Counters, c)
	}
	if len(meta.Options) > 0 {
		var opts orderedStrings
		if err := json.Unmarshal(meta.Options, &opts); err != nil {
			return rules.Spec{}, fmt.Errorf("options: %w", err)
		}
		spec.Options = opts
	}
	if meta.Board != nil {
		b, err := fromBoardJSON(*meta.Board)
		if err != nil {
			return rules.Spec{}, fmt.Errorf("board: %w", err)
		}
		spec.Board = b
	}
	return spec, nil
}

// readSeed reads a result's seed: from seed_text when it is there, since
// a reader that holds JSON numbers as doubles rounds a seed above 2^53 and
// writes the rounded number back, else from the number.
func readSeed(number json.Number, text string) (uint64, error) {
	if text != "" {
		seed, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("seed_text %q: not a decimal seed", text)
		}
		return seed, nil
	}
	seed, err := strconv.ParseUint(number.String(), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %s: allowed: an integer from 0 to %d", number, uint64(math.MaxUint64))
	}
	return seed, nil
}

// notAResult says what a JSON object that crucible wrote is, when it is
// not a run's result but another command's output, which has fields of
// the same names (a verdict has a scenario and a seed) but no tally.
func notAResult(raw []byte) error {
	var kind struct {
		Claim, Verdict                *string
		Shares, Checkpoints, Verdicts json.RawMessage
	}
	if json.Unmarshal(raw, &kind) != nil {
		return nil
	}
	var what string
	switch {
	case kind.Claim != nil && kind.Verdict != nil:
		what = "a claim's verdict, which crucible check writes (its --out directory holds the results too, in summary.json)"
	case kind.Verdicts != nil:
		what = "a check's verdicts, which crucible check writes (its --out directory holds the results too, in summary.json)"
	case kind.Shares != nil:
		what = "a comparison, which crucible compare writes"
	case kind.Checkpoints != nil:
		what = "the checkpoint of an interrupted command (finish it with the same command and --resume)"
	default:
		return nil
	}
	return fmt.Errorf("%s, not a run's result: merge takes what crucible run --format json writes", what)
}

// orderedStrings reads a JSON object of strings, keeping key order.
type orderedStrings []rules.Setting

func (o *orderedStrings) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("expected an object")
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*o = append(*o, rules.Setting{Name: k.(string), Value: v})
	}
	_, err := dec.Token()
	return err
}
