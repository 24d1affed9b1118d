package sim

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
)

// A run's examples are, in each bucket, exactly the trials of smallest
// priority among those whose outcome falls in it: checked against every
// trial fought alone (Outcomes) and sorted by Priority, for runs of one
// and several workers, chunk sizes, and two shards merged.
func TestExamplesAreTheSmallestPriorities(t *testing.T) {
	const trials, seed = 3000, 9
	key := Key("coin")
	spec := coinBattle{}.Spec()
	want := map[int][]Example{}
	e := newExamples(len(spec.Ends))
	err := Outcomes(coinBattle{}, seed, key, 0, trials, func(i int64, o *rules.Outcome) error {
		b := e.Bucket(o.Winner, o.End, o.Rounds)
		want[b] = append(want[b], Example{i, Priority(seed, key, i)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for b := range want {
		slices.SortFunc(want[b], compareExamples)
		want[b] = want[b][:min(len(want[b]), ExamplesPerBucket)]
	}
	check := func(name string, tally *Tally) {
		t.Helper()
		got := map[int][]Example{}
		for b := range tally.Examples.Buckets() {
			if k, all := tally.Examples.Kept(b); len(k) > 0 {
				got[b] = k
				if all != (len(k) < ExamplesPerBucket) {
					t.Errorf("%s: bucket %d keeps %d and says all=%v", name, b, len(k), all)
				}
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d buckets with examples, want %d", name, len(got), len(want))
		}
		for b, w := range want {
			if !slices.Equal(got[b], w) {
				t.Errorf("%s: bucket %d keeps %v, want %v", name, b, got[b], w)
			}
		}
	}
	for _, job := range []Job{{Workers: 1}, {Workers: 3, Chunk: 7}, {Workers: 2, Chunk: 1}} {
		job.Battle, job.Key, job.Seed, job.Trials = coinBattle{}, key, seed, trials
		tally, err := Run(context.Background(), job)
		if err != nil {
			t.Fatal(err)
		}
		check("run", tally)
	}
	lo, err := Run(context.Background(), Job{Battle: coinBattle{}, Key: key, Seed: seed, Trials: 1234})
	if err != nil {
		t.Fatal(err)
	}
	hi, err := Run(context.Background(), Job{Battle: coinBattle{}, Key: key, Seed: seed, First: 1234, Trials: trials - 1234, Chunk: 5})
	if err != nil {
		t.Fatal(err)
	}
	if err := hi.Merge(lo); err != nil {
		t.Fatal(err)
	}
	check("shards merged", hi)
}

// Examples survive the tally's JSON (and so merge and resume): written and
// read back, they are the same, and a tally read from a crucible that kept
// none has none (nil), which a merge passes on.
func TestExamplesJSON(t *testing.T) {
	tally, err := Run(context.Background(), Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 3, Trials: 500})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(tally)
	if err != nil {
		t.Fatal(err)
	}
	var back Tally
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&back)
	if string(again) != string(raw) {
		t.Errorf("examples changed on the way back:\n%s\n%s", raw, again)
	}
	var old map[string]json.RawMessage
	json.Unmarshal(raw, &old)
	delete(old, "examples")
	raw2, _ := json.Marshal(old)
	var none Tally
	if err := json.Unmarshal(raw2, &none); err != nil || none.Examples != nil {
		t.Fatalf("a tally without examples: %v, %v", err, none.Examples)
	}
	if err := back.Merge(&none); err != nil || back.Examples != nil {
		t.Errorf("merged with a tally without examples: %v, %v", err, back.Examples)
	}
}

// A tally's JSON whose examples are malformed is refused, saying so.
func TestExamplesJSONRefused(t *testing.T) {
	tally, err := Run(context.Background(), Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 3, Trials: 200})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(tally)
	for name, edit := range map[string]func(x *examplesJSON){
		"per bucket":   func(x *examplesJSON) { x.PerBucket = 9 },
		"winner":       func(x *examplesJSON) { x.Buckets[0].Winner = "c" },
		"end":          func(x *examplesJSON) { x.Buckets[0].End = "nope" },
		"rounds":       func(x *examplesJSON) { x.Buckets[0].RoundsFrom = 3 },
		"priorities":   func(x *examplesJSON) { x.Buckets[0].Priorities = x.Buckets[0].Priorities[1:] },
		"order":        func(x *examplesJSON) { slices.Reverse(x.Buckets[0].Priorities) },
		"repeated":     func(x *examplesJSON) { x.Buckets = append(x.Buckets, x.Buckets[0]) },
		"out of range": func(x *examplesJSON) { x.Buckets[0].Priorities[0] = noPriority },
	} {
		var j map[string]json.RawMessage
		json.Unmarshal(raw, &j)
		var x examplesJSON
		json.Unmarshal(j["examples"], &x)
		if len(x.Buckets[0].Trials) < 2 {
			t.Fatal("the first bucket keeps fewer than two trials")
		}
		edit(&x)
		j["examples"], _ = json.Marshal(x)
		bad, _ := json.Marshal(j)
		var back Tally
		if err := json.Unmarshal(bad, &back); err == nil || !strings.HasPrefix(err.Error(), "examples:") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// RoundRange and RoundBounds agree: each range holds exactly the rounds
// its bounds say.
func TestRoundRanges(t *testing.T) {
	for r := range int64(1 << 15) {
		k := RoundRange(r)
		lo, hi := RoundBounds(k)
		if r < lo || hi >= 0 && r > hi {
			t.Fatalf("rounds %d in range %d, [%d, %d]", r, k, lo, hi)
		}
	}
	if k := RoundRange(1 << 40); k != RoundRanges-1 {
		t.Errorf("2^40 rounds in range %d", k)
	}
}
