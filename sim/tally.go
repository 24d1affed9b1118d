package sim

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// Tally is the integer record of a run: everything reported is derived from
// it, so equal tallies give byte-identical output. Tallies of disjoint trial
// ranges of one scenario and seed merge into the tally of their union;
// integer addition makes the result independent of merge order.
type Tally struct {
	Trials int64
	// Wins is indexed by rules.Side: [None], [A], [B].
	Wins [3]int64
	// Ends counts end reasons, indexed like EndNames.
	Ends     []int64
	EndNames []string
	// Counters holds the sum over trials of each counter.
	Counters     []int64
	CounterNames []string
	// CountersSq holds the sum over trials of each counter's square, for
	// the standard error of a counter's mean.
	CountersSq []int64
	// Dists holds the histogram of the per-trial values of each
	// distribution counter; DistOf[k] is the index in Counters of the
	// counter Dists[k] tallies.
	Dists  []Hist
	DistOf []int
	// WinDists holds, for each distribution counter declared ByWinner,
	// the histograms of its per-trial values in the trials each side won,
	// indexed by rules.Side ([None], [A], [B]); WinDistOf[k] is the index in
	// Counters of the counter WinDists[k] tallies.
	WinDists  [][3]Hist
	WinDistOf []int
	Rounds    Hist
	// Examples keeps a few trials of each outcome bucket as examples to
	// replay (see Examples); nil when unknown (a tally read from the
	// JSON of a crucible that kept none, or merged with one).
	Examples *Examples
	// overflow is non-zero once a counter's value or sum has left what
	// int64 holds exactly (see Overflow).
	overflow uint64
}

// maxCounter bounds a counter's per-trial magnitude, so that its square
// fits an int64; the sums are checked as they are added.
const maxCounter = 1 << 31

// NewTally returns an empty tally for battles with the given spec.
func NewTally(spec rules.Spec) *Tally {
	n := len(spec.Counters)
	t := &Tally{
		Ends:         make([]int64, len(spec.Ends)),
		EndNames:     spec.Ends,
		Counters:     make([]int64, n),
		CounterNames: spec.CounterNames(),
		CountersSq:   make([]int64, n),
		Examples:     newExamples(len(spec.Ends)),
	}
	t.declareDists(spec)
	return t
}

func (t *Tally) declareDists(spec rules.Spec) {
	for i, c := range spec.Counters {
		if c.Dist {
			t.DistOf = append(t.DistOf, i)
		}
		if c.Dist && c.ByWinner {
			t.WinDistOf = append(t.WinDistOf, i)
		}
	}
	if len(t.DistOf) > 0 {
		t.Dists = make([]Hist, len(t.DistOf))
	}
	if len(t.WinDistOf) > 0 {
		t.WinDists = make([][3]Hist, len(t.WinDistOf))
	}
}

// newPaddedTally is NewTally for a tally that one worker updates on every
// trial: its slices and header are padded so that no two workers' hot
// counters share a cache line.
func newPaddedTally(spec rules.Spec) *Tally {
	t := new(struct {
		Tally
		_ [cacheLine]byte
	})
	t.Ends, t.EndNames = padded(len(spec.Ends)), spec.Ends
	t.Counters, t.CounterNames = padded(len(spec.Counters)), spec.CounterNames()
	t.CountersSq = padded(len(spec.Counters))
	t.Examples = newExamples(len(spec.Ends))
	t.declareDists(spec)
	return &t.Tally
}

// padded returns a zeroed slice of n int64 in an allocation of at least
// cacheLine bytes.
func padded(n int) []int64 {
	return make([]int64, n, max(n, cacheLine/8))
}

// Add records one outcome.
func (t *Tally) Add(o *rules.Outcome) {
	t.Trials++
	t.Wins[o.Winner]++
	t.Ends[o.End]++
	for i, c := range o.Counters {
		t.sum(i, c)
	}
	for k, i := range t.DistOf {
		t.Dists[k].Add(o.Counters[i])
	}
	for k, i := range t.WinDistOf {
		t.WinDists[k][o.Winner].Add(o.Counters[i])
	}
	t.Rounds.Add(o.Rounds)
}

// sum adds a trial's value c of counter i to the counter's sums.
func (t *Tally) sum(i int, c int64) {
	// Branch-free checks: c within ±2^31 (so c·c cannot overflow), and
	// each signed sum keeping the sign its operands agree on.
	t.overflow |= uint64(c+maxCounter) >> 32
	s, q := t.Counters[i]+c, t.CountersSq[i]+c*c
	t.overflow |= uint64((t.Counters[i]^s)&(c^s))>>63 | uint64(q)>>63
	t.Counters[i], t.CountersSq[i] = s, q
}

