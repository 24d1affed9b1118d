package exact

import (
	"testing"
)

func TestSmoke(t *testing.T) {
	for _, c := range []struct{ file, scenario string }{
		{"duel2d6.rules.yaml", "a: {units: {duellist: 1}}\nb: {units: {duellist: 1}}\n"},
		{"skirmish.rules.yaml", "a: {units: {trooper: 5}}\nb: {units: {veteran: 2}}\n"},
		{"fleet.rules.yaml", "a: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\nb: {units: {Interceptor: 8, Cruiser: 4, Dreadnought: 2}}\n"},
	} {
		m := modelOf(t, example(t, c.file), c.scenario)
		r, err := Solve(t.Context(), m, Options{Rational: c.file == "duel2d6.rules.yaml"})
		if err != nil {
			t.Fatal(c.file, err)
		}
		t.Logf("%s: states %d win %+v ends %+v rounds %v notes %v", c.file, r.States, r.Win, r.Ends, r.RoundsMean, r.Notes)
		for _, k := range r.Counters {
			t.Logf("  %s mean %v P %v", k.Name, k.Mean, k.P)
		}
	}
}
