package rules_test

import (
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// MapCounters names every counter a board's heat maps read, once; a battle
// without a board has none.
func TestMapCounters(t *testing.T) {
	var none *rules.Board
	if len(none.MapCounters()) != 0 {
		t.Error("a nil board has map counters")
	}
	b := &rules.Board{Maps: []rules.HeatMap{{Counters: []string{"lost.0", "", "lost.2"}}, {Counters: []string{"blocked.0", "lost.0", ""}}}}
	got := b.MapCounters()
	if len(got) != 3 || !got["lost.0"] || !got["lost.2"] || !got["blocked.0"] {
		t.Errorf("map counters %v", got)
	}
}

// schemaRuleset reads documents of the schema "test-schema-1" by itself.
type schemaRuleset struct{}

func (schemaRuleset) ID() string                              { return "schema-test" }
func (schemaRuleset) Schemas() []string                       { return []string{"test-schema-1"} }
func (schemaRuleset) Compile(*doc.Node) (rules.Battle, error) { return nil, nil }

func TestRulesetForSchema(t *testing.T) {
	rules.Register(schemaRuleset{})
	if id, ok := rules.RulesetForSchema("test-schema-1"); !ok || id != "schema-test" {
		t.Errorf("test-schema-1: %q, %v", id, ok)
	}
	if _, ok := rules.RulesetForSchema("test-schema-2"); ok {
		t.Error("an unknown schema has a ruleset")
	}
}
