package textedit

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// flowWidth is the widest a mapping or list is written on one line, in
// the style of crucible's own scenario files ({Interceptor: 2}, [Ion
// Cannon, Hull]), whose blueprint lines run to about 150 characters; a
// wider one is written as a block.
const flowWidth = 160

// Emit writes the document n (a mapping, as a scenario's root is) as YAML
// in the style of crucible's own scenario files.
func Emit(n *doc.Node) []byte {
	var b strings.Builder
	if n.Kind == doc.Map {
		writeBlockMap(&b, n, "")
	} else {
		b.WriteString(value(n, ""))
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// entry writes one top-level entry, key and value, as Emit writes it.
func entry(key string, v *doc.Node) string {
	var b strings.Builder
	writePair(&b, key, v, "")
	return b.String()
}

func writeBlockMap(b *strings.Builder, n *doc.Node, indent string) {
	for i, k := range n.Keys {
		writePair(b, k, n.Vals[i], indent)
	}
}

// writePair writes `key: value` at indent, the value on the key's line
// when it is a scalar or fits on one line, else as a block below.
func writePair(b *strings.Builder, key string, v *doc.Node, indent string) {
	b.WriteString(indent + scalar(key, false) + ":")
	if f, ok := flow(v); ok && (v.Kind == doc.Scalar || v.Kind == doc.Null || len(indent)+len(key)+2+len(f) <= flowWidth) {
		if f != "" {
			b.WriteString(" " + f)
		}
		b.WriteString("\n")
		return
	}
	b.WriteString("\n")
	writeBlock(b, v, indent+"  ")
}

// writeBlock writes a mapping or a list as a block at indent.
func writeBlock(b *strings.Builder, v *doc.Node, indent string) {
	if v.Kind == doc.Map {
		writeBlockMap(b, v, indent)
		return
	}
	for _, it := range v.Items {
		if f, ok := flow(it); ok && len(indent)+2+len(f) <= flowWidth {
			b.WriteString(indent + "- " + f + "\n")
			continue
		}
		// An item too wide for one line: its first key on the dash's line,
		// the others below it; a list inside a list as a block of its own.
		var inner strings.Builder
		writeBlock(&inner, it, indent+"  ")
		b.WriteString(indent + "- " + strings.TrimPrefix(inner.String(), indent+"  "))
	}
}

// value writes a node on one line when it can, else as a block.
func value(n *doc.Node, indent string) string {
	if f, ok := flow(n); ok {
		return f
	}
	var b strings.Builder
	b.WriteString("\n")
	writeBlock(&b, n, indent+"  ")
	return b.String()
}

// flow returns n written on one line, and whether it is written so: a
// scalar always; a mapping of scalars and lists of scalars ({name: Gunship,
// parts: [Ion Cannon, Hull]}) and a list of scalars when they fit
// flowWidth — the style of crucible's own files, where a mapping that
// holds a mapping, or a list of mappings, is a block.
func flow(n *doc.Node) (string, bool) {
	switch n.Kind {
	case doc.Null:
		return "", true
	case doc.Scalar:
		return scalar(n.Value, n.Quoted), true
	case doc.Map:
		parts := make([]string, len(n.Keys))
		for i, k := range n.Keys {
			v := n.Vals[i]
			f, ok := flow(v)
			switch {
			case v.Kind == doc.Map || !ok:
				return "", false
			case v.Kind == doc.Null:
				f = "null"
			}
			parts[i] = scalar(k, false) + ": " + f
		}
		s := "{" + strings.Join(parts, ", ") + "}"
		return s, len(s) <= flowWidth
	case doc.Seq:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			switch it.Kind {
			case doc.Scalar:
				parts[i] = scalar(it.Value, it.Quoted)
			case doc.Null:
				parts[i] = "null"
			default:
				return "", false
			}
		}
		s := "[" + strings.Join(parts, ", ") + "]"
		return s, len(s) <= flowWidth
	}
	return "", false
}

// plain matches the scalars written without quotes: words, numbers and
// names with inner spaces, nothing YAML reads specially in a block or in a
// flow ({}, [], ',', ': ', ' #', a leading indicator).
var plain = regexp.MustCompile(`^[A-Za-z0-9_+.-][A-Za-z0-9_ +./<>=()%-]*$`)

// scalar writes a scalar: plain when it reads back as the same text (and,
// for a quoted one, when it could not be read as a number or a switch),
// else in double quotes with escapes.
func scalar(s string, quoted bool) string {
	if s != "-" && plain.MatchString(s) && !strings.HasSuffix(s, " ") && !(quoted && special(s)) {
		return s
	}
	return strconv.Quote(s)
}

// Text returns a scalar that holds text s: quoted when s written plain
// would be read as a number, a switch or nothing ("42", "on").
func Text(s string) *doc.Node {
	return &doc.Node{Kind: doc.Scalar, Value: s, Quoted: special(s)}
}

// special reports whether a plain scalar s would be read as something
// other than text: a number, a switch or nothing.
func special(s string) bool {
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return true
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", ".inf", "-.inf", "+.inf", ".nan":
		return true
	}
	return strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0o")
}
