package cli

import (
	"strings"
	"testing"
)

// In a check of several files, --set SCOPE:PATH=VALUE sets one file or
// scenario alone; an unscoped --set that one file refuses names that file
// and the scoped form, and a scope that names none of the files is bad
// usage.
func TestCheckScopedSet(t *testing.T) {
	t.Parallel()
	three := summaryClaims(t)
	files := []string{"check", three, "testdata/duel.yaml", "eclipse/interceptor-duel", "--trials", "200", "--seed", "1"}
	for _, c := range []struct {
		name string
		sets []string
		code int
		want []string // on stdout for code 1 after a check, else on stderr
	}{
		{"scoped by scenario name", []string{"three:claims[0].min=1000000"}, exitFailed,
			[]string{"FAIL         three  holds", "PASS         duel  someone-wins"}},
		{"scoped by file", []string{three + ":claims[0].min=1000000", "testdata/duel.yaml:options.round-cap=50"}, exitFailed,
			[]string{"FAIL         three  holds", "PASS         duel  someone-wins"}},
		{"a path one file lacks", []string{"options.round-cap=50"}, exitFailed,
			[]string{"eclipse/interceptor-duel: --set options.round-cap=50: options.round-cap: unknown option",
				"to set it in the files it is for alone, scope it: --set '" + three + ":options.round-cap=50' --set 'testdata/duel.yaml:options.round-cap=50'"}},
		{"a value one file refuses", []string{"a.fighter=nobody"}, exitFailed,
			[]string{": --set a.fighter=nobody: a.fighter: unknown fighter", "(and testdata/duel.yaml, eclipse/interceptor-duel refuse it too)"}},
		{"a scoped value its file refuses", []string{"duel:options.round-cap=-1"}, exitFailed,
			[]string{"testdata/duel.yaml: --set options.round-cap=-1: options.round-cap: -1 is out of range"}},
		{"a scope that names no file", []string{"nope.yaml:options.round-cap=1"}, exitUsage,
			[]string{`"nope.yaml" names none of the check's files or scenarios (allowed: ` + three + ", three, testdata/duel.yaml, duel, eclipse/interceptor-duel)"}},
	} {
		args := append([]string{}, files...)
		for _, s := range c.sets {
			args = append(args, "--set", s)
		}
		out, errOut := mustFail(t, c.code, "", args...)
		got := errOut
		if strings.Contains(c.name, "scoped by") {
			got = out
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: want %q in\n%s", c.name, w, got)
			}
		}
	}
}
