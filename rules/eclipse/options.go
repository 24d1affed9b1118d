package eclipse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// globalOptions are the scenario-wide options of §13.13 (stalemate) and
// §13.14 (same-side-ties); sideOptions the per-side ones of §13.10-15.
var globalOptions = rules.OptionSet{
	{Name: "stalemate", Default: "defender", Words: []string{"defender", "draw"},
		Doc: "who wins when no ship left in the battle has a cannon, so that neither side can ever destroy the other: " +
			"defender — the defender, since the rulebook makes the attacker leave; draw — nobody. The end reason is stalemate either way."},
	{Name: "same-side-ties", Default: "size", Words: []string{"size", "listed"},
		Doc: "the order in which one side's ship types of equal initiative fire, which the rulebook leaves to their owner: " +
			"size — the larger hull first (size ranks in the hulls catalogue), then the order the scenario lists them; listed — the order the scenario lists them."},
}

var sideOptions = rules.OptionSet{
	{Name: "policy", Default: "kill-greedy", Words: assign.Names(),
		Doc: "how the side spreads the dice that hit over the enemy ships (each policy under Policies). " +
			"A player side plays kill-greedy unless told otherwise; an NPC side always plays npc; optimal is for crucible exact only, and a Monte Carlo run rejects it."},
	{Name: "retreat", Default: "never", Check: checkRetreat, Allowed: "never, when-losing, after-round-N (N an integer from 0 to 10000)",
		Doc: "when the side's ship types declare a retreat instead of firing: never; " +
			"after-round-N — at every activation from round N+1 on (after-round-0: from the first round); " +
			"when-losing — from round 2 on, whenever the side's strength (hit points left times expected cannon damage) is below the enemy's. " +
			"A type that declared leaves at its next activation and its ships count as survivors. NPC sides never retreat."},
	{Name: "antimatter-splitter", Default: "false", Words: []string{"true", "false"},
		Doc: "whether the side has the Antimatter Splitter tech: true — a red die that hits deals its 4 damage as four 1-damage hits, " +
			"which may go to different ships that the die hits; false — a red hit is 4 damage to one ship. An NPC side has no techs."},
	{Name: "kind", Default: "player", Words: []string{"player", "npc"},
		Doc: "who the side is: player — ships built on the four player hulls, from blueprints with parts; " +
			"npc — the non-player ships (Ancients, Guardians, a GCDS), which only defend, always play policy npc and never retreat."},
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
