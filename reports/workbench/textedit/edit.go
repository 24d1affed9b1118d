package textedit

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// Apply returns src with the edits made, in order, and the document it
// holds. The text changes as little as it can: a scalar set in place of a
// scalar is rewritten where it stands; otherwise each top-level entry that
// holds a change is written anew (Emit's style) where it stood, a new one
// at the end; and if even that does not read back as the document asked
// for, the whole document is written anew below its leading comments.
func Apply(src []byte, ops []Op) ([]byte, *doc.Node, error) {
	root, err := scenarios.ParseYAML("", src)
	if err != nil {
		return nil, nil, err
	}
	if root.Kind == doc.Null {
		root = &doc.Node{Kind: doc.Map}
	}
	want := root.Clone()
	for _, op := range ops {
		if err := apply(want, op); err != nil {
			return nil, nil, err
		}
	}
	for _, try := range []func() ([]byte, bool){
		func() ([]byte, bool) { return inPlace(src, root, ops) },
		func() ([]byte, bool) { return byEntry(src, root, want) },
		func() ([]byte, bool) { return append(leadingComments(src), Emit(want)...), true },
	} {
		if out, ok := try(); ok && holds(out, want) {
			return out, want, nil
		}
	}
	return nil, nil, fmt.Errorf("the edit cannot be written as YAML that reads back the same")
}

// holds reports whether src reads back as the document want.
func holds(src []byte, want *doc.Node) bool {
	got, err := scenarios.ParseYAML("", src)
	return err == nil && Same(got, want)
}

// Same reports whether two documents hold the same values: kinds, keys in
// order, items, scalars' text, and whether a scalar is quoted where that
// changes how it is read (a number or a switch).
func Same(a, b *doc.Node) bool {
	if a.Kind == doc.Null && b.Kind == doc.Null {
		return true
	}
	if a.Kind != b.Kind || a.Value != b.Value || !slices.Equal(a.Keys, b.Keys) || len(a.Items) != len(b.Items) {
		return false
	}
	if a.Kind == doc.Scalar && a.Quoted != b.Quoted && special(a.Value) {
		return false
	}
	for i := range a.Vals {
		if !Same(a.Vals[i], b.Vals[i]) {
			return false
		}
	}
	for i := range a.Items {
		if !Same(a.Items[i], b.Items[i]) {
			return false
		}
	}
	return true
}

// inPlace rewrites each scalar an op sets where the old scalar stands, when
// every op sets a scalar in place of one.
func inPlace(src []byte, root *doc.Node, ops []Op) ([]byte, bool) {
	type cut struct {
		from, to int
		text     string
	}
	var cuts []cut
	for _, op := range ops {
		if op.Kind != Set || op.Value == nil || op.Value.Kind != doc.Scalar {
			return nil, false
		}
		old := root.At(op.Path)
		if old == nil || old.Kind != doc.Scalar || old.Pos.Line == 0 {
			return nil, false
		}
		from, to, ok := scalarSpan(src, old.Pos.Line, old.Pos.Col)
		if !ok {
			return nil, false
		}
		cuts = append(cuts, cut{from, to, scalar(op.Value.Value, op.Value.Quoted)})
	}
	slices.SortFunc(cuts, func(a, b cut) int { return b.from - a.from })
	out := slices.Clone(src)
	for i, c := range cuts {
		if i > 0 && c.to > cuts[i-1].from {
			return nil, false // two edits of one scalar
		}
		out = slices.Concat(out[:c.from], []byte(c.text), out[c.to:])
	}
	return out, true
}

// scalarSpan returns the bytes of the scalar that starts at line:col (a
// column in characters): a quoted one to its closing quote, a plain one to
// the end of its line, a comment or, in a flow, the next , ] or }.
func scalarSpan(src []byte, line, col int) (from, to int, ok bool) {
	from, ok = offset(src, line, col)
	if !ok || from >= len(src) {
		return 0, 0, false
	}
	switch q := src[from]; q {
	case '"', '\'':
		for i := from + 1; i < len(src); i++ {
			switch {
			case q == '"' && src[i] == '\\':
				i++
			case src[i] == q && q == '\'' && i+1 < len(src) && src[i+1] == '\'':
				i++
			case src[i] == q:
				return from, i + 1, true
			}
		}
		return 0, 0, false
	case '|', '>':
		return from, blockEnd(src, from), true
	case '[', '{':
		return 0, 0, false
	}
	inFlow := flowDepth(src, from) > 0
	to = from
	for to < len(src) && src[to] != '\n' && src[to] != '\r' {
		if src[to] == '#' && to > from && (src[to-1] == ' ' || src[to-1] == '\t') {
			break
		}
		if inFlow && (src[to] == ',' || src[to] == ']' || src[to] == '}') {
			break
		}
		to++
	}
	for to > from && (src[to-1] == ' ' || src[to-1] == '\t') {
		to--
	}
	return from, to, to > from
}

// blockEnd returns where a block scalar (| or >) that starts at from
// ends: at the end of the last line below it indented deeper than the node
// that holds it (trailing blank lines stay outside).
func blockEnd(src []byte, from int) int {
	indent := holderIndent(src, from)
	end := bytes.IndexByte(src[from:], '\n')
	if end < 0 {
		return len(src)
	}
	end += from
	for next := end + 1; next < len(src); {
		stop := bytes.IndexByte(src[next:], '\n')
		if stop < 0 {
			stop = len(src) - next
		}
		line := src[next : next+stop]
		blank := len(bytes.TrimSpace(line)) == 0
		deeper := len(line)-len(bytes.TrimLeft(line, " ")) > indent
		if !blank && !deeper {
			break
		}
		if !blank {
			end = next + stop
		}
		next += stop + 1
	}
	return end
}

