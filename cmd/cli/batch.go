package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/cmd/cli/command"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim/batch"
)

func newBatchCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "batch",
		Short: "Write the job files that run a scenario's shards on Slurm or Kubernetes",
		Long: `batch writes to standard output what an operator submits to a batch engine:
the scenario split into --shards shards, each one job running
crucible run --shard K/N --seed S --trials T --format json, and a job that
merges them with crucible merge once every shard has succeeded. The seed
(drawn and printed when --seed is not given) and the trial count are fixed in
the file, so the merged report is byte for byte that of one machine. crucible
schedules nothing itself.`,
		// Without this, cobra would answer an engine it does not know
		// with the help text and exit status 0.
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return command.UsageError("batch needs an engine; allowed: slurm, k8s")
			}
			return command.UsageError("batch %q: no such engine; allowed: slurm, k8s", args[0])
		},
	}
	cmd.AddCommand(newBatchSlurmCmd(), newBatchK8sCmd())
	return cmd
}

func newBatchSlurmCmd() *cobra.Command {
	var f batchFlags
	cmd := &cobra.Command{
		Use:   "slurm SCENARIO --shards N",
		Short: "Write a script that submits a Slurm job array and a dependent merge job",
		Long: `slurm writes a shell script that submits a Slurm job array, one task per
shard, and a merge job that runs after every task succeeded
(--dependency=afterok). Run the script on a login node, in a directory every
node sees: --dir and --out are relative to it, and a scenario file is named by
its absolute path. The tasks read the scenario's files again, so a scenario
from standard input (-) or a pipe is refused.`,
		Example: `  crucible batch slurm stratfight/jorah-vs-mountain --shards 3 --trials 30000 --seed 7 > job.sh
  sh job.sh`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := f.job(cmd, args[0], true)
			if err != nil {
				return err
			}
			return writeJob(cmd, batch.Job.Slurm, j)
		},
	}
	f.register(cmd)
	return cmd
}