// sumN adds n trials' value v of counter i to its sums, as n calls of
// sum would, for 0 ≤ v < 2^31.
func (t *Tally) sumN(i int, v, n int64) {
	hi, x := bits.Mul64(uint64(n), uint64(v))
	hi2, y := bits.Mul64(uint64(n), uint64(v*v))
	s, q := t.Counters[i]+int64(x), t.CountersSq[i]+int64(y)
	t.overflow |= hi | hi2 | (x|y)>>63 | uint64(s|q)>>63
	t.Counters[i], t.CountersSq[i] = s, q
}

// isDist reports whether counter i is a distribution counter.
func (t *Tally) isDist(i int) bool { return slices.Contains(t.DistOf, i) }

// Merge adds o into t. The two must describe the same battle spec. o is
// not changed, and t shares no storage with it afterwards.
func (t *Tally) Merge(o *Tally) error {
	if !slices.Equal(t.EndNames, o.EndNames) || !slices.Equal(t.CounterNames, o.CounterNames) || !slices.Equal(t.DistOf, o.DistOf) || !slices.Equal(t.WinDistOf, o.WinDistOf) {
		return fmt.Errorf("cannot merge tallies of different battles (ends %v vs %v, counters %v vs %v)",
			t.EndNames, o.EndNames, t.CounterNames, o.CounterNames)
	}
	t.Trials += o.Trials
	for i := range t.Wins {
		t.Wins[i] += o.Wins[i]
	}
	for i := range t.Ends {
		t.Ends[i] += o.Ends[i]
	}
	t.overflow |= o.overflow
	for i := range t.Counters {
		s, q := t.Counters[i]+o.Counters[i], t.CountersSq[i]+o.CountersSq[i]
		t.overflow |= uint64((t.Counters[i]^s)&(o.Counters[i]^s))>>63 | uint64(q)>>63
		t.Counters[i], t.CountersSq[i] = s, q
	}
	for k := range t.Dists {
		t.Dists[k].Merge(&o.Dists[k])
	}
	for k := range t.WinDists {
		for s := range t.WinDists[k] {
			t.WinDists[k][s].Merge(&o.WinDists[k][s])
		}
	}
	t.Rounds.Merge(&o.Rounds)
	if t.Examples != nil && o.Examples != nil {
		t.Examples.merge(o.Examples)
	} else {
		t.Examples = nil // one part's are unknown: a sample of the rest is no sample of the whole
	}
	return t.Overflow()
}

// Overflow returns an error if a sum of the tally has passed what it holds
// exactly: a counter's value beyond ±2^31 in one trial, a counter's sum or
// sum of squares beyond 2^63, or a histogram's sums beyond 2^128. A tally
// is exact or refused, never silently wrong.
func (t *Tally) Overflow() error {
	if t.overflow != 0 {
		return fmt.Errorf("a counter's value or sum left the exact range after %d trials (values must stay within ±2^31, sums and sums of squares within 2^63)", t.Trials)
	}
	if t.Rounds.Overflowed() {
		return fmt.Errorf("the sum of squared rounds passed 2^128 after %d trials", t.Trials)
	}
	for k := range t.Dists {
		if t.Dists[k].Overflowed() {
			return fmt.Errorf("the sums of counter %s passed 2^128 after %d trials", t.CounterNames[t.DistOf[k]], t.Trials)
		}
	}
	for k := range t.WinDists {
		for s := range t.WinDists[k] {
			if t.WinDists[k][s].Overflowed() {
				return fmt.Errorf("the sums of counter %s passed 2^128 after %d trials", t.CounterNames[t.WinDistOf[k]], t.Trials)
			}
		}
	}
	return nil
}

// Clone returns a deep copy of t.
func (t *Tally) Clone() *Tally {
	c := *t
	c.Ends = slices.Clone(t.Ends)
	c.EndNames = slices.Clone(t.EndNames)
	c.Counters = slices.Clone(t.Counters)
	c.CounterNames = slices.Clone(t.CounterNames)
	c.CountersSq = slices.Clone(t.CountersSq)
	c.DistOf = slices.Clone(t.DistOf)
	c.Dists = make([]Hist, len(t.Dists))
	for k := range t.Dists {
		c.Dists[k] = t.Dists[k].Clone()
	}
	if t.Dists == nil {
		c.Dists = nil
	}
	c.WinDistOf = slices.Clone(t.WinDistOf)
	c.WinDists = nil
	for k := range t.WinDists {
		var h [3]Hist
		for s := range h {
			h[s] = t.WinDists[k][s].Clone()
		}
		c.WinDists = append(c.WinDists, h)
	}
	c.Rounds = t.Rounds.Clone()
	if t.Examples != nil {
		c.Examples = t.Examples.clone()
	}
	return &c
}

