package command

import "testing"

// A scope ends at the last ':' before the path, which may hold ':' in a
// name in brackets.
func TestScopedSetWithNames(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]scopedSet{
		"a.yaml:blueprints[Mk: II].hull=2":   {"a.yaml", "blueprints[Mk: II].hull=2"},
		"blueprints[Mk: II].hull=2":          {"", "blueprints[Mk: II].hull=2"},
		"dir/a.yaml:options.round-cap=a:b":   {"dir/a.yaml", "options.round-cap=a:b"},
		"c:/x.yaml:blueprints[Brick].hull=1": {"c:/x.yaml", "blueprints[Brick].hull=1"},
	} {
		if got := parseScopedSet(in); got != want {
			t.Errorf("parseScopedSet(%q) = %+v, want %+v", in, got, want)
		}
	}
}
