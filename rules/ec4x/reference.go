package ec4x

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// Reference implements rules.Documented: the fields of a fixed battle and of
// a generated suite, the options, the ship tables, targeting buckets, ROE
// thresholds and the suite's scenario types and fleets, the counters and
// ends, built from the tables Compile, the battle and the generator use.
// REFERENCE.md in this directory is its Markdown form; README.md explains
// the rules the §N citations point at.
func (ruleset) Reference() *rules.Reference {
	return &rules.Reference{
		Title: "EC4X squadron combat: task forces fight rounds of Ambush, Intercept and Main Engagement, with the desperation-round amendment",
		Follows: []string{
			"EC4X game specification: the operations chapter, §7 (space combat)",
			"EC4X game specification: the reference chapter's ship table (§9.1), the assets chapter (squadrons, fighters, scouts, raiders) and the economy chapter's weapons levels (§4.6)",
			"Desperation Round Mechanics – Spec Amendment (the EC4X desperation-round amendment, an addition proposed to the operations chapter as its §7.3.4.1), with its 500-test claims",
			"the EC4X combat engine and test-suite generator of November 2025, which profile nim-2025-11 reproduces",
		},
		Sides: [2]rules.Term{
			{Name: "the house of task force 1", Meaning: "side a: the first task force under taskForces (in a generated suite, each test's first; outputs call it TF 1 there)"},
			{Name: "the house of task force 2", Meaning: "side b: the second task force (TF 2 in a suite). Task forces 3 to 12 have no side letter: a battle one of them wins reports no winner side, and its counter tfK.victor says which won"},
		},
		Fields:     fields(),
		Catalogues: []rules.Catalogue{shipCatalogue(), bucketCatalogue(), roeCatalogue(), suiteTypeCatalogue(), suiteFleetCatalogue()},
		Counters:   counterTerms(),
		Ends:       endTerms(),
	}
}

// fields lists every scenario field: the options, a fixed battle's task
// forces and squadrons, then a generated suite's fields and the LCG seed.
func fields() []rules.Field {
	out := []rules.Field{{Path: "options", Type: "mapping of option to value",
		Meaning: "the rule options below; each absent one takes its default, which the profile sets. (§N, here and below, cites the sections of rules/ec4x/README.md.)"}}
	opts := profileOptions(ProfileSpec).Fields("options")
	for i := range opts {
		if opts[i].Path == "options."+optShips {
			opts[i].Default = SpecShips.Name + "; " + A0Ships.Name + " under profile " + ProfileNim
		}
	}
	out = append(out, opts...)
	out = append(out, taskForceFields("taskForces[]")...)
	out = append(out, squadronFields("taskForces[].squadrons[]")...)
	return append(out,
		rules.Field{Path: "suite", Type: "mapping",
			Meaning: "instead of taskForces: a generated suite of the November 2025 test generator (§5), whose trial i plays test i; a run plays count trials unless told otherwise"},
		rules.Field{Path: "suite.baseSeed", Type: "integer", Allowed: baseSeedRange.String(), Default: strconv.Itoa(DefaultBaseSeed),
			Meaning: "the suite's base seed: test i's fleets and its LCG (under nim-2025-11) are seeded baseSeed + 1000·i (§5.3)"},
		rules.Field{Path: "suite.count", Type: "integer", Allowed: countRange.String(), Default: strconv.Itoa(DefaultSuiteCount),
			Meaning: "the number of tests, which a run plays by default; test i is the same battle whatever the count, so a suite is the start of every larger one"},
		rules.Field{Path: "seed", Type: "integer", Allowed: seedRange.String() + "; profile nim-2025-11 and a fixed battle only", Default: "none: each trial seeds the LCG from its own stream",
			Meaning: "the LCG seed of every trial (§4.1), which makes every trial the same battle: crucible export writes a test's seed here, so that the exported battle replays the suite's"},
	)
}