// Reset empties t, keeping its storage and names.
func (t *Tally) Reset() {
	t.Trials, t.Wins, t.overflow = 0, [3]int64{}, 0
	clear(t.Ends)
	clear(t.Counters)
	clear(t.CountersSq)
	for k := range t.Dists {
		t.Dists[k].Reset()
	}
	for k := range t.WinDists {
		for s := range t.WinDists[k] {
			t.WinDists[k][s].Reset()
		}
	}
	t.Rounds.Reset()
	if t.Examples != nil {
		t.Examples.reset()
	}
}

// Dist returns the histogram of the named distribution counter.
func (t *Tally) Dist(name string) (*Hist, bool) {
	for k, i := range t.DistOf {
		if t.CounterNames[i] == name {
			return &t.Dists[k], true
		}
	}
	return nil, false
}

// WinDist returns the per-winner histograms of the named counter declared
// ByWinner, indexed by rules.Side.
func (t *Tally) WinDist(name string) (*[3]Hist, bool) {
	for k, i := range t.WinDistOf {
		if t.CounterNames[i] == name {
			return &t.WinDists[k], true
		}
	}
	return nil, false
}

// WinsOf returns the number of trials side s won.
func (t *Tally) WinsOf(s rules.Side) int64 { return t.Wins[s] }

// End returns the count of the named end reason (0 if unknown).
func (t *Tally) End(name string) int64 {
	if i := slices.Index(t.EndNames, name); i >= 0 {
		return t.Ends[i]
	}
	return 0
}

// Counter returns the sum of the named counter and whether it exists.
func (t *Tally) Counter(name string) (int64, bool) {
	if i := slices.Index(t.CounterNames, name); i >= 0 {
		return t.Counters[i], true
	}
	return 0, false
}

// tallyJSON is the integer part of crucible's machine-readable output.
type tallyJSON struct {
	Trials   int64           `json:"trials"`
	Wins     winsJSON        `json:"wins"`
	Ends     orderedCounts   `json:"ends"`
	Rounds   json.RawMessage `json:"rounds"`
	Counters orderedCounts   `json:"counters"`
	Squares  orderedCounts   `json:"counters_sq"`
	Hists    orderedHists    `json:"counter_hists,omitempty"`
	WinHists orderedWinHists `json:"counter_hists_by_winner,omitempty"`
	Examples *examplesJSON   `json:"examples,omitempty"`
}

type winsJSON struct {
	A    int64 `json:"a"`
	B    int64 `json:"b"`
	None int64 `json:"none"`
}

// MarshalJSON writes the tally with names, in declaration order.
func (t *Tally) MarshalJSON() ([]byte, error) {
	r, err := t.Rounds.MarshalJSON()
	if err != nil {
		return nil, err
	}
	j := tallyJSON{Trials: t.Trials, Rounds: r,
		Wins: winsJSON{A: t.Wins[rules.A], B: t.Wins[rules.B], None: t.Wins[rules.None]}}
	for i, n := range t.EndNames {
		j.Ends = append(j.Ends, countAt{n, t.Ends[i]})
	}
	for i, n := range t.CounterNames {
		j.Counters = append(j.Counters, countAt{n, t.Counters[i]})
		j.Squares = append(j.Squares, countAt{n, t.CountersSq[i]})
	}
	if j.Ends == nil {
		j.Ends = orderedCounts{}
	}
	if j.Counters == nil {
		j.Counters, j.Squares = orderedCounts{}, orderedCounts{}
	}
	for k, i := range t.DistOf {
		j.Hists = append(j.Hists, histAt{t.CounterNames[i], &t.Dists[k]})
	}
	for k, i := range t.WinDistOf {
		j.WinHists = append(j.WinHists, winHistAt{t.CounterNames[i], &t.WinDists[k]})
	}
	if t.Examples != nil {
		x := t.Examples.marshal(t.EndNames)
		j.Examples = &x
	}
	return json.Marshal(j)
}

// MarshalWinDists writes the per-winner histograms alone, as the
// counter_hists_by_winner member of MarshalJSON (reports write them beside
// the win rates derived from them).
func (t *Tally) MarshalWinDists() ([]byte, error) {
	var o orderedWinHists
	for k, i := range t.WinDistOf {
		o = append(o, winHistAt{t.CounterNames[i], &t.WinDists[k]})
	}
	return o.MarshalJSON()
}

// MarshalExamples writes the examples alone, as the examples member of
// MarshalJSON (reports write them with the rest of the tally part); null
// when they are unknown.
func (t *Tally) MarshalExamples() ([]byte, error) {
	if t.Examples == nil {
		return []byte("null"), nil
	}
	return json.Marshal(t.Examples.marshal(t.EndNames))
}

