package analysis

import (
	"cmp"
	"fmt"
	"slices"
)

// Merge joins results of shards (or any disjoint trial ranges) of the same
// scenarios: results are grouped by scenario, in the order each scenario
// first appears, and each group's tallies are added up. The members of a
// group must share the scenario hash and the seed and cover disjoint trial
// ranges. A group that covers a whole run is indistinguishable from a
// single run of it; one that does not is marked Partial and says which
// trials it covers in Shard. The inputs are not changed.
func Merge(rs []*Result) ([]*Result, error) {
	var order []string
	groups := map[string][]*Result{}
	for _, r := range rs {
		if _, seen := groups[r.Scenario]; !seen {
			order = append(order, r.Scenario)
		}
		groups[r.Scenario] = append(groups[r.Scenario], r)
	}
	merged := make([]*Result, 0, len(order))
	for _, name := range order {
		m, err := mergeOne(groups[name])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		merged = append(merged, m)
	}
	return merged, nil
}

// mergeOne adds up the results of one scenario, refusing mixtures of
// scenario versions or seeds and overlapping trial ranges.
func mergeOne(rs []*Result) (*Result, error) {
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b *Result) int { return cmp.Compare(a.First, b.First) })
	base := *rs[0]
	base.Tally = rs[0].Tally.Clone()
	end := rs[0].First + rs[0].Planned
	contiguous := true
	for _, r := range rs[1:] {
		switch {
		case r.Hash != base.Hash:
			return nil, fmt.Errorf("scenario hashes differ (%s vs %s): the shards ran different scenario contents", base.Hash, r.Hash)
		case r.Seed != base.Seed:
			return nil, fmt.Errorf("seeds differ (%d vs %d)", base.Seed, r.Seed)
		case r.RunTrials != base.RunTrials:
			return nil, fmt.Errorf("the shards split runs of different sizes (%d and %d trials)", base.RunTrials, r.RunTrials)
		case r.First < end:
			return nil, fmt.Errorf("trial ranges overlap at trial %d: a shard was given twice?", r.First)
		}
		contiguous = contiguous && r.First == end
		if err := base.Tally.Merge(r.Tally); err != nil {
			return nil, err
		}
		base.Planned += r.Planned
		end = r.First + r.Planned
	}
	base.Shard, base.Partial = "", !contiguous || base.First != 0 || base.RunTrials > 0 && end != base.RunTrials
	if base.Partial {
		base.Shard = fmt.Sprintf("partial: %d trials between %d and %d", base.Planned, base.First, end-1)
		if base.RunTrials > 0 {
			base.Shard += fmt.Sprintf(" of a run of %d", base.RunTrials)
		}
		return &base, nil
	}
	base.RunTrials = 0 // a whole run, indistinguishable from one machine's
	return &base, nil
}
