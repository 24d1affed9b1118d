package sim

import (
	"encoding/json"
	"fmt"
)

// Checkpoint is the state of an interrupted run of one scenario: enough to
// finish it later with totals identical to an uninterrupted run.
type Checkpoint struct {
	Scenario string `json:"scenario"`
	// Part names the part of a command's work the checkpoint is of when
	// the command fights a scenario more than once (a sweep's point, a
	// look of a sequential check, a pass of a comparison); empty for the
	// one run of a scenario.
	Part string `json:"part,omitempty"`
	// Section names the run of a command the part belongs to when the
	// command decides its runs as it goes (a tune's probe, a balance
	// search's matrix: analysis.Sections); empty otherwise.
	Section string `json:"section,omitempty"`
	Hash    string `json:"scenario_hash"`
	// Version is the crucible version that wrote the checkpoint. A run
	// resumes only under the same version: another build may fight the
	// same trial differently, and its tally would not add up to any run's.
	Version string `json:"crucible_version"`
	Seed    uint64 `json:"seed"`
	First   int64  `json:"first_trial"`
	Trials  int64  `json:"trials"`
	// Done lists the finished trials (see Finished.String).
	Done string `json:"done_trials"`
	// Tally is the tally of the trials done: nil in a part not begun, and
	// in a sealed checkpoint (a journal's finished parts, a checkpoint
	// file's), which Unseal reads.
	Tally *Tally `json:"tally"`
	// sealed is the tally as the sparse JSON (sparse.go) a checkpoint
	// file holds, against layout, in a sealed checkpoint (see Seal), whose
	// Tally is nil; shelved says where that JSON is instead when a shelf
	// keeps it in its file.
	sealed  json.RawMessage
	shelved *shelved
	layout  *Layout
}

// Seal returns c with its tally kept as the sparse JSON a checkpoint file
// holds, on shelf, against its layout kept once there: EncodeCheckpoints
// writes it as it is and Unseal reads it back. A command that keeps a
// checkpoint of every part it finished (a sweep's points) keeps them
// sealed: a tally's histograms are dense in memory (a lifespan's seconds
// take tens of kilobytes, however few its trials), and most of a battle's
// counters stay at zero in a short run; sparse JSON keeps neither, and a
// shelf made by NewShelf keeps it out of memory. A checkpoint without a
// tally is sealed as it is; one sealed in memory (as a checkpoint file
// is read) is moved to a shelf that keeps its tallies in a file.
func (c *Checkpoint) Seal(shelf *Shelf) (*Checkpoint, error) {
	switch {
	case c.shelved != nil || c.Tally == nil && c.sealed == nil:
		return c, nil
	case c.sealed != nil:
		p := shelf.move(c.sealed)
		if p == nil {
			return c, nil
		}
		s := *c
		s.sealed, s.shelved = nil, p
		return &s, nil
	}
	data, err := marshalSparse(c.Tally)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
	}
	s := *c
	s.Tally = nil
	s.layout, s.shelved = shelf.seal(c.Tally, data)
	if s.shelved == nil {
		s.sealed = data
	}
	return &s, nil
}

// isSealed reports whether c's tally is kept sealed (see Seal).
func (c *Checkpoint) isSealed() bool { return c.sealed != nil || c.shelved != nil }

// sealedJSON returns a sealed checkpoint's tally as its sparse JSON, read
// into buf if the tally is on a shelf's file and buf has the room.
func (c *Checkpoint) sealedJSON(buf []byte) ([]byte, error) {
	if c.shelved == nil {
		return c.sealed, nil
	}
	data, err := c.shelved.read(buf)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
	}
	return data, nil
}

// Unseal returns c with its tally read back, c itself if it is not sealed.
func (c *Checkpoint) Unseal() (*Checkpoint, error) {
	if !c.isSealed() {
		return c, nil
	}
	data, err := c.sealedJSON(nil)
	if err != nil {
		return nil, err
	}
	t, err := unmarshalSparse(data, c.layout)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
	}
	u := *c
	u.Tally, u.sealed, u.shelved, u.layout = t, nil, nil, nil
	return &u, nil
}

// MarshalJSON writes the checkpoint alone, its tally with names (as a
// result's), a sealed one's unsealed; a checkpoint file writes its
// checkpoints' tallies sparse instead (EncodeCheckpoints).
func (c *Checkpoint) MarshalJSON() ([]byte, error) {
	type plain Checkpoint // without this method
	u, err := c.Unseal()
	if err != nil {
		return nil, err
	}
	return json.Marshal((*plain)(u))
}

// Matches reports why job, of the scenario with the given hash run by
// crucible version, cannot resume from c, or nil if it can.
func (c *Checkpoint) Matches(hash, version string, job Job) error {
	switch {
	case c.Version != version:
		return fmt.Errorf("the checkpoint was written by crucible %s, this is %s: a run resumes only under the version that began it (its trials could be fought differently); run again without --resume to start over", orUnknown(c.Version), version)
	case c.Hash != hash:
		return fmt.Errorf("the scenario changed since the checkpoint (hash %s, now %s)", c.Hash, hash)
	case c.Seed != job.Seed:
		return fmt.Errorf("the checkpoint ran seed %d, not %d", c.Seed, job.Seed)
	case c.First != job.First || c.Trials != job.Trials:
		return fmt.Errorf("the checkpoint covers trials %d..%d, not %d..%d", c.First, c.First+c.Trials-1, job.First, job.First+job.Trials-1)
	}
	return nil
}

// orUnknown names a version a checkpoint does not give (one written
// before checkpoints recorded it).
func orUnknown(v string) string {
	if v == "" {
		return "an earlier version"
	}
	return v
}

// NewCheckpoint records the state of job, of the scenario with the given
// hash run by crucible version, after a (partial) run: the tally t of the
// trials done lists (in the form of Finished.String).
func NewCheckpoint(scenario, hash, version string, job Job, t *Tally, done string) *Checkpoint {
	return &Checkpoint{Scenario: scenario, Hash: hash, Version: version, Seed: job.Seed, First: job.First,
		Trials: job.Trials, Done: done, Tally: t}
}

// Name names the checkpoint's scenario, section and part, e.g.
// "eclipse/shields point 3" or "eclipse/interceptors-for-70 (search
// attacker.ships.Interceptor=6) trials 0..999".
func (c *Checkpoint) Name() string {
	name := c.Scenario
	if c.Section != "" {
		name += " (" + c.Section + ")"
	}
	if c.Part != "" {
		name += " " + c.Part
	}
	return name
}

// Resume prepares job to finish c's run: it returns the record of finished
// trials to set as job.Finished, checking that the record and the tally
// agree. A checkpoint of a run not begun (no trial finished) may have no
// tally.
func (c *Checkpoint) Resume(job Job) (*Finished, error) {
	f, err := ParseFinished(c.Done, job.First, job.Trials)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Scenario, err)
	}
	if c.Tally == nil && f.Count() == 0 {
		return f, nil
	}
	if c.Tally == nil || c.Tally.Trials != f.Count() {
		return nil, fmt.Errorf("checkpoint of %s is inconsistent: its record holds %d trials, its tally %v", c.Scenario, f.Count(), c.Tally)
	}
	return f, nil
}