// taskForceFields are the fields of one task force (§2.3) at path.
func taskForceFields(path string) []rules.Field {
	list := strings.TrimSuffix(path, "[]")
	d := strconv.Itoa
	return []rules.Field{
		{Path: list, Type: "list of task forces", Allowed: fmt.Sprintf("2 to %d task forces", MaxTaskForces),
			Meaning: "the battle's task forces, one per house, all hostile to one another; the first is side a, the second side b. A scenario gives taskForces or suite"},
		{Path: path + ".house", Type: "text", Allowed: "a non-empty id, each house once", Required: true,
			Meaning: "the house the task force belongs to: its name in every output"},
		{Path: path + ".roe", Type: "integer", Allowed: roeRange.String(), Default: d(defaultROE),
			Meaning: "rules of engagement: how outmatched the task force must be before it retreats, once shifted by prestige (roe catalogue)"},
		{Path: path + ".prestige", Type: "integer", Allowed: prestigeRange.String(), Default: d(defaultPrestige),
			Meaning: "the house's prestige: under spec it sets the morale check's roll and reward (§3.1 step 3) and shifts the ROE (§3.7 step 2); under nim-2025-11 it sets the morale CER modifier (§4.2)"},
		{Path: path + ".morale", Type: "integer", Allowed: moraleRange.String() + "; profile nim-2025-11 only", Default: "from prestige",
			Meaning: "a CER modifier that replaces the one nim-2025-11 derives from prestige (§4.2 step 2), as the engine's fixture records it; spec refuses it"},
		{Path: path + ".tech", Type: "integer", Allowed: techRange.String(), Default: d(defaultTech),
			Meaning: "the weapons level the task force's squadrons were built at: each level above 1 multiplies AS and DS by 1.1, rounded down at the end (§2.1; spec only)"},
		{Path: path + ".homeworld", Type: "true or false", Allowed: "true, false", Default: "false",
			Meaning: "whether the task force defends its homeworld: it never retreats, and keeps its cloak when every task force is hidden (§3.1 step 6)"},
		{Path: path + ".eli", Type: "integer", Allowed: eliRange.String(), Default: d(defaultSensor),
			Meaning: "the ELI tech of the task force's scouts and starbases, which try to detect cloaked raiders (§3.1 step 5; spec only)"},
		{Path: path + ".clk", Type: "integer", Allowed: clkRange.String(), Default: d(defaultSensor),
			Meaning: "the CLK tech of the task force's raiders, which the enemy's ELI must beat to see them (§3.1 step 5; spec only)"},
		{Path: path + ".squadrons", Type: "list of squadrons", Allowed: fmt.Sprintf("1 to %d squadrons", maxSquadrons), Required: true,
			Meaning: "the task force's squadrons, each a flagship with its escorts, fighting as one unit"},
	}
}

// squadronFields are the fields of one squadron (§2.2, §2.3) at path.
func squadronFields(path string) []rules.Field {
	return []rules.Field{
		{Path: path + ".id", Type: "text", Allowed: "a non-empty id; under spec each id once in the battle", Required: true,
			Meaning: "the squadron's name in replays; nim-2025-11 aims at ids, so a repeated id there takes every hit on the first squadron of that id (§4.6)"},
		{Path: path + ".flagship", Type: "ship class", Names: rules.NamesOf([]string{"ships"}), Allowed: "a class of the ship table in force (ships catalogue); ETAC and TroopTransport under nim-2025-11 only", Required: true,
			Meaning: "the squadron's flagship: its CR is the squadron's command rating and its class the squadron's targeting bucket (buckets catalogue)"},
		{Path: path + ".escorts", Type: "list of ship classes", Names: rules.NamesOf([]string{"ships"}), Allowed: fmt.Sprintf("at most %d classes of the table in force; under spec their CC together at most the flagship's CR, none behind a Starbase, only Fighters behind a Fighter", maxEscorts), Default: "none",
			Meaning: "the ships that fly with the flagship; the squadron's AS and DS are the sums over all its ships"},
		{Path: path + ".tech", Type: "integer", Allowed: techRange.String(), Default: "the task force's tech",
			Meaning: "this squadron's weapons level, where it differs from its task force's (spec only)"},
	}
}

// classNotes say what a class does beyond its numbers, for the ships
// catalogue.
var classNotes = map[Class]string{
	Fighter:        "as flagship, a fighter squadron: fires its full AS in Intercept without a CER roll; under spec never crippled, only destroyed",
	Raider:         "cloaks its task force: under spec one raider does (unless a Starbase is there), under nim-2025-11 every squadron needs one; a cloaked, undetected raider squadron fires in Ambush (nim-2025-11: and in Main Engagement)",
	Scout:          "+1 on every CER roll of its task force (spec: while a squadron with a scout lives; nim-2025-11: fixed at setup, and a Starbase counts too); under spec scouts detect cloaked raiders with the task force's ELI",
	Starbase:       "under spec: takes no escorts, gives its task force ROE 10 (it never retreats nor cloaks), rolls CER at +2, and a crit against it is re-rolled; its ELI is the task force's + 2",
	PlanetBreaker:  "an ordinary capital ship in space combat",
	Carrier:        "an ordinary capital ship: fighters it carries are listed as fighter squadrons",
	SuperCarrier:   "an ordinary capital ship: fighters it carries are listed as fighter squadrons",
	ETAC:           "spacelift: under nim-2025-11 only, as the engine accepted it",
	TroopTransport: "spacelift: under nim-2025-11 only, as the engine accepted it",
}

