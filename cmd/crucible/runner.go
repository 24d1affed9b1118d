package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// runFlags are the flags shared by every command that fights battles.
type runFlags struct {
	trials  int64
	seed    uint64
	workers int
	chunk   int
	sets    []string
	shard   string
}

// defaultTrials is used when neither --trials nor the scenario says.
const defaultTrials = 10000

func (f *runFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.Int64VarP(&f.trials, "trials", "n", 0, "`N` trials per scenario (default: the scenario file's trials field, else 10000)")
	fl.Uint64Var(&f.seed, "seed", 0, "master `seed` (default: drawn at random and printed)")
	fl.IntVarP(&f.workers, "workers", "w", 0, "worker goroutines (default: one per core)")
	fl.IntVar(&f.chunk, "chunk", sim.DefaultChunk, "trials per chunk of work (does not change results)")
	fl.StringArrayVar(&f.sets, "set", nil, "override a scenario field, `PATH=VALUE` (repeatable), e.g. options.tie-rule=underdog")
	fl.StringVar(&f.shard, "shard", "", "run only shard `K/N` of the trials (K from 0 to N-1); crucible merge joins the shards")
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
	fmt.Fprintf(cmd.ErrOrStderr(), "crucible: seed %d (drawn at random; pass --seed %d to repeat)\n", s, s)
	return s, nil
}

// load reads a scenario and applies the --set overrides.
func (f *runFlags) load(ref string) (*scenarios.Scenario, error) {
	sc, err := scenarios.Load(ref)
	if err != nil {
		return nil, err
	}
	for _, s := range f.sets {
		if err := sc.Set(s); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// parseShard reads "K/N".
func parseShard(s string) (k, n int64, err error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.ParseInt(a, 10, 64)
	n, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return 0, 0, fmt.Errorf("--shard %q: want K/N with 0 ≤ K < N, e.g. 0/4", s)
	}
	return k, n, nil
}

// fight runs one scenario and returns its result and a checkpoint of the
// run's state. prior, if not nil, is the checkpoint of an interrupted run of
// the same scenario to finish. On an interrupt the result covers the
// completed chunks and the error is context.Canceled.
func (f *runFlags) fight(ctx context.Context, cmd *cobra.Command, sc *scenarios.Scenario, seed uint64, prior *sim.Checkpoint) (*analysis.Result, *sim.Checkpoint, error) {
	battle, err := sc.Compile()
	if err != nil {
		return nil, nil, err
	}
	total := f.trials
	if total == 0 {
		total = sc.Trials
	}
	if total == 0 {
		total = defaultTrials
	}
	if total < 0 {
		return nil, nil, fmt.Errorf("--trials must be ≥ 1, got %d", total)
	}
	k, n, err := parseShard(f.shard)
	if err != nil {
		return nil, nil, err
	}
	first := total * k / n
	job := sim.Job{
		Battle: battle, Key: sim.Key(sc.Name), Seed: seed,
		First: first, Trials: total*(k+1)/n - first, Workers: f.workers, Chunk: f.chunk,
	}
	job.Chunks = sim.NewChunks(job.NumChunks())
	if prior != nil {
		if err := prior.Matches(sc.Hash(), job); err != nil {
			return nil, nil, fmt.Errorf("cannot resume %s: %w", sc.Name, err)
		}
		if job.Chunks, err = prior.Resume(job); err != nil {
			return nil, nil, err
		}
	}
	var done atomic.Int64
	if prior != nil {
		done.Store(prior.Tally.Trials)
	}
	job.Done = &done
	stopProgress := showProgress(cmd.ErrOrStderr(), sc.Name, job.Trials, &done)
	tally, err := sim.Run(ctx, job)
	stopProgress()
	if tally == nil {
		return nil, nil, err
	}
	if prior != nil {
		if merr := tally.Merge(prior.Tally); merr != nil {
			return nil, nil, merr
		}
	}
	res := &analysis.Result{
		Scenario: sc.Name, Ruleset: sc.Ruleset, Hash: sc.Hash(), Version: version,
		Seed: seed, Spec: battle.Spec(), Tally: tally, Planned: job.Trials, First: first,
	}
	if f.shard != "" {
		res.Shard = fmt.Sprintf("%d/%d", k, n)
	}
	return res, sim.NewCheckpoint(sc.Name, sc.Hash(), job, tally), err
}

// showProgress draws a progress bar on w when w is a terminal and the run
// outlasts one second; on a pipe it draws nothing. The returned function
// stops and clears it.
func showProgress(w io.Writer, name string, total int64, done *atomic.Int64) func() {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || total <= 0 {
		return func() {}
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
		bar := progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(f), progressbar.OptionSetDescription(name),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				bar.Set64(done.Load())
				bar.Clear()
				return
			case <-t.C:
				bar.Set64(done.Load())
			}
		}
	}()
	return func() {
		close(stop)
		<-finished
	}
}

// interrupted reports whether err came from Ctrl-C (or SIGTERM).
func interrupted(err error) bool {
	return errors.Is(err, context.Canceled)
}
