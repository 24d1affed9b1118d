package scenarios

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/sim"
)

// Limits on a scenario file, checked before it is parsed: no scenario needs
// more, and a hostile file within them parses in milliseconds. (A YAML
// parser's cost can grow with the square of the nesting depth: 30,000
// levels of `[` took 24 s and 3.4 GB.)
const (
	// MaxFileBytes is the largest scenario file read.
	MaxFileBytes = 4 << 20
	// MaxDepth is the deepest nesting of mappings and lists in a file.
	MaxDepth = 64
)

// text checks and normalises a scenario file's bytes into UTF-8 YAML
// source: it enforces MaxFileBytes, drops a UTF-8 byte-order mark, decodes
// UTF-16 (told by its byte-order mark), refuses other binary content and
// enforces MaxDepth.
func text(file string, src []byte) ([]byte, error) {
	at := func(line, col int, format string, args ...any) error {
		return &doc.Error{Pos: doc.Pos{File: file, Line: line, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	if len(src) > MaxFileBytes {
		return nil, at(0, 0, "the file is larger than %d bytes (4 MiB), the most a scenario file may have", MaxFileBytes)
	}
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		src = src[3:]
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}), bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		var err error
		if src, err = fromUTF16(src); err != nil {
			return nil, at(1, 1, "%v", err)
		}
	}
	line, col := 1, 1
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			return nil, at(line, col, "not UTF-8 text (byte 0x%02x): a scenario file is YAML, in UTF-8 or UTF-16 with a byte-order mark", src[i])
		case r == 0:
			return nil, at(line, col, "a NUL byte: a scenario file is YAML text, not binary data")
		case r == '\n':
			line, col = line+1, 0
		}
		i += n
		col++
	}
	if line, col, ok := tooDeep(src); !ok {
		return nil, at(line, col, "nested more than %d levels deep: no scenario needs that many", MaxDepth)
	}
	return src, nil
}

// readFile reads a scenario file, at most MaxFileBytes of it (and one more
// byte, so that text can tell a file that is too large), from a regular
// file only (sim.OpenRegular: a named pipe would block).
func readFile(path string) ([]byte, error) {
	f, err := sim.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
}

// readFileIn is readFile from fsys, whose Open must refuse what is not a
// regular file.
func readFileIn(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
}

// fromUTF16 decodes UTF-16 with a byte-order mark into UTF-8.
func fromUTF16(src []byte) ([]byte, error) {
	if len(src)%2 != 0 {
		return nil, fmt.Errorf("a UTF-16 file (by its byte-order mark) with an odd number of bytes")
	}
	big := src[0] == 0xFE
	units := make([]uint16, 0, len(src)/2-1)
	for i := 2; i < len(src); i += 2 {
		if big {
			units = append(units, uint16(src[i])<<8|uint16(src[i+1]))
		} else {
			units = append(units, uint16(src[i+1])<<8|uint16(src[i]))
		}
	}
	return []byte(string(utf16.Decode(units))), nil
}

// tooDeep scans YAML source for its nesting depth without parsing it: flow
// collections (`[`, `{`) outside quotes and comments, block mappings by
// their indentation, and block lists by their dashes. It over-counts rather
// than under-counts (a flow bracket inside a plain scalar counts too), and
// returns where the depth first passes MaxDepth, or ok.
func tooDeep(src []byte) (line, col int, ok bool) {
	var indents []int // indentation of the enclosing block levels
	flow := 0
	line = 1
	for start := 0; start < len(src); line++ {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		l := src[start : start+end]
		start += end + 1
		indent := 0
		for indent < len(l) && l[indent] == ' ' {
			indent++
		}
		if indent == len(l) || l[indent] == '#' {
			continue
		}
		if flow == 0 {
			for len(indents) > 0 && indents[len(indents)-1] >= indent {
				indents = indents[:len(indents)-1]
			}
			indents = append(indents, indent)
			// "- - - x" opens a list per dash.
			for i := indent; i+1 < len(l) && l[i] == '-' && l[i+1] == ' '; i += 2 {
				indents = append(indents, i+2)
			}
		}
		quote := byte(0)
		for i := indent; i < len(l); i++ {
			c := l[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '#' && (i == 0 || l[i-1] == ' '):
				i = len(l)
			case c == '[' || c == '{':
				flow++
			case (c == ']' || c == '}') && flow > 0:
				flow--
			}
			if len(indents)+flow > MaxDepth {
				return line, i + 1, false
			}
		}
		if len(indents)+flow > MaxDepth {
			return line, indent + 1, false
		}
	}
	return 0, 0, true
}
