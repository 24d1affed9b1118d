package doc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
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

// ParseFloat reads a scalar node as a finite number.
func ParseFloat(n *Node) (float64, error) {
	if n.Kind != Scalar {
		return 0, n.Errorf("expected a number, got %s", Describe(n))
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, n.Errorf("expected a finite number, got %q", n.Value)
	}
	return f, nil
}

// ParseBool reads a scalar node as true or false.
func ParseBool(n *Node) (bool, error) {
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
