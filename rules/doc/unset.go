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
// ("claims[1]", "blueprints[Brick]"), after which the later elements move up one. Every
// element on the way must exist: a path that leads nowhere is an error
// located at origin naming the fields there, with the nearest of them,
// since removing nothing is a typo's silent no-op.
func (n *Node) Unset(path, origin string) error {
	steps, err := ParsePath(path)
	if err != nil {
		return fmt.Errorf("%s: %v", origin, err)
	}
	cur := n
	for i, s := range steps {
		key, hasIdx := s.Key, s.Indexed
		last := i == len(steps)-1
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
		}
		idx, err := next.Element(s)
		switch {
		case err != nil:
			return &Error{Pos: Pos{Origin: origin}, Path: written(steps, i), Msg: err.Error()}
		case last:
			next.Items = slices.Delete(next.Items, idx, idx+1)
			next.setPath(next.Path)
			return nil
		}
		cur = next.Items[idx]
	}
	return nil
}
