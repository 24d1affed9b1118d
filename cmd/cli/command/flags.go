package command

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// RunFlags are the flags of the commands that fight battles. Each command
// registers only the groups it honours, so that a flag it would ignore is
// an unknown flag rather than a silent no-op.
type RunFlags struct {
	Trials  int64
	Seed    uint64
	Workers int
	Chunk   int
	Sets    []string
	Unsets  []string
	Shard   string
	// stdin reads a scenario given as "-" (see read).
	stdin stdinSource
	// QuietSeed defers the notice of a drawn seed to AnnounceSeed, for a
	// command that may sample nothing (a tune whose every probe is exact);
	// drawn says a seed was drawn.
	QuietSeed, drawn bool
}

// RegisterSeed adds --seed; required says whether the command needs it.
func (f *RunFlags) RegisterSeed(cmd *cobra.Command, required bool) {
	help := "master `seed` (default: drawn at random and printed)"
	if required {
		help = "master `seed` of the run the trial belongs to (required)"
	}
	DecimalVar(cmd.Flags(), &f.Seed, "seed", "", 0, help)
}

// RegisterTrials adds --trials, --workers and --chunk.
func (f *RunFlags) RegisterTrials(cmd *cobra.Command) {
	f.RegisterTrialCount(cmd)
	fl := cmd.Flags()
	DecimalVar(fl, &f.Workers, "workers", "w", 0, "worker goroutines (default: one per core)")
	DecimalVar(fl, &f.Chunk, "chunk", "", 0, "the most trials a worker fights between saves of its progress (default 0: as many as take about 20 ms; does not change results)")
}

// RegisterTrialCount adds --trials alone, for commands that run no trials
// here but fix how many run elsewhere.
func (f *RunFlags) RegisterTrialCount(cmd *cobra.Command) {
	DecimalVar(cmd.Flags(), &f.Trials, "trials", "n", 0, "`N` trials per scenario (default: the scenario file's trials field, else 10000)")
}

// RegisterShard adds --shard.
func (f *RunFlags) RegisterShard(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.Shard, "shard", "", "run only shard `K/N` of the trials (K from 0 to N-1); crucible merge joins the shards")
}

// RegisterSet adds --set and --unset, and lets load read a scenario
// given as "-" from the command's standard input.
func (f *RunFlags) RegisterSet(cmd *cobra.Command) {
	cmd.Flags().StringArrayVar(&f.Sets, "set", nil, "override a scenario field, `PATH=VALUE` (repeatable), e.g. options.tie-rule=underdog or 'b={ship: N2b}' (a value in [ ], { } or quotes is YAML)")
	cmd.Flags().StringArrayVar(&f.Unsets, "unset", nil, "remove a scenario field, `PATH` (repeatable), before any --set, e.g. b.npc")
	f.stdin.in, f.stdin.ctx = cmd.InOrStdin, cmd.Context
}

// Plan checks the flag values and returns the run they describe.
func (f *RunFlags) Plan(cmd *cobra.Command) (analysis.Run, error) {
	fl := cmd.Flags()
	if fl.Lookup("trials") != nil && fl.Changed("trials") {
		if f.Trials < 1 || f.Trials > sim.MaxTrials {
			return analysis.Run{}, UsageError("--trials %d: allowed: an integer from 1 to %d", f.Trials, int64(sim.MaxTrials))
		}
	}
	if fl.Lookup("workers") != nil && fl.Changed("workers") && (f.Workers < 1 || f.Workers > sim.MaxWorkers) {
		return analysis.Run{}, UsageError("--workers %d: allowed: an integer from 1 to %d (default: one per core)", f.Workers, sim.MaxWorkers)
	}
	if fl.Lookup("chunk") != nil && (f.Chunk < 0 || f.Chunk > sim.MaxTrials) {
		return analysis.Run{}, UsageError("--chunk %d: allowed: an integer from 1 to %d, or 0 (the default) for chunks of about 20 ms of work", f.Chunk, int64(sim.MaxTrials))
	}
	shard, err := sim.ParseShard(f.Shard)
	if err != nil {
		return analysis.Run{}, UsageError("%v", err)
	}
	seed, err := f.resolveSeed(cmd)
	if err != nil {
		return analysis.Run{}, err
	}
	return analysis.Run{
		Seed: seed, Trials: f.Trials, Shard: shard, Workers: f.Workers, Chunk: f.Chunk,
		Version: Version, Progress: newProgress(cmd),
	}, nil
}

