package rulesfile

import (
	"testing"
)

func TestExamplesRun(t *testing.T) {
	for _, c := range []struct{ rules, scenario string }{
		{examples + "/duel2d6.rules.yaml", "a: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"},
		{examples + "/skirmish.rules.yaml", "a: {units: {trooper: 5}}\nb: {units: {veteran: 2}}\n"},
		{examples + "/fleet.rules.yaml", "a: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n"},
	} {
		b, err := Compile(scenarioOf(t, c.rules, c.scenario))
		if err != nil {
			t.Fatal(err)
		}
		tl := run(t, b, 20000)
		t.Logf("%s: wins %v ends %v %v counters %v %v", c.rules, tl.Wins, tl.EndNames, tl.Ends, tl.CounterNames, tl.Counters)
	}
}
