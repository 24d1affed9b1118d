package dbd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Option names (§17), in the order every output echoes them: the gap
// decisions G1–G19 that are options, then the other options.
const (
	optOnePerUnit       = "one-activation-per-unit" // G1
	optMoveOneAlways    = "move-one-always"         // G2
	optWithdraw         = "withdraw"                // G4
	optSkrRangedEngaged = "skr-ranged-engaged"      // G5
	optArcMoveMelee     = "arc-move-then-melee"     // G7
	optDiceClamp        = "dice-clamp"              // G8
	optChargeRule       = "charge-rule"             // G10
	optRetreatChoice    = "retreat-choice"          // G11
	optTurnCap          = "turn-cap"                // G15
	optTurnCapResult    = "turn-cap-result"         // G15
	optFirstSide        = "first-side"              // G16
	optHP               = "hp"                      // G17
	optStandardsToWin   = "standards-to-win"        // G17
	optGreedyProfile    = "greedy-profile"          // §14
	optRollout          = "rollout"                 // §14
	optBoardTemplates   = "board-templates"         // §2, §12
)

// MaxTurnCap bounds option turn-cap: a cap in full rounds (G15). No game
// lasts that long in practice; the bound keeps a fuzzed value from making
// one trial run for hours.
const MaxTurnCap = 10_000

// Rollout bounds (§14): K candidates, R continuations each, H full rounds.
const (
	maxRolloutK = 32
	maxRolloutR = 64
	maxRolloutH = 20
)

var optionSet = rules.OptionSet{
	{ // §5 step 2, G1
		Name: optOnePerUnit, Default: "true", Words: []string{"true", "false"},
		Doc: "true: a unit is activated at most once a turn, so a turn moves three different units; " +
			"false: one unit may take several of its side's three activations in a turn.",
	},
	{ // §7, G2
		Name: optMoveOneAlways, Default: "false", Words: []string{"false", "true"},
		Doc: "false: moving costs what the terrain says, so a unit of Move 1 (INF, ARC, GEN) never enters WOODS or ROUGH, which cost 2; " +
			"true: any unit may always step into one adjacent empty hex that is not WATER, whatever it costs.",
	},
	{ // §6, G4
		Name: optWithdraw, Default: "one-step", Words: []string{"one-step", "full-move"},
		Doc: "How far an engaged unit may withdraw (to a hex no enemy is next to). one-step: one hex, " +
			"except skirmishers, which go up to their full Move and may then shoot; full-move: every unit goes up to its full Move.",
	},
	{ // §6, G5
		Name: optSkrRangedEngaged, Default: "false", Words: []string{"false", "true"},
		Doc: "false: a skirmisher next to an enemy may melee but not shoot; true: it may shoot while engaged as well.",
	},
	{ // §6, G7
		Name: optArcMoveMelee, Default: "false", Words: []string{"false", "true"},
		Doc: "false: an archer either moves or attacks in an activation, never both; " +
			"true: an archer that moved may melee an enemy next to where it stopped (it still never moves and shoots).",
	},
	{ // §8 step 4, G8
		Name: optDiceClamp, Default: "end", Words: []string{"end", "after-cover"},
		Doc: "When an attack's dice are raised to at least 1. end: once, after cover, flank and charge are counted; " +
			"after-cover: also right after cover, so that a 1-die melee on a flanked defender in cover rolls 2 dice, not 1.",
	},
	{ // §7, G10
		Name: optChargeRule, Default: "steps", Words: []string{"steps", "distance"},
		Doc: "What makes a cavalry charge (+1 die). steps: the cavalry started unengaged and could reach its end hex by two steps " +
			"through an empty CLEAR or HILL hex onto CLEAR or HILL; distance: the same, and the end hex is also 2 hexes from the start.",
	},
	{ // §10, G11
		Name: optRetreatChoice, Default: "heuristic", Words: []string{"heuristic", "first", "random"},
		Doc: "Where a retreating unit steps, among the legal hexes. heuristic: most friends less enemies adjacent, then WOODS or ROUGH, " +
			"then farthest from the nearest enemy, then any of those still alike, evenly; first: the lowest hex id among those farthest from the attacker; " +
			"random: any, evenly.",
	},
	{ // §11, G15
		Name: optTurnCap, Default: "60", Ints: &doc.Range{Min: 1, Max: MaxTurnCap, Note: "full rounds of two turns"},
		Doc: "The full rounds (a turn of each side) after which an undecided game stops, with end reason turn-cap.",
	},
	{ // §11, G15
		Name: optTurnCapResult, Default: "draw", Words: []string{"draw", "standards"},
		Doc: "Who wins a game stopped by the turn cap. draw: nobody; standards: the side with more standards (nobody if equal).",
	},
	{ // §5 step 1, G16
		Name: optFirstSide, Default: "scenario", Words: []string{"scenario", "BLUE", "RED", "alternate"},
		Doc: "Which side takes the first turn (with the scenario's turn.activationsLeft). scenario: the scenario's turn.side; " +
			"BLUE, RED: that side; alternate: the scenario's side in even trials and the other in odd ones, so that mirrored sides measure the first-mover advantage.",
	},
	{ // §13, G17
		Name: optHP, Default: "as-file", Words: []string{"as-file", "max"},
		Doc: "as-file: every unit starts with the hp the scenario gives it; max: every unit starts at its max HP for its type and quality.",
	},
	{ // §13, G17
		Name: optStandardsToWin, Default: "file", Check: checkStandardsToWin, Allowed: fmt.Sprintf("file, or an integer from 1 to %d", maxStandardsToWin),
		Doc: "file: the scenario's standardsToWin; a number: the standards a side needs to win, in place of the scenario's.",
	},
	{ // §14
		Name: optGreedyProfile, Default: "cohort", Words: []string{"cohort", "levy", "legion"},
		Doc: "The temperament of every greedy player (and of the greedy play inside a rollout): cohort, a steady player; " +
			"levy, noisy, often passing, taking any attack; legion, sharp and eager to attack, above all generals. The catalogue greedy-profiles gives their numbers.",
	},
	{ // §14
		Name: optRollout, Default: "6,8,2", Check: checkRollout,
		Allowed: fmt.Sprintf("K,R,H: K from 1 to %d candidates, R from 1 to %d continuations, H from 1 to %d full rounds", maxRolloutK, maxRolloutR, maxRolloutH),
		Doc: "The search of the rollout policy: it weighs greedy's K best activations (and ending the turn), playing each on R times " +
			"with greedy on both sides for up to H full rounds, and takes the best on average: (K+1)·R continuations a decision.",
	},
	{ // §2, §12
		Name: optBoardTemplates, Default: "false", Words: []string{"false", "true"},
		Doc: "false: a scenario's board must be DBD-157-v1; true: the board templates DBD-157-PASS-v1 and DBD-157-CORRIDOR-v1 are allowed too.",
	},
}

