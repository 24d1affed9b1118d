package main

import (
	"fmt"
	"os"
	"slices"
	"sort"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports"
)

func newMergeCmd() *cobra.Command {
	var (
		format string
		out    string
	)
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Join shard results into the result of the whole run",
		Long: `merge reads JSON results (from run --format json, typically with --shard K/N)
and adds up the tallies of each scenario. The shards must share the scenario
hash and seed and cover disjoint trial ranges; the merged result is exactly
what one machine running every trial would have printed.`,
		Example: `  for k in 0 1 2 3; do crucible run s.yaml --seed 7 --trials 4000000 --shard $k/4 --format json > part$k.json; done
  crucible merge part*.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			var order []string
			groups := map[string][]*analysis.Result{}
			for _, f := range args {
				data, err := os.ReadFile(f)
				if err != nil {
					return err
				}
				rs, err := reports.ReadJSON(data)
				if err != nil {
					return fmt.Errorf("%s: %w", f, err)
				}
				for _, r := range rs {
					if _, seen := groups[r.Scenario]; !seen {
						order = append(order, r.Scenario)
					}
					groups[r.Scenario] = append(groups[r.Scenario], r)
				}
			}
			var merged []*analysis.Result
			for _, name := range order {
				m, err := mergeResults(groups[name])
				if err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
				merged = append(merged, m)
			}
			if err := writeResults(cmd, merged, format); err != nil {
				return err
			}
			if out != "" {
				if err := os.MkdirAll(out, 0o755); err != nil {
					return err
				}
				return reports.WriteDir(out, merged, version)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, csv or json")
	cmd.Flags().StringVarP(&out, "out", "o", "", "also write the report files to this directory")
	return cmd
}

// mergeResults adds up results of one scenario, refusing mixtures of
// scenario versions or seeds and overlapping trial ranges.
func mergeResults(rs []*analysis.Result) (*analysis.Result, error) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].First < rs[j].First })
	base := *rs[0]
	tally := *base.Tally
	tally.Ends = slices.Clone(tally.Ends)
	tally.Counters = slices.Clone(tally.Counters)
	tally.CountersSq = slices.Clone(tally.CountersSq)
	base.Tally = &tally
	end := rs[0].First + rs[0].Planned
	contiguous := true
	for _, r := range rs[1:] {
		switch {
		case r.Hash != base.Hash:
			return nil, fmt.Errorf("scenario hashes differ (%s vs %s): the shards ran different scenario contents", base.Hash, r.Hash)
		case r.Seed != base.Seed:
			return nil, fmt.Errorf("seeds differ (%d vs %d)", base.Seed, r.Seed)
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
	// A complete merge is indistinguishable from a single run; a partial
	// one says which trials it covers.
	base.Shard = ""
	if !contiguous || base.First != 0 {
		base.Shard = fmt.Sprintf("partial: %d trials between %d and %d", base.Planned, base.First, end-1)
	}
	return &base, nil
}