// resolveSeed returns the master seed, drawing one when --seed was not
// given and saying so on stderr so that the run can be repeated.
func (f *RunFlags) resolveSeed(cmd *cobra.Command) (uint64, error) {
	if cmd.Flags().Changed("seed") {
		return f.Seed, nil
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	// Keep drawn seeds below 2^53 so that every JSON reader holds them exactly.
	s := binary.LittleEndian.Uint64(b[:]) >> 11
	f.Seed, f.drawn = s, true
	if !f.QuietSeed {
		f.AnnounceSeed(cmd)
	}
	return s, nil
}

// AnnounceSeed says on stderr which seed was drawn, if one was, so that
// the run can be repeated.
func (f *RunFlags) AnnounceSeed(cmd *cobra.Command) {
	if f.drawn {
		// At most 16 digits: the line fits 80 columns.
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: random seed %d (add --seed %d to repeat)\n", cmd.Root().Name(), f.Seed, f.Seed)
	}
}

// Load reads a scenario and applies the --unset and --set overrides. A
// malformed override is bad usage; a value the scenario rejects is the
// scenario's error, located at the override.
func (f *RunFlags) Load(ref string) (*scenarios.Scenario, error) {
	if err := f.checkUnscoped(ref); err != nil {
		return nil, err
	}
	sc, err := f.read(ref)
	if err != nil {
		return nil, err
	}
	if err := f.unset(sc); err != nil {
		return nil, err
	}
	for _, s := range f.Sets {
		if err := sc.Set(s); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// LoadAll reads and compiles every scenario before the first battle, so
// that a typo in the last file costs no computing time.
func (f *RunFlags) LoadAll(refs []string) ([]*scenarios.Scenario, error) {
	var out []*scenarios.Scenario
	for _, ref := range refs {
		sc, err := f.Load(ref)
		if err == nil {
			_, err = sc.Compile()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// The false-alarm rates --alpha allows. Below minAlpha a claim's share of
// the rate (or a test's, after Bonferroni) is so small that its interval
// says nothing a designer can use; above maxAlpha a verdict is a coin toss.
const (
	minAlpha = 1e-12
	maxAlpha = 0.5
)

// CheckAlpha refuses a false-alarm rate outside [minAlpha, maxAlpha],
// NaN included.
func CheckAlpha(alpha float64) error {
	if !(alpha >= minAlpha && alpha <= maxAlpha) {
		return UsageError("--alpha %g: allowed: a number from %g to %g", alpha, minAlpha, maxAlpha)
	}
	return nil
}

// CheckFormat refuses an output format the command does not write.
func CheckFormat(f string, allowed ...string) error {
	for _, a := range allowed {
		if f == a {
			return nil
		}
	}
	return UsageError("--format %q: allowed: %s", f, strings.Join(allowed, ", "))
}

// CheckLooks refuses --first-trials and --max-trials, where given, that
// are out of range or in the wrong order.
func CheckLooks(cmd *cobra.Command, first, most int64) error {
	fl := cmd.Flags()
	for _, f := range []struct {
		name string
		v    int64
	}{{"first-trials", first}, {"max-trials", most}} {
		if fl.Changed(f.name) && (f.v < 1 || f.v > sim.MaxTrials) {
			return UsageError("--%s %d: allowed: an integer from 1 to %d", f.name, f.v, int64(sim.MaxTrials))
		}
	}
	if fl.Changed("first-trials") && fl.Changed("max-trials") && first > most {
		return UsageError("--first-trials %d is above --max-trials %d (allowed: first ≤ max)", first, most)
	}
	return nil
}