func checkStandardsToWin(v string) error {
	if v == "file" {
		return nil
	}
	if n, err := strconv.Atoi(v); err != nil || n < 1 || n > maxStandardsToWin || strconv.Itoa(n) != v {
		return fmt.Errorf("%q is not file or an integer from 1 to %d", v, maxStandardsToWin)
	}
	return nil
}

// rolloutParams is option rollout (§14).
type rolloutParams struct{ K, R, H int }

func parseRollout(v string) (rolloutParams, error) {
	parts := strings.Split(v, ",")
	if len(parts) != 3 {
		return rolloutParams{}, fmt.Errorf("%q is not three integers K,R,H", v)
	}
	var x [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return rolloutParams{}, fmt.Errorf("%q is not three integers K,R,H", v)
		}
		x[i] = n
	}
	p := rolloutParams{x[0], x[1], x[2]}
	if p.K < 1 || p.K > maxRolloutK || p.R < 1 || p.R > maxRolloutR || p.H < 1 || p.H > maxRolloutH {
		return rolloutParams{}, fmt.Errorf("rollout %q is out of range", v)
	}
	return p, nil
}

func checkRollout(v string) error {
	_, err := parseRollout(v)
	return err
}

// retreatChoice is option retreat-choice (§10, G11).
type retreatChoice uint8

const (
	retreatHeuristic retreatChoice = iota
	retreatFirst
	retreatRandom
)

// firstSideRule is option first-side (§17, G16).
type firstSideRule uint8

const (
	firstScenario firstSideRule = iota
	firstBlue
	firstRed
	firstAlternate
)

// Options are the rule options in force for a battle (§17).
type Options struct {
	OnePerUnit       bool // G1: a unit is activated at most once per turn
	MoveOneAlways    bool // G2: any unit may always step into a passable empty neighbour
	WithdrawFullMove bool // G4: every unit withdraws up to its full Move (default: SKR only)
	SkrRangedEngaged bool // G5: a skirmisher may shoot while engaged
	ArcMoveThenMelee bool // G7: an archer may move and then melee
	ClampAfterCover  bool // G8: dice clamped to ≥ 1 after cover as well as at the end
	ChargeDistance   bool // G10: a charge must also end at distance 2 from its start
	Retreat          retreatChoice
	TurnCap          int  // G15: full rounds before the game is called
	CapByStandards   bool // G15: at the cap, more standards wins
	FirstSide        firstSideRule
	MaxHP            bool // G17: every unit starts at its max HP
	StandardsToWin   int  // G17: 0 keeps the file's standardsToWin
	Profile          *Profile
	Rollout          rolloutParams
	BoardTemplates   bool
}

// resolveOptions reads the `options` mapping (nil: none given).
func resolveOptions(n *doc.Node) (rules.Settings, Options, error) {
	s, err := optionSet.Resolve(n)
	if err != nil {
		return nil, Options{}, err
	}
	o := Options{
		OnePerUnit:       s.Get(optOnePerUnit) == "true",
		MoveOneAlways:    s.Get(optMoveOneAlways) == "true",
		WithdrawFullMove: s.Get(optWithdraw) == "full-move",
		SkrRangedEngaged: s.Get(optSkrRangedEngaged) == "true",
		ArcMoveThenMelee: s.Get(optArcMoveMelee) == "true",
		ClampAfterCover:  s.Get(optDiceClamp) == "after-cover",
		ChargeDistance:   s.Get(optChargeRule) == "distance",
		TurnCap:          s.Int(optTurnCap),
		CapByStandards:   s.Get(optTurnCapResult) == "standards",
		MaxHP:            s.Get(optHP) == "max",
		Profile:          profileNamed(s.Get(optGreedyProfile)),
		BoardTemplates:   s.Get(optBoardTemplates) == "true",
	}
	switch s.Get(optRetreatChoice) {
	case "first":
		o.Retreat = retreatFirst
	case "random":
		o.Retreat = retreatRandom
	}
	switch s.Get(optFirstSide) {
	case "BLUE":
		o.FirstSide = firstBlue
	case "RED":
		o.FirstSide = firstRed
	case "alternate":
		o.FirstSide = firstAlternate
	}
	if v := s.Get(optStandardsToWin); v != "file" {
		o.StandardsToWin, _ = strconv.Atoi(v)
	}
	o.Rollout, err = parseRollout(s.Get(optRollout))
	if err != nil {
		panic(err) // checked by Resolve
	}
	return s, o, nil
}
