package analysis

import (
	"errors"
	"strings"
	"testing"
)

// shardOf is shard k of 2 of a run of 2·n trials with one outcome a trial,
// written by crucible version, of which done trials finished.
func shardOf(t *testing.T, k, n, done int64, version string) *Result {
	r := resultOf(t, [3]int64{0, done, 0}, []int64{1})
	r.Version, r.Seed, r.Hash = version, 7, "h"
	r.Shard, r.First, r.Planned, r.RunTrials = []string{"0/2", "1/2"}[k], k*n, n, 2*n
	return r
}

// Merge refuses nothing to merge and a mixture of crucible versions
// (unless told to take it, when the result names every version), and marks
// partial a merge whose shards were interrupted.
func TestMergeRefusals(t *testing.T) {
	if _, err := Merge(nil); err == nil {
		t.Error("a merge of no results succeeded")
	}
	mixed := []*Result{shardOf(t, 0, 10, 10, "0.2.0"), shardOf(t, 1, 10, 10, "0.1.9")}
	_, err := Merge(mixed)
	if !errors.Is(err, ErrMixedVersions) || !strings.Contains(err.Error(), "x: the results come from different crucible versions: shard 0/2 by 0.2.0; shard 1/2 by 0.1.9") {
		t.Errorf("mixed versions: %v", err)
	}
	m, err := MergeOptions{MixedVersions: true}.Merge(mixed)
	if err != nil || m[0].Version != "0.1.9, 0.2.0" || m[0].Partial {
		t.Fatalf("mixed versions allowed: %+v, %v", m, err)
	}
	// Merged again with a third version, the versions stay a set.
	third := shardOf(t, 0, 10, 10, "0.3.0")
	third.Shard, third.First, third.Planned, third.RunTrials = "", 20, 10, 0
	m[0].RunTrials = 0
	mix := MergeOptions{MixedVersions: true}
	if again, err := mix.Merge([]*Result{m[0], third}); err != nil || again[0].Version != "0.1.9, 0.2.0, 0.3.0" {
		t.Errorf("mixed again: %+v, %v", again, err)
	}
	m, err = Merge([]*Result{shardOf(t, 0, 10, 4, "0.2.0"), shardOf(t, 1, 10, 10, "0.2.0")})
	if err != nil || !m[0].Partial || !m[0].Interrupted() ||
		m[0].Shard != "partial: 20 trials between 0 and 19 of a run of 20, of which 14 finished (shard 0/2 interrupted)" {
		t.Errorf("interrupted shard: %+v, %v", m[0], err)
	}
}
