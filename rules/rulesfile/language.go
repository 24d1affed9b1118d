package rulesfile

import (
	"fmt"
	"math"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// LanguageReference is the reference of the rules-file language itself:
// every field a rules file may have (`crucible rules rulesfile`,
// REFERENCE.md beside the guide). A test checks it against the keys the
// decoder accepts.
func LanguageReference() *rules.Reference {
	ref := &rules.Reference{
		Ruleset: ID,
		Title:   "Rules files: a designer's unit-and-dice combat system in one YAML file, which a scenario names in its ruleset field",
		Sides: [2]rules.Term{
			{Name: "a, or the file's sides.a", Meaning: "the first side of a scenario"},
			{Name: "b, or the file's sides.b", Meaning: "the second side"},
		},
	}
	// A scenario holds the rules file under rules: the fields' paths are
	// those --set takes.
	for _, group := range [][]rules.Field{declFields(), weaponFields(), unitFields(), programFields()} {
		for _, fld := range group {
			fld.Path = "rules." + fld.Path
			ref.Fields = append(ref.Fields, fld)
		}
	}
	ref.Fields = append(scenarioFields(), ref.Fields...)
	boundIntegers(ref.Fields)
	for _, p := range document.Policies {
		ref.Policies = append(ref.Policies, rules.Term{Name: p.Name, Meaning: p.Meaning})
	}
	ref.Counters = []rules.Term{
		{Name: "a.survivors.<unit>", Meaning: "side a's units of that type left at the end (a distribution); b's likewise"},
		{Name: "a.damage-dealt", Meaning: "the hit points side b's units lost in the battle, net of any healing; b's likewise"},
		{Name: "<counter>", Meaning: "each counter of the file"},
	}
	for _, e := range document.BuiltinEnds {
		ref.Ends = append(ref.Ends, rules.Term{Name: e.Name, Meaning: e.Meaning})
	}
	ref.Ends = append(ref.Ends, rules.Term{Name: "<end>", Meaning: "each end of the file"})
	return ref
}

// refField is a field of the language's reference.
func refField(path, typ, allowed, def, meaning string) rules.Field {
	return rules.Field{Path: path, Type: typ, Allowed: allowed, Default: def, Meaning: meaning}
}

// The types the reference gives expressions, conditions and rolls.
const (
	exprT = "an expression"
	condT = "a condition (an expression true or false)"
	rollT = "a roll: a number, NdX[+K], coin, an expression, {dice, die, keep, reroll, explode, explode-depth, count, plus}, or {dice, faces, plus} (dice of 1 to faces faces, faces an expression of the state)"
)

// declFields are the file's own fields and its declarations: options,
// stats, tracks, side tracks and side values.
func declFields() []rules.Field {
	return []rules.Field{
		{Path: "title", Type: "text", Required: true, Meaning: "says in a line what a battle of the file is"},
		refField("about", "text", "", "", "a paragraph about the game, for the reference"),
		refField("sides.a", "name", "", "a", "what every output calls side a"),
		refField("sides.b", "name", "", "b", "what every output calls side b"),
		refField("options.<option>.default", "word or integer", "one of values, or in range", "", "the option's value unless a scenario sets it (options.NAME or --set options.NAME=VALUE); expressions read it as options.NAME, hyphens written as underscores"),
		refField("options.<option>.values", "list of words", "", "", "the values the option takes ([false, true] makes it true or false in expressions)"),
		refField("options.<option>.range", "LO..HI", "", "", "the integers the option takes"),
		{Path: "options.<option>.doc", Type: "text", Required: true, Meaning: "says in a sentence what the option changes"},
		refField("stats.<stat>.default", "integer", "", "0", "a stat every unit has: its value unless the unit (or its parts) says otherwise; hp, the hit points, is every unit's already. A stat's, a track's or a named roll's name is lower-case words joined by hyphens or underscores (life-coins); expressions and hooks read a hyphen as an underscore (self.life_coins), since a-b is a subtraction"),
		refField("stats.<stat>.formula", exprT, "of the unit's stats by their bare names (hp, the stats not derived, the derived stats declared before it) and options", "", "derives the stat once the unit is assembled (its parts' stats added): a derived stat is a stat everywhere (self.NAME, initiative, targeting size, costs, checks, hooks), and a unit or a part does not set it"),
		{Path: "stats.<stat>.doc", Type: "text", Required: true, Meaning: "says what the stat is"},
		refField("tracks.<track>.start", exprT, "of the unit's stats and options", "0", "a value each unit keeps and effects change (pain, crippling): its value at the start"),
		refField("tracks.<track>.min", "integer", "", "0", "the least value of the track"),
		{Path: "tracks.<track>.max", Type: exprT, Allowed: "of the unit's stats and options", Required: true, Meaning: "the greatest value of the track (every value in the state is bounded, which keeps a battle's state small)"},
		{Path: "tracks.<track>.doc", Type: "text", Required: true, Meaning: "says what the track is"},
		refField("side-tracks.<track>.start", exprT, "of options", "0", "a value each side keeps (a shared re-roll budget, morale): its value at the start"),
		refField("side-tracks.<track>.min", "integer", "", "0", "the least value"),
		{Path: "side-tracks.<track>.max", Type: exprT, Required: true, Meaning: "the greatest value"},
		{Path: "side-tracks.<track>.doc", Type: "text", Required: true, Meaning: "says what the side track is"},
		refField("side-values.<value>.count", condT, "of self (the unit) and options", "", "a value of each side, read as side.NAME and enemy.NAME wherever the sides are (ends, counters, effects, weapons): how many of its units not destroyed meet the condition"),
		refField("side-values.<value>.sum", exprT, "of self (the unit) and options", "", "a value of each side: the expression summed over its units not destroyed (give count or sum)"),
		{Path: "side-values.<value>.doc", Type: "text", Required: true, Meaning: "says what the side value is"},
	}
}

// weaponFields are a weapon's fields: its dice and its attack pipeline.
func weaponFields() []rules.Field {
	return []rules.Field{
		refField("weapons.<weapon>.group", "word", "lower-case words joined by hyphens", "main", "which fire phases fire the weapon (fire: {weapons: GROUP})"),
		refField("weapons.<weapon>.attacks", exprT, "of self, side, enemy, round, options", "1", "the dice each unit rolls for one of the weapon"),
		refField("weapons.<weapon>.die", "die", "N or dN (faces 1..N), coin (0 or 1), or a list of faces", "6", "the die each attack rolls"),
		refField("weapons.<weapon>.hit", condT, "of face, self, target, side, enemy, round, options", "true", "whether the die hits a target: each die is tested against each enemy unit type"),
		refField("weapons.<weapon>.reroll", condT+", or {when, budget}", "of face, self", "", "re-roll the die once when the condition holds; with budget, each re-roll spends one of that side track, while any is left"),
		refField("weapons.<weapon>.explode", condT, "of face, self", "", "roll one more die when the condition holds (and again for that die, up to explode-depth)"),
		refField("weapons.<weapon>.explode-depth", "integer", "1 to 100", "20", "how many times a die may explode"),
		refField("weapons.<weapon>.crit", condT, "of face, self", "", "a critical hit"),
		refField("weapons.<weapon>.crit-hits", "integer", "0 to 100", "0", "extra hits a critical hit scores"),
		refField("weapons.<weapon>.crit-extra", "word", "plain, critical", "plain", "what a critical hit's extra hits are: plain hits, which roll to wound, or critical hits too, which crit-wounds lets wound without the roll"),
		refField("weapons.<weapon>.crit-wounds", "true or false", "", "false", "a critical hit wounds without the wound roll"),
		refField("weapons.<weapon>.wound", condT, "of face (a d6), self, target", "", "the wound roll each hit makes; absent, every hit wounds"),
		refField("weapons.<weapon>.crit-wound", condT, "of face (the wound die), self, target", "", "a critical wound"),
		refField("weapons.<weapon>.crit-mortal", "true or false", "", "false", "a critical wound is mortal: no save, and its damage spills over (unless mortal-spill is false)"),
		refField("weapons.<weapon>.mortal-spill", "true or false", "", "true", "false keeps a mortal wound's damage on its target: what exceeds the target's hit points is lost"),
		refField("weapons.<weapon>.save", condT, "of face (the target's d6), self, target", "", "the target saves the wound when the condition holds"),
		refField("weapons.<weapon>.damage", rollT, "", "1", "the damage of a hit that is not saved"),
		refField("weapons.<weapon>.reduce", exprT, "of self, target", "", "taken off each hit's damage (armor), never below 0"),
		refField("weapons.<weapon>.spill", "true or false", "", "false", "damage beyond what destroys the target goes on to the next target the policy picks"),
		refField("weapons.<weapon>.doc", "text", "", "", "says what the weapon is"),
	}
}

// unitFields are the catalogue's parts and the units.
func unitFields() []rules.Field {
	return []rules.Field{
		refField("parts.<part>.<stat>", "integer", "", "", "what the part adds to the unit's stat"),
		refField("parts.<part>.cost.<stat>", "integer", "", "", "what the part uses of the unit's stat (slots, energy): the unit's parts may not use more than it has"),
		refField("parts.<part>.weapons.<weapon>", "integer", "", "", "weapons the part brings, with how many"),
		refField("parts.<part>.doc", "text", "", "", "says what the part is"),
		{Path: "units", Type: "mapping of unit name to unit", Required: true, Meaning: "the unit types scenarios field"},
		refField("units.<unit>.<stat>", "integer or expression of options", "", "the stat's default", "the unit's stat"),
		refField("units.<unit>.base", "unit name", "", "", "the unit it builds on: its stats, parts, weapons and checks, which this unit's override"),
		refField("units.<unit>.parts", "list of part names", "", "", "the parts it is built from (a part may be listed more than once)"),
		refField("units.<unit>.weapons.<weapon>", "integer", "", "", "weapons it carries besides its parts', with how many"),
		refField("units.<unit>.checks[].rule", condT, "of the unit's stats by their names, and options", "", "a condition the assembled unit must meet, or the scenario is refused"),
		refField("units.<unit>.checks[].says", "text", "", "", "what the error says when the rule fails"),
		refField("units.<unit>.doc", "text", "", "", "says what the unit is"),
	}
}

// programFields are the battle's program: targeting, phases, effects,
// the round cap, ends, counters and hooks.
func programFields() []rules.Field {
	return []rules.Field{
		refField("targeting.default", "policy", strings.Join(document.PolicyNames(), ", "), "weakest", "the policy a side plays unless its scenario says (a.policy)"),
		refField("targeting.size", "stat", "", "hp", "the stat largest-first and the ties of kill-greedy call size"),
		refField("targeting.policies", "list of policies", strings.Join(document.PolicyNames(), ", "), "all", "the policies a scenario may give a side"),
		refField("start[]", "phase", strings.Join(document.PhaseKinds, ", "), "", "phases played once, before round 1 (missiles)"),
		{Path: "round[]", Type: "phase", Allowed: strings.Join(document.PhaseKinds, ", "), Required: true, Meaning: "the phases of every round, in order"},
		refField("round[].fire.weapons", "weapon group", "", "every group", "the weapons that fire"),
		refField("round[].fire.order", "word", strings.Join(document.PhaseOrders, ", "), "initiative", "who fires when: one unit type at a time by a stat, highest first; all at once; or one side's types, then the other's"),
		refField("round[].fire.initiative", "stat", "", "initiative", "the stat of initiative order"),
		refField("round[].fire.ties", "word", strings.Join(document.PhaseTies, ", "), "simultaneous", "who fires first on equal initiative across the sides (within a side: the larger first, then the scenario's order)"),
		refField("round[].contest.roll", rollT, "", "", "the roll each side's first unit not destroyed (its champion) makes; self is that unit, other the enemy's"),
		refField("round[].contest.ties", "word", strings.Join(document.ContestTies, ", "), "reroll", "what a tie does: both roll again, a side wins, nobody wins, a coin decides, the side with fewer (more) dice wins; with compare: pairs, what a pair of equal dice does (not reroll, and it must be given)"),
		refField("round[].contest.compare", "word", strings.Join(document.ContestCompares, ", "), "total", "total: the higher result wins; pairs: each side's dice sorted from the highest, the highest against the highest, the second against the second, as far as the smaller pool goes (RISK), the winner and loser effects run once for each pair, with the champions of the moment; the roll is dice with no keep, count or plus"),
		refField("round[].contest.winner[]", "effect", strings.Join(document.EffectKinds, ", "), "", "what the winner does: self is the winner, other the loser"),
		refField("round[].contest.loser[]", "effect", strings.Join(document.EffectKinds, ", "), "", "what the loser does: self is the loser"),
		refField("round[].each.side", "word", "a, b, both", "both", "whose units"),
		refField("round[].each.when", condT, "of self, side, enemy, round, options", "true", "which units"),
		refField("round[].each.do[]", "effect", strings.Join(document.EffectKinds, ", "), "", "what each of them does: self is the unit"),
		refField("round[].hook", "hook name", "", "", "a function of the hooks, called with the battle"),
		refField("<effect>.damage", rollT, "", "", "damage to other (in a contest), else to an enemy unit the side's policy picks; to: self deals it to self"),
		refField("<effect>.roll.<name>", rollT, "", "", "a roll whose result the effects after it read by name"),
		refField("<effect>.set.<who>.<track>", exprT, "who: self, other, side, enemy; track: hp or a track", "", "sets a track (within its range)"),
		refField("<effect>.add.<who>.<track>", exprT, "", "", "adds to a track (a negative number takes away)"),
		refField("<effect>.raise.<who>.<track>", exprT, "", "", "raises a track to the value, if it is higher (a highwater)"),
		refField("<effect>.lower.<who>.<track>", exprT, "", "", "lowers a track to the value, if it is lower"),
		refField("<effect>.if", condT, "", "", "runs then when the condition holds, else else"),
		refField("<effect>.contest", "contest", "roll, against, ties (reroll, win, lose, coin, fewer-dice, more-dice), compare (total, pairs), win, lose", "", "self's roll against other's (against: other's own roll, written from self's side); with compare: pairs, win runs once for each pair self wins, lose for each it loses"),
		refField("<effect>.end", "end name", "", "", "ends the battle with one of the file's ends, met by self's side"),
		refField("<effect>.hook", "hook name", "", "", "calls a hook"),
		refField("cap", exprT, fmt.Sprintf("1 to %d, of options", program.MaxCap), fmt.Sprint(program.DefaultCap), "the round cap: a battle still on after this many rounds ends with round-cap, no winner"),
		refField("ends.<end>.when", condT, "of side, enemy (their side values included), round, options", "", "the condition, tested for each side; both sides meeting it at once: nobody wins"),
		refField("ends.<end>.check", "word", strings.Join(document.EndChecks, ", "), "round-end", "when the condition is tested"),
		refField("ends.<end>.winner", "word", strings.Join(document.EndWinners, ", "), "other", "who wins: relative to the side that meets the end, or by name"),
		refField("ends.<end>.victory", "true or false", "", "true", "false declares the end not a victory (an escape): reports give it apart from the wins"),
		{Path: "ends.<end>.doc", Type: "text", Required: true, Meaning: "says what the end is"},
		{Path: "counters.<counter>.value", Type: exprT, Allowed: "of side, enemy, round, options", Required: true, Meaning: "the counter's value at the end of every battle"},
		refField("counters.<counter>.per", "word", "side, battle", "battle", "side: counted for each side, as a.NAME and b.NAME"),
		refField("counters.<counter>.dist", "true or false", "", "false", "tallies the values' distribution, not only their sum"),
		{Path: "counters.<counter>.doc", Type: "text", Required: true, Meaning: "says what the counter counts"},
		refField("hooks", "Starlark source", "", "", "functions def NAME(battle): … that phases and effects call; deterministic, no I/O, random numbers only through battle.roll and battle.choose"),
		refField("hook-steps", "integer", "1 to 100000000", fmt.Sprint(program.DefaultHookSteps), "the step budget of one hook call: a hook that runs longer stops with an error naming it"),
	}
}

// scenarioFields are the fields of a scenario on a rules file besides
// its rules.
func scenarioFields() []rules.Field {
	return []rules.Field{
		{Path: "ruleset", Type: "rules file", Required: true, Meaning: "the rules file: a path ending in .yaml or .yml, relative to the scenario (./duel2d6.rules.yaml), or a name NAME found as NAME.rules.yaml in --rules-path, CRUCIBLE_RULES_PATH or the built-in rules files"},
		refField("options.<option>", "word or integer", "the rules file's", "its default", "a rule option of the rules file (options in force are echoed in every output)"),
		{Path: "a.units.<unit>", Type: "integer", Allowed: fmt.Sprintf("0 to %d", program.MaxUnits), Required: true, Meaning: "how many units of each type side a fields (b likewise)"},
		refField("a.designs.<design>", "unit", "", "", "a unit type of the side's own, written as a rules file's unit (base, parts, stats)"),
		refField("a.name", "name", "", "the file's sides.a", "what outputs call the side"),
		refField("a.policy", "policy", strings.Join(document.PolicyNames(), ", "), "targeting.default", "how the side picks its targets"),
		refField("a.priority", "list of the enemy's unit types", "", "", "the order to fire at them, with policy: priority"),
		{Path: "rules", Type: "the rules file", Meaning: "the rules file's document, read by crucible from the file ruleset names (a scenario does not write it): --set rules.PATH=VALUE changes a field of it for one run"},
	}
}

// boundIntegers sets the bounds of the reference's integer fields that
// have none.
func boundIntegers(fields []rules.Field) {
	for i := range fields {
		fld := &fields[i]
		if fld.Kind() != rules.IntegerField || fld.Min != nil {
			continue
		}
		switch {
		case strings.HasSuffix(fld.Path, "explode-depth"), strings.HasSuffix(fld.Path, "crit-hits"):
			fld.Min, fld.Max = rules.Bounds(0, 100)
		case strings.HasSuffix(fld.Path, "hook-steps"):
			fld.Min, fld.Max = rules.Bounds(1, 100_000_000)
		case strings.HasPrefix(fld.Path, "a.units."):
			fld.Min, fld.Max = rules.Bounds(0, program.MaxUnits)
		case strings.Contains(fld.Path, "weapons.<weapon>"):
			fld.Min, fld.Max = rules.Bounds(0, document.MaxDice)
		default:
			fld.Min, fld.Max = rules.Bounds(math.MinInt32, math.MaxInt32)
		}
	}
}
