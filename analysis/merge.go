package analysis

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// MergeOptions relax Merge's refusals; the zero value relaxes none.
type MergeOptions struct {
	// MixedVersions merges results of one scenario that different crucible
	// versions wrote; the merged result's Version lists them all.
	MixedVersions bool
}

// ErrMixedVersions is the error Merge returns (wrapped, with the versions)
// when different crucible versions wrote the results of one scenario: a
// change of engine can change every trial's outcome, so their tallies need
// not add up to any one run.
var ErrMixedVersions = errors.New("the results come from different crucible versions")

// Merge joins results of shards (or any disjoint trial ranges) of the same
// scenarios: results are grouped by scenario, in the order each scenario
// first appears, and each group's tallies are added up. The members of a
// group must share the scenario hash, the seed and the crucible version, and cover disjoint trial ranges. A
// group that covers a whole run is indistinguishable from a single run of
// it; one that does not — a shard missing, or a shard interrupted before
// all of its trials finished — is marked Partial and says what it covers
// in Shard. The inputs are not changed.
func Merge(rs []*Result) ([]*Result, error) { return MergeOptions{}.Merge(rs) }

// Merge is Merge with the refusals o relaxes.
func (o MergeOptions) Merge(rs []*Result) ([]*Result, error) {
	if len(rs) == 0 {
		return nil, errors.New("no results to merge")
	}
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
		m, err := mergeOne(groups[name], o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		merged = append(merged, m)
	}
	return merged, nil
}

// mergeOne adds up the results of one scenario, refusing mixtures of
// scenario versions, seeds or (unless opt allows them) crucible versions,
// and overlapping trial ranges.
func mergeOne(rs []*Result, opt MergeOptions) (*Result, error) {
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b *Result) int { return cmp.Compare(a.First, b.First) })
	versions := versionsOf(rs)
	if len(versions) > 1 && !opt.MixedVersions {
		return nil, fmt.Errorf("%w: %s", ErrMixedVersions, whichVersions(rs))
	}
	base := *rs[0]
	base.Tally = rs[0].Tally.Clone()
	base.Version = strings.Join(versions, versionSep)
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
	interrupted := interruptedOf(rs)
	base.Shard, base.Partial = "", !contiguous || base.First != 0 || base.RunTrials > 0 && end != base.RunTrials || interrupted != ""
	if !base.Partial {
		base.RunTrials = 0 // a whole run, indistinguishable from one machine's
		return &base, nil
	}
	base.Shard = fmt.Sprintf("partial: %d trials between %d and %d", base.Planned, base.First, end-1)
	if base.RunTrials > 0 {
		base.Shard += fmt.Sprintf(" of a run of %d", base.RunTrials)
	}
	if interrupted != "" {
		base.Shard += fmt.Sprintf(", of which %d finished (%s interrupted)", base.Tally.Trials, interrupted)
	}
	return &base, nil
}

// versionSep joins the versions of a merge of mixed versions.
const versionSep = ", "

// versionsOf returns the crucible versions that wrote rs, sorted, each
// once; a result of mixed versions contributes each of its own.
func versionsOf(rs []*Result) []string {
	var vs []string
	for _, r := range rs {
		vs = append(vs, strings.Split(r.Version, versionSep)...)
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	if len(vs) > 1 && vs[0] == "" {
		vs[0] = "unknown" // results written without a version, among others
	}
	return vs
}

// whichVersions says which version wrote which result, for a refusal.
func whichVersions(rs []*Result) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		v := r.Version
		if v == "" {
			v = "an unknown version"
		}
		parts[i] = fmt.Sprintf("%s by %s", rangeOf(r), v)
	}
	return strings.Join(parts, "; ")
}

// interruptedOf names the results of rs that finished fewer trials than
// they planned, or returns "" when none did.
func interruptedOf(rs []*Result) string {
	var names []string
	for _, r := range rs {
		if r.Interrupted() {
			names = append(names, rangeOf(r))
		}
	}
	return strings.Join(names, ", ")
}

// rangeOf names the trials a result is about: its shard, or its range.
func rangeOf(r *Result) string {
	if r.Shard != "" && !r.Partial {
		return "shard " + r.Shard
	}
	return fmt.Sprintf("trials %d to %d", r.First, r.First+r.Planned-1)
}
