package scenarios

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// ParseValue reads the VALUE of an override, PATH=VALUE. A value that
// begins (after any spaces) like a YAML flow collection or a quoted scalar
// — `[…]`, `{…}`, `"…"`, `'…'` — is YAML, read by the parser a scenario
// file goes through, so that a list or a mapping can be given on the
// command line (`attacker.priority=[Ancient, Cruiser]`,
// `b={ship: N2b}`). Any other value is the text as written: a word, a
// number, a name with spaces or a colon in it, as --set has always taken
// it. Every node of the value is located at origin (`--set …`), which
// errors name; a value that is not valid YAML is an error giving the
// column in the value.
func ParseValue(value, origin string) (*doc.Node, error) {
	if !isYAMLValue(value) {
		return &doc.Node{Kind: doc.Scalar, Pos: doc.Pos{Origin: origin}, Value: value}, nil
	}
	n, err := ParseYAML(origin, []byte(value))
	if err != nil {
		return nil, valueError(err, origin)
	}
	locate(n, doc.Pos{Origin: origin})
	return n, nil
}

// isYAMLValue reports whether ParseValue reads value as YAML.
func isYAMLValue(value string) bool {
	v := strings.TrimLeft(value, " ")
	return v != "" && strings.ContainsRune(`[{"'`, rune(v[0]))
}

// valueError turns a YAML error in an override's value, located by line
// and column as in a file, into one located at the override.
func valueError(err error, origin string) error {
	var de *doc.Error
	if !errors.As(err, &de) {
		return fmt.Errorf("%s: %w", origin, err)
	}
	at := ""
	switch {
	case de.Pos.Line > 1:
		at = fmt.Sprintf(" at line %d, column %d", de.Pos.Line, de.Pos.Col)
	case de.Pos.Line == 1:
		at = fmt.Sprintf(" at column %d", de.Pos.Col)
	}
	return &doc.Error{Pos: doc.Pos{Origin: origin}, Msg: fmt.Sprintf("the value is not valid YAML%s: %s; a value in [ ], { } or quotes is read as YAML, as in a scenario file", at, de.Msg)}
}

// locate gives n and every node below it the position p.
func locate(n *doc.Node, p doc.Pos) {
	n.Pos = p
	for _, v := range n.Vals {
		locate(v, p)
	}
	for _, it := range n.Items {
		locate(it, p)
	}
}

// FormatValue writes a value as an override's VALUE that ParseValue reads
// back to the same node: a scalar as it is (quoted when it would read as
// YAML), a list or a mapping in YAML flow style (`[leather, {armor_value:
// 5}]`), its scalars quoted where a plain one would read otherwise. A
// sweep's values are kept in this form, which its output shows.
func FormatValue(n *doc.Node) string {
	if n.Kind == doc.Scalar && !isYAMLValue(n.Value) {
		return n.Value
	}
	var b strings.Builder
	writeFlow(&b, n)
	return b.String()
}

func writeFlow(b *strings.Builder, n *doc.Node) {
	switch n.Kind {
	case doc.Null:
		b.WriteString("null")
	case doc.Scalar:
		b.WriteString(flowScalar(n.Value))
	case doc.Seq:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeFlow(b, it)
		}
		b.WriteByte(']')
	case doc.Map:
		b.WriteByte('{')
		for i, k := range n.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(flowScalar(k))
			b.WriteString(": ")
			writeFlow(b, n.Vals[i])
		}
		b.WriteByte('}')
	}
}

// plainInFlow matches the scalars written plain inside a flow collection:
// words, numbers and names with inner spaces, nothing YAML reads as syntax
// there (`,` `[` `]` `{` `}` `: ` ` #`, a leading indicator).
var plainInFlow = regexp.MustCompile(`^-?[A-Za-z0-9_][A-Za-z0-9_ ./+-]*$`)

// flowScalar writes a scalar inside a flow collection, double-quoted
// unless plainInFlow (and not a word YAML reads as null).
func flowScalar(s string) string {
	if plainInFlow.MatchString(s) && !strings.HasSuffix(s, " ") && !isNullWord(s) {
		return s
	}
	// Go's quoting of valid UTF-8 uses only escapes YAML's double-quoted
	// style has (\" \\ \n \t \xXX \uXXXX …).
	return strconv.Quote(s)
}

// isNullWord reports whether YAML reads the plain scalar s as null.
func isNullWord(s string) bool {
	switch s {
	case "null", "Null", "NULL", "~":
		return true
	}
	return false
}
