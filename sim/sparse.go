package sim

import (
	"encoding/json"
	"fmt"

	"github.com/crucible-sim/crucible/rules"
)

// sparseJSON is a tally written against its layout (see Layout), as a
// checkpoint file keeps it: no name, and of the counters only those a
// trial touched, each as [index, sum, sum of squares]. A counter's sum of
// squares is 0 exactly when every value it summed was, so a counter left
// out is 0 in both. Everything is an integer, so the tally read back is the
// one written, bit for bit.
type sparseJSON struct {
	Trials   int64           `json:"trials"`
	Wins     winsJSON        `json:"wins"`
	Ends     []int64         `json:"ends"` // one count per end reason
	Rounds   json.RawMessage `json:"rounds"`
	Counters [][3]int64      `json:"counters"`
	// Hists and WinHists follow the layout's Dists and WinDists.
	Hists    []json.RawMessage `json:"counter_hists,omitempty"`
	WinHists []sparseWinHists  `json:"counter_hists_by_winner,omitempty"`
	Examples *examplesJSON     `json:"examples,omitempty"`
}

type sparseWinHists struct {
	A    *Hist `json:"a"`
	B    *Hist `json:"b"`
	None *Hist `json:"none"`
}

// marshalSparse writes t against its layout (layoutOf(t), or one equal).
func marshalSparse(t *Tally) ([]byte, error) {
	r, err := t.Rounds.MarshalJSON()
	if err != nil {
		return nil, err
	}
	j := sparseJSON{Trials: t.Trials, Rounds: r, Ends: t.Ends, Counters: [][3]int64{},
		Wins: winsJSON{A: t.Wins[rules.A], B: t.Wins[rules.B], None: t.Wins[rules.None]}}
	if j.Ends == nil {
		j.Ends = []int64{}
	}
	for i, q := range t.CountersSq {
		if q != 0 || t.Counters[i] != 0 {
			j.Counters = append(j.Counters, [3]int64{int64(i), t.Counters[i], q})
		}
	}
	for k := range t.Dists {
		h, err := t.Dists[k].MarshalJSON()
		if err != nil {
			return nil, err
		}
		j.Hists = append(j.Hists, h)
	}
	for k := range t.WinDists {
		h := &t.WinDists[k]
		j.WinHists = append(j.WinHists, sparseWinHists{A: &h[rules.A], B: &h[rules.B], None: &h[rules.None]})
	}
	if t.Examples != nil {
		x := t.Examples.marshal(t.EndNames)
		j.Examples = &x
	}
	return json.Marshal(j)
}

// unmarshalSparse reads a tally that marshalSparse wrote against layout l,
// checking it as Tally.UnmarshalJSON checks a tally with names. The tally
// shares l's names.
func unmarshalSparse(data []byte, l *Layout) (*Tally, error) {
	var j sparseJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, err
	}
	t := l.tally()
	t.Trials = j.Trials
	t.Wins[rules.A], t.Wins[rules.B], t.Wins[rules.None] = j.Wins.A, j.Wins.B, j.Wins.None
	if len(j.Ends) != len(l.Ends) || len(j.Hists) != len(l.Dists) || len(j.WinHists) != len(l.WinDists) {
		return nil, fmt.Errorf("sparse tally: %d ends, %d counter_hists, %d counter_hists_by_winner; its layout has %d, %d, %d",
			len(j.Ends), len(j.Hists), len(j.WinHists), len(l.Ends), len(l.Dists), len(l.WinDists))
	}
	copy(t.Ends, j.Ends)
	if err := t.readSparseCounters(j.Counters); err != nil {
		return nil, err
	}
	for k, h := range j.Hists {
		if err := t.Dists[k].UnmarshalJSON(h); err != nil {
			return nil, fmt.Errorf("counter_hists %q: %w", l.Counters[l.Dists[k]], err)
		}
	}
	for k, h := range j.WinHists {
		if h.A == nil || h.B == nil || h.None == nil {
			return nil, fmt.Errorf("counter_hists_by_winner %q: want a, b and none", l.Counters[l.WinDists[k]])
		}
		t.WinDists[k] = [3]Hist{*h.None, *h.A, *h.B}
	}
	if len(j.Rounds) > 0 {
		if err := t.Rounds.UnmarshalJSON(j.Rounds); err != nil {
			return nil, fmt.Errorf("rounds: %w", err)
		}
	}
	if j.Examples != nil {
		ex, err := unmarshalExamples(j.Examples, l.Ends)
		if err != nil {
			return nil, err
		}
		t.Examples = ex
	}
	return t, t.consistent()
}

// readSparseCounters sets t's counters from [index, sum, sum of squares]
// triples in increasing index order.
func (t *Tally) readSparseCounters(cs [][3]int64) error {
	for k, c := range cs {
		i := c[0]
		if i < 0 || i >= int64(len(t.Counters)) || k > 0 && i <= cs[k-1][0] {
			return fmt.Errorf("sparse tally: counter index %d out of range (0 to %d) or out of order", i, len(t.Counters)-1)
		}
		if c[2] <= 0 {
			return fmt.Errorf("sparse tally: counter %q: sum of squares %d, where a counter written has a positive one", t.CounterNames[i], c[2])
		}
		t.Counters[i], t.CountersSq[i] = c[1], c[2]
	}
	return nil
}
