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
	return streamItems(w, "{}", len(o), depth, func(i int) error {
		w.WriteString(strconv.Quote(o[i].Key))
		w.WriteString(": ")
		if err := streamValue(w, o[i].Val, depth+1); err != nil {
			return fmt.Errorf("%s: %w", o[i].Key, err)
		}
		return nil
	})
}

func streamList(w *bufio.Writer, l []json.Marshaler, depth int) error {
	if len(l) == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	return streamItems(w, "[]", len(l), depth, func(i int) error { return streamValue(w, l[i], depth+1) })
}

// streamItems writes n items between the brackets of a non-empty object
// or list depth levels deep, each on its own line one level deeper.
func streamItems(w *bufio.Writer, brackets string, n, depth int, item func(i int) error) error {
	w.WriteByte(brackets[0])
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		newline(w, depth+1)
		if err := item(i); err != nil {
			return err
		}
	}
	newline(w, depth)
	return w.WriteByte(brackets[1])
}

func newline(w *bufio.Writer, depth int) {
	w.WriteByte('\n')
	for range depth {
		w.WriteString("  ")
	}
}
