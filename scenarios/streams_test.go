package scenarios_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/scenarios"
)

// `streams: NAME` makes a scenario draw NAME's random streams: a copy of a
// scenario under another name that names the original's streams fights
// exactly the original's battles; without it, its own. The field is part
// of the hash (it changes the results) and is a name.
func TestStreamsField(t *testing.T) {
	const duel = "ruleset: stratfight\na: {fighter: thug}\nb: {fighter: guard}\n"
	tally := func(sc *scenarios.Scenario) string {
		res, _, err := analysis.Run{Seed: 9, Trials: 300}.Fight(context.Background(), sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.Tally)
		return string(b)
	}
	parse := func(src string) *scenarios.Scenario {
		sc, err := scenarios.Parse("copy.yaml", "copy", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	original, err := scenarios.Load("stratfight/thug-vs-guard")
	if err != nil {
		t.Fatal(err)
	}
	own, borrowed := parse(duel), parse(duel+"streams: stratfight/thug-vs-guard\n")
	if own.StreamName() != "copy" || borrowed.StreamName() != "stratfight/thug-vs-guard" || borrowed.Name != "copy" {
		t.Errorf("stream names %q and %q, name %q", own.StreamName(), borrowed.StreamName(), borrowed.Name)
	}
	if want := tally(original); tally(borrowed) != want || tally(own) == want {
		t.Error("a scenario naming another's streams does not fight its battles (or one naming none does)")
	}
	if own.Hash() == borrowed.Hash() {
		t.Error("the hash ignores streams:")
	}
	if _, err := scenarios.Parse("copy.yaml", "copy", []byte(duel+"streams: \"a\\nb\"\n")); err == nil {
		t.Error("streams: accepts a name with a newline")
	}
}
