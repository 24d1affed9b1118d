package textedit

import (
	"fmt"
	"slices"

	"github.com/crucible-sim/crucible/rules/doc"
)

// step is one element of a field path, its list index (by position or
// by name) resolved to a position by parentOf.
type step = doc.Step

// parentOf returns the mapping or list that holds the field at path, and
// the field's last step, an index by name resolved to its position;
// missing mappings on the way are made when make is set.
func parentOf(root *doc.Node, path string, make bool) (*doc.Node, step, error) {
	ss, err := doc.ParsePath(path)
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
		if last && !s.Indexed {
			return cur, s, nil
		}
		next := cur.Get(s.Key)
		if next == nil && (!make || s.Indexed) {
			return nil, step{}, fmt.Errorf("%s: no field %s", path, s.Key)
		}
		if next == nil {
			next = &doc.Node{Kind: doc.Map}
			cur.Put(s.Key, next)
		}
		if s.Indexed {
			at, err := next.Element(s)
			if err != nil {
				return nil, step{}, fmt.Errorf("%s: %s %v", path, s.Key, err)
			}
			s.Name, s.Index = "", at
			if last {
				return next, s, nil
			}
			next = next.Items[at]
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
			p.Items[s.Index] = op.Value.Clone()
		} else {
			p.Put(s.Key, op.Value.Clone())
		}
	case Remove:
		p, s, err := parentOf(root, op.Path, false)
		if err != nil {
			return err
		}
		if p.Kind == doc.Seq {
			p.Items = slices.Delete(p.Items, s.Index, s.Index+1)
		} else if !p.Remove(s.Key) {
			return fmt.Errorf("remove %s: no such field", op.Path)
		}
	case Rename:
		p, s, err := parentOf(root, op.Path, false)
		if err != nil || p.Kind != doc.Map {
			return fmt.Errorf("rename %s: no such key", op.Path)
		}
		i := slices.Index(p.Keys, s.Key)
		switch {
		case i < 0:
			return fmt.Errorf("rename %s: no such key", op.Path)
		case op.To == "" || p.Get(op.To) != nil && op.To != s.Key:
			return fmt.Errorf("rename %s to %q: the name is empty or taken", op.Path, op.To)
		}
		p.Keys[i] = op.To
	case Append:
		if op.Value == nil {
			return fmt.Errorf("append to %s: no value", op.Path)
		}
		list := root.At(op.Path)
		if list == nil || list.Kind == doc.Null {
			list = &doc.Node{Kind: doc.Seq}
			if err := apply(root, Op{Kind: Set, Path: op.Path, Value: list}); err != nil {
				return err
			}
			list = root.At(op.Path)
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
