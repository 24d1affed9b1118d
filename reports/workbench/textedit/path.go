package textedit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// step is one element of a field path: a mapping's key, or a list's index
// after it (parts[2]).
type step struct {
	key     string
	index   int
	indexed bool
}

// steps splits a field path into its elements.
func steps(path string) ([]step, error) {
	if err := doc.CheckPath(path); err != nil {
		return nil, err
	}
	var out []step
	for _, part := range strings.Split(path, ".") {
		key, idx, found := strings.Cut(part, "[")
		s := step{key: key}
		if found {
			n, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("bad index in %q", part)
			}
			s.index, s.indexed = n, true
		}
		out = append(out, s)
	}
	return out, nil
}

// find returns the node at path in root, or nil.
func find(root *doc.Node, path string) *doc.Node {
	ss, err := steps(path)
	if err != nil {
		return nil
	}
	cur := root
	for _, s := range ss {
		if cur = cur.Get(s.key); cur == nil {
			return nil
		}
		if s.indexed {
			if cur.Kind != doc.Seq || s.index >= len(cur.Items) {
				return nil
			}
			cur = cur.Items[s.index]
		}
	}
	return cur
}

// parentOf returns the mapping or list that holds the field at path, and
// the field's last step; missing mappings on the way are made when make is
// set.
func parentOf(root *doc.Node, path string, make bool) (*doc.Node, step, error) {
	ss, err := steps(path)
	if err != nil {
		return nil, step{}, err
	}
	cur := root
	for i, s := range ss {
		last := i == len(ss)-1
		if cur.Kind == doc.Null && make {
			cur.Kind = doc.Map
		}
		if cur.Kind != doc.Map {
			return nil, step{}, fmt.Errorf("%s: %s is not a mapping", path, describe(cur))
		}
		if last && !s.indexed {
			return cur, s, nil
		}
		next := cur.Get(s.key)
		if next == nil {
			if !make || s.indexed {
				return nil, step{}, fmt.Errorf("%s: no field %s", path, s.key)
			}
			next = &doc.Node{Kind: doc.Map}
			cur.Put(s.key, next)
		}
		if s.indexed {
			if next.Kind != doc.Seq || s.index >= len(next.Items) {
				return nil, step{}, fmt.Errorf("%s: %s has no item [%d]", path, s.key, s.index)
			}
			if last {
				return next, s, nil
			}
			next = next.Items[s.index]
		}
		cur = next
	}
	return nil, step{}, fmt.Errorf("%s: an empty path", path)
}

func describe(n *doc.Node) string {
	if n.Path == "" {
		return "the document"
	}
	return n.Path
}

// apply makes one edit of the document root.
func apply(root *doc.Node, op Op) error {
	switch op.Kind {
	case Set:
		if op.Value == nil {
			return fmt.Errorf("set %s: no value", op.Path)
		}
		p, s, err := parentOf(root, op.Path, true)
		if err != nil {
			return err
		}
		if p.Kind == doc.Seq {
			p.Items[s.index] = op.Value.Clone()
		} else {
			p.Put(s.key, op.Value.Clone())
		}
	case Remove:
		p, s, err := parentOf(root, op.Path, false)
		if err != nil {
			return err
		}
		if p.Kind == doc.Seq {
			p.Items = slices.Delete(p.Items, s.index, s.index+1)
		} else if !p.Remove(s.key) {
			return fmt.Errorf("remove %s: no such field", op.Path)
		}
	case Rename:
		p, s, err := parentOf(root, op.Path, false)
		if err != nil || p.Kind != doc.Map {
			return fmt.Errorf("rename %s: no such key", op.Path)
		}
		i := slices.Index(p.Keys, s.key)
		switch {
		case i < 0:
			return fmt.Errorf("rename %s: no such key", op.Path)
		case op.To == "" || p.Get(op.To) != nil && op.To != s.key:
			return fmt.Errorf("rename %s to %q: the name is empty or taken", op.Path, op.To)
		}
		p.Keys[i] = op.To
	case Append:
		if op.Value == nil {
			return fmt.Errorf("append to %s: no value", op.Path)
		}
		list := find(root, op.Path)
		if list == nil || list.Kind == doc.Null {
			list = &doc.Node{Kind: doc.Seq}
			if err := apply(root, Op{Kind: Set, Path: op.Path, Value: list}); err != nil {
				return err
			}
			list = find(root, op.Path)
		}
		if list.Kind != doc.Seq {
			return fmt.Errorf("append to %s: not a list", op.Path)
		}
		list.Items = append(list.Items, op.Value.Clone())
	default:
		return fmt.Errorf("%q: allowed edits: set, remove, rename, append", op.Kind)
	}
	return nil
}
