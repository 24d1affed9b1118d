package doc

import "strings"

// Remove deletes the field at a dotted path of mapping keys
// ("attacker.priority"), as if the document did not give it, and reports
// whether it was there. Unlike Set it takes no list index: it removes a
// field, never an element of a list.
func (n *Node) Remove(path string) bool {
	parent, key := n, path
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		for _, k := range strings.Split(path[:i], ".") {
			if parent = parent.Get(k); parent == nil {
				return false
			}
		}
		key = path[i+1:]
	}
	if parent == nil || parent.Kind != Map {
		return false
	}
	for i, k := range parent.Keys {
		if k == key {
			parent.Keys = append(parent.Keys[:i:i], parent.Keys[i+1:]...)
			parent.Vals = append(parent.Vals[:i:i], parent.Vals[i+1:]...)
			return true
		}
	}
	return false
}
