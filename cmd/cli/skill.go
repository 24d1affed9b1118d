package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/scenarios"
)

// skillFlags are the flags of a verdict's skill axis (analysis/skill):
// the players to re-judge it with, both sides each, and the move that
// flags it.
type skillFlags struct {
	levels    []string
	threshold float64
}

func (f *skillFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringSliceVar(&f.levels, "skill", nil, "re-judge each answer with both sides played by each of these `players`, weakest first (e.g. greedy,search:1k; kill-greedy,optimal), and flag it when the top two disagree")
	fl.Float64Var(&f.threshold, "skill-threshold", 100*skill.DefaultThreshold, "flag an answer as skill-sensitive when side a's win share moves by more than this many `points` between the top two --skill players")
}

// check refuses flag values out of range.
func (f *skillFlags) check(cmd *cobra.Command, format string) error {
	fl := cmd.Flags()
	switch {
	case len(f.levels) == 0 && fl.Changed("skill-threshold"):
		return usageError("--skill-threshold shapes a skill axis: give --skill")
	case len(f.levels) == 0:
		return nil
	case len(f.levels) < 2:
		return usageError("--skill %s: name two players or more, weakest first (e.g. greedy,search:1k)", f.levels[0])
	case !(f.threshold >= 0 && f.threshold <= 100):
		return usageError("--skill-threshold %g: allowed: a number of points from 0 to 100", f.threshold)
	case format != "table":
		return usageError("--skill prints with --format table")
	}
	return nil
}

// fight plays each scenario's skill axis on run's trials and seed.
func (f *skillFlags) fight(ctx context.Context, run analysis.Run, scs []*scenarios.Scenario) ([]*skill.Axis, error) {
	if len(f.levels) == 0 {
		return nil, nil
	}
	run.Save = nil
	var out []*skill.Axis
	for _, sc := range scs {
		a, err := skill.Run(ctx, run, sc, f.levels, f.threshold/100)
		if err != nil {
			return out, err
		}
		out = append(out, a)
	}
	return out, nil
}

func writeSkill(cmd *cobra.Command, axes []*skill.Axis) error {
	if len(axes) == 0 {
		return nil
	}
	return skillreport.WriteTable(cmd.OutOrStdout(), axes)
}
