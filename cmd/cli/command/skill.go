package command

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/compare"
	"github.com/crucible-sim/crucible/analysis/skill"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/scenarios"
)

// SkillFlags are the flags of a verdict's skill axis (analysis/skill):
// the players to re-judge it with, both sides each, and the move that
// flags it.
type SkillFlags struct {
	Levels    []string
	threshold float64
}

func (f *SkillFlags) Register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringSliceVar(&f.Levels, "skill", nil, "re-judge each answer with both sides played by each of these `players`, weakest first (e.g. greedy,search:1k; kill-greedy,optimal), and flag it when the top two disagree")
	fl.Float64Var(&f.threshold, "skill-threshold", 100*skill.DefaultThreshold, "flag an answer as skill-sensitive when side a's win share (on a mirrored battle the first mover's) moves by more than this many `points` between the top two --skill players")
}

// Check refuses flag values out of range, and an output format other
// than table or json (a skill axis has no CSV, JUnit or annotations).
func (f *SkillFlags) Check(cmd *cobra.Command, format string) error {
	fl := cmd.Flags()
	switch {
	case len(f.Levels) == 0 && fl.Changed("skill-threshold"):
		return UsageError("--skill-threshold shapes a skill axis: give --skill")
	case len(f.Levels) == 0:
		return nil
	case len(f.Levels) < 2:
		return UsageError("--skill %s: name two players or more, weakest first (e.g. greedy,search:1k)", f.Levels[0])
	case !(f.threshold >= 0 && f.threshold <= 100):
		return UsageError("--skill-threshold %g: allowed: a number of points from 0 to 100", f.threshold)
	case format != "table" && format != "json":
		return UsageError("--skill prints with --format table or json")
	}
	return nil
}

// CheckScenarios refuses, before anything is fought, levels that are not
// players of a scenario's ruleset.
func (f *SkillFlags) CheckScenarios(scs ...*scenarios.Scenario) error {
	if len(f.Levels) == 0 {
		return nil
	}
	for _, sc := range scs {
		if err := skill.Check(sc, f.Levels); err != nil {
			return UsageError("--skill %v", err)
		}
	}
	return nil
}

// Fight plays each scenario's skill axis on run's trials and seed.
func (f *SkillFlags) Fight(ctx context.Context, run analysis.Run, scs []*scenarios.Scenario) ([]*skill.Axis, error) {
	if len(f.Levels) == 0 {
		return nil, nil
	}
	run.Save = nil
	return skill.RunEach(ctx, run, scs, f.Levels, f.threshold/100)
}

// FightEffect plays a comparison's skill axis: B's effect on side a's win
// share at each level, both variants on A's streams.
func (f *SkillFlags) FightEffect(ctx context.Context, run analysis.Run, a, b compare.Variant) ([]*skill.Axis, error) {
	if len(f.Levels) == 0 {
		return nil, nil
	}
	run.Save = nil
	ax, err := skill.RunEffect(ctx, run, a.Scenario, b.Scenario, "B", f.Levels, f.threshold/100)
	if err != nil {
		return nil, err
	}
	ax.Scenario = fmt.Sprintf("B (%s) against A (%s)", b.Label, a.Label)
	return []*skill.Axis{ax}, nil
}

// WriteSkill prints the axes after a command's table output; JSON output
// carries them in its object instead (skillreport.With).
func WriteSkill(cmd *cobra.Command, axes []*skill.Axis, format string) error {
	if len(axes) == 0 || format != "table" {
		return nil
	}
	return skillreport.WriteTable(cmd.OutOrStdout(), axes)
}

// SkillStopped is the error of a command whose skill axis failed or was
// interrupted after its own answer was whole.
func SkillStopped(err error) error {
	if analysis.Interrupted(err) {
		return &ExitError{Code: ExitInterrupted, Msg: "interrupted during the skill axis; the answer is whole, the axis is left out"}
	}
	return err
}