// readDists reads the distribution counters' histograms of j into t, whose
// counters are read: counter_hists and counter_hists_by_winner, both in
// counter order, none repeated, the second of distribution counters only
// (consistent checks their counts).
func (t *Tally) readDists(j *tallyJSON) error {
	for _, h := range j.Hists {
		i := slices.Index(t.CounterNames, h.Key)
		if i < 0 || slices.Contains(t.DistOf, i) {
			return fmt.Errorf("counter_hists names unknown or repeated counter %q", h.Key)
		}
		t.DistOf = append(t.DistOf, i)
		t.Dists = append(t.Dists, *h.H)
	}
	if !slices.IsSorted(t.DistOf) {
		return fmt.Errorf("counter_hists are not in counter order")
	}
	for _, h := range j.WinHists {
		i := slices.Index(t.CounterNames, h.Key)
		if i < 0 || !slices.Contains(t.DistOf, i) || slices.Contains(t.WinDistOf, i) {
			return fmt.Errorf("counter_hists_by_winner names a counter %q that is not a distribution counter, or repeats it", h.Key)
		}
		t.WinDistOf = append(t.WinDistOf, i)
		t.WinDists = append(t.WinDists, *h.H)
	}
	if !slices.IsSorted(t.WinDistOf) {
		return fmt.Errorf("counter_hists_by_winner are not in counter order")
	}
	return nil
}

// consistent checks that the counts of a tally read back agree: its wins,
// ends and rounds each add up to its trials; each distribution counter's
// histogram counts every trial; and each counter's histograms by winner
// add up to its histogram, with a trial per win.
func (t *Tally) consistent() error {
	var ends int64
	for _, n := range t.Ends {
		ends += n
	}
	if w := t.Wins[0] + t.Wins[1] + t.Wins[2]; w != t.Trials || ends != t.Trials || t.Rounds.N() != t.Trials {
		return fmt.Errorf("inconsistent tally: %d trials, %d wins, %d ends, %d rounds", t.Trials, w, ends, t.Rounds.N())
	}
	for k, i := range t.DistOf {
		if n := t.Dists[k].N(); n != t.Trials {
			return fmt.Errorf("counter_hists %q counts %d trials, not %d", t.CounterNames[i], n, t.Trials)
		}
	}
	for k, i := range t.WinDistOf {
		h := &t.WinDists[k]
		d := &t.Dists[slices.Index(t.DistOf, i)]
		var sum Hist
		for s := range h {
			sum.Merge(&h[s])
		}
		if sum.N() != d.N() || !slices.Equal(sum.Bins(), d.Bins()) {
			return fmt.Errorf("counter_hists_by_winner %q do not add up to the counter's histogram", t.CounterNames[i])
		}
		if n := [3]int64{h[rules.None].N(), h[rules.A].N(), h[rules.B].N()}; n != t.Wins {
			return fmt.Errorf("counter_hists_by_winner %q count %v trials per winner, the wins are %v", t.CounterNames[i], n, t.Wins)
		}
	}
	return nil
}

// UnmarshalJSON reads a tally (the integer fields of a result object; other
// fields are ignored) and checks that its counts agree.
func (t *Tally) UnmarshalJSON(data []byte) error {
	var j tallyJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*t = Tally{Trials: j.Trials}
	t.Wins[rules.A], t.Wins[rules.B], t.Wins[rules.None] = j.Wins.A, j.Wins.B, j.Wins.None
	for _, c := range j.Ends {
		t.EndNames = append(t.EndNames, c.Key)
		t.Ends = append(t.Ends, c.N)
	}
	for _, c := range j.Counters {
		t.CounterNames = append(t.CounterNames, c.Key)
		t.Counters = append(t.Counters, c.N)
	}
	t.CountersSq = make([]int64, len(t.Counters))
	for _, c := range j.Squares {
		i := slices.Index(t.CounterNames, c.Key)
		if i < 0 {
			return fmt.Errorf("counters_sq names unknown counter %q", c.Key)
		}
		t.CountersSq[i] = c.N
	}
	if err := t.readDists(&j); err != nil {
		return err
	}
	if j.Examples != nil {
		ex, err := unmarshalExamples(j.Examples, t.EndNames)
		if err != nil {
			return err
		}
		t.Examples = ex
	}
	if len(j.Rounds) > 0 {
		if err := t.Rounds.UnmarshalJSON(j.Rounds); err != nil {
			return fmt.Errorf("rounds: %w", err)
		}
	}
	return t.consistent()
}
