package cli

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

// runFlags are the flags of the commands that fight battles. Each command
// registers only the groups it honours, so that a flag it would ignore is
// an unknown flag rather than a silent no-op.
type runFlags struct {
	trials  int64
	seed    uint64
	workers int
	chunk   int
	sets    []string
	unsets  []string
	shard   string
	// stdin reads a scenario given as "-" (see read).
	stdin stdinSource
	// quietSeed defers the notice of a drawn seed to announceSeed, for a
	// command that may sample nothing (a tune whose every probe is exact);
	// drawn says a seed was drawn.
	quietSeed, drawn bool
}

// registerSeed adds --seed; required says whether the command needs it.
func (f *runFlags) registerSeed(cmd *cobra.Command, required bool) {
	help := "master `seed` (default: drawn at random and printed)"
	if required {
		help = "master `seed` of the run the trial belongs to (required)"
	}
	decimalVar(cmd.Flags(), &f.seed, "seed", "", 0, help)
}

// registerTrials adds --trials, --workers and --chunk.
func (f *runFlags) registerTrials(cmd *cobra.Command) {
	f.registerTrialCount(cmd)
	fl := cmd.Flags()
	decimalVar(fl, &f.workers, "workers", "w", 0, "worker goroutines (default: one per core)")
	decimalVar(fl, &f.chunk, "chunk", "", 0, "the most trials a worker fights between saves of its progress (default 0: as many as take about 20 ms; does not change results)")
}

// registerTrialCount adds --trials alone, for commands that run no trials
// here but fix how many run elsewhere.
func (f *runFlags) registerTrialCount(cmd *cobra.Command) {
	decimalVar(cmd.Flags(), &f.trials, "trials", "n", 0, "`N` trials per scenario (default: the scenario file's trials field, else 10000)")
}

// registerShard adds --shard.
func (f *runFlags) registerShard(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.shard, "shard", "", "run only shard `K/N` of the trials (K from 0 to N-1); crucible merge joins the shards")
}

// registerSet adds --set and --unset, and lets load read a scenario
// given as "-" from the command's standard input.
func (f *runFlags) registerSet(cmd *cobra.Command) {
	cmd.Flags().StringArrayVar(&f.sets, "set", nil, "override a scenario field, `PATH=VALUE` (repeatable), e.g. options.tie-rule=underdog or 'b={ship: N2b}' (a value in [ ], { } or quotes is YAML)")
	cmd.Flags().StringArrayVar(&f.unsets, "unset", nil, "remove a scenario field, `PATH` (repeatable), before any --set, e.g. b.npc")
	f.stdin.in, f.stdin.ctx = cmd.InOrStdin, cmd.Context
}

// plan checks the flag values and returns the run they describe.
func (f *runFlags) plan(cmd *cobra.Command) (analysis.Run, error) {
	fl := cmd.Flags()
	if fl.Lookup("trials") != nil && fl.Changed("trials") {
		if f.trials < 1 || f.trials > sim.MaxTrials {
			return analysis.Run{}, usageError("--trials %d: allowed: an integer from 1 to %d", f.trials, int64(sim.MaxTrials))
		}
	}
	if fl.Lookup("workers") != nil && fl.Changed("workers") && (f.workers < 1 || f.workers > sim.MaxWorkers) {
		return analysis.Run{}, usageError("--workers %d: allowed: an integer from 1 to %d (default: one per core)", f.workers, sim.MaxWorkers)
	}
	if fl.Lookup("chunk") != nil && (f.chunk < 0 || f.chunk > sim.MaxTrials) {
		return analysis.Run{}, usageError("--chunk %d: allowed: an integer from 1 to %d, or 0 (the default) for chunks of about 20 ms of work", f.chunk, int64(sim.MaxTrials))
	}
	shard, err := sim.ParseShard(f.shard)
	if err != nil {
		return analysis.Run{}, usageError("%v", err)
	}
	seed, err := f.resolveSeed(cmd)
	if err != nil {
		return analysis.Run{}, err
	}
	return analysis.Run{
		Seed: seed, Trials: f.trials, Shard: shard, Workers: f.workers, Chunk: f.chunk,
		Version: version, Progress: newProgress(cmd),
	}, nil
}

// resolveSeed returns the master seed, drawing one when --seed was not
// given and saying so on stderr so that the run can be repeated.
func (f *runFlags) resolveSeed(cmd *cobra.Command) (uint64, error) {
	if cmd.Flags().Changed("seed") {
		return f.seed, nil
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	// Keep drawn seeds below 2^53 so that every JSON reader holds them exactly.
	s := binary.LittleEndian.Uint64(b[:]) >> 11
	f.seed, f.drawn = s, true
	if !f.quietSeed {
		f.announceSeed(cmd)
	}
	return s, nil
}

// announceSeed says on stderr which seed was drawn, if one was, so that
// the run can be repeated.
func (f *runFlags) announceSeed(cmd *cobra.Command) {
	if f.drawn {
		// At most 16 digits: the line fits 80 columns.
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: random seed %d (add --seed %d to repeat)\n", cmd.Root().Name(), f.seed, f.seed)
	}
}

// load reads a scenario and applies the --unset and --set overrides. A
// malformed override is bad usage; a value the scenario rejects is the
// scenario's error, located at the override.
func (f *runFlags) load(ref string) (*scenarios.Scenario, error) {
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
	for _, s := range f.sets {
		if err := sc.Set(s); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// loadAll reads and compiles every scenario before the first battle, so
// that a typo in the last file costs no computing time.
func (f *runFlags) loadAll(refs []string) ([]*scenarios.Scenario, error) {
	var out []*scenarios.Scenario
	for _, ref := range refs {
		sc, err := f.load(ref)
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

// checkAlpha refuses a false-alarm rate outside [minAlpha, maxAlpha],
// NaN included.
func checkAlpha(alpha float64) error {
	if !(alpha >= minAlpha && alpha <= maxAlpha) {
		return usageError("--alpha %g: allowed: a number from %g to %g", alpha, minAlpha, maxAlpha)
	}
	return nil
}

// checkFormat refuses an output format the command does not write.
func checkFormat(f string, allowed ...string) error {
	for _, a := range allowed {
		if f == a {
			return nil
		}
	}
	return usageError("--format %q: allowed: %s", f, strings.Join(allowed, ", "))
}
