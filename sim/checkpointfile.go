package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
)

// A checkpoint file is
//
//	{"checkpoints":{"format":2,"layouts":[…],"parts":[…]},"sha256":"…"}
//
// where sha256 is the SHA-256 of the bytes of the checkpoints member as
// written, so that a damaged file is told from a good one. It comes last
// so that the checkpoints are encoded once, hashed as they are written;
// a reader takes the members in either order (crucible before this one
// wrote sha256 first). Each part is a
// checkpoint whose tally, if it has one, is sparse (sparse.go) against the
// layout tally_layout indexes: the names of a battle's end reasons and
// counters are written once, however many parts tally it. Format 1 (the
// checkpoints member a list of checkpoints whose tallies carry their
// names, written by crucible 0.2.0 until this one) is read too, so that a
// resume under another version is refused for its version
// (Checkpoint.Matches), not for its file.
const checkpointFormat = 2

// checkpointFile is a checkpoint file as read.
type checkpointFile struct {
	SHA256      string          `json:"sha256"`
	Checkpoints json.RawMessage `json:"checkpoints"`
}

// checkpointBody is the checkpoints member of a format 2 file as read.
type checkpointBody struct {
	Format  int        `json:"format"`
	Layouts []*Layout  `json:"layouts"`
	Parts   []partJSON `json:"parts"`
}

// checkpointFields is a Checkpoint without its methods, for encoding/json.
type checkpointFields Checkpoint

// partJSON is a checkpoint of a format 2 file: its fields, its tally as
// sparse JSON and the index of the tally's layout (nil without a tally).
type partJSON struct {
	checkpointFields
	Layout *int            `json:"tally_layout,omitempty"`
	Tally  json.RawMessage `json:"tally"` // in the place of checkpointFields'
}

// MarshalCheckpoints returns a checkpoint file (see EncodeCheckpoints).
func MarshalCheckpoints(cs []*Checkpoint) ([]byte, error) {
	var b bytes.Buffer
	err := EncodeCheckpoints(&b, cs)
	return b.Bytes(), err
}

// EncodeCheckpoints writes a checkpoint file of cs to w, one checkpoint at
// a time, so that a checkpoint of a sweep of 10,000 points is never whole
// in memory, nor copied as encoding/json would copy it.
func EncodeCheckpoints(w io.Writer, cs []*Checkpoint) error {
	var layouts Layouts
	at := make([]int, len(cs))
	for i, c := range cs {
		switch {
		case c.isSealed():
			at[i] = layouts.index(c.layout)
		case c.Tally != nil:
			at[i] = layouts.index(layoutOf(c.Tally))
		default:
			at[i] = -1
		}
	}
	if _, err := io.WriteString(w, `{"checkpoints":`); err != nil {
		return err
	}
	sum := sha256.New()
	if err := encodeBody(io.MultiWriter(w, sum), cs, layouts.list, at); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, ",\"sha256\":%q}\n", hex.EncodeToString(sum.Sum(nil)))
	return err
}

// encodeBody writes the checkpoints member of a file of cs, whose tallies'
// layouts are at in layouts (-1 for none).
func encodeBody(w io.Writer, cs []*Checkpoint, layouts []*Layout, at []int) error {
	head, err := json.Marshal(layouts)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, `{"format":%d,"layouts":%s,"parts":[`, checkpointFormat, head); err != nil {
		return err
	}
	var buf []byte // a shelved tally's JSON, read back
	for i, c := range cs {
		if i > 0 {
			if _, err := io.WriteString(w, ","); err != nil {
				return err
			}
		}
		if buf, err = writePart(w, c, at[i], buf); err != nil {
			return err
		}
	}
	_, err = io.WriteString(w, "]}")
	return err
}

