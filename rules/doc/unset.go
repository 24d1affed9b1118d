package doc

import (
	"fmt"
	"slices"
	"strings"
)

// Unset removes the field at a dotted path, as `--unset PATH` does, so that
// a command line can take a field out of a scenario (a side's `npc:` before
// `--set b.ship=…` gives it a fixed ship) rather than only override one.
// The last element names a key of a mapping, or an element of a list
// ("claims[1]"), after which the later elements move up one. Every
// element on the way must exist: a path that leads nowhere is an error
// located at origin naming the fields there, with the nearest of them,
// since removing nothing is a typo's silent no-op.
func (n *Node) Unset(path, origin string) error {
	if err := CheckPath(path); err != nil {
		return fmt.Errorf("%s: %v", origin, err)
	}
	parts := strings.Split(path, ".")
	cur := n
	for i, part := range parts {
		key, idx, hasIdx, _ := splitIndex(part)
		last := i == len(parts)-1
		if cur.Kind != Map {
			return &Error{Pos: Pos{Origin: origin}, Path: cur.Path, Msg: fmt.Sprintf("is %s, which has no field %q", cur.Kind, key)}
		}
		at := slices.Index(cur.Keys, key)
		if at < 0 {
			return &Error{Pos: Pos{Origin: origin}, Path: cur.Path, Msg: fmt.Sprintf("no field %q to remove (fields: %s)%s",
				key, strings.Join(cur.Keys, ", "), DidYouMean(key, cur.Keys))}
		}
		next := cur.Vals[at]
		switch {
		case !hasIdx && last:
			cur.Keys = slices.Delete(cur.Keys, at, at+1)
			cur.Vals = slices.Delete(cur.Vals, at, at+1)
			return nil
		case !hasIdx:
			cur = next
			continue
		case next.Kind != Seq || idx >= len(next.Items):
			return &Error{Pos: Pos{Origin: origin}, Path: next.Path, Msg: fmt.Sprintf("has no element [%d]", idx)}
		case last:
			next.Items = slices.Delete(next.Items, idx, idx+1)
			next.setPath(next.Path)
			return nil
		}
		cur = next.Items[idx]
	}
	return nil
}
