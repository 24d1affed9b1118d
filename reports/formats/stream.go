package formats

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// StreamIndented writes v exactly as WriteIndented does, without building
// the whole document first: it walks the Objects and []json.Marshaler
// lists v is made of and marshals only their leaves, one at a time, so
// that a report of tens of thousands of points (a sweep's) is written in
// the memory of one point.
func StreamIndented(w io.Writer, v json.Marshaler) error {
	bw := bufio.NewWriter(w)
	if err := streamValue(bw, v, 0); err != nil {
		return err
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// streamValue writes v indented as json.MarshalIndent(root, "", "  ")
// writes it depth levels deep.
func streamValue(w *bufio.Writer, v any, depth int) error {
	switch v := v.(type) {
	case Object:
		return streamObject(w, v, depth)
	case []json.Marshaler:
		if v != nil {
			return streamList(w, v, depth)
		}
	}
	b, err := json.MarshalIndent(v, strings.Repeat("  ", depth), "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(UnescapeHTML(b))
	return err
}

func streamObject(w *bufio.Writer, o Object, depth int) error {
	if len(o) == 0 {
		_, err := w.WriteString("{}")
		return err
	}
	w.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			w.WriteByte(',')
		}
		newline(w, depth+1)
		w.WriteString(strconv.Quote(f.Key))
		w.WriteString(": ")
		if err := streamValue(w, f.Val, depth+1); err != nil {
			return fmt.Errorf("%s: %w", f.Key, err)
		}
	}
	newline(w, depth)
	return w.WriteByte('}')
}

func streamList(w *bufio.Writer, l []json.Marshaler, depth int) error {
	if len(l) == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	w.WriteByte('[')
	for i, v := range l {
		if i > 0 {
			w.WriteByte(',')
		}
		newline(w, depth+1)
		if err := streamValue(w, v, depth+1); err != nil {
			return err
		}
	}
	newline(w, depth)
	return w.WriteByte(']')
}

func newline(w *bufio.Writer, depth int) {
	w.WriteByte('\n')
	for range depth {
		w.WriteString("  ")
	}
}
