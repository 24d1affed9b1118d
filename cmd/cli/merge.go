package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/sim"
)

func newMergeCmd() *cobra.Command {
	o := &mergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge RESULT.json...",
		Short: "Join shard results into the result of the whole run",
		Long: `merge reads JSON results (from run --format json, typically with --shard K/N)
and adds up the tallies of each scenario. The shards must share the scenario
hash, the seed and the crucible version and cover disjoint trial ranges; the
merged result is exactly what one machine running every trial would have
printed. Shards that leave trials of the run out, or that were interrupted
before all of their trials finished, are merged and marked partial, and
merge exits 1 unless --partial says a partial result is what you want.`,
		Example: `  for k in 0 1 2 3; do crucible run s.yaml --seed 7 --trials 4000000 --shard $k/4 --format json > part$k.json; done
  crucible merge part*.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: o.run,
	}
	cmd.Flags().StringVarP(&o.format, "format", "f", "table", "output format: table, csv or json")
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "also write the report files to this directory")
	cmd.Flags().BoolVar(&o.partial, "partial", false, "accept shards that leave trials of the run out or were interrupted (the result says what it covers)")
	cmd.Flags().BoolVar(&o.opt.MixedVersions, "allow-mixed-versions", false, "merge results that different crucible versions wrote (the result lists the versions)")
	return cmd
}

// mergeOptions are the flags of merge.
type mergeOptions struct {
	format  string
	out     string
	partial bool
	opt     analysis.MergeOptions
}

// run runs merge.
func (o *mergeOptions) run(cmd *cobra.Command, args []string) error {
	if err := command.CheckFormat(o.format, "table", "csv", "json"); err != nil {
		return err
	}
	// --o.out is checked and locked before anything is printed, as run does.
	var od *outdir.Dir
	if o.out != "" {
		var err error
		if od, err = outdir.Open(o.out); err != nil {
			return err
		}
		defer od.Close()
		od.Command = cmd.Root().Annotations[command.Invocation]
	}
	var all []*analysis.Result
	for _, f := range args {
		data, err := sim.ReadFile(f)
		if err != nil {
			return err
		}
		rs, err := reports.ReadJSON(data)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if len(rs) == 0 {
			return fmt.Errorf("%s: an empty list, no results: merge takes what crucible run --format json writes", f)
		}
		all = append(all, rs...)
	}
	merged, err := o.opt.Merge(all)
	if errors.Is(err, analysis.ErrMixedVersions) {
		return fmt.Errorf("%w; rerun them with one crucible, or pass --allow-mixed-versions to merge them anyway", err)
	}
	if err != nil {
		return err
	}
	if err := writeResults(cmd, merged, o.format); err != nil {
		return err
	}
	if od != nil {
		if err := reports.WriteReport(od, merged, command.Version, nil); err != nil {
			return err
		}
	}
	for _, r := range merged {
		if r.Partial && !o.partial {
			return fmt.Errorf("%s: the shards are %s; %s, or pass --partial", r.Scenario, r.Shard, completeShards(r))
		}
	}
	return nil
}

// completeShards says how to complete a partial merge.
func completeShards(r *analysis.Result) string {
	if r.Interrupted() {
		return "finish the interrupted shards (run them again, or with --resume where they saved a checkpoint) and merge again"
	}
	return "merge the missing shards too"
}
