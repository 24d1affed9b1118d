package doc

import (
	"fmt"
	"strconv"
	"strings"
)

// Step is one element of a field path: a key of a mapping and, when
// Indexed, an element of the list at that key, by its position
// (claims[0]) or by its name (blueprints[Sniper Cruiser]).
type Step struct {
	Key     string
	Indexed bool
	// Index is the element's position when Name is "".
	Index int
	// Name is the element's name: a list of names holds it as an element
	// (parts[Ion Cannon]), a list of mappings as an element's `name:`
	// field (blueprints[Sniper Cruiser]). A designer writes names; a
	// position shifts when an element is added before it.
	Name string
}

// String writes the step as a path writes it.
func (s Step) String() string {
	switch {
	case !s.Indexed:
		return s.Key
	case s.Name != "":
		return s.Key + "[" + s.Name + "]"
	}
	return fmt.Sprintf("%s[%d]", s.Key, s.Index)
}

// ParsePath splits a field path into its steps: keys joined by dots, each
// optionally followed by one index in brackets, a position or a name. A
// name may hold dots and spaces (blueprints[Mk. II].hull) but no brackets;
// one that reads as a whole number is a position.
func ParsePath(path string) ([]Step, error) {
	if path == "" {
		return nil, fmt.Errorf("empty field path")
	}
	var out []Step
	for rest := path; ; {
		elem, tail, more := cutElement(rest)
		if elem == "" {
			return nil, fmt.Errorf("empty element in field path %q", path)
		}
		s, err := parseStep(elem)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
		if !more {
			return out, nil
		}
		rest = tail
	}
}

// cutElement cuts the first element of a path at the first dot outside
// brackets.
func cutElement(path string) (elem, rest string, more bool) {
	depth := 0
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '.':
			if depth == 0 {
				return path[:i], path[i+1:], true
			}
		}
	}
	return path, "", false
}

