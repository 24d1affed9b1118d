package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
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
	Done  string `json:"done_trials"`
	Tally *Tally `json:"tally"`
	// sealed is the tally as JSON in a sealed checkpoint (see Seal), whose
	// Tally is nil.
	sealed json.RawMessage
}

// Seal returns c with its tally kept as the JSON a checkpoint file holds,
// which MarshalCheckpoints writes as it is and Unseal reads back. A
// command that keeps a checkpoint of every part it finished (a sweep's
// points) keeps them sealed: a tally's histograms are dense in memory (a
// lifespan's seconds take tens of kilobytes, however few its trials) and
// sparse in JSON.
func (c *Checkpoint) Seal() (*Checkpoint, error) {
	if c.sealed != nil {
		return c, nil
	}
	data, err := json.Marshal(c.Tally)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
	}
	s := *c
	s.Tally, s.sealed = nil, data
	return &s, nil
}

// Unseal returns c with its tally read back, c itself if it is not sealed.
func (c *Checkpoint) Unseal() (*Checkpoint, error) {
	if c.sealed == nil {
		return c, nil
	}
	u := *c
	u.Tally, u.sealed = new(Tally), nil
	if err := json.Unmarshal(c.sealed, u.Tally); err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
	}
	return &u, nil
}

// MarshalJSON writes the checkpoint, a sealed one's tally as it was
// sealed.
func (c *Checkpoint) MarshalJSON() ([]byte, error) {
	type plain Checkpoint // without this method
	if c.sealed == nil {
		return json.Marshal((*plain)(c))
	}
	return json.Marshal(struct {
		*plain
		Tally json.RawMessage `json:"tally"` // in the place of plain's
	}{(*plain)(c), c.sealed})
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
// agree.
func (c *Checkpoint) Resume(job Job) (*Finished, error) {
	f, err := ParseFinished(c.Done, job.First, job.Trials)
	if err != nil {
		return nil, fmt.Errorf("checkpoint of %s: %w", c.Scenario, err)
	}
	if c.Tally == nil || c.Tally.Trials != f.Count() {
		return nil, fmt.Errorf("checkpoint of %s is inconsistent: its record holds %d trials, its tally %v", c.Scenario, f.Count(), c.Tally)
	}
	return f, nil
}

// checkpointFile is a checkpoint file: the checkpoints and the SHA-256 of
// their bytes as written, so that a damaged file is told from a good one.
type checkpointFile struct {
	SHA256      string          `json:"sha256"`
	Checkpoints json.RawMessage `json:"checkpoints"`
}

// MarshalCheckpoints returns a checkpoint file (see EncodeCheckpoints).
func MarshalCheckpoints(cs []*Checkpoint) ([]byte, error) {
	var b bytes.Buffer
	err := EncodeCheckpoints(&b, cs)
	return b.Bytes(), err
}

// EncodeCheckpoints writes a checkpoint file to w: the bytes encoding/json
// gives a checkpointFile, written one checkpoint at a time, so that a
// checkpoint of tens of megabytes (a sweep of 10,000 points) is never
// whole in memory, nor copied as encoding/json would copy it. The
// checksum comes first in the file, so the checkpoints are encoded twice:
// once for it, once to write them.
func EncodeCheckpoints(w io.Writer, cs []*Checkpoint) error {
	sum := sha256.New()
	if err := encodeList(sum, cs); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, `{"sha256":%q,"checkpoints":`, hex.EncodeToString(sum.Sum(nil))); err != nil {
		return err
	}
	if err := encodeList(w, cs); err != nil {
		return err
	}
	_, err := io.WriteString(w, "}\n")
	return err
}

// encodeList writes cs as json.Marshal does.
func encodeList(w io.Writer, cs []*Checkpoint) error {
	if cs == nil {
		_, err := io.WriteString(w, "null")
		return err
	}
	sep := "["
	for _, c := range cs {
		data, err := json.Marshal(c)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		sep = ","
	}
	if sep == "[" {
		_, err := io.WriteString(w, "[]")
		return err
	}
	_, err := io.WriteString(w, "]")
	return err
}

// UnmarshalCheckpoints reads a checkpoint file, refusing one that is
// damaged (cut short, or changed since it was written).
func UnmarshalCheckpoints(data []byte) ([]*Checkpoint, error) {
	var f checkpointFile
	if err := json.Unmarshal(data, &f); err != nil || f.SHA256 == "" {
		return nil, fmt.Errorf("not a crucible checkpoint, or a damaged one (%v); run again without --resume to start over", err)
	}
	if sum := sha256.Sum256(f.Checkpoints); hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, fmt.Errorf("the checkpoint is damaged (its checksum does not match its contents); run again without --resume to start over")
	}
	var cs []*Checkpoint
	if err := json.Unmarshal(f.Checkpoints, &cs); err != nil {
		return nil, fmt.Errorf("not a crucible checkpoint: %w", err)
	}
	return cs, nil
}
