package cli

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim"
)

func newExportCmd() *cobra.Command {
	var (
		rf    command.RunFlags
		trial int64
	)
	cmd := &cobra.Command{
		Use:   "export SCENARIO --trial I",
		Short: "Write one trial of a generated scenario as a scenario file of its own",
		Long: `export writes trial I of a scenario whose trials are distinct battles (a
generated suite: trial I is test I, for I below the suite's size) to
standard output as an ordinary scenario file, which runs, replays and
validates on its own. The file draws the suite's random streams (its
streams: field), so that its trial I, with the seed of a run of the suite,
is the battle that run fought as trial I, dice and all. Rulesets whose
trials are samples of one battle have nothing to export.`,
		Example: `  crucible export ec4x/suite-500 --trial 75 > home-defense-76.yaml
  crucible replay home-defense-76.yaml --trial 75 --seed 1   # = crucible replay ec4x/suite-500 --trial 75 --seed 1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if trial < 0 || trial >= sim.MaxTrials {
				return command.UsageError("--trial %d: allowed: an integer from 0 to %d", trial, int64(sim.MaxTrials)-1)
			}
			sc, err := rf.Load(args[0])
			if err != nil {
				return err
			}
			battle, err := sc.Compile()
			if err != nil {
				return err
			}
			ex, ok := battle.(rules.Exporter)
			if !ok {
				return fmt.Errorf("%s: its trials are samples of one battle, with nothing to export (export takes a generated suite)", sc.Name)
			}
			if p, ok := battle.(rules.Population); ok && p.Population() > 0 && trial >= p.Population() {
				return command.UsageError("--trial %d: %s has %d trials (allowed: 0 to %d)", trial, sc.Name, p.Population(), p.Population()-1)
			}
			var part bytes.Buffer
			if err := ex.Export(trial, &part); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "# trial %d of %s, exported by crucible %s. It draws the random streams of\n", trial, sc.Name, command.Version)
			fmt.Fprintf(w, "# %s (streams:), so that its trial %d with a run's seed is that run's trial %d:\n", sc.StreamName(), trial, trial)
			fmt.Fprintf(w, "#   crucible replay THIS-FILE --trial %d --seed SEED\n", trial)
			fmt.Fprintf(w, "ruleset: %s\nstreams: %s\n", sc.Ruleset, strconv.Quote(sc.StreamName()))
			_, err = w.Write(part.Bytes())
			return err
		},
	}
	rf.RegisterSet(cmd)
	command.DecimalVar(cmd.Flags(), &trial, "trial", "i", 0, "index of the trial to export (0-based)")
	cmd.MarkFlagRequired("trial")
	return cmd
}
