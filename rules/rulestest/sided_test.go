package rulestest_test

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// sidedToy is playToy whose sides are its a-play and b-play fields, with
// one flaw of the side contract switched on by its name.
type sidedToy struct {
	playToy
	sideFlaw string
}

func (t sidedToy) SideFields() [2][]string {
	switch t.sideFlaw {
	case "absent":
		return [2][]string{{"a-army"}, {"b-army"}}
	case "uneven":
		return [2][]string{{"a-play"}, {}}
	case "twice":
		return [2][]string{{"a-play"}, {"a-play"}}
	}
	return [2][]string{{"a-play"}, {"b-play"}}
}

// A conforming ruleset passes the side check; each flaw is caught.
func TestSidesCheck(t *testing.T) {
	for _, c := range []struct{ playFlaw, sideFlaw, want string }{
		{"", "", ""},
		{"", "absent", "no kit scenario has every side field"},
		{"", "uneven", "side a has 1 fields and side b 0"},
		{"", "twice", "field a-play is declared twice"},
		{"refused-elsewhere", "", "refused elsewhere than in the side's fields"},
	} {
		k := rulestest.Kit{
			Ruleset:   sidedToy{playToy{c.playFlaw}, c.sideFlaw},
			Scenarios: []rulestest.Scenario{{Name: "short", Src: "cap: 3\n"}, {Name: "timid", Src: "cap: 4\na-play: bold\nb-play: timid\n"}},
		}
		var check func(rulestest.Kit, []rules.Battle) []string
		for _, ch := range rulestest.Checks {
			if ch.Name == "SidesSwap" {
				check = ch.Run
			}
		}
		problems := strings.Join(check(k, nil), "\n")
		if c.want == "" && problems != "" || !strings.Contains(problems, c.want) {
			t.Errorf("flaws %q/%q: problems %q, want one saying %q", c.playFlaw, c.sideFlaw, problems, c.want)
		}
	}
}