// writePart writes c as a part of a file, its tally against the layout of
// index layout, and returns buf, into which a tally on a shelf's file is
// read back (grown if it had not the room). A sealed tally's bytes are
// written as they are, not through encoding/json (which would check and
// copy each of a sweep's thousands of tallies at every save): the part's
// other fields are marshalled with a null tally, the last member, which
// the tally then replaces.
func writePart(w io.Writer, c *Checkpoint, layout int, buf []byte) ([]byte, error) {
	p := partJSON{checkpointFields: checkpointFields(*c)}
	p.checkpointFields.Tally = nil
	var tally []byte
	var err error
	switch {
	case c.shelved != nil:
		if tally, err = c.sealedJSON(buf); err != nil {
			return buf, err
		}
		buf = tally
	case c.sealed != nil:
		tally = c.sealed
	case c.Tally != nil:
		if tally, err = marshalSparse(c.Tally); err != nil {
			return buf, fmt.Errorf("checkpoint of %s: %w", c.Name(), err)
		}
	}
	if layout >= 0 {
		p.Layout = &layout
	}
	fields, err := json.Marshal(p)
	if err != nil {
		return buf, err
	}
	if tally == nil {
		_, err = w.Write(fields)
		return buf, err
	}
	const null = `null}`
	if !bytes.HasSuffix(fields, []byte(null)) {
		return buf, fmt.Errorf("checkpoint of %s: its fields do not end with the tally (%s)", c.Name(), fields)
	}
	for _, b := range [][]byte{fields[:len(fields)-len(null)], tally, []byte("}")} {
		if _, err := w.Write(b); err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// UnmarshalCheckpoints reads a checkpoint file, refusing one that is
// damaged (cut short, or changed since it was written) or whose tallies do
// not add up. The tallies of a format 2 file stay sealed, as a journal
// keeps its finished parts: Unseal reads them.
func UnmarshalCheckpoints(data []byte) ([]*Checkpoint, error) {
	var f checkpointFile
	if err := json.Unmarshal(data, &f); err != nil || f.SHA256 == "" {
		return nil, fmt.Errorf("not a crucible checkpoint, or a damaged one (%v); run again without --resume to start over", err)
	}
	if sum := sha256.Sum256(f.Checkpoints); hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, fmt.Errorf("the checkpoint is damaged (its checksum does not match its contents); run again without --resume to start over")
	}
	if body := bytes.TrimLeft(f.Checkpoints, " \t\r\n"); len(body) > 0 && (body[0] == '[' || body[0] == 'n') {
		return unmarshalFormat1(body)
	}
	var body checkpointBody
	if err := json.Unmarshal(f.Checkpoints, &body); err != nil {
		return nil, fmt.Errorf("not a crucible checkpoint: %w", err)
	}
	if body.Format != checkpointFormat {
		return nil, fmt.Errorf("a checkpoint of format %d; this crucible reads formats 1 and %d: run again without --resume to start over", body.Format, checkpointFormat)
	}
	for k, l := range body.Layouts {
		if l == nil {
			return nil, fmt.Errorf("not a crucible checkpoint: layout %d is null", k)
		}
		if err := l.check(); err != nil {
			return nil, fmt.Errorf("not a crucible checkpoint: layout %d: %w", k, err)
		}
	}
	cs := make([]*Checkpoint, len(body.Parts))
	for i := range body.Parts {
		c, err := body.Parts[i].checkpoint(body.Layouts)
		if err != nil {
			return nil, fmt.Errorf("not a crucible checkpoint: part %d: %w", i, err)
		}
		cs[i] = c
	}
	return cs, nil
}

// checkpoint returns the sealed checkpoint p holds, its tally checked.
func (p *partJSON) checkpoint(layouts []*Layout) (*Checkpoint, error) {
	c := Checkpoint(p.checkpointFields)
	c.Tally = nil
	if len(p.Tally) == 0 || string(p.Tally) == "null" {
		if p.Layout != nil {
			return nil, fmt.Errorf("%s: a tally_layout without a tally", c.Name())
		}
		return &c, nil
	}
	if p.Layout == nil || *p.Layout < 0 || *p.Layout >= len(layouts) {
		return nil, fmt.Errorf("%s: its tally_layout is not one of the %d layouts", c.Name(), len(layouts))
	}
	c.sealed, c.layout = p.Tally, layouts[*p.Layout]
	if _, err := c.Unseal(); err != nil {
		return nil, err
	}
	return &c, nil
}

// unmarshalFormat1 reads the checkpoints member of a format 1 file: a list
// of checkpoints whose tallies carry their names (null for none).
func unmarshalFormat1(body []byte) ([]*Checkpoint, error) {
	var cs []*Checkpoint
	if err := json.Unmarshal(body, &cs); err != nil {
		return nil, fmt.Errorf("not a crucible checkpoint: %w", err)
	}
	for i, c := range cs {
		if c == nil {
			return nil, fmt.Errorf("not a crucible checkpoint: part %d is null", i)
		}
	}
	return cs, nil
}