// holderIndent returns the indentation of the node that holds the block
// scalar whose indicator is at from: the column of the key on its line
// ("  - wound: |" is held by the mapping at column 4), or, for a scalar that
// is an item of a list ("  - |"), the column of its dash. YAML indents a
// block scalar's lines deeper than that, and the next entry at it or less.
func holderIndent(src []byte, from int) int {
	lineStart := bytes.LastIndexByte(src[:from], '\n') + 1
	i, dash := lineStart, -1
	for {
		for i < from && src[i] == ' ' {
			i++
		}
		if i+1 < from && src[i] == '-' && (src[i+1] == ' ' || src[i+1] == '\t') {
			dash = i
			i++
			continue
		}
		break
	}
	if i == from && dash >= 0 {
		return dash - lineStart
	}
	return i - lineStart
}

// offset returns the byte offset of line:col (both from 1, the column in
// characters).
func offset(src []byte, line, col int) (int, bool) {
	i := 0
	for l := 1; l < line; l++ {
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			return 0, false
		}
		i += nl + 1
	}
	for c := 1; c < col; c++ {
		if i >= len(src) || src[i] == '\n' {
			return 0, false
		}
		_, n := utf8.DecodeRune(src[i:])
		i += n
	}
	return i, true
}

// flowDepth returns how many flow collections ([ or {) are open at byte
// at, counted from the start of its top-level entry, outside quotes and
// comments.
func flowDepth(src []byte, at int) int {
	start := bytes.LastIndex(src[:at], []byte("\n"))
	for start > 0 && start+1 < len(src) && (src[start+1] == ' ' || src[start+1] == '\t' || src[start+1] == '-' || src[start+1] == '#' || src[start+1] == '\n') {
		start = bytes.LastIndex(src[:start], []byte("\n"))
	}
	depth, quote := 0, byte(0)
	for i := max(start, 0); i < at; i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\n'):
			for i < at && src[i] != '\n' {
				i++
			}
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		}
	}
	return depth
}

// byEntry writes anew each top-level entry of the block mapping src whose
// value differs in want, where it stood; removes those want lacks; and adds
// those it gains at the end.
func byEntry(src []byte, root, want *doc.Node) ([]byte, bool) {
	spans, ok := entrySpans(src, root)
	if !ok {
		return nil, false
	}
	var out bytes.Buffer
	at := 0
	for i, k := range root.Keys {
		s := spans[i]
		out.Write(src[at:s.from])
		at = s.to
		switch v := want.Get(k); {
		case v == nil:
		case Same(v, root.Vals[i]):
			out.Write(src[s.from:s.to])
		default:
			out.WriteString(entry(k, v))
		}
	}
	out.Write(src[at:])
	for i, k := range want.Keys {
		if root.Get(k) == nil {
			if out.Len() > 0 && !bytes.HasSuffix(out.Bytes(), []byte("\n")) {
				out.WriteString("\n")
			}
			out.WriteString(entry(k, want.Vals[i]))
		}
	}
	// A renamed or reordered key: the order of the keys changed.
	if got, err := scenarios.ParseYAML("", out.Bytes()); err != nil || !slices.Equal(got.Keys, want.Keys) {
		return nil, false
	}
	return out.Bytes(), true
}

// span is a top-level entry's bytes: from its key's line to the line
// before the next entry's (or its comments).
type span struct{ from, to int }

// entrySpans returns the span of each entry of the block mapping src, in
// root's key order: an entry starts at its key, at the start of a line,
// and ends where the next entry's key, or the comments and blank lines
// just above it, begin.
func entrySpans(src []byte, root *doc.Node) ([]span, bool) {
	if root.Kind != doc.Map {
		return nil, false
	}
	var starts []int
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		line := src[off : off+end]
		if len(line) > 0 && line[0] != ' ' && line[0] != '\t' && line[0] != '#' && line[0] != '-' && line[0] != '%' && !bytes.HasPrefix(line, []byte("---")) && line[0] != '\r' {
			starts = append(starts, off)
		}
		off += end + 1
	}
	if len(starts) != len(root.Keys) {
		return nil, false
	}
	spans := make([]span, len(starts))
	for i, s := range starts {
		end := len(src)
		if i+1 < len(starts) {
			end = commentsAbove(src, starts[i+1])
		}
		if !bytes.HasPrefix(src[s:], []byte(scalarKey(root.Keys[i]))) {
			return nil, false
		}
		spans[i] = span{s, max(end, s)}
	}
	return spans, true
}

// scalarKey is how a key starts its line: written as Emit writes it, or
// as it is; either way its first character.
func scalarKey(k string) string {
	if k == "" {
		return ""
	}
	_, n := utf8.DecodeRuneInString(k)
	if strings.HasPrefix(scalar(k, false), `"`) {
		return ""
	}
	return k[:n]
}

// commentsAbove returns where the comment and blank lines just above the
// line at off begin.
func commentsAbove(src []byte, off int) int {
	for off > 0 {
		prev := bytes.LastIndexByte(src[:off-1], '\n') + 1
		line := bytes.TrimSpace(src[prev : off-1])
		if len(line) > 0 && line[0] != '#' {
			break
		}
		off = prev
	}
	return off
}

// leadingComments returns the comment and blank lines that open src.
func leadingComments(src []byte) []byte {
	off := 0
	for off < len(src) {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		line := bytes.TrimSpace(src[off : off+end])
		if len(line) > 0 && line[0] != '#' {
			break
		}
		off += end + 1
	}
	return slices.Clone(src[:min(off, len(src))])
}
