package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// ledgerBattle has many counters of which a trial touches few, as dbd's
// hundreds of counters are touched by a few dozen in a short run: plain
// counters (some summing negative values), distribution counters and
// distribution counters tallied by winner.
type ledgerBattle struct{}

const ledgerCounters = 40

func (ledgerBattle) Spec() rules.Spec {
	var cs rules.Counters
	for i := range ledgerCounters {
		name := fmt.Sprintf("c%02d", i)
		switch i % 10 {
		case 3:
			cs.Dist(name, "")
		case 7:
			cs.DistByWinner(name, "")
		default:
			cs.Add(name, "")
		}
	}
	return rules.Spec{Ends: []string{"decided", "cap", "rout"}, Counters: cs.List(), RoundsUnit: "rounds"}
}

func (ledgerBattle) NewFighter() rules.Fighter { return ledgerFighter{} }

type ledgerFighter struct{}

// Fight touches counters 0–9 of the 40 only (3 and 7 among them), one or
// two a trial, so that the others stay at zero in every tally.
func (ledgerFighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) {
	x := r.Uint64()
	i := int(x % 10)
	v := int64(x>>8%7) - 3 // -3..3
	if i == 3 || i == 7 {
		v += 3 // distribution counters count values 0..6
	}
	o.Counters[i] += v
	o.Counters[(i+1)%10] += int64(x >> 16 % 2)
	o.Winner, o.End, o.Rounds = rules.Side(x>>20%3), int(x>>24%3), int64(x>>28%50)+1
}

func (f ledgerFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) {
	f.Fight(i, r, o)
}

// cancellingLedger is the ledger battle that cancels its run once a worker
// has fought after trials (as cancellingBattle does the coin battle's).
type cancellingLedger struct {
	after  int64
	cancel func()
}

func (cancellingLedger) Spec() rules.Spec { return ledgerBattle{}.Spec() }

func (b cancellingLedger) NewFighter() rules.Fighter {
	return &cancellingLedgerFighter{after: b.after, cancel: b.cancel}
}

type cancellingLedgerFighter struct {
	ledgerFighter
	count, after int64
	cancel       func()
	stop         *rules.Stop
}

func (f *cancellingLedgerFighter) SetStop(s *rules.Stop) { f.stop = s }

func (f *cancellingLedgerFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.ledgerFighter.Fight(i, r, o)
	if f.count++; f.count == f.after {
		f.cancel()
		for !f.stop.Requested() {
			runtime.Gosched()
		}
	}
}