// shipCatalogue is both ship tables of §2.1, class by class.
func shipCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "ships",
		Meaning: "The ship classes a squadron's flagship and escorts name, with attack strength (AS), defense strength (DS), command cost (CC) and command rating (CR) in each ship table (option ships). A squadron's AS and DS are its ships' sums; its escorts' CC may not pass its flagship's CR. – marks a class the table does not have. Under spec, tech from 2 up raises AS and DS (§2.1).",
		Columns: []string{"class", "spec AS", "spec DS", "spec CC", "spec CR", "a0 AS", "a0 DS", "a0 CC", "a0 CR", "bucket", "notes"}}
	for cl := range numClasses {
		row := []string{cl.String()}
		for _, t := range []*Table{&SpecShips, &A0Ships} {
			s := t.Stats[cl]
			if !t.Has[cl] {
				row = append(row, "–", "–", "–", "–")
				continue
			}
			row = append(row, strconv.Itoa(s.AS), strconv.Itoa(s.DS), strconv.Itoa(s.CC), strconv.Itoa(s.CR))
		}
		note := classNotes[cl]
		if A0Ships.Has[cl] && A0Ships.Stats[cl] == (Stats{}) {
			note = "all zero in a0, which the engine's data lacked (§4.9 row 16)"
		}
		if note == "" {
			note = "—"
		}
		c.Rows = append(c.Rows, append(row, BucketOf(cl).String(), note))
	}
	return c
}

// bucketCatalogue is the targeting buckets of §2.2.
func bucketCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "buckets",
		Meaning: "Targeting: a squadron's bucket is its flagship's. An attacker aims at the first bucket in this order that holds an enemy squadron (a fighter squadron aims at enemy fighter squadrons first), and picks among its squadrons with these weights, doubled for a crippled one under spec (§3.4).",
		Columns: []string{"bucket", "order", "base weight", "flagships"}}
	for b := range numBuckets {
		var flagships []string
		for cl := range numClasses {
			if BucketOf(cl) == b {
				flagships = append(flagships, cl.String())
			}
		}
		c.Rows = append(c.Rows, []string{b.String(), strconv.Itoa(int(b) + 1), strconv.Itoa(b.BaseWeight()), strings.Join(flagships, ", ")})
	}
	return c
}

// roeCatalogue is the retreat thresholds of §3.7 step 3 and §4.7.
func roeCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "roe",
		Meaning: "Retreat: after a round, a task force that does not defend its homeworld leaves when its AS divided by the AS of all its enemies is below the threshold of its effective ROE: its roe shifted by its prestige (−2 at 0 or less, −1 up to 20, 0 up to 60, +1 up to 80, +2 above), kept within 0-10. " +
			"Under spec a task force with a Starbase never leaves, and the check follows every round. Under nim-2025-11 the shift reads ten times the ROE as the prestige, the check starts after round 2, and a task force whose AS is 0 leaves too (§3.7, §4.7).",
		Columns: []string{"effective roe", "spec: leaves when own/enemy AS is below", "nim-2025-11: leaves when below"}}
	for roe := range len(retreatNum) {
		spec := strconv.FormatFloat(float64(retreatNum[roe])/float64(retreatDen[roe]), 'g', -1, 64)
		switch {
		case roe == 0:
			spec = "always retreats"
		case retreatNum[roe] == 0:
			spec = "never retreats"
		}
		nim := strconv.FormatFloat(nimThreshold[roe], 'g', -1, 64)
		if nimThreshold[roe] == 0 {
			nim = "never (unless its AS is 0)"
		}
		c.Rows = append(c.Rows, []string{strconv.Itoa(roe), spec, nim})
	}
	return c
}

// suiteTypeDocs say what task forces each scenario type of §5.3 fights
// with; "s" is the test's seed.
var suiteTypeDocs = map[string]string{
	"balanced":           "house-alpha and house-beta, each a default fleet (seeds s, s+1)",
	"asymmetric":         "house-alpha (default fleet, prestige 70) against house-beta (at most 2 squadrons, prestige 30)",
	"fighter_vs_capital": "house-fighters (fighterHeavy fleet) against house-capitals (capitalShip fleet)",
	"raider_ambush":      "house-raiders (raider fleet) against house-target (default fleet)",
	"multi_faction_3":    "3 houses, house-A to house-C, each a default fleet with its own tech 0-3, at most 1-4 squadrons and prestige 30-70 drawn from the seed",
	"multi_faction_4":    "4 houses, house-A to house-D, drawn as in multi_faction_3",
	"multi_faction_6":    "6 houses, house-A to house-F, drawn as in multi_faction_3",
	"multi_faction_12":   "12 houses, house-A to house-L, drawn as in multi_faction_3",
	"tech_mismatch":      "house-advanced (tech 3, at most 2 squadrons, prestige 80) against house-primitive (tech 0, at most 5 squadrons, prestige 40)",
	"home_defense":       "house-invader (tech 2, at most 4 squadrons, prestige 60) against house-defender (at most 3 squadrons, prestige 70, defending its homeworld)",
	"merged_fleet":       "house-alpha (two default fleets merged, at most 3 and 2 squadrons, tech 1-2 each, prestige 60; squadron ids repeat) against house-beta (at most 4 squadrons, tech 0-1)",
}

