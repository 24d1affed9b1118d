package doc_test

import (
	"slices"
	"testing"
)

// Remove deletes a field at any depth, leaves the copy it was cloned from
// alone, and reports a field that is not there (or a path through a list
// or a scalar) as absent.
func TestRemove(t *testing.T) {
	n := parse(t, "name: x\nattacker: {ships: {Interceptor: 2}, policy: priority, priority: [Cruiser]}\nlist: [1, 2]\n")
	orig := n.Clone()
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{"attacker.priority", true}, {"attacker.priority", false}, {"name", true},
		{"defender.priority", false}, {"list.x", false}, {"attacker.policy.x", false}, {"list", true},
	} {
		if got := n.Remove(c.path); got != c.ok {
			t.Errorf("Remove(%q) = %v, want %v", c.path, got, c.ok)
		}
	}
	if got := n.Keys; !slices.Equal(got, []string{"attacker"}) {
		t.Errorf("top-level keys left: %v", got)
	}
	if got := n.Get("attacker").Keys; !slices.Equal(got, []string{"ships", "policy"}) {
		t.Errorf("attacker's keys left: %v", got)
	}
	if got := orig.Get("attacker").Keys; !slices.Equal(got, []string{"ships", "policy", "priority"}) {
		t.Errorf("the clone lost keys: %v", got)
	}
}