func newBatchK8sCmd() *cobra.Command {
	var (
		f batchFlags
		k batch.Kubernetes
	)
	cmd := &cobra.Command{
		Use:   "k8s SCENARIO --shards N --image IMAGE --pvc CLAIM",
		Short: "Write a Kubernetes Indexed Job and a merge Job",
		Long: `k8s writes a Kubernetes manifest: an Indexed Job whose pod of completion
index K runs shard K/N, a merge Job created suspended (Kubernetes starts no
Job after another: the manifest's header gives the kubectl commands that
resume it once the shards are complete), and, for a scenario file, a
ConfigMap that carries it with every file it includes, where it names
them: beside it or below it (a file outside its directory is refused); a
scenario read from standard input (-) travels as stdin.yaml. Every
pod mounts the PersistentVolumeClaim --pvc at /data; --dir and --out are
relative to it.`,
		Example: `  crucible batch k8s my-duel.yaml --shards 20 --trials 10000000 --image registry.example/crucible:0.2.0 --pvc crucible-data > job.yaml
  kubectl apply -f job.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := f.job(cmd, args[0], false)
			if err != nil {
				return err
			}
			return writeJob(cmd, func(j batch.Job) ([]byte, error) { return j.Kubernetes(k) }, j)
		},
	}
	f.register(cmd)
	cmd.Flags().StringVar(&k.Image, "image", "", "container `image` with crucible on its PATH and /bin/sh (required)")
	cmd.Flags().StringVar(&k.Claim, "pvc", "", "PersistentVolumeClaim every pod mounts at /data, for the shard results and the report (required)")
	cmd.MarkFlagRequired("image")
	cmd.MarkFlagRequired("pvc")
	return cmd
}

// batchFlags are the flags both engines take.
type batchFlags struct {
	run                      command.RunFlags // --seed, --trials, --set
	shards                   int64
	name, dir, out, crucible string
}

func (f *batchFlags) register(cmd *cobra.Command) {
	f.run.RegisterSeed(cmd, false)
	f.run.RegisterTrialCount(cmd)
	f.run.RegisterSet(cmd)
	fl := cmd.Flags()
	command.DecimalVar(fl, &f.shards, "shards", "", 0, "split the run into `N` shards, one job each, 1 to 1000 (required)")
	fl.StringVar(&f.name, "name", "", "`name` of the jobs (default: crucible- and the scenario's name)")
	fl.StringVar(&f.dir, "dir", "crucible-shards", "`directory` the shard results go to")
	fl.StringVar(&f.out, "out", "crucible-report", "`directory` the merged report goes to")
	fl.StringVar(&f.crucible, "crucible", "crucible", "the crucible `command` where the jobs run")
	cmd.MarkFlagRequired("shards")
}

// job reads and compiles the scenario with its overrides — a mistake should
// cost no cluster time — and returns the job the flags describe, carrying
// the bytes of every file the scenario was read from, for engines that
// ship them. absolute names a scenario file by its absolute path, for
// engines whose workers read it (and what it includes) again from a
// shared filesystem, which refuses a file they could not read again.
func (f *batchFlags) job(cmd *cobra.Command, ref string, absolute bool) (batch.Job, error) {
	run, err := f.run.Plan(cmd)
	if err != nil {
		return batch.Job{}, err
	}
	scs, err := f.run.LoadAll([]string{ref})
	if err != nil {
		return batch.Job{}, err
	}
	j := batch.Job{
		Name: f.name, Scenario: batch.Scenario{Ref: ref}, Seed: run.Seed, Trials: run.TrialsOf(scs[0]),
		Unsets: f.run.Unsets, Sets: f.run.Sets, Shards: f.shards, Dir: f.dir, Out: f.out, Crucible: f.crucible,
	}
	if !cmd.Flags().Changed("name") {
		j.Name = batch.NameFor(scs[0].Name)
	}
	files := scs[0].Files()
	for _, file := range files {
		if absolute {
			if err := rereadable(file.Path); err != nil {
				return j, err
			}
		}
		if file.Field == "" {
			j.Scenario.Source = file.Src // the scenario file itself
			continue
		}
		if file.Origin == scenarios.RulesPathOrigin {
			return j, fmt.Errorf("%s: the scenario names its rules file by name, found in the rules path (%s); a job's workers read the scenario where they run, without that path: name the rules file by its path, relative to the scenario (ruleset: ./%s)", ref, file.Path, filepath.Base(file.Path))
		}
		j.Scenario.Includes = append(j.Scenario.Includes, batch.Include{
			Name: file.Ref, Override: strings.TrimPrefix(file.Origin, "--set "), Src: file.Src})
	}
	if ref == scenarios.Stdin {
		return j, f.shipStdin(&j, absolute)
	}
	if absolute && !scenarios.IsBuiltin(ref) {
		j.Scenario.Ref, err = filepath.Abs(ref)
	}
	return j, err
}

// stdinFile is the name a scenario read from standard input is shipped
// under: its base is the name such a scenario has without a name: field,
// so that the workers draw the streams it draws here.
const stdinFile = "stdin.yaml"

// shipStdin makes a scenario read from standard input travel with j, as
// the file stdinFile holding the bytes read, for an engine that ships the
// scenario; one whose workers read it again where they run (absolute) is
// refused, since they would find nothing there.
func (f *batchFlags) shipStdin(j *batch.Job, absolute bool) error {
	if absolute {
		return fmt.Errorf("%s: a scenario read from standard input cannot be read again by the workers, which read the scenario where they run: save it to a file on the filesystem they share, and name that file", scenarios.StdinFile)
	}
	j.Scenario.Ref, j.Scenario.Source = stdinFile, f.run.Stdin()
	return nil
}

// rereadable refuses a file that the workers of a job cannot read again
// where they run: anything but a regular file, such as standard input or a
// pipe, whose bytes were read here and are gone.
func rereadable(name string) error {
	abs, err := filepath.Abs(name)
	if err != nil {
		return err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() || strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/") {
		return fmt.Errorf("%s: not a file the workers can read again (standard input, a pipe or a device): they read the scenario where they run and would not find what was read here; save it to a file on the filesystem they share", name)
	}
	return nil
}

// writeJob writes the job file on standard output. The engine's checks
// are of flag values, so what they refuse is bad usage, save the files of
// a scenario it cannot ship, which are the input's fault.
func writeJob(cmd *cobra.Command, write func(batch.Job) ([]byte, error), j batch.Job) error {
	b, err := write(j)
	if errors.Is(err, batch.ErrScenarioFiles) {
		return err
	}
	if err != nil {
		return command.UsageError("%v", err)
	}
	_, err = cmd.OutOrStdout().Write(b)
	return err
}
