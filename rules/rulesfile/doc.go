// Package rulesfile is the rules-file ruleset: a designer's own
// unit-and-dice combat system, written as one YAML file, parsed, validated
// and compiled into an ordinary rules.Battle that every crucible command
// takes as it takes a Go ruleset's. README.md beside this file is the
// designers' guide; REFERENCE.md the generated reference of the language.
//
// # Where a rules file comes from
//
// A scenario names its rules file in its ruleset field:
//
//	ruleset: ./duel2d6.rules.yaml     # a path, relative to the scenario file
//	ruleset: duel2d6                  # a name: duel2d6.rules.yaml in the rules path
//
// A value ending in .yaml or .yml is a path relative to the scenario
// (inside the built-in scenarios for a built-in one). Any other value that
// is not a Go ruleset's ID is a name, looked up as NAME.rules.yaml in each
// directory of the rules path in turn — the --rules-path flag, else the
// CRUCIBLE_RULES_PATH environment variable, a list separated like PATH —
// and then among the built-in rules files. The loader (package scenarios)
// parses the file and puts its document into the scenario's document under
// the key `rules`, so that:
//
//   - `--set rules.units.duellist.hp=6` reaches into the rules file with
//     the ordinary field path, as do `--unset`, sweeps and tunes
//     (`--vary rules.units.duellist.hp=3..8`), and errors name the path
//     they would be set by (rules.units.duellist.hp) and the rules file's
//     line:column;
//   - the scenario's hash covers the rules file's content after overrides;
//   - the document a ruleset compiles, and the one the exact solver reads,
//     is self-contained: two scenarios of one command may use two variants
//     of a rules file (compare A with B --set-b rules.…) without one seeing
//     the other's;
//   - `crucible batch` ships the rules file beside the scenario (it is one
//     of the scenario's files, rules.Includer-style).
//
// (A scoped --set, SCOPE:PATH=VALUE, was the alternative: it would name
// the file, but a sweep or a tune can vary only field paths, so the rules
// file is a field of the scenario.)
//
// The ruleset a rules file makes is registered, when a scenario loads it,
// under the file's name (duel2d6.rules.yaml), which every output prints as
// the scenario's ruleset; rules.Lookup finds it there for its reference,
// policies and side fields (rules.RegisterFile). A file name never clashes
// with a Go ruleset's ID, which has no dot. The static ruleset `rulesfile`
// compiles a document that carries its rules under `rules`, and
// `crucible rules rulesfile` prints the reference of the language itself.
//
// # The model
//
// A battle is two sides, a and b, each a list of units. A unit is an
// instance of a unit type: named static integers (stats: hp, shield,
// initiative, any stat the file declares), weapons, and parts from the
// file's catalogue that add to its stats and weapons and spend its
// capacities (slots, energy: a part's cost in a stat is checked against the
// unit's value of that stat, with located errors). The scenario says how
// many units of each type a side fields, and may define designs of its own
// on a type (`base:` with other parts).
//
// What changes during a battle is the state, a small vector of integers:
//
//   - per unit: its hit points left (0 is destroyed) and each track the
//     file declares (pain, crippling, degradation: per-unit integers with a
//     start, a minimum and a maximum);
//   - per side: each side track (a shared reroll budget, a morale level, a
//     retreating flag), bounded likewise;
//   - the round number.
//
// Every value in the state is bounded, so a state is a short, hashable
// vector, and an exact solver can enumerate states (package
// rulesfile/exact, which registers the rules.Solver of rules files).
//
// A battle is an optional `start` (phases played once before round 1, such
// as missiles) and rounds of the `round` phases, in order, until an end. A
// phase is one of:
//
//   - fire: every unit group with weapons of the phase's group fires: in
//     initiative order (a stat; ties across the sides go to the side the
//     phase names, or are simultaneous), or all simultaneously (rolled
//     against the state at the phase's start, damage applied at its end);
//     a group is the units of one type on one side, whose dice are pooled;
//   - contest: an opposed roll of one unit of each side (the first alive,
//     the champion): each rolls a pool, the higher result wins, ties by a
//     rule (re-roll, a side, nobody, a coin, the smaller pool); the winner's
//     effects run with self = winner and other = loser. With compare:
//     pairs the rolls are compared die by die, as RISK does (fight/pairs.go):
//     each pool sorted from the highest, and the effects run once for
//     each pair;
//   - each: effects for every unit in the battle (a condition may select
//     them), such as a life check or regeneration;
//   - hook: a Starlark function of the file's hooks.
//
// Effects are statements: damage (a number, a roll or an expression) to a
// target the acting side's policy picks, track changes (set, add, raise to
// a highwater, lower), named rolls whose results later expressions read,
// if/then/else, nested contests, an end, a hook.
//
// A roll is a declared random event with a finite distribution: a pool of
// N dice (N an expression) of X faces or of custom faces, with modifiers,
// keep highest/lowest, rerolls (of faces, of failures, from a side's
// shared budget), exploding faces (to a declared depth), and a result that
// is the sum, the count of successes, the highest, or pairs compared
// against another pool (RISK); random targeting is a uniform choice among
// the units a policy allows. An attack is the pipeline hit → wound → save →
// damage per die: each step a roll and a condition on its face; critical
// faces trigger extra hits, a skipped step or mortal damage.
//
// Damage goes to units the firing side's targeting policy picks: random,
// weakest (fewest hit points left), largest-first (a size stat), kill-greedy
// (each hit, strongest first, to the unit it can destroy with the least
// damage wasted, else to the one with the fewest hit points left: the rule
// rules/eclipse plays), or priority (a list of the enemy's unit types per
// side, then largest-first). A hit sees only the units it can hit (a die
// may hit a lightly shielded unit and miss a heavily shielded one). Excess
// damage is lost unless the weapon spills over. Shields are conditions of
// the hit; armor a reduction of each hit's damage.
//
// A battle ends when a side has no unit left (destroyed, or
// mutual-destruction when an activation empties both), at the round cap
// (round-cap), or by one of the file's named ends: a condition per side
// checked at the start or the end of every round (retreat after N rounds,
// surrender below a strength), or an `end` statement; each end says who
// wins (the other side, the side itself, nobody) and whether it is a
// victory (rules.NonVictory). Counters are reported like a Go ruleset's:
// survivors per unit type and side (distributions), damage dealt, and any
// expression over the end state, summed or as a distribution.
//
// # Expressions
//
// Formulas (to-hit conditions, pool sizes, damage, conditions of ends and
// effects) are expr-lang/expr expressions, type-checked when the scenario
// compiles, with errors placed at the line and column inside the YAML file
// and did-you-mean for unknown names. They read the static data (stats,
// options, the face of a die) and the state (self.hp, other.pain,
// side.alive, enemy.hp, round, the results of named rolls).
//
// None is evaluated by expr on the hot path. An expression of static data
// alone is folded into a constant or a table when the scenario compiles
// (a hit condition becomes, per firing type and target type, the set of
// faces that hit). An expression that reads the state is tabulated over
// the finite ranges of the state values it reads — expr's VM evaluates it
// once per point when the battle compiles — and the battle looks it up by
// index: no allocation and a few nanoseconds, where expr's VM allocates on
// every field it reads (reflection boxes each integer) and costs about
// 150 ns. An expression whose table would exceed its budget (TableBudget
// entries) is refused with the ranges it reads, at its line and column.
//
// # Hooks
//
// What the structure cannot say (a unit that splits, a morale rule of its
// own) is a hook: a Starlark function (go.starlark.net) in the file's
// `hooks`. Starlark is deterministic by specification and has no I/O; each
// call runs with a step budget (thread.SetMaxExecutionSteps), so an
// overrun stops at the same step on every machine, and its error names the
// hook, its file:line and the budget. A hook reads and changes the state
// through a `battle` value, and draws randomness only through it
// (battle.roll, battle.choose), from the trial's stream. A file whose hooks
// draw is marked not exactly solvable; a hook that does not draw is a
// deterministic function of the state, which a solver may call.
//
// # The compiled form
//
// Compile turns the rules file and the scenario into a Battle: every name
// resolved, every table built, the state's layout fixed. Its Model gives
// what an exact solver needs besides the sampler: the state layout and its
// bounds, the start state, and the program, whose every random event
// (Event) gives its distribution as exact weights for the state it is
// reached in, and whose deterministic parts (policies, effects, ends) are
// functions of the state and the events' outcomes. The Monte Carlo fighter
// runs the same program with a sampling source; the solver runs it with a
// source that enumerates the events' outcomes.
//
// Board movement stays with Go rulesets (rules/dbd): a rules file has no
// board.
//
// # Packages
//
// The ruleset is this package and five beneath it; each imports only those
// listed below it, so that imports run one way:
//
//	rulesfile/exact       the exact solver, registered with rules (above this package)
//	rulesfile             the ruleset: registration, Battle, the references
//	rulesfile/enumerate   a model's steps played over every outcome, with exact weights
//	rulesfile/exactmodel  a compiled file as the exact solver reads it
//	rulesfile/fight       the Monte Carlo fighter, and the Stepper of the exact paths
//	rulesfile/program     a rules file compiled against a scenario
//	rulesfile/document    a rules file as written, decoded and checked
//
// Files of this package, each above the ones it uses (no arrow runs back up):
//
//	coalition.go  the units a side fields, for wins shared among units (rules.Coalitions)
//	reference.go  a rules file's reference
//	language.go   the language's reference (crucible rules rulesfile)
//	ruleset.go    the ruleset: registration, Compile of a scenario into a rules.Battle
//	compiled.go   Battle: a compiled scenario with its fighter and its model
package rulesfile