// suiteTypeCatalogue is the scenario types of §5.3.
func suiteTypeCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "suite-types",
		Meaning: "A generated suite's scenario types: test i is of type i mod 11 and is named {type}_{i+1}; the counters type.<type>.* break results down by them. Task forces not said otherwise have tech 1, ROE 6 and prestige 50; fleets are in the suite-fleets catalogue.",
		Columns: []string{"i mod 11", "type", "task forces"}}
	for i, name := range SuiteTypes {
		c.Rows = append(c.Rows, []string{strconv.Itoa(i), name, suiteTypeDocs[name]})
	}
	return c
}

// suiteFleets names the fleet configurations of §5.2.
var suiteFleets = []struct {
	name string
	cfg  fleetConfig
}{{"default", cfgDefault}, {"fighterHeavy", cfgFighterHeavy}, {"capitalShip", cfgCapital}, {"raider", cfgRaider}}

// suiteFleetCatalogue is the fleet configurations of §5.2.
func suiteFleetCatalogue() rules.Catalogue {
	c := rules.Catalogue{Name: "suite-fleets",
		Meaning: "How the generator builds a suite's fleets: a number of squadrons, each with a flagship drawn from the classes and a number of escort draws, an escort kept only while the flagship's CR has room for its CC (in the ship table in force).",
		Columns: []string{"fleet", "classes", "squadrons", "escort draws"}}
	for _, f := range suiteFleets {
		names := make([]string, len(f.cfg.classes))
		for i, cl := range f.cfg.classes {
			names[i] = cl.String()
		}
		c.Rows = append(c.Rows, []string{f.name, strings.Join(names, ", "),
			fmt.Sprintf("%d to %d", f.cfg.minSq, f.cfg.maxSq), fmt.Sprintf("%d to %d", f.cfg.minEsc, f.cfg.maxEsc)})
	}
	return c
}

// endDocs say when a battle ends with each reason (§3.8, §4.8).
var endDocs = map[string]string{
	"destroyed":          "one task force has squadrons left and none retreated: it is the victor",
	"retreat":            "one task force is left after at least one retreated: it is the victor",
	"mutual-destruction": "no task force has a squadron left: no victor",
	"mutual-withdrawal":  "every task force left by retreating (what the engine's test harness called \"mutual destruction\"): no victor",
	"tactical-stalemate": "a desperation round changed nothing: no victor",
	"forced-stalemate":   "max-rounds rounds were fought: no victor",
	"cancelled":          "every task force was cloaked and unseen, and none defends its homeworld: no combat, 0 rounds (spec only)",
}

// endTerms lists the end reasons in Spec order, each with what it means.
func endTerms() []rules.Term {
	out := make([]rules.Term, len(EndNames))
	for i, n := range EndNames {
		out[i] = rules.Term{Name: n, Meaning: endDocs[n]}
	}
	return out
}

// counterTerms are the counters of every battle, those of each task force
// and those of a suite (finish declares them).
func counterTerms() []rules.Term {
	var out []rules.Term
	for _, k := range battleCounters {
		out = append(out, rules.Term{Name: k.name, Meaning: k.doc})
	}
	for _, q := range []struct{ name, meaning string }{
		{"victor", "1 when the task force is the victor"},
		{"survivors", "the task force's squadrons not destroyed at the end"},
	} {
		out = append(out,
			rules.Term{Name: partyName(0) + "." + q.name, Meaning: q.meaning + " (task force 1, side a)"},
			rules.Term{Name: partyName(1) + "." + q.name, Meaning: q.meaning + " (task force 2, side b)"},
			rules.Term{Name: "tf<k>." + q.name, Meaning: q.meaning + fmt.Sprintf(" (task force k, 3 to %d, where the battle has it; a suite declares all %[1]d)", MaxTaskForces)})
	}
	out = append(out, rules.Term{Name: CounterTests, Meaning: "suite only: 1 per test played"})
	for _, d := range typeCounterDocs {
		out = append(out, rules.Term{Name: "type.<type>." + d.Name, Meaning: "suite only: " + fmt.Sprintf(d.Meaning, "<type>") + " (suite-types catalogue)"})
	}
	return out
}
