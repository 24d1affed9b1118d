package reports

import (
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/analysis/explain"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/sim/batch"
)

// showGame is "show me a game that ends like this" beside an outcome row:
// the command that replays a game of the run that ended so (the first the
// run kept as an example, where the row's outcome is one its examples
// tell apart), and the crucible explain command that shows several.
type showGame struct {
	Replay, Explain string
}

// showGameOf returns the commands of the row of metric m ("" where the
// row has no condition of its own: a side's victories set apart from its
// scored wins). They name the scenario as the run did; a run with --set
// overrides needs them added.
func showGameOf(r *analysis.Result, m string) showGame {
	text := m
	if strings.HasPrefix(m, "counter.") {
		text = m + ">=1" // a non-victory end's 0/1 counter
	}
	cond, err := rules.ParseCondition(text, r.Spec)
	if m == "" || err != nil {
		return showGame{}
	}
	seed := strconv.FormatUint(r.Seed, 10)
	g := showGame{Explain: batch.ShellJoin([]string{"crucible", "explain", r.Scenario, "--outcome", text, "--seed", seed, "--trials", strconv.FormatInt(r.Tally.Trials, 10)})}
	if kept := explain.Kept(r.Tally.Examples, cond, len(r.Spec.Ends)); cond.OnlyBuckets() && len(kept) > 0 && r.First == 0 {
		g.Replay = batch.ShellJoin([]string{"crucible", "replay", r.Scenario, "--trial", strconv.FormatInt(kept[0].Trial, 10), "--seed", seed})
	}
	return g
}
