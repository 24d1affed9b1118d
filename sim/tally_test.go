package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// distBattle reports, as a distribution counter, the number of the round
// the coin battle ended in, and as a summed counter the same number: the
// two must agree.
type distBattle struct{ coinBattle }

func (distBattle) Spec() rules.Spec {
	var cs rules.Counters
	cs.Add("ended", "round the battle ended in")
	cs.Dist("ended-dist", "round the battle ended in")
	return rules.Spec{Ends: []string{"decided", "round-cap"}, Counters: cs.List(), RoundsUnit: "rounds"}
}

func (b distBattle) NewFighter() rules.Fighter { return &distFighter{coinFighter{b: b.coinBattle}} }

type distFighter struct{ coinFighter }

func (f *distFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	c := o.Counters
	o.Counters = make([]int64, 2) // the coin battle's own counters, discarded
	f.coinFighter.Fight(i, r, o)
	o.Counters = c
	c[0], c[1] = o.Rounds, o.Rounds
}

func (f *distFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) { f.Fight(i, r, o) }

// A distribution counter is tallied as a histogram that merges like the
// rounds: the same for any workers and chunks, shards merged equal the
// whole, and its JSON reads back to the same tally.
func TestDistributionCounter(t *testing.T) {
	base := Job{Battle: distBattle{}, Key: Key("dist"), Seed: 5, Trials: 3001}
	whole := runJSON(t, base)
	if !bytes.Contains(whole, []byte(`"counter_hists":{"ended-dist":{"hist":{"1":`)) {
		t.Fatalf("no histogram of the distribution counter in %s", whole)
	}
	job := base
	job.Workers, job.Chunk = 3, 17
	if got := runJSON(t, job); !bytes.Equal(got, whole) {
		t.Error("the tally depends on workers and chunks")
	}
	total := NewTally(distBattle{}.Spec())
	for k := range int64(3) {
		part := base
		part.First, part.Trials = Shard{K: k, N: 3}.Range(base.Trials)
		tl, err := Run(context.Background(), part)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(tl)
		var back Tally
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if err := total.Merge(&back); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := json.Marshal(total); !bytes.Equal(got, whole) {
		t.Errorf("merged shards differ from the whole run:\n%s\n%s", got, whole)
	}
	h, ok := total.Dist("ended-dist")
	if !ok || h.N() != 3001 || h.Sum64() != total.Counters[0] || h.Sum64() != total.Rounds.Sum64() {
		t.Errorf("histogram n %d sum %d, counter sum %d, rounds sum %d", h.N(), h.Sum64(), total.Counters[0], total.Rounds.Sum64())
	}
}

// A battle that gives a distribution counter a negative value reports an
// invalid outcome: no histogram can hold it.
type negativeDist struct{ distBattle }

func (b negativeDist) NewFighter() rules.Fighter { return negFighter{} }

type negFighter struct{}

func (negFighter) Fight(_ int64, _ *rules.Rand, o *rules.Outcome)       { o.Rounds, o.Counters[1] = 1, -1 }
func (negFighter) Replay(int64, *rules.Rand, *rules.Outcome, io.Writer) {}

func TestNegativeDistributionIsInvalid(t *testing.T) {
	_, err := Run(context.Background(), Job{Battle: negativeDist{}, Trials: 5, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "invalid outcome on trial 0") {
		t.Fatalf("err = %v", err)
	}
}

// Clone and Merge never alias: a merge leaves its argument as it was, and
// a clone changes independently of its original.
func TestTallyCloneAndMergeShareNothing(t *testing.T) {
	a, err := Run(context.Background(), Job{Battle: distBattle{}, Key: 1, Seed: 1, Trials: 500})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), Job{Battle: distBattle{}, Key: 1, Seed: 1, First: 500, Trials: 700})
	if err != nil {
		t.Fatal(err)
	}
	snapshot := func(t *Tally) string { j, _ := json.Marshal(t); return string(j) }
	before := snapshot(b)
	c := a.Clone()
	if snapshot(c) != snapshot(a) {
		t.Fatal("a clone differs from its original")
	}
	if err := c.Merge(b); err != nil {
		t.Fatal(err)
	}
	if snapshot(b) != before {
		t.Error("Merge changed its argument")
	}
	if a.Trials != 500 || a.Rounds.N() != 500 || a.Dists[0].N() != 500 {
		t.Error("merging into a clone changed the original")
	}
	b.Rounds.Add(7)
	b.Dists[0].Add(7)
	b.Counters[0]++
	if c.Rounds.N() != 1200 || c.Dists[0].N() != 1200 || snapshot(c) == snapshot(b) {
		t.Error("a merged tally shares storage with what was merged into it")
	}
}

func TestShardRange(t *testing.T) {
	for _, total := range []int64{1, 7, 10007, MaxTrials} {
		for _, n := range []int64{1, 2, 3, 64, 1000} {
			next := int64(0)
			for k := range n {
				first, trials := Shard{K: k, N: n}.Range(total)
				if first != next || trials < total/n || trials > total/n+1 {
					t.Fatalf("total %d shard %d/%d: [%d, +%d), want to start at %d with %d or %d", total, k, n, first, trials, next, total/n, total/n+1)
				}
				next = first + trials
			}
			if next != total {
				t.Fatalf("total %d in %d shards covers %d", total, n, next)
			}
		}
	}
	for _, bad := range []string{"1", "2/2", "-1/3", "a/b", "1/0"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	if s, err := ParseShard("2/5"); err != nil || s.String() != "2/5" {
		t.Errorf("ParseShard(2/5) = %v, %v", s, err)
	}
}

// bigBattle reports a counter of the given value in every trial and rounds
// of 2^62.
type bigBattle struct{ value int64 }

func (bigBattle) Spec() rules.Spec {
	return rules.Spec{Ends: []string{"over"}, Counters: []rules.Counter{{Name: "big"}}}
}
func (b bigBattle) NewFighter() rules.Fighter { return bigFighter(b) }

type bigFighter bigBattle

func (f bigFighter) Fight(_ int64, _ *rules.Rand, o *rules.Outcome) {
	o.Counters[0], o.Rounds = f.value, 1<<62
}
func (f bigFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, _ io.Writer) { f.Fight(i, r, o) }

// A tally is exact or refused: a counter beyond ±2^31 in one trial, sums of
// squares beyond 2^63, and squared rounds beyond 2^128 are errors naming
// what overflowed, never wrapped numbers.
func TestTallyOverflowIsRefused(t *testing.T) {
	for _, c := range []struct {
		value  int64
		trials int64
		want   string
	}{
		{1 << 31, 1, "a counter's value or sum left the exact range after"},
		{-(1 << 31) - 1, 1, "a counter's value or sum left the exact range"},
		{1<<31 - 1, 3, "a counter's value or sum left the exact range"}, // squares: 3 · (2^31−1)² > 2^63
		{1, 20, "the sum of squared rounds passed 2^128"},               // 20 · 2^124 > 2^128
	} {
		_, err := Run(context.Background(), Job{Battle: bigBattle{c.value}, Trials: c.trials, Workers: 1})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("value %d over %d trials: %v, want %q", c.value, c.trials, err, c.want)
		}
	}
	if _, err := Run(context.Background(), Job{Battle: bigBattle{1<<31 - 1}, Trials: 1, Workers: 1}); err != nil {
		t.Errorf("the largest allowed counter in one trial: %v", err)
	}
}
