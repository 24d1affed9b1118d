package document

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Expr is an expression as written: its text and where it stands, so that
// its errors point into the file.
type Expr struct {
	Src  string
	Node *doc.Node
	// Int is set when the value was written as an integer literal.
	Int *int64
}

// Present reports whether the expression was given.
func (e Expr) Present() bool { return e.Node != nil && e.Node.Kind != doc.Null }

// exprOf reads a scalar as an expression (an integer literal is kept as
// such too); a mapping or a list is left for the caller to refuse.
func exprOf(n *doc.Node) Expr {
	if !doc.Present(n) {
		return Expr{Node: n}
	}
	e := Expr{Src: n.Value, Node: n}
	if n.Kind == doc.Scalar && !n.Quoted {
		if i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 10, 64); err == nil {
			e.Int = &i
		}
	}
	return e
}

// scalarExpr reads n as an expression, refusing anything but a scalar.
func scalarExpr(n *doc.Node, what string) (Expr, error) {
	if doc.Present(n) && n.Kind != doc.Scalar {
		return Expr{}, n.Errorf("expected %s (a number or an expression), got %s", what, doc.Describe(n))
	}
	return exprOf(n), nil
}

// entries calls fn for each key of a mapping of names the designer
// chooses; nil or absent is an empty mapping.
func Entries(n *doc.Node, what string, fn func(key string, v *doc.Node) error) error {
	if !doc.Present(n) {
		return nil
	}
	if n.Kind != doc.Map {
		return n.Errorf("expected a mapping of %s, got %s", what, doc.Describe(n))
	}
	for i, k := range n.Keys {
		if err := fn(k, n.Vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// keyNode returns a node that places an error about a mapping's key: the
// value's position, with the key's path.
func keyNode(v *doc.Node) *doc.Node { return v }

func checkIdent(v *doc.Node, name, what string) error {
	if !identifier.MatchString(name) {
		return v.Errorf("%s name %q is not allowed: a name that expressions read holds %s", what, name, identChars)
	}
	if slices.Contains(reserved, ExprName(name)) {
		return v.Errorf("%s name %q is reserved: expressions give it a meaning of their own (reserved: %s)", what, name, strings.Join(reserved, ", "))
	}
	return nil
}

func checkWord(v *doc.Node, name, what string) error {
	if !wordName.MatchString(name) {
		return v.Errorf("%s name %q is not allowed (allowed: %s)", what, name, wordChars)
	}
	return nil
}

// Identifier names what may stand in an expression: a stat, a track, a
// named roll. A hyphen joins words (life-coins), and expressions read it
// as an underscore (self.life_coins), since they read `a-b` as a
// subtraction.
var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*(-[a-z0-9_]+)*$`)

// IdentChars says what an identifier may hold, for errors.
const identChars = "lower-case letters, digits and underscores, not starting with a digit, words joined by single hyphens"

// wordName matches names of ends, counters, options and groups: lower-case
// words joined by hyphens, as every crucible output names them.
var wordName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

const wordChars = "lower-case words joined by hyphens"

// reserved are the names an expression gives a meaning of its own: a stat
// or a track may not take one.
var reserved = []string{"self", "target", "other", "side", "enemy", "round", "face", "options", "true", "false", "nil", "in", "not", "and", "or", "let", "hp", "max_hp", "alive", "type"}

// names returns the names of a list of declarations.
func Names[T any](list []T, name func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = name(x)
	}
	return out
}

// errUnknown is the error of a name that is none of the known ones.
func ErrUnknown(n *doc.Node, what, name string, known []string) error {
	list := strings.Join(known, ", ")
	if list == "" {
		list = "none declared"
	}
	return n.Errorf("unknown %s %q (known: %s)%s", what, name, list, doc.DidYouMean(name, known))
}

// intOf reads an integer scalar in a range.
func IntOf(n *doc.Node, lo, hi int64) (int64, error) { return doc.Int(n, lo, hi) }
