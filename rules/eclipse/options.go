package eclipse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// globalOptions are the scenario-wide options of §13.13 (stalemate) and
// §13.14 (same-side-ties); sideOptions the per-side ones of §13.10-15.
var globalOptions = rules.OptionSet{
	{Name: "stalemate", Default: "defender", Words: []string{"defender", "draw"}},
	{Name: "same-side-ties", Default: "size", Words: []string{"size", "listed"}},
}

var sideOptions = rules.OptionSet{
	{Name: "policy", Default: "kill-greedy", Words: policyNames[:]},
	{Name: "retreat", Default: "never", Check: checkRetreat, Allowed: "never, when-losing, after-round-N (N an integer from 0 to 10000)"},
	{Name: "antimatter-splitter", Default: "false", Words: []string{"true", "false"}},
	{Name: "kind", Default: "player", Words: []string{"player", "npc"}},
}

// RetreatKind is the side option `retreat` (§3.6 rule 4, §13.12).
type RetreatKind uint8

const (
	RetreatNever RetreatKind = iota
	RetreatAfterRound
	RetreatWhenLosing
)

// Retreat is a side's retreat option.
type Retreat struct {
	Kind RetreatKind
	N    int // for RetreatAfterRound: declare from round N+1 on
}

func (r Retreat) String() string {
	switch r.Kind {
	case RetreatAfterRound:
		return "after-round-" + strconv.Itoa(r.N)
	case RetreatWhenLosing:
		return "when-losing"
	}
	return "never"
}

func parseRetreat(v string) (Retreat, bool) {
	switch v {
	case "never":
		return Retreat{}, true
	case "when-losing":
		return Retreat{Kind: RetreatWhenLosing}, true
	}
	s, ok := strings.CutPrefix(v, "after-round-")
	if !ok || s == "" || len(s) > 5 {
		return Retreat{}, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > RoundCap || strconv.Itoa(n) != s {
		return Retreat{}, false
	}
	return Retreat{Kind: RetreatAfterRound, N: n}, true
}

func checkRetreat(v string) error {
	if _, ok := parseRetreat(v); !ok {
		return fmt.Errorf("%q is not allowed", v)
	}
	return nil
}
