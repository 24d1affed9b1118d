package sim

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// A sealed checkpoint is written as the checkpoint itself, byte for byte,
// and unsealed gives back its tally, from which the run resumes.
func TestSealedCheckpointIsTheSame(t *testing.T) {
	job, c := finishedCheckpoint(t, "s", 3000)
	tally := c.Tally
	c.Part = "point 2"
	var shelf Shelf
	sealed, err := c.Seal(&shelf)
	if err != nil {
		t.Fatal(err)
	}
	if sealed.Tally != nil {
		t.Error("a sealed checkpoint keeps its tally")
	}
	want, _ := MarshalCheckpoints([]*Checkpoint{c})
	if got, _ := MarshalCheckpoints([]*Checkpoint{sealed}); !bytes.Equal(got, want) {
		t.Errorf("sealed, the checkpoint is written\n%s\nnot\n%s", got, want)
	}
	if got, want := mustJSON(t, sealed), mustJSON(t, c); !bytes.Equal(got, want) {
		t.Errorf("sealed, the checkpoint alone is written\n%s\nnot\n%s", got, want)
	}
	if again, _ := sealed.Seal(&shelf); again != sealed {
		t.Error("sealing a sealed checkpoint made another")
	}
	back, err := sealed.Unseal()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(back.Tally); !bytes.Equal(got, mustJSON(t, tally)) {
		t.Errorf("unsealed tally %s, want %s", got, mustJSON(t, tally))
	}
	job.Finished = nil
	if done, err := back.Resume(job); err != nil || done.Count() != 3000 {
		t.Errorf("resuming from the unsealed checkpoint: %v, %v", done, err)
	}
	if same, _ := c.Unseal(); same != c {
		t.Error("unsealing a checkpoint that is not sealed made another")
	}
}

// Checkpoints of one battle sealed by one command share its layout, kept
// once; another battle's is kept beside it.
func TestSealedCheckpointsShareTheirLayout(t *testing.T) {
	var shelf Shelf
	var sealed []*Checkpoint
	for i, tally := range []*Tally{ledgerTally(t, 10), ledgerTally(t, 20), winTally()} {
		c, err := NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "").Seal(&shelf)
		if err != nil {
			t.Fatal(err)
		}
		c.Part = fmt.Sprint("point ", i)
		sealed = append(sealed, c)
	}
	if sealed[0].layout != sealed[1].layout || sealed[0].layout == sealed[2].layout || len(shelf.layouts.list) != 2 {
		t.Errorf("%d layouts kept for two battles; the ledger's tallies share theirs: %v", len(shelf.layouts.list), sealed[0].layout == sealed[1].layout)
	}
}

// A checkpoint file holds each battle's layout once and every tally sparse
// against it; what it holds reads back as the checkpoints written, sealed
// or not, with a tally or without.
func TestMarshalCheckpointsWritesTheFileFormat(t *testing.T) {
	_, c := finishedCheckpoint(t, "a<b>", 500)
	_, other := finishedCheckpoint(t, "s", 500)
	var shelf Shelf
	sealed, _ := other.Seal(&shelf)
	ledger := NewCheckpoint("l", "h", "v", Job{Trials: 30}, ledgerTally(t, 30), "0-29")
	empty := NewCheckpoint("e", "h", "v", Job{Trials: 30}, nil, "")
	for _, cs := range [][]*Checkpoint{nil, {}, {c}, {c, sealed, empty, ledger}} {
		got, err := MarshalCheckpoints(cs)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			SHA256      string
			Checkpoints json.RawMessage
		}
		if err := json.Unmarshal(got, &f); err != nil {
			t.Fatal(err)
		}
		var body struct {
			Format  int
			Layouts []Layout
			Parts   []map[string]any
		}
		if err := json.Unmarshal(f.Checkpoints, &body); err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(f.Checkpoints); f.SHA256 != hex.EncodeToString(sum[:]) || body.Format != 2 || len(body.Parts) != len(cs) {
			t.Errorf("%d checkpoints: format %d, %d parts, checksum %s of %s", len(cs), body.Format, len(body.Parts), f.SHA256, f.Checkpoints)
		}
		if want := min(len(cs), 1) + len(cs)/4; len(body.Layouts) != want {
			t.Errorf("%d checkpoints: %d layouts, want %d (the coin's once, the ledger's)", len(cs), len(body.Layouts), want)
		}
		back, err := UnmarshalCheckpoints(got)
		if err != nil || len(back) != len(cs) {
			t.Fatalf("%d checkpoints read back as %d: %v", len(cs), len(back), err)
		}
		for i := range cs {
			if a, b := mustJSON(t, back[i]), mustJSON(t, cs[i]); !bytes.Equal(a, b) {
				t.Errorf("checkpoint %d read back as\n%s\nnot\n%s", i, a, b)
			}
		}
		// The checksum comes last, so the body is hashed as it is written;
		// a file with it first, as crucible wrote them before, reads the same.
		if !bytes.HasPrefix(got, []byte(`{"checkpoints":`)) || !bytes.HasSuffix(got, []byte(`"}`+"\n")) {
			t.Errorf("%d checkpoints: the file does not open with its checkpoints and end with its checksum: %.40s…", len(cs), got)
		}
		first := fmt.Appendf(nil, `{"sha256":%q,"checkpoints":%s}`, f.SHA256, f.Checkpoints)
		if old, err := UnmarshalCheckpoints(first); err != nil || !bytes.Equal(mustJSON(t, old), mustJSON(t, back)) {
			t.Errorf("%d checkpoints with the checksum first: %v", len(cs), err)
		}
	}
}

