// Package doc holds a scenario document as a tree of positioned nodes and
// decodes it strictly into Go values.
//
// A scenario file is parsed once (by package scenarios, from YAML) into a
// tree of Nodes that remember their file, line and column and their field
// path. Command-line overrides (--set PATH=VALUE) edit the same tree, so a
// ruleset that validates a value reports the same kind of error whether the
// value came from the file or from the command line.
package doc

import (
	"fmt"
	"slices"
	"strings"
)

// Kind says what a Node holds.
type Kind uint8

const (
	Null Kind = iota
	Scalar
	Map
	Seq
)

func (k Kind) String() string {
	switch k {
	case Scalar:
		return "a scalar"
	case Map:
		return "a mapping"
	case Seq:
		return "a list"
	}
	return "null"
}

// Pos is where a node came from: a file position, or a command-line
// override when Line is 0 and Origin is set.
type Pos struct {
	File      string
	Line, Col int
	// Origin names a non-file source, e.g. `--set a.weapon=rapier`.
	Origin string
}

func (p Pos) String() string {
	switch {
	case p.Origin != "":
		return p.Origin
	case p.Line > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return p.File
}

// Node is one value of a document. Map keys keep their file order.
type Node struct {
	Kind  Kind
	Pos   Pos
	Path  string // field path from the root, e.g. "a.fighter.weapon" or "claims[2].metric"
	Value string // scalar text (for Scalar)
	// Quoted marks a scalar written as a string (in quotes, or as a block
	// scalar): text even when it reads as a number, so that "109" is
	// refused where an integer belongs, as its schema says.
	Quoted bool
	Keys   []string
	Vals   []*Node // values of Keys, same order
	Items  []*Node // elements of a Seq
}

// Error is an input error located in a document.
type Error struct {
	Pos  Pos
	Path string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	if s := e.Pos.String(); s != "" {
		b.WriteString(s)
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errorf returns an Error located at n.
func (n *Node) Errorf(format string, args ...any) *Error {
	return &Error{Pos: n.Pos, Path: n.Path, Msg: fmt.Sprintf(format, args...)}
}

// Get returns the value of key in a mapping, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Map {
		return nil
	}
	if i := slices.Index(n.Keys, key); i >= 0 {
		return n.Vals[i]
	}
	return nil
}

// Without returns a shallow copy of the mapping n without the given keys.
func (n *Node) Without(keys ...string) *Node {
	if n == nil || n.Kind != Map {
		return n
	}
	c := *n
	c.Keys, c.Vals = nil, nil
	for i, k := range n.Keys {
		if !slices.Contains(keys, k) {
			c.Keys = append(c.Keys, k)
			c.Vals = append(c.Vals, n.Vals[i])
		}
	}
	return &c
}

// Clone returns a deep copy of n.
func (n *Node) Clone() *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Keys = slices.Clone(n.Keys)
	c.Vals = make([]*Node, len(n.Vals))
	for i, v := range n.Vals {
		c.Vals[i] = v.Clone()
	}
	c.Items = make([]*Node, len(n.Items))
	for i, v := range n.Items {
		c.Items[i] = v.Clone()
	}
	return &c
}

// Put sets key to v in the mapping n, replacing an existing value or
// appending a new key. It fixes up v's path.
func (n *Node) Put(key string, v *Node) {
	v.setPath(JoinPath(n.Path, key))
	if i := slices.Index(n.Keys, key); i >= 0 {
		n.Vals[i] = v
		return
	}
	n.Keys = append(n.Keys, key)
	n.Vals = append(n.Vals, v)
}

func (n *Node) setPath(p string) {
	n.Path = p
	for i, k := range n.Keys {
		n.Vals[i].setPath(JoinPath(p, k))
	}
	for i, it := range n.Items {
		it.setPath(fmt.Sprintf("%s[%d]", p, i))
	}
}

// JoinPath returns the field path of key inside the node at path parent.
func JoinPath(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// Set overrides the field at a dotted path (e.g. "options.tie-rule" or
// "b.fighter.weapon") with a scalar value, creating missing mappings on the
// way. An index addresses a list element that must exist, by position
// ("claims[0].min") or by name ("blueprints[Sniper Cruiser].hull", see
// Step). The new node's position is origin (e.g. `--set options.x=y`).
func (n *Node) Set(path, value, origin string) error {
	return n.SetNode(path, &Node{Kind: Scalar, Pos: Pos{Origin: origin}, Value: value}, origin)
}

// SetNode is Set with any value — a scalar, a list or a mapping, as a
// command line gives one in YAML — whose field paths it sets. v becomes
// part of n.
func (n *Node) SetNode(path string, v *Node, origin string) error {
	steps, err := ParsePath(path)
	if err != nil {
		return fmt.Errorf("%s: %v", origin, err)
	}
	cur := n
	for i, s := range steps {
		last := i == len(steps)-1
		if cur.Kind == Null {
			cur.Kind = Map
		}
		if cur.Kind != Map {
			return fmt.Errorf("%s: %s is %s, not a mapping", origin, displayPath(cur.Path), cur.Kind)
		}
		next := cur.Get(s.Key)
		if s.Indexed {
			at, err := next.Element(s)
			if err != nil {
				return &Error{Pos: Pos{Origin: origin}, Path: written(steps, i), Msg: err.Error()}
			}
			cur = next.Items[at]
			if last {
				p := cur.Path
				*cur = *v
				cur.setPath(p)
			}
			continue
		}
		if last {
			cur.Put(s.Key, v)
			return nil
		}
		if next == nil || next.Kind == Null || next.Kind == Scalar && next.Value == "" {
			next = &Node{Kind: Map, Pos: Pos{Origin: origin}}
			cur.Put(s.Key, next)
		}
		cur = next
	}
	return nil
}

// written is the path of step i's list as the path writes it, names and
// all (blueprints[Sniper Cruiser].parts), for errors.
func written(steps []Step, i int) string {
	return JoinPath(JoinSteps(steps[:i]), steps[i].Key)
}

func displayPath(p string) string {
	if p == "" {
		return "the document"
	}
	return p
}
