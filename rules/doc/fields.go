package doc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the one home of field validation: every ruleset reads
// integers, numbers, switches and words through it, so that one kind of
// mistake reads the same in every scenario file.

// Range is an inclusive range of allowed integers.
type Range struct {
	Min, Max int64
	// Note, if set, says why the range is what it is ("0 Life Coins is
	// death"); errors repeat it.
	Note string
}

// String describes the range for error messages and help:
// "an integer from 1 to 63".
func (r Range) String() string {
	s := "an integer"
	if r.Min != math.MinInt64 || r.Max != math.MaxInt64 {
		s = fmt.Sprintf("an integer from %d to %d", r.Min, r.Max)
	}
	if r.Note != "" {
		s += "; " + r.Note
	}
	return s
}

// Check returns nil when v is in the range, and otherwise the error, located
// at n, that every out-of-range integer gets.
func (r Range) Check(n *Node, v int64) error {
	if v >= r.Min && v <= r.Max {
		return nil
	}
	return n.Errorf("%d is out of range (allowed: %s)", v, r)
}

// Int reads the scalar n as a base-10 integer ("100_000" allowed) in the
// range.
func (r Range) Int(n *Node) (int64, error) {
	if n.Kind != Scalar {
		return 0, n.Errorf("expected %s, got %s", r, Describe(n))
	}
	if n.Quoted {
		return 0, quotedNumber(n, r.String())
	}
	i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 10, 64)
	if err != nil {
		return 0, n.Errorf("expected %s, got %q", r, n.Value)
	}
	return i, r.Check(n, i)
}

// Int reads the scalar n as an integer from lo to hi.
func Int(n *Node, lo, hi int64) (int64, error) { return Range{Min: lo, Max: hi}.Int(n) }

// ParseInt reads a scalar node as any base-10 int64 ("100_000" allowed).
func ParseInt(n *Node) (int64, error) { return Int(n, math.MinInt64, math.MaxInt64) }

// quotedNumber is the error of a number written as a string ("109"): a
// schema's integer is not a string, and accepting one would hide a
// generator's mistake.
func quotedNumber(n *Node, want string) error {
	return n.Errorf("expected %s, got the string %q: write it without quotes", want, n.Value)
}

// ParseFloat reads a scalar node as a finite number.
func ParseFloat(n *Node) (float64, error) {
	if n.Kind != Scalar {
		return 0, n.Errorf("expected a number, got %s", Describe(n))
	}
	if n.Quoted {
		return 0, quotedNumber(n, "a number")
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, n.Errorf("expected a finite number, got %q", n.Value)
	}
	return f, nil
}

// ParseBool reads a scalar node as true or false.
func ParseBool(n *Node) (bool, error) {
	if n.Kind == Scalar && n.Quoted {
		return false, n.Errorf("expected true or false, got the string %q: write it without quotes", n.Value)
	}
	if n.Kind == Scalar {
		switch n.Value {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, n.Errorf("expected true or false, got %s", Describe(n))
}

// OneOf checks that a scalar node is one of the allowed words and returns it.
func OneOf(n *Node, allowed ...string) (string, error) {
	if n.Kind == Scalar {
		for _, a := range allowed {
			if n.Value == a {
				return a, nil
			}
		}
	}
	hint := ""
	if n.Kind == Scalar {
		hint = DidYouMean(n.Value, allowed)
	}
	return "", n.Errorf("%s is not allowed (allowed: %s)%s", Describe(n), strings.Join(allowed, ", "), hint)
}

// Text reads a scalar node as a string.
func Text(n *Node) (string, error) {
	if n.Kind != Scalar {
		return "", n.Errorf("expected a string, got %s", Describe(n))
	}
	return n.Value, nil
}

// Present reports whether a field was given a value (not absent, not null).
func Present(n *Node) bool { return n != nil && n.Kind != Null }

// NameChars says what a name may hold, for errors and help.
const NameChars = "letters, marks, digits, punctuation, symbols and spaces, not a space at either end"

// Name reads a scalar node as a name: of a scenario, a sweep, a claim, a
// unit, a squadron, a custom blueprint. A name is printed in tables and
// logs one item a line, written into CSV cells and file names, and keys
// random streams, so it is visible text: at least one character, each a
// letter, mark, digit, punctuation or symbol (Unicode's graphic
// characters) or the space U+0020, and no space first or last. Control
// characters (NUL, newline, tab), other spaces and invisible format
// characters (a bidirectional override) are refused: each would make two
// names that print alike, or break a line of output.
func Name(n *Node) (string, error) {
	if n.Kind != Scalar {
		return "", n.Errorf("expected a name, got %s (allowed: %s)", Describe(n), NameChars)
	}
	if err := CheckName(n.Value); err != nil {
		return "", n.Errorf("%v", err)
	}
	return n.Value, nil
}

// CheckName returns nil when s is a valid name (Name), and otherwise says
// what is wrong with it.
func CheckName(s string) error {
	switch {
	case s == "":
		return fmt.Errorf("an empty name (allowed: %s)", NameChars)
	case !utf8.ValidString(s):
		return fmt.Errorf("%q is not a name: it is not UTF-8 text (allowed: %s)", s, NameChars)
	case strings.HasPrefix(s, " ") || strings.HasSuffix(s, " "):
		return fmt.Errorf("%q is not a name: it starts or ends with a space (allowed: %s)", s, NameChars)
	}
	for i, r := range s {
		if unicode.IsPrint(r) {
			continue
		}
		what := "not a visible character"
		switch {
		case unicode.IsControl(r):
			what = "a control character"
		case unicode.IsSpace(r):
			what = "a space other than U+0020"
		case unicode.Is(unicode.Cf, r):
			what = "an invisible format character"
		}
		return fmt.Errorf("%q is not a name: character %d is U+%04X, %s (allowed: %s)", s, utf8.RuneCountInString(s[:i])+1, r, what, NameChars)
	}
	return nil
}
