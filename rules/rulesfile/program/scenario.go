package program

import "github.com/crucible-sim/crucible/rules/doc"

// scenarioDoc is the scenario's part of a rules-file battle.
type scenarioDoc struct {
	Rules   *doc.Node `doc:"rules,required"`
	Options *doc.Node `doc:"options"`
	A       *doc.Node `doc:"a,required"`
	B       *doc.Node `doc:"b,required"`
}

// sideDoc is one side of a scenario.
type sideDoc struct {
	Name     string    `doc:"name,name"`
	Units    *doc.Node `doc:"units,required"`
	Designs  *doc.Node `doc:"designs"`
	Policy   string    `doc:"policy"`
	Priority []string  `doc:"priority"`
}
