package cli

import "testing"

// A misspelt tune name, --target metric or --metric is refused with the
// names near it. Before: "is not a tune: name the field with --vary" for
// a tune's misspelt name, and the metric forms without a suggestion.
func TestMisspeltNamesSuggest(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, `eclipse/interceptors-for-7: no such file and no built-in tune or scenario of that name; did you mean "eclipse/interceptor-duel" or "eclipse/interceptors-for-70"?`,
		"tune", "eclipse/interceptors-for-7")
	mustFail(t, exitUsage, `unknown metric "wn.a" (allowed: `,
		"tune", "eclipse/interceptor-duel", "--vary", "attacker.ships.Interceptor=1..3", "--target", "wn.a>=0.7")
	mustFail(t, exitUsage, `; did you mean "win.a"?`,
		"tune", "eclipse/interceptor-duel", "--vary", "attacker.ships.Interceptor=1..3", "--target", "wn.a>=0.7")
	mustFail(t, exitUsage, `--metric win.aa: unknown metric "win.aa"`, "sweep", "eclipse/shields", "--metric", "win.aa", "--trials", "10")
	mustFail(t, exitUsage, `did you mean "win.a" or "win.b"?`, "sweep", "eclipse/shields", "--metric", "win.aa", "--trials", "10")
}
