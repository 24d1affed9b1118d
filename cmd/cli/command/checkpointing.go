package command

import (
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/reports/outdir"
	"github.com/crucible-sim/crucible/sim"
)

// Checkpointing is what a command that fights battles needs to survive a
// kill: the flags --out, --resume and --checkpoint-every, and the
// checkpoints it saved last into the report directory.
type Checkpointing struct {
	Out    string
	resume bool
	every  time.Duration

	mu     sync.Mutex
	last   []*sim.Checkpoint // the checkpoints saved last
	warned bool
}

// Register adds --out (described by outHelp), --resume and
// --checkpoint-every.
func (c *Checkpointing) Register(cmd *cobra.Command, outHelp string) {
	fl := cmd.Flags()
	fl.StringVarP(&c.Out, "out", "o", "", outHelp)
	fl.BoolVar(&c.resume, "resume", false, "finish the interrupted command whose checkpoint is in the --out directory")
	fl.DurationVar(&c.every, "checkpoint-every", analysis.DefaultSaveEvery, "with --out, save the checkpoint this often, so that a killed command can be resumed")
}

// Check refuses flags that make no sense together.
func (c *Checkpointing) Check() error {
	if c.resume && c.Out == "" {
		return UsageError("--resume needs the --out directory of the interrupted command")
	}
	if c.every <= 0 {
		return UsageError("--checkpoint-every %v: allowed: a positive duration, e.g. 5s", c.every)
	}
	return nil
}

// Prior reads the checkpoints a --resume continues from, nil without
// --resume. The command takes their seed unless --seed names one, so it
// must be called before the seed is resolved.
func (c *Checkpointing) Prior(cmd *cobra.Command) ([]*sim.Checkpoint, error) {
	if !c.resume {
		return nil, nil
	}
	prior, err := outdir.ReadCheckpoints(c.Out)
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	if len(prior) > 0 && !cmd.Flags().Changed("seed") {
		cmd.Flags().Set("seed", strconv.FormatUint(prior[0].Seed, 10))
	}
	if prior == nil {
		prior = []*sim.Checkpoint{}
	}
	return prior, nil
}

// Plan checks the flags, reads the checkpoints a --resume continues from
// (before the seed is resolved, since the command takes theirs) and plans
// the run of rf that resumes from them (Run.Resume).
func (c *Checkpointing) Plan(cmd *cobra.Command, rf *RunFlags) (analysis.Run, error) {
	if err := c.Check(); err != nil {
		return analysis.Run{}, err
	}
	prior, err := c.Prior(cmd)
	if err != nil {
		return analysis.Run{}, err
	}
	run, err := rf.Plan(cmd)
	if err != nil {
		return run, err
	}
	run.Resume = prior
	return run, nil
}

// Open opens the --out directory (nil without --out), before the first
// trial, so that a command cannot end unable to save what it did, and
// makes run save its checkpoints into it.
func (c *Checkpointing) Open(cmd *cobra.Command, run *analysis.Run) (*outdir.Dir, error) {
	if c.Out == "" {
		return nil, nil
	}
	od, err := outdir.Open(c.Out)
	if err != nil {
		return nil, err
	}
	od.Command = Reproduce(cmd, run.Seed)
	run.Save, run.SaveEvery = func(cs []*sim.Checkpoint) { c.save(cmd, od, cs) }, c.every
	run.TallyFile = od.TallyFile
	return od, nil
}

// save saves cs into od, warning once on stderr if a save fails (the
// command goes on; its results are still printed).
func (c *Checkpointing) save(cmd *cobra.Command, od *outdir.Dir, cs []*sim.Checkpoint) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = cs
	if err := od.SaveCheckpoints(cs); err != nil && !c.warned {
		c.warned = true
		Notice(cmd, "warning: cannot save the checkpoint: %v", err)
	}
}

// States returns the checkpoints a report of the command must carry: none
// after a command that finished, else the last saved (saying so on stderr
// after an interrupt), so that a report never deletes the checkpoint of
// work left to do.
func (c *Checkpointing) States(cmd *cobra.Command, runErr error) []*sim.Checkpoint {
	c.mu.Lock()
	defer c.mu.Unlock()
	if runErr == nil {
		return nil
	}
	if analysis.Interrupted(runErr) && c.last != nil {
		Notice(cmd, "checkpoint written to %s", filepath.Join(c.Out, outdir.CheckpointFile))
		Notice(cmd, "to finish, give the same command and --resume")
	}
	return c.last
}