// parseStep reads one element: key, key[position] or key[name].
func parseStep(elem string) (Step, error) {
	open := strings.IndexByte(elem, '[')
	if open < 0 {
		if strings.IndexByte(elem, ']') >= 0 {
			return Step{}, fmt.Errorf("bad path element %q (want key, key[position] or key[name])", elem)
		}
		return Step{Key: elem}, nil
	}
	inner := elem[open+1 : max(open+1, len(elem)-1)]
	if open == 0 || !strings.HasSuffix(elem, "]") || strings.ContainsAny(inner, "[]") || strings.IndexByte(elem[:open], ']') >= 0 {
		return Step{}, fmt.Errorf("bad path element %q (want key, key[position] or key[name])", elem)
	}
	s := Step{Key: elem[:open], Indexed: true}
	if inner == "" {
		return Step{}, fmt.Errorf("empty index in %q (want a position, as [0], or a name)", elem)
	}
	if i, err := strconv.Atoi(inner); err == nil {
		if i < 0 {
			return Step{}, fmt.Errorf("bad index in %q (a position counts from 0)", elem)
		}
		s.Index = i
		return s, nil
	} else if isDigits(strings.TrimLeft(inner, "+-")) {
		return Step{}, fmt.Errorf("bad index in %q (a position counts from 0 and fits an int)", elem)
	}
	s.Name = inner
	return s, nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// CheckPath checks the form of a field path as Set takes it: keys joined
// by dots, each optionally indexed by position or name ("claims[0].min",
// "blueprints[Sniper Cruiser].parts").
func CheckPath(path string) error {
	_, err := ParsePath(path)
	return err
}

// Element returns the position in the list n of the element s names (s
// is Indexed): by position, one that exists; by name, the one element that
// is that name or whose `name:` field is. Its errors name the list's path
// and, for a name, the names there with the nearest.
func (n *Node) Element(s Step) (int, error) {
	switch {
	case n == nil:
		return 0, fmt.Errorf("has no element [%s]: the field is not given", s.ref())
	case n.Kind != Seq:
		return 0, fmt.Errorf("has no element [%s]: it is %s, not a list", s.ref(), n.Kind)
	}
	if s.Name == "" {
		if s.Index >= len(n.Items) {
			return 0, fmt.Errorf("has no element [%d] (it has %d%s)", s.Index, len(n.Items), elementCount(len(n.Items)))
		}
		return s.Index, nil
	}
	var at []int
	var names []string
	for i, it := range n.Items {
		name, ok := ElementName(it)
		if !ok {
			continue
		}
		names = append(names, name)
		if name == s.Name {
			at = append(at, i)
		}
	}
	switch {
	case len(at) == 1:
		return at[0], nil
	case len(at) > 1:
		pos := make([]string, len(at))
		for k, i := range at {
			pos[k] = fmt.Sprintf("[%d]", i)
		}
		return 0, fmt.Errorf("has %d elements named %q (%s): address one by position", len(at), s.Name, strings.Join(pos, ", "))
	case len(names) == 0:
		return 0, fmt.Errorf("has no element named %q: its elements have no names (address one by position, [0] to [%d])", s.Name, len(n.Items)-1)
	}
	return 0, fmt.Errorf("has no element named %q (names: %s)%s", s.Name, strings.Join(dedupe(names), ", "), DidYouMean(s.Name, names))
}

func (s Step) ref() string {
	if s.Name != "" {
		return s.Name
	}
	return strconv.Itoa(s.Index)
}

func elementCount(n int) string {
	if n == 1 {
		return " element"
	}
	return " elements"
}

// ElementName returns the name an element of a list goes by in a path:
// the element itself when it is a scalar, else its `name:` field.
func ElementName(it *Node) (string, bool) {
	switch {
	case it == nil:
	case it.Kind == Scalar:
		return it.Value, true
	case it.Kind == Map:
		if v := it.Get("name"); v != nil && v.Kind == Scalar {
			return v.Value, true
		}
	}
	return "", false
}

// ElementRef returns how a path best addresses element i of the list n:
// by its name where the name finds it (one element goes by it, and it
// reads as a name in brackets), else by its position.
func (n *Node) ElementRef(i int) string {
	if name, ok := ElementName(n.Items[i]); ok {
		s, err := parseStep("x[" + name + "]")
		if err == nil && s.Name == name && name != "*" {
			if at, err := n.Element(s); err == nil && at == i {
				return name
			}
		}
	}
	return strconv.Itoa(i)
}

func dedupe(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// Lookup returns the node at path in n. A path that leads nowhere is an
// error saying where it stops: a missing key with the keys there and the
// nearest, an element that is not there.
func (n *Node) Lookup(path string) (*Node, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	cur := n
	for _, s := range steps {
		if cur == nil || cur.Kind != Map {
			return nil, &Error{Pos: posOf(cur), Path: pathOf(cur), Msg: fmt.Sprintf("is %s, which has no field %q", kindOf(cur), s.Key)}
		}
		next := cur.Get(s.Key)
		if next == nil {
			return nil, &Error{Pos: cur.Pos, Path: cur.Path, Msg: fmt.Sprintf("no field %q (fields: %s)%s", s.Key, strings.Join(cur.Keys, ", "), DidYouMean(s.Key, cur.Keys))}
		}
		if s.Indexed {
			i, err := next.Element(s)
			if err != nil {
				return nil, &Error{Pos: next.Pos, Path: next.Path, Msg: err.Error()}
			}
			next = next.Items[i]
		}
		cur = next
	}
	return cur, nil
}

// At returns the node at path in n, or nil when the path leads nowhere
// (Lookup says where).
func (n *Node) At(path string) *Node {
	v, err := n.Lookup(path)
	if err != nil {
		return nil
	}
	return v
}

// Positional returns path with every element named by name replaced by
// its position in n ("blueprints[Sniper Cruiser].hull" →
// "blueprints[5].hull"), as far as the path leads through n: the path
// that keeps addressing the same element when a set renames it. A name
// that is not there is Element's error, located at the list.
func (n *Node) Positional(path string) (string, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return "", err
	}
	cur := n
	for k, s := range steps {
		next := cur.Get(s.Key)
		if s.Indexed && s.Name != "" {
			i, err := next.Element(s)
			if err != nil {
				return "", &Error{Pos: posOf(next), Path: JoinPath(pathOf(cur), s.Key), Msg: err.Error()}
			}
			steps[k].Name, steps[k].Index = "", i
		}
		if s.Indexed && next != nil && next.Kind == Seq && steps[k].Index < len(next.Items) {
			next = next.Items[steps[k].Index]
		}
		cur = next
	}
	return JoinSteps(steps), nil
}

// JoinSteps writes steps as a path.
func JoinSteps(steps []Step) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = s.String()
	}
	return strings.Join(parts, ".")
}

func posOf(n *Node) Pos {
	if n == nil {
		return Pos{}
	}
	return n.Pos
}

func pathOf(n *Node) string {
	if n == nil {
		return ""
	}
	return n.Path
}

func kindOf(n *Node) Kind {
	if n == nil {
		return Null
	}
	return n.Kind
}
