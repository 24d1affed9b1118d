// Package rules is the contract between the engine and the rulesets: the
// Ruleset a package registers, the Battle it compiles a scenario into, the
// Outcome one battle reports, and the random stream it draws from.
//
// A ruleset package (rules/<id>) holds data tables, scenario decoding and
// validation, and one battle function; it registers itself in init, and the
// command line reaches it only through this package.
package rules

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Ruleset compiles the ruleset-specific part of a scenario.
type Ruleset interface {
	// ID is the ruleset's name in scenario files ("stratfight", "eclipse").
	ID() string
	// Compile validates the scenario document (common fields such as name,
	// ruleset, trials and claims already removed) and returns an immutable
	// battle. Errors are *doc.Error values that name the field path.
	Compile(scenario *doc.Node) (Battle, error)
}

// Battle is a compiled scenario: immutable, safe for concurrent use, and
// able to make any number of Fighters.
type Battle interface {
	// Spec declares the battle's end reasons, counters and options in force.
	Spec() Spec
	// NewFighter returns the scratch space one worker uses to fight battles
	// one after another. A Fighter is not safe for concurrent use.
	NewFighter() Fighter
}

// Fighter plays battles of one compiled scenario.
type Fighter interface {
	// Fight plays trial i (its index in the run, from 0) with the stream r
	// and fills o, whose Counters have been reset to zero. The stream is
	// the only source of randomness; the index may select what the trial
	// plays (test i of a generated suite, the first side on alternate
	// trials), never random numbers. Fight must not allocate in steady
	// state and must depend on nothing but the battle, i and r.
	Fight(i int64, r *Rand, o *Outcome)
	// Replay plays trial i exactly as Fight does, with the same draws, and
	// writes a human-readable account of the battle to w: its set-up and
	// its rounds, not its result. The caller prints the result (winner, end,
	// rounds and counters) from o afterwards, the same way for every
	// ruleset.
	Replay(i int64, r *Rand, o *Outcome, w io.Writer)
}

// Spec describes what a battle reports.
type Spec struct {
	// Ends lists the end reasons the battle may report, in output order.
	Ends []string
	// Counters declares the integer counters of Outcome.Counters (see
	// Counter for the naming scheme; Counters builds the list).
	Counters []Counter
	// Options lists every rule option in force, defaults included, in a
	// stable order, so that every output can echo them.
	Options []Setting
	// RoundsUnit names what Outcome.Rounds counts ("rounds", "seconds").
	RoundsUnit string
	// Sides says in a phrase what side a and side b are ("Thug
	// (fisticuffs)", "8 Interceptor, 4 Cruiser"), for reports; empty for a
	// battle without two sides.
	Sides [2]string
	// Labels are the short names the ruleset gives side a and side b in
	// this battle — "attacker" and "defender", "BLUE" and "RED", the
	// fighters' or task forces' names — which every output uses for the
	// sides, beside the keys a and b of machine-readable output. Empty
	// labels read "a" and "b".
	Labels [2]string
	// NonVictories declares the end reasons, in Ends order, that are not
	// victories whoever is scored their winner (see NonVictory); every
	// other end a side is scored as winning is its victory.
	NonVictories []NonVictory
	// Notes are warnings every output repeats (e.g. unverified data in use).
	Notes []string
	// Board, for a battle fought on a board of cells, is its geometry and
	// heat maps, which reports draw; nil otherwise.
	Board *Board
}

// Setting is one rule option and the value in force.
type Setting struct {
	Name, Value string
}

// EndIndex returns the index of an end reason in s.Ends, or -1.
func (s Spec) EndIndex(name string) int { return slices.Index(s.Ends, name) }

var (
	mu       sync.RWMutex
	registry = map[string]Ruleset{}
)

// Register makes a ruleset available by its ID. It panics on a duplicate ID,
// which is a programming error caught by any test that imports both.
func Register(r Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[r.ID()]; dup {
		panic("rules: ruleset registered twice: " + r.ID())
	}
	registry[r.ID()] = r
}

// IDs returns the registered ruleset IDs in sorted order.
func IDs() []string {
	mu.RLock()
	defer mu.RUnlock()
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Lookup returns the ruleset with the given ID.
func Lookup(id string) (Ruleset, error) {
	mu.RLock()
	r, ok := registry[id]
	if !ok {
		r, ok = files[id]
	}
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %s)%s", id, strings.Join(IDs(), ", "), doc.DidYouMean(id, IDs()))
	}
	return r, nil
}

// Population is implemented by a battle whose trials are a fixed, finite
// population rather than a sample — a generated suite whose trial i is
// always test i. Population returns its size: the trials a run plays when
// neither the command nor the scenario file gives a count (0: no default).
// A run may still play more or fewer.
type Population interface {
	Population() int64
}

// TrialTable is implemented by a battle whose trials are distinct items
// worth listing one by one (the tests of a generated suite). With --out, a
// run writes one CSV row per trial: TrialColumns names the columns after
// "trial", and TrialRow gives trial i's values from its outcome o.
type TrialTable interface {
	TrialColumns() []string
	TrialRow(i int64, o *Outcome) []string
}

// Exporter is implemented by a battle that can write one of its trials as
// an ordinary scenario of its own (a test of a generated suite as a fixed
// battle): Export writes the ruleset's part of that scenario file, in YAML,
// without the common fields (ruleset, name, description, trials).
type Exporter interface {
	Export(i int64, w io.Writer) error
}

// SchemaReader is implemented by a ruleset that reads, by itself, the
// documents of a schema of its own: a scenario file with no `ruleset` field
// whose top-level `schema` names one of Schemas() belongs to that ruleset,
// and is compiled whole (a foreign document has no common fields).
type SchemaReader interface {
	Schemas() []string
}

// RulesetForSchema returns the ID of the registered ruleset that reads
// documents of the schema (SchemaReader).
func RulesetForSchema(schema string) (string, bool) {
	for _, id := range IDs() {
		r, _ := Lookup(id)
		if sr, ok := r.(SchemaReader); ok && slices.Contains(sr.Schemas(), schema) {
			return id, true
		}
	}
	return "", false
}

// Schemas returns every schema the registered rulesets read by themselves
// (SchemaReader), in sorted order.
func Schemas() []string {
	var out []string
	for _, id := range IDs() {
		r, _ := Lookup(id)
		if sr, ok := r.(SchemaReader); ok {
			out = append(out, sr.Schemas()...)
		}
	}
	slices.Sort(out)
	return out
}

// Includer is implemented by a ruleset whose scenarios may keep part of
// themselves in a file of its own (a game's exported scenario, say): each
// top-level field Includes() names may hold, instead of its value, the
// name of a .json, .yaml or .yml file, relative to the scenario file. The
// loader reads that file in its place before the ruleset compiles the
// document, so that errors point into the file and the scenario's hash
// covers its content.
type Includer interface {
	Includes() []string
}