// ledgerTally runs trials of the ledger battle.
func ledgerTally(t testing.TB, trials int64) *Tally {
	t.Helper()
	tally, err := Run(context.Background(), Job{Battle: ledgerBattle{}, Key: Key("ledger"), Seed: 3, Trials: trials, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return tally
}

// A tally sealed against its layout and read back is the tally it was —
// every count, sum, histogram and example, as its JSON with names shows —
// for tallies with and without distributions, empty or not.
func TestSparseTallyRoundTrip(t *testing.T) {
	noExamples := ledgerTally(t, 50)
	noExamples.Examples = nil
	for name, tally := range map[string]*Tally{
		"ledger": ledgerTally(t, 3000), "one trial": ledgerTally(t, 1), "no examples": noExamples,
		"empty ledger": NewTally(ledgerBattle{}.Spec()), "by winner": winTally(),
		"coin": runTally(t, coinBattle{}, 500), "no counters": runTally(t, nullBattle{}, 20),
	} {
		want := mustJSON(t, tally)
		var shelf Shelf
		c, err := NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "").Seal(&shelf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := c.Unseal()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := mustJSON(t, back.Tally); !bytes.Equal(got, want) {
			t.Errorf("%s: read back as\n%s\nnot\n%s", name, got, want)
		}
		if err := back.Tally.Merge(tally); err != nil {
			t.Errorf("%s: the tally read back does not merge with its original: %v", name, err)
		}
	}
}

func runTally(t *testing.T, b rules.Battle, trials int64) *Tally {
	t.Helper()
	tally, err := Run(context.Background(), Job{Battle: b, Key: Key("t"), Seed: 1, Trials: trials, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return tally
}

// A sparse tally names nothing and writes exactly the counters whose sum
// of squares is not zero, counted here from the tally with names.
func TestSparseTallyLeavesOutZeros(t *testing.T) {
	tally := ledgerTally(t, 2000)
	var dense struct {
		Counters map[string]int64 `json:"counters"`
		Squares  map[string]int64 `json:"counters_sq"`
	}
	if err := json.Unmarshal(mustJSON(t, tally), &dense); err != nil {
		t.Fatal(err)
	}
	touched := 0
	for _, q := range dense.Squares {
		if q != 0 {
			touched++
		}
	}
	if len(dense.Squares) != ledgerCounters || touched != 10 {
		t.Fatalf("the ledger battle touched %d of %d counters, want 10 of %d", touched, len(dense.Squares), ledgerCounters)
	}
	data, err := marshalSparse(tally)
	if err != nil {
		t.Fatal(err)
	}
	var sparse struct {
		Counters [][3]int64 `json:"counters"`
	}
	if err := json.Unmarshal(data, &sparse); err != nil {
		t.Fatal(err)
	}
	if len(sparse.Counters) != touched {
		t.Errorf("the sparse tally writes %d counters, want the %d touched", len(sparse.Counters), touched)
	}
	for _, c := range sparse.Counters {
		name := fmt.Sprintf("c%02d", c[0])
		if c[1] != dense.Counters[name] || c[2] != dense.Squares[name] {
			t.Errorf("counter %d written as %v, the tally with names has %s %d, %d", c[0], c, name, dense.Counters[name], dense.Squares[name])
		}
	}
	if bytes.Contains(data, []byte(`"c0`)) || bytes.Contains(data, []byte(`"c1`)) {
		t.Errorf("the sparse tally names a counter: %s", data)
	}
}

// A run interrupted, its checkpoint written to a file and read back, and
// resumed with other workers and chunks, adds up to the uninterrupted run,
// byte for byte: the sparse tally loses nothing a resume needs.
func TestSparseCheckpointResumesToTheWholeRun(t *testing.T) {
	base := Job{Battle: ledgerBattle{}, Key: Key("ledger"), Seed: 11, Trials: 40_000}
	want := runJSON(t, base)
	for _, c := range []struct{ workers, chunk, workers2, chunk2 int }{{2, 100, 1, 0}, {1, 7, 3, 1000}} {
		ctx, cancel := context.WithCancel(context.Background())
		job := base
		job.Battle, job.Workers, job.Chunk = cancellingLedger{3000, cancel}, c.workers, c.chunk
		job.Finished = NewFinished(0, base.Trials)
		first, err := Run(ctx, job)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("first leg: %v", err)
		}
		var shelf Shelf
		sealed, err := NewCheckpoint("ledger", "h", "v", job, first, job.Finished.String()).Seal(&shelf)
		if err != nil {
			t.Fatal(err)
		}
		file, err := MarshalCheckpoints([]*Checkpoint{sealed})
		if err != nil {
			t.Fatal(err)
		}
		cs, err := UnmarshalCheckpoints(file)
		if err != nil {
			t.Fatal(err)
		}
		prior, err := cs[0].Unseal()
		if err != nil {
			t.Fatal(err)
		}
		job.Battle, job.Workers, job.Chunk = base.Battle, c.workers2, c.chunk2
		if job.Finished, err = prior.Resume(job); err != nil {
			t.Fatal(err)
		}
		second, err := Run(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		if err := second.Merge(prior.Tally); err != nil {
			t.Fatal(err)
		}
		if got := mustJSON(t, second); !bytes.Equal(got, want) {
			t.Errorf("%+v: the run resumed from the file differs from the whole run", c)
		}
	}
}

// A sparse tally that does not fit its layout, or whose counts disagree,
// is refused with what is wrong.
func TestSparseTallyRefusesBadInput(t *testing.T) {
	l := layoutOf(NewTally(ledgerBattle{}.Spec()))
	good, err := marshalSparse(ledgerTally(t, 40))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"ends":[`, `"ends":[1,`, "4 ends"},
		{`"counters":[[0,`, `"counters":[[40,`, "counter index 40 out of range"},
		{`"counters":[[0,`, `"counters":[[2,1,1],[0,`, "out of order"},
		{`"counters":[[0,`, `"counters":[[39,1,0],[0,`, "sum of squares 0"},
		{`"trials":40`, `"trials":41`, "inconsistent tally: 41 trials"},
		{`"counter_hists":[`, `"counter_hists":[{"hist":{},"n":0,"sum":"0","sum_sq":"0","min":0,"max":0},`, "counter_hists"},
		{`"counter_hists_by_winner":[{"a":`, `"counter_hists_by_winner":[{"b":`, "want a, b and none"},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%q is not in %s", c.from, good)
		}
		if _, err := unmarshalSparse([]byte(bad), l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.to, err, c.want)
		}
	}
}

// FuzzSparseTally: no bytes read as a sparse tally may crash the reader,
// and what it accepts is written back to bytes it reads as the same tally.
func FuzzSparseTally(f *testing.F) {
	l := layoutOf(NewTally(ledgerBattle{}.Spec()))
	for _, trials := range []int64{0, 1, 200} {
		data, err := marshalSparse(ledgerTally(f, trials))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"trials":0,"ends":[0,0,0],"counters":[],"counter_hists":[null,null,null,null],"counter_hists_by_winner":[{},{},{},{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tally, err := unmarshalSparse(data, l)
		if err != nil {
			return
		}
		again, err := marshalSparse(tally)
		if err != nil {
			t.Fatalf("a tally read could not be written: %v", err)
		}
		back, err := unmarshalSparse(again, l)
		if err != nil {
			t.Fatalf("a tally written could not be read back: %v\n%s", err, again)
		}
		if a, b := mustJSON(t, tally), mustJSON(t, back); !bytes.Equal(a, b) {
			t.Fatalf("read back as\n%s\nnot\n%s", b, a)
		}
	})
}
