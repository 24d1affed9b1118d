package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Checkpoint is the state of an interrupted run of one scenario: enough to
// finish it later with totals identical to an uninterrupted run.
type Checkpoint struct {
	Scenario string `json:"scenario"`
	Hash     string `json:"scenario_hash"`
	Seed     uint64 `json:"seed"`
	First    int64  `json:"first_trial"`
	Trials   int64  `json:"trials"`
	Chunk    int64  `json:"chunk"`
	// Done lists the finished chunks (see Chunks.String).
	Done  string `json:"done_chunks"`
	Tally *Tally `json:"tally"`
}

// Matches reports why job cannot resume from c, or nil if it can.
func (c *Checkpoint) Matches(hash string, job Job) error {
	switch {
	case c.Hash != hash:
		return fmt.Errorf("the scenario changed since the checkpoint (hash %s, now %s)", c.Hash, hash)
	case c.Seed != job.Seed:
		return fmt.Errorf("the checkpoint ran seed %d, not %d", c.Seed, job.Seed)
	case c.First != job.First || c.Trials != job.Trials:
		return fmt.Errorf("the checkpoint covers trials %d..%d, not %d..%d", c.First, c.First+c.Trials-1, job.First, job.First+job.Trials-1)
	case c.Chunk != job.chunkSize():
		return fmt.Errorf("the checkpoint used --chunk %d, not %d", c.Chunk, job.chunkSize())
	}
	return nil
}

// NewCheckpoint records the state of job after a (partial) run: the tally
// t of the chunks done lists (in the form of Chunks.String).
func NewCheckpoint(scenario, hash string, job Job, t *Tally, done string) *Checkpoint {
	return &Checkpoint{Scenario: scenario, Hash: hash, Seed: job.Seed, First: job.First,
		Trials: job.Trials, Chunk: job.chunkSize(), Done: done, Tally: t}
}

// Resume prepares job to finish c's run: it returns the chunk record to set
// as job.Chunks, checking that the record and the tally agree.
func (c *Checkpoint) Resume(job Job) (*Chunks, error) {
	chunks, err := ParseChunks(c.Done, job.NumChunks())
	if err != nil {
		return nil, err
	}
	var trials int64
	for i := int64(0); i < chunks.Len(); i++ {
		if chunks.Done(i) {
			trials += min(job.chunkSize(), job.Trials-i*job.chunkSize())
		}
	}
	if c.Tally == nil || c.Tally.Trials != trials {
		return nil, fmt.Errorf("checkpoint of %s is inconsistent: its chunks hold %d trials, its tally %v", c.Scenario, trials, c.Tally)
	}
	return chunks, nil
}

// checkpointFile is a checkpoint file: the checkpoints and the SHA-256 of
// their bytes as written, so that a damaged file is told from a good one.
type checkpointFile struct {
	SHA256      string          `json:"sha256"`
	Checkpoints json.RawMessage `json:"checkpoints"`
}

// MarshalCheckpoints writes a checkpoint file.
func MarshalCheckpoints(cs []*Checkpoint) ([]byte, error) {
	body, err := json.Marshal(cs)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	b, err := json.Marshal(checkpointFile{SHA256: hex.EncodeToString(sum[:]), Checkpoints: body})
	return append(b, '\n'), err
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
