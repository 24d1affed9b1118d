package tune

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/skill"
	engine "github.com/crucible-sim/crucible/analysis/tune"
	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/reports/formats"
	"github.com/crucible-sim/crucible/reports/skillreport"
	"github.com/crucible-sim/crucible/reports/tunereport"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// tuneFlags are the flags only tune has.
type tuneFlags struct {
	vary, target, label, resolution string
	confidence                      float64
	first, most, decide             int64
	exact, rational                 bool
	format                          string
	kf                              command.SkillFlags
}

// NewCmd returns the tune command.
func NewCmd() *cobra.Command {
	var (
		rf command.RunFlags
		cp command.Checkpointing
		tf tuneFlags
	)
	cmd := &cobra.Command{
		Use:   "tune TUNE | tune SCENARIO --vary PATH=FROM..TO --target TARGET",
		Short: "Find the value of a field that meets a target (fair, win.a>=0.7, …), with its bracket",
		Long: `tune answers "what value makes this fair?" and "how many do I need to win 70 %
of the time?": it searches one field of a scenario for where a metric meets a
target, and answers with the bracket — the two neighbouring values on either
side of the target, each with its estimate and interval — and, for a
one-sided target, the value that meets it.

TARGET is fair (win.a − win.b = 0), METRIC=V (where the metric crosses V),
METRIC>=V or METRIC<=V (the boundary value that meets the bound), for any
metric claims take but rounds.min and rounds.max; V is a number, or a
percentage for shares and the margin.

The search probes the range's ends, then bisects; each probe is a sequential
test (looks after --first-trials, doubling up to --max-trials trials),
decided when its interval leaves the target, all probes on common random
numbers. The two values the answer rests on are fought again on fresh
streams, which the answer's statements rest on, jointly at --confidence: a
value a probe placed by luck cannot win. For a one-sided target, a value
the search left indistinguishable from it is fought again, up to
--decide-trials, since the answer hangs on it; if it stays so, the answer is
stated as the values it may be ("6 or 7"; JSON answer null). Where the
ruleset's solver reaches, probes are exact (no sampling, no seed, no level). An integer field gives neighbouring values;
a continuous one an interval no wider than --resolution; a field of names is
refused (rank it with crucible sweep). A target not reached in the range,
a response that is not monotonic, and an answer left undecided print what
was found and exit 1; Ctrl-C prints the probes so far and exits 130, and
with --out keeps a checkpoint that --resume finishes.`,
		Example: `  crucible tune stratfight/armor-fair --seed 1
  crucible tune stratfight/samwell-vs-guard --vary b.armor.armor_value=0..8 --target fair --seed 1
  crucible tune eclipse/interceptors-for-70 --format json
  crucible tune eclipse/escorted-interceptors-vs-fleet --vary attacker.ships.Interceptor=1..8 \
      --target "win.a>=0.7" --exact=false --out tune/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTune(cmd, args[0], &rf, &cp, &tf)
		},
	}
	rf.RegisterSeed(cmd, false)
	rf.RegisterTrials(cmd)
	cmd.Flag("trials").Hidden = true // refused: tune sets its own trials (checkTuneFlags)
	rf.RegisterSet(cmd)
	tf.register(cmd)
	cp.Register(cmd, "also write the tune's report (JSON, CSV, the curve and index.html) to this directory, which it replaces as a whole")
	return cmd
}

// register adds tune's own flags: what to search and for what, how
// closely, at what confidence, the trials of each probe, and the output.
func (tf *tuneFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&tf.vary, "vary", "", "the field to search and its range, `PATH=FROM..TO`")
	fl.StringVar(&tf.target, "target", "", "what to look for: fair, METRIC=V, METRIC>=V or METRIC<=V (e.g. win.a>=0.7)")
	fl.StringVar(&tf.label, "label", "", "the field in your words: \"{} Interceptors\" writes the value in place of {}")
	fl.StringVar(&tf.resolution, "resolution", "", "a continuous field: the narrowest bracket sought (default: about a fiftieth of the range)")
	fl.Float64Var(&tf.confidence, "confidence", engine.DefaultConfidence, "the level at which the answer's statements hold jointly")
	command.DecimalVar(fl, &tf.first, "first-trials", "", engine.DefaultFirst, "the trials of a probe's first look")
	command.DecimalVar(fl, &tf.most, "max-trials", "", engine.DefaultBudget, "the most trials of one probe")
	command.DecimalVar(fl, &tf.decide, "decide-trials", "", 0, fmt.Sprintf("the most trials to decide a value the search left indistinguishable from a one-sided target (default: %d × --max-trials)", engine.DecideFactor))
	fl.BoolVar(&tf.exact, "exact", true, "decide each probe exactly where the ruleset's solver reaches it")
	fl.BoolVar(&tf.rational, "rational", false, "exact probes also as fractions")
	fl.StringVarP(&tf.format, "format", "f", "table", "output format: table, json or csv (one row per probe)")
	tf.kf.Register(cmd)
}

func runTune(cmd *cobra.Command, ref string, rf *command.RunFlags, cp *command.Checkpointing, tf *tuneFlags) error {
	if err := checkTuneFlags(cmd, tf); err != nil {
		return err
	}
	rf.QuietSeed = true // an exact tune samples nothing: its seed is no part of the answer
	run, err := cp.Plan(cmd, rf)
	if err != nil {
		return err
	}
	t, err := loadTune(cmd, rf, tf, ref)
	if err != nil {
		return err
	}
	if err := tf.kf.CheckScenarios(t.Base); err != nil {
		return err
	}
	od, err := cp.Open(cmd, &run)
	if err != nil {
		return err
	}
	if od != nil {
		defer od.Close()
	}
	res, runErr := engine.Run(cmd.Context(), run, t.Tune)
	states := cp.States(cmd, runErr)
	if res == nil || res.Sampled() {
		rf.AnnounceSeed(cmd)
	}
	if res == nil {
		return runErr
	}
	axes, skillErr := tuneSkill(cmd, run, res, runErr, &tf.kf)
	if err := writeTune(cmd, res, tf.format, axes); err != nil {
		return err
	}
	if od != nil {
		od.Skill = axes
		od.Command = cmd.Root().Annotations[command.Invocation]
		if res.Sampled() {
			od.Command = command.Reproduce(cmd, run.Seed)
		}
		if err := tunereport.Write(od, res, states); err != nil {
			return err
		}
		command.Notice(cmd, "tune report written to %s", od.Path())
	}
	if err := tuneExit(res, runErr, t.targetOrigin); err != nil {
		return err
	}
	return command.SkillStopped(skillErr)
}

// tuneSkill plays the skill axis of the scenarios a finished tune's answer
// rests on (engine.Result.AnswerScenarios); none after an interrupt.
func tuneSkill(cmd *cobra.Command, run analysis.Run, res *engine.Result, runErr error, kf *command.SkillFlags) ([]*skill.Axis, error) {
	if runErr != nil || res.Status == engine.Interrupted || len(kf.Levels) == 0 {
		return nil, nil
	}
	scs, err := res.AnswerScenarios()
	if err != nil {
		return nil, err
	}
	return kf.Fight(cmd.Context(), run, scs)
}

// tuneExit returns the exit of a finished tune: none for a bracket; the
// located reason for a target the range does not reach (exit 1); exit 1
// for a response that is not monotonic or an undecided answer, whose
// output already said why; 130 when interrupted.
func tuneExit(res *engine.Result, runErr error, origin string) error {
	switch res.Status {
	case engine.Interrupted:
		return &command.ExitError{Code: command.ExitInterrupted, Msg: fmt.Sprintf("interrupted; the probes above are those fought (%d trials)", res.Trials())}
	case engine.Unreachable:
		return fmt.Errorf("%s: %s", origin, tunereport.Verdict(res))
	case engine.NonMonotonic:
		return &command.ExitError{Code: command.ExitFailed, Msg: "no bracket: the response is not monotonic (see above)"}
	case engine.Inconclusive:
		return &command.ExitError{Code: command.ExitFailed, Msg: "no answer: " + res.Why}
	}
	return runErr
}

// checkTuneFlags refuses flag values no tune can take.
func checkTuneFlags(cmd *cobra.Command, tf *tuneFlags) error {
	fl := cmd.Flags()
	if err := command.CheckFormat(tf.format, "table", "json", "csv"); err != nil {
		return err
	}
	switch {
	case fl.Changed("trials"):
		return command.UsageError("--trials: tune sets its own trials, probe by probe: --first-trials doubling up to --max-trials")
	case !(tf.confidence >= scenarios.MinConfidence && tf.confidence <= scenarios.MaxConfidence):
		return command.UsageError("--confidence %g: allowed: a number from %g to %g", tf.confidence, scenarios.MinConfidence, scenarios.MaxConfidence)
	case tf.rational && !tf.exact:
		return command.UsageError("--rational goes with --exact, which --exact=false turns off")
	case fl.Changed("decide-trials") && (tf.decide < 1 || tf.decide > sim.MaxTrials):
		return command.UsageError("--decide-trials %d: allowed: an integer from 1 to %d", tf.decide, int64(sim.MaxTrials))
	}
	if err := tf.kf.Check(cmd, tf.format); err != nil {
		return err
	}
	return command.CheckLooks(cmd, tf.first, tf.most)
}

// loadedTune is a tune ready to run and where its target was given, which
// an error about the target names.
type loadedTune struct {
	*engine.Tune
	targetOrigin string
}

// loadTune reads the tune a command names: a tune file, or a scenario with
// --vary and --target. Flags win over the file's settings. Malformed flags
// are bad usage; a field the scenario does not have, or a metric it does
// not report, is an input error, located.
func loadTune(cmd *cobra.Command, rf *command.RunFlags, tf *tuneFlags, ref string) (loadedTune, error) {
	file, isTune, err := scenarios.LoadTune(ref)
	switch {
	case err != nil:
		return loadedTune{}, err
	case isTune && tf.vary != "":
		return loadedTune{}, command.UsageError("%s is a tune file, which names its own field: --vary goes with a scenario", ref)
	case !isTune && (tf.vary == "" || tf.target == ""):
		if _, err := scenarios.Load(ref); err != nil && !isFile(ref) {
			return loadedTune{}, fmt.Errorf("%s: no such file and no built-in tune or scenario of that name%s", ref, scenarios.NearestBuiltin(ref))
		}
		return loadedTune{}, command.UsageError("%s is not a tune: name the field with --vary PATH=FROM..TO and what to look for with --target (e.g. fair, win.a>=0.7), or give a tune file (crucible scenarios lists the built-in ones)", ref)
	}
	q := scenarios.Tune{Name: ref, Scenario: ref}
	if isTune {
		q = *file
	} else if q.Axis, err = scenarios.ParseTuneVary(tf.vary); err != nil {
		return loadedTune{}, command.UsageError("%v", err)
	}
	if err := tuneOverrides(cmd, tf, &q); err != nil {
		return loadedTune{}, err
	}
	sc, err := command.LoadBase(rf, q.Scenario, q.Sets)
	if err != nil {
		return loadedTune{}, err
	}
	if !isTune {
		q.Name = sc.Name
	}
	t, err := engine.From(&q, sc)
	var badAxis *engine.AxisError
	var noMetric *engine.TargetError
	switch {
	case errors.As(err, &badAxis) && !isTune:
		return loadedTune{}, command.UsageError("%v", err)
	case errors.As(err, &noMetric):
		return loadedTune{}, fmt.Errorf("%s: %v", q.TargetOrigin, noMetric.Err)
	case err != nil:
		return loadedTune{}, err
	}
	t.Exact, t.Rational = tf.exact, tf.rational
	return loadedTune{Tune: t, targetOrigin: q.TargetOrigin}, t.Check()
}

// isFile reports whether a file (of any kind) is at path.
func isFile(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// tuneOverrides applies the flags that win over a tune file's settings.
func tuneOverrides(cmd *cobra.Command, tf *tuneFlags, q *scenarios.Tune) error {
	fl := cmd.Flags()
	if tf.target != "" {
		target, err := scenarios.ParseTarget(tf.target)
		if err != nil {
			return command.UsageError("--target %s: %v", tf.target, err)
		}
		q.Target, q.TargetOrigin = target, "--target "+tf.target
	}
	if fl.Changed("label") {
		q.Axis.Label = tf.label
	}
	if fl.Changed("resolution") {
		q.Axis.Resolution = tf.resolution
	}
	if fl.Changed("confidence") || q.Confidence == 0 {
		q.Confidence = tf.confidence
	}
	if fl.Changed("first-trials") {
		q.FirstTrials = tf.first
	}
	if fl.Changed("max-trials") {
		q.MaxTrials = tf.most
	}
	if fl.Changed("decide-trials") {
		q.DecideTrials = tf.decide
	}
	most := q.MaxTrials
	if most == 0 {
		most = engine.DefaultBudget
	}
	if q.DecideTrials > 0 && q.DecideTrials < most {
		return command.UsageError("decide trials %d below the most trials of a probe, %d (the file's and the flags'): allowed: decide ≥ max", q.DecideTrials, most)
	}
	if q.FirstTrials > 0 && q.MaxTrials > 0 && q.FirstTrials > q.MaxTrials {
		return command.UsageError("first trials %d above max trials %d (the file's and the flags'): allowed: first ≤ max", q.FirstTrials, q.MaxTrials)
	}
	return nil
}

func writeTune(cmd *cobra.Command, res *engine.Result, format string, axes []*skill.Axis) error {
	w := cmd.OutOrStdout()
	switch format {
	case "csv":
		return formats.WriteCSV(w, tunereport.Rows(res))
	case "json":
		return formats.WriteIndented(w, skillreport.With(tunereport.Object(res), axes))
	}
	if err := tunereport.WriteTable(w, res); err != nil {
		return err
	}
	return command.WriteSkill(cmd, axes, format)
}

// Validate checks a tune file as tune would before its first probe
// (its base scenario with the file's overrides, its field's range, its
// target and budget) and says so.
func Validate(cmd *cobra.Command, rf *command.RunFlags, ref string) error {
	t, err := loadTune(cmd, rf, &tuneFlags{}, ref)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (tune of %s over %s)\n", ref, t.Base.Name, t.Axis.Path)
	return nil
}
