package emojispace

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// PolicyFields implements rules.Policied: a.policy and b.policy each take
// the rules of §18 that are whole policies by themselves — those of
// ruleNames, the table the reference's Policies section lists, that the
// parser reads from their bare name. escape-below and surrender-below
// need a fraction and plan a list of actions, which are the designer's to
// choose, so a spread leaves them out.
func (ruleset) PolicyFields() [2]rules.PolicyField {
	var values []rules.PolicyValue
	for _, name := range ruleNames {
		if _, err := parseRule(&doc.Node{Kind: doc.Scalar, Value: name}); err == nil {
			values = append(values, rules.PolicyValue{Name: name})
		}
	}
	return [2]rules.PolicyField{{Path: "a.policy", Values: values}, {Path: "b.policy", Values: values}}
}
