package batch

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// yamlQuote returns s as a double-quoted YAML scalar, which every YAML
// reader takes as a string whatever it looks like ("true", "0x1f", "~"),
// escaping what YAML does not allow raw. s must be valid UTF-8.
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case !yamlPrintable(r):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// yamlPrintable reports whether r may appear raw in a YAML scalar other
// than as a line break: YAML's printable characters, less those that YAML
// 1.1 readers (sigs.k8s.io/yaml among them) take for line breaks or a byte
// order mark.
func yamlPrintable(r rune) bool {
	switch {
	case r == 0x85, r == 0x2028, r == 0x2029, r == 0xfeff:
		return false
	case r >= 0x20 && r <= 0x7e, r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}

// yamlText returns s as the value of a mapping key indented by indent
// spaces: a literal block scalar, which keeps a scenario file readable in
// the manifest, when one holds s exactly; else a double-quoted scalar.
func yamlText(s string, indent int) string {
	if !literalFits(s) {
		return yamlQuote(s)
	}
	body := strings.TrimRight(s, "\n")
	chomp := "" // one final line break: clip
	switch trailing := len(s) - len(body); {
	case trailing == 0:
		chomp = "-" // none: strip
	case trailing > 1:
		chomp = "+" // more: keep
	}
	pad := strings.Repeat(" ", indent+2)
	var b strings.Builder
	b.WriteString("|" + chomp)
	for _, line := range strings.Split(body, "\n") {
		b.WriteByte('\n')
		if line != "" {
			b.WriteString(pad + line)
		}
	}
	for range len(s) - len(body) - 1 {
		b.WriteByte('\n') // kept final line breaks beyond the first
	}
	return b.String()
}

// literalFits reports whether a literal block scalar with an indentation
// the reader detects from its first line holds s exactly: s is printable
// text (tabs and line feeds allowed, no carriage return, which a reader
// would fold into the line feed) whose first character is not a space
// (which the reader would count as indentation) nor a line break.
func literalFits(s string) bool {
	if s == "" || s[0] == ' ' || s[0] == '\n' || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r != '\n' && r != '\t' && !yamlPrintable(r) {
			return false
		}
	}
	return true
}