// A file of format 1, as crucible wrote it before tallies were sparse (a
// list of checkpoints whose tallies carry their names), is read, so that
// a resume under this version is refused for the version that wrote it; a
// format this crucible does not know is refused, naming those it reads.
func TestCheckpointFormats(t *testing.T) {
	_, c := finishedCheckpoint(t, "s", 500)
	c.Version = "0.1.9"
	body := mustJSON(t, []*Checkpoint{c, NewCheckpoint("e", "h", "0.1.9", Job{Trials: 3}, nil, "")})
	back, err := UnmarshalCheckpoints(fileOf(t, body))
	if err != nil || len(back) != 2 {
		t.Fatalf("format 1 read as %d checkpoints: %v", len(back), err)
	}
	if a, b := mustJSON(t, back[0]), mustJSON(t, c); !bytes.Equal(a, b) {
		t.Errorf("format 1 read back as\n%s\nnot\n%s", a, b)
	}
	if err := back[0].Matches("h", "0.2.0", Job{Seed: c.Seed, Trials: c.Trials}); err == nil || !strings.Contains(err.Error(), "written by crucible 0.1.9, this is 0.2.0") {
		t.Errorf("a format 1 checkpoint under another version: %v", err)
	}
	if cs, err := UnmarshalCheckpoints(fileOf(t, []byte("null"))); err != nil || cs != nil {
		t.Errorf("format 1 without checkpoints: %v, %v", cs, err)
	}
	for _, bad := range []struct{ body, want string }{
		{`{"format":3,"layouts":[],"parts":[]}`, "format 3; this crucible reads formats 1 and 2"},
		{`[null]`, "part 0 is null"},
		{`{"format":2,"layouts":[null],"parts":[]}`, "layout 0 is null"},
		{`{"format":2,"layouts":[{"ends":["x","x"],"counters":[]}],"parts":[]}`, `end reason 1 "x" is empty or repeated`},
		{`{"format":2,"layouts":[{"ends":["x"],"counters":["a"],"dists":[1]}],"parts":[]}`, "dists [1] are not increasing indices of the 1 counters"},
		{`{"format":2,"layouts":[{"ends":["x"],"counters":["a","b"],"dists":[0],"win_dists":[1]}],"parts":[]}`, "win_dists names counter 1"},
		{`{"format":2,"layouts":[],"parts":[{"scenario":"s","part":"point 1","tally":{}}]}`, "s point 1: its tally_layout is not one of the 0 layouts"},
		{`{"format":2,"layouts":[],"parts":[{"scenario":"s","tally_layout":0,"tally":null}]}`, "a tally_layout without a tally"},
	} {
		if _, err := UnmarshalCheckpoints(fileOf(t, []byte(bad.body))); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: got %v, want an error saying %q", bad.body, err, bad.want)
		}
	}
}

// fileOf returns a checkpoint file of the checkpoints member body.
func fileOf(t *testing.T, body []byte) []byte {
	t.Helper()
	sum := sha256.Sum256(body)
	return append(mustJSON(t, checkpointFile{SHA256: hex.EncodeToString(sum[:]), Checkpoints: body}), '\n')
}

// finishedCheckpoint returns the job of a run of the coin battle and the
// checkpoint of the scenario named scenario that it finished.
func finishedCheckpoint(t *testing.T, scenario string, trials int64) (Job, *Checkpoint) {
	t.Helper()
	job := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 5, Trials: trials, Finished: NewFinished(0, trials)}
	tally, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	return job, NewCheckpoint(scenario, "h", "v", job, tally, job.Finished.String())
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzCheckpoint: no checkpoint file, however damaged, may crash reading it
// or resuming from it; what reads back resumes only a consistent record.
func FuzzCheckpoint(f *testing.F) {
	var shelf Shelf
	ledger, _ := NewCheckpoint("l", "h", "v", Job{Trials: 30}, ledgerTally(f, 30), "0-29").Seal(&shelf)
	for _, cs := range [][]*Checkpoint{
		{NewCheckpoint("s", "h", "v", Job{Trials: 3000}, NewTally(coinBattle{}.Spec()), "")},
		{ledger, NewCheckpoint("e", "h", "v", Job{Trials: 30}, nil, "")},
	} {
		good, err := MarshalCheckpoints(cs)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(good)
	}
	f.Add([]byte(`{"sha256":"x","checkpoints":[]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cs, err := UnmarshalCheckpoints(data)
		if err != nil {
			return
		}
		for _, c := range cs {
			c, err := c.Unseal()
			if err != nil {
				t.Fatalf("a checkpoint read could not be unsealed: %v", err)
			}
			job := Job{Seed: c.Seed, First: c.First, Trials: c.Trials}
			if job.check() != nil {
				continue
			}
			if done, err := c.Resume(job); err == nil && (done.Count() > job.Trials || c.Tally != nil && done.Count() != c.Tally.Trials || c.Tally == nil && done.Count() != 0) {
				t.Fatalf("a record of %d trials marks %d, its tally %v", job.Trials, done.Count(), c.Tally)
			}
		}
	})
}

// BenchmarkEncodeCheckpoints saves what a sweep of 2,000 finished points
// keeps: as many sealed checkpoints of one battle (the work of every save).
func BenchmarkEncodeCheckpoints(b *testing.B) {
	var shelf Shelf
	cs := make([]*Checkpoint, 2000)
	for i := range cs {
		tally := ledgerTally(b, int64(10+i%7))
		c, err := NewCheckpoint("s", "h", "v", Job{Trials: tally.Trials}, tally, "").Seal(&shelf)
		if err != nil {
			b.Fatal(err)
		}
		c.Part = fmt.Sprint("point ", i)
		cs[i] = c
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := EncodeCheckpoints(io.Discard, cs); err != nil {
			b.Fatal(err)
		}
	}
}
