// Package rulestest is the conformance kit of the rules.Ruleset contract:
// the checks every ruleset's tests run, so that a new ruleset gets all of
// them in a few lines and a change to the contract is checked in one place.
//
// A ruleset's test file declares a Kit and runs it:
//
//	var kit = rulestest.Kit{
//		Ruleset:   myRuleset{},
//		Scenarios: rulestest.Files(t, "../../scenarios/builtin/mine/*.yaml"),
//		Invalid:   []string{"a: {fighter: nobody}\nb: {fighter: thug}\n"},
//	}
//
//	func TestConformance(t *testing.T) { kit.Run(t) }
//	func FuzzCompile(f *testing.F)     { kit.Fuzz(f) }
//
// Run checks that every invalid document fails with an error located in the
// file, that every scenario compiles to a battle whose outcomes stay within
// its declared ends and counters (and keep to its non-victory ends,
// rules.NonVictory), that Replay plays exactly the battle Fight
// plays, that a trial is a pure function of its index and stream, that
// Fight allocates nothing in steady state, that a run's tally is the same
// for any worker count and chunk size, that a rules.Stoppable fighter
// obeys its stop, that the ruleset's reference (rules.Documented) lists
// every field, option, end and counter, and that every built-in policy
// (rules.Policied) plays where a side may play it, and that no player
// favours a side of a mirrored battle (rules.Mirrored). Fuzz feeds arbitrary
// documents to Compile (directly, with no recovery, so that a panic is
// found) and fights and replays what compiles.
package rulestest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// Kit checks one ruleset against the contract.
type Kit struct {
	Ruleset rules.Ruleset
	// Scenarios are valid scenario documents (YAML; the common fields such
	// as ruleset and claims may be present): the ruleset's built-in ones,
	// and variants that reach its other code paths.
	Scenarios []Scenario
	// Invalid are documents Compile must reject with a located error.
	Invalid []string
	// Trials is the number of trials each check fights per scenario
	// (default 200).
	Trials int
	// Allocating names scenarios whose Fight may allocate, each with the
	// reason; every other scenario must allocate nothing per battle.
	Allocating map[string]string
	// Decoded maps a field path prefix ("" for the top of the document, or
	// the path of a part the ruleset decodes by itself, such as "attacker"
	// or "parts[]") to a value of the doc-tagged type it decodes that part
	// into (or a []any of them, for a part decoded in different forms:
	// a duel or a lifespan): the ruleset's Reference must list every path
	// they accept.
	Decoded map[string]any
	// TooLong, if set, tells Fuzz which compiled battles are too long to
	// fight in a fuzz iteration (a round cap of a billion is valid).
	TooLong func(rules.Battle) bool
	// Long are scenarios one trial of which takes seconds or more (the
	// largest search, the highest round cap): their fighters must be
	// rules.Stoppable and end a trial within StopGrace of the stop. They
	// are fought by that check alone.
	Long []Scenario
	// MirrorTrials is the games the mirror check plays of each mirrored
	// kit scenario with each player on both sides (default 2,000).
	MirrorTrials int
}

// StopGrace is how soon after its stop is raised a Stoppable fighter must
// return from a long trial: generous, for a loaded machine, yet far below
// the seconds such a trial takes (rules.Stoppable asks for a poll every few
// milliseconds).
const StopGrace = time.Second

// Scenario is a named scenario document.
type Scenario struct {
	Name string
	Src  string
}

// Files reads the scenario files matching a glob, skipping suites (files
// that list scenarios for crucible check, and name no ruleset).
func Files(t testing.TB, glob string) []Scenario {
	t.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenario files match %s: %v", glob, err)
	}
	var out []Scenario
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		suite := bytes.Contains(src, []byte("\nsuite:")) || bytes.HasPrefix(src, []byte("suite:"))
		scenario := bytes.Contains(src, []byte("\nruleset:")) || bytes.HasPrefix(src, []byte("ruleset:"))
		if suite && !scenario {
			continue
		}
		out = append(out, Scenario{Name: strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)), Src: string(src)})
	}
	return out
}

// Document parses src as the scenario loader does and returns the part of it
// the ruleset compiles.
func Document(t testing.TB, src string) *doc.Node {
	t.Helper()
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return n
}

// Compile parses and compiles src with rs, failing the test on an error.
func Compile(t testing.TB, rs rules.Ruleset, src string) rules.Battle {
	t.Helper()
	b, err := rs.Compile(Document(t, src))
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

// Checks are the kit's checks by name, in the order Run runs them. Each
// returns the problems it finds: none for a conforming ruleset.
var Checks = []struct {
	Name string
	Run  func(k Kit, battles []rules.Battle) []string
}{
	{"InvalidDocumentsFailWithLocatedErrors", Kit.invalid},
	{"SpecIsWellFormed", Kit.spec},
	{"OutcomesStayInRange", Kit.outcomes},
	{"ReplayPlaysTheFight", Kit.replay},
	{"TrialIsAPureFunction", Kit.pure},
	{"FightAllocatesNothing", Kit.allocs},
	{"SameTallyForAnyWorkers", Kit.workers},
	{"StopIsObeyed", Kit.stops},
	{"ReferenceIsComplete", Kit.reference},
	{"PoliciesPlayOnEveryScenario", Kit.policies},
	{"SidesSwap", Kit.sided},
	{"MirroredSidesEven", Kit.mirrors},
}

// Run compiles the kit's scenarios and runs every check, one subtest each.
func (k Kit) Run(t *testing.T) {
	battles, err := k.Battles()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Checks {
		t.Run(c.Name, func(t *testing.T) {
			for _, p := range c.Run(k, battles) {
				t.Error(p)
			}
		})
	}
}

// Battles compiles every scenario of the kit, in order.
func (k Kit) Battles() ([]rules.Battle, error) {
	if len(k.Scenarios) == 0 {
		return nil, errors.New("rulestest: a Kit needs scenarios to fight")
	}
	out := make([]rules.Battle, len(k.Scenarios))
	for i, s := range k.Scenarios {
		n, err := scenarios.ParseDocument(s.Name+".yaml", []byte(s.Src))
		if err == nil {
			out[i], err = k.Ruleset.Compile(n)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	return out, nil
}

func (k Kit) trials() int {
	if k.Trials > 0 {
		return k.Trials
	}
	return 200
}

func (k Kit) invalid([]rules.Battle) (problems []string) {
	for _, src := range k.Invalid {
		n, err := scenarios.ParseDocument("invalid.yaml", []byte(src))
		if err != nil {
			problems = append(problems, fmt.Sprintf("an invalid document is not even YAML (%v):\n%s", err, src))
			continue
		}
		_, err = k.Ruleset.Compile(n)
		if err == nil {
			problems = append(problems, "compiled an invalid document:\n"+src)
			continue
		}
		if msg := Located(err); msg != "" {
			problems = append(problems, msg+"\ndocument:\n"+src)
		}
	}
	return problems
}

// Located returns "" when err is a *doc.Error that names a line and column
// in the document (or the command-line override the value came from), and
// otherwise says what is wrong with it.
func Located(err error) string {
	var de *doc.Error
	if !errors.As(err, &de) {
		return fmt.Sprintf("error %q (%T) is not a *doc.Error naming its place in the file", err, err)
	}
	if (de.Pos.Line < 1 || de.Pos.Col < 1) && de.Pos.Origin == "" {
		return fmt.Sprintf("error %q names no line:column", err)
	}
	return ""
}

// quantityWord is the first level of a counter name after the side: lower
// case words joined by hyphens (rules.Counter).
var quantityWord = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (k Kit) spec(battles []rules.Battle) (problems []string) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for i, b := range battles {
		name := k.Scenarios[i].Name
		spec := b.Spec()
		if len(spec.Ends) == 0 {
			report("%s: the battle declares no end reasons", name)
		}
		if !slices.Equal(spec.CounterNames(), b.Spec().CounterNames()) || !slices.Equal(spec.Ends, b.Spec().Ends) {
			report("%s: Spec changes from one call to the next", name)
		}
		for _, e := range spec.Ends {
			if !quantityWord.MatchString(e) {
				report("%s: end reason %q is not lower-case words joined by hyphens", name, e)
			}
		}
		seen := map[string]bool{}
		for _, c := range spec.Counters {
			if msg := counterName(c.Name); msg != "" || seen[c.Name] {
				report("%s: counter %q does not follow the naming scheme (%s), or repeats", name, c.Name, msg)
			}
			seen[c.Name] = true
		}
		for _, p := range nonVictorySpec(spec) {
			report("%s: %s", name, p)
		}
	}
	return problems
}

// counterName returns "" when a counter's name follows the scheme of
// rules.Counter, and otherwise what is wrong: after an optional side (a or
// b) the first level is lower-case words joined by hyphens; a side or a
// party (a task force, a player) comes first, never after the quantity —
// "victor.1", "survivors.b" name a side last — and a bare number is never
// the second of two levels, since it then names a party (a per-cell
// counter names what it counts first: "lost.hex.78").
func counterName(name string) string {
	parts := strings.Split(name, ".")
	if parts[0] == "a" || parts[0] == "b" {
		parts = parts[1:]
	}
	switch {
	case len(parts) == 0 || !quantityWord.MatchString(parts[0]):
		return "the first level after the side is not lower-case words joined by hyphens"
	case slices.Contains(parts[1:], "a") || slices.Contains(parts[1:], "b"):
		return "a side comes first, not after the quantity"
	case len(parts) == 2 && number.MatchString(parts[1]):
		return "a number after the quantity names a party, which comes first"
	}
	return ""
}

var number = regexp.MustCompile(`^[0-9]+$`)

// outcome returns "" if o is a valid outcome of a battle with spec, else
// what is wrong.
func outcome(spec rules.Spec, o *rules.Outcome) string {
	switch {
	case o.Winner > rules.B:
		return fmt.Sprintf("winner %d is not None, A or B", o.Winner)
	case o.End < 0 || o.End >= len(spec.Ends):
		return fmt.Sprintf("end %d is not one of the %d declared", o.End, len(spec.Ends))
	case o.Rounds < 0:
		return fmt.Sprintf("rounds %d < 0", o.Rounds)
	case len(o.Counters) != len(spec.Counters):
		return fmt.Sprintf("%d counters, %d declared", len(o.Counters), len(spec.Counters))
	}
	for i, c := range spec.Counters {
		if c.Dist && o.Counters[i] < 0 {
			return fmt.Sprintf("distribution counter %s = %d < 0", c.Name, o.Counters[i])
		}
	}
	return nonVictoryOutcome(spec, o)
}

// fight plays trial i of a run with seed 1 on f.
func fight(f rules.Fighter, spec rules.Spec, i int64) (*rules.Outcome, *rules.Rand) {
	o := sim.NewOutcome(spec)
	r := sim.Stream(1, sim.Key("rulestest"), i)
	f.Fight(i, r, o)
	return o, r
}

func (k Kit) outcomes(battles []rules.Battle) (problems []string) {
	for n, b := range battles {
		spec := b.Spec()
		f := b.NewFighter()
		for i := range int64(k.trials()) {
			if o, _ := fight(f, spec, i); outcome(spec, o) != "" {
				problems = append(problems, fmt.Sprintf("%s trial %d: %s (%+v)", k.Scenarios[n].Name, i, outcome(spec, o), o))
				break
			}
		}
	}
	return problems
}

func same(a, b *rules.Outcome) bool {
	return a.Winner == b.Winner && a.End == b.End && a.Rounds == b.Rounds && slices.Equal(a.Counters, b.Counters)
}

// resultLine returns the first line of a replay log that states the
// battle's result, as "end: destroyed (winner b)" did: a line labelled end,
// result, outcome or winner (any case, after spaces or tabs), then ':' or
// '='; "" if there is none. The caller prints the result, once for every
// ruleset. A scan, not a multi-line regular expression: a dbd game's log
// runs to thousands of lines, and the expression took half the replay
// check's time.
func resultLine(log string) string {
	for line := range strings.Lines(log) {
		rest := strings.TrimLeft(line, " \t")
		for _, label := range resultLabels {
			if len(rest) < len(label) || !strings.EqualFold(rest[:len(label)], label) {
				continue
			}
			if after := strings.TrimLeft(rest[len(label):], " \t"); after != "" && (after[0] == ':' || after[0] == '=') {
				return strings.TrimSuffix(line, "\n")
			}
		}
	}
	return ""
}

var resultLabels = []string{"end", "result", "outcome", "winner"}

func (k Kit) replay(battles []rules.Battle) (problems []string) {
	for n, b := range battles {
		name, spec := k.Scenarios[n].Name, b.Spec()
		f := b.NewFighter()
		for i := range int64(k.trials()) {
			o1, r1 := fight(f, spec, i)
			o2 := sim.NewOutcome(spec)
			r2 := sim.Stream(1, sim.Key("rulestest"), i)
			var log bytes.Buffer
			f.Replay(i, r2, o2, &log)
			problem := ""
			switch {
			case !same(o1, o2):
				problem = fmt.Sprintf("Fight %+v, Replay %+v", o1, o2)
			case r1.Uint64() != r2.Uint64():
				problem = "Replay drew a different number of random values than Fight"
			case log.Len() == 0:
				problem = "Replay wrote nothing"
			case strings.Contains(log.String(), "result: ") || resultLine(log.String()) != "":
				problem = fmt.Sprintf("Replay printed the result (%q), which the caller prints once (rules.Fighter.Replay)", resultLine(log.String()))
			}
			if problem != "" {
				problems = append(problems, fmt.Sprintf("%s trial %d: %s", name, i, problem))
				break
			}
		}
	}
	return problems
}

// pure: trial i fought after other trials on a used fighter, and on a
// fresh one, is the same battle: no state leaks from one trial to the next.
func (k Kit) pure(battles []rules.Battle) (problems []string) {
	for n, b := range battles {
		spec := b.Spec()
		used := b.NewFighter()
		for i := range int64(k.trials()) {
			o1, _ := fight(used, spec, i)
			o2, _ := fight(b.NewFighter(), spec, i)
			if !same(o1, o2) {
				problems = append(problems, fmt.Sprintf("%s trial %d: a used fighter gives %+v, a fresh one %+v", k.Scenarios[n].Name, i, o1, o2))
				break
			}
		}
	}
	return problems
}

func (k Kit) allocs(battles []rules.Battle) (problems []string) {
	for n, b := range battles {
		name := k.Scenarios[n].Name
		if _, ok := k.Allocating[name]; ok {
			continue
		}
		f := b.NewFighter()
		o := sim.NewOutcome(b.Spec())
		r := rules.NewRand(1, 1)
		for i := range int64(50) { // warm up: scratch space grows to size
			r.Seed(7, uint64(i))
			o.Reset()
			f.Fight(i, r, o)
		}
		// 100 battles measured, not more: AllocsPerRun truncates the
		// mean to an integer, so a battle is caught only when it allocates
		// once a battle or more on average, which 100 show as surely as
		// 500 (500 were a fifth of dbd's conformance CPU).
		i := int64(50)
		if a := testing.AllocsPerRun(100, func() {
			r.Seed(7, uint64(i))
			o.Reset()
			f.Fight(i, r, o)
			i++
		}); a != 0 {
			problems = append(problems, fmt.Sprintf("%s: %.2f allocations per battle, want 0", name, a))
		}
	}
	return problems
}

// workers: the tally is the same for any worker count and chunk size, and
// for the run split in two parts fought apart (as shards, or the legs of a
// resumed run), each on fresh fighters, whose tallies are merged: the parts
// show a leak from one trial to the next that a fast run's scheduling may
// hide, since one worker can take every trial before the others start.
func (k Kit) workers(battles []rules.Battle) (problems []string) {
	for n, b := range battles {
		var want []byte
		for _, wc := range [][3]int{{1, 1000, 0}, {3, 7, 0}, {2, 64, 0}, {1, 0, 2}} {
			got, err := k.tally(b, wc[0], wc[1], wc[2])
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", k.Scenarios[n].Name, err))
				break
			}
			if want == nil {
				want = got
			} else if !bytes.Equal(got, want) {
				problems = append(problems, fmt.Sprintf("%s: the tally differs with %d workers, chunks of %d and the run in %d parts", k.Scenarios[n].Name, wc[0], wc[1], max(wc[2], 1)))
				break
			}
		}
	}
	return problems
}

// tally runs the kit's trials of b in parts (at least one) with the given
// workers and chunk size, and returns their merged tally as JSON.
func (k Kit) tally(b rules.Battle, workers, chunk, parts int) ([]byte, error) {
	trials := int64(k.trials())
	total := sim.NewTally(b.Spec())
	parts = max(parts, 1)
	for p := range int64(parts) {
		first, end := trials*p/int64(parts), trials*(p+1)/int64(parts)
		t, err := sim.Run(context.Background(), sim.Job{Battle: b, Key: sim.Key("rulestest"), Seed: 3,
			First: first, Trials: end - first, Workers: workers, Chunk: chunk})
		if err == nil {
			err = total.Merge(t)
		}
		if err != nil {
			return nil, err
		}
	}
	return json.Marshal(total)
}

// stops checks rules.Stoppable: a stop never raised changes no trial; a
// trial abandoned to a raised stop leaves nothing behind for the next; and
// each Long scenario's fighter is Stoppable and ends trial 0 within
// StopGrace of a stop raised in its middle.
func (k Kit) stops(battles []rules.Battle) (problems []string) {
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	raised := new(rules.Stop)
	raised.Raise()
	for n, b := range battles {
		spec := b.Spec()
		f, ok := b.NewFighter().(rules.Stoppable)
		if !ok {
			continue
		}
		for i := range int64(k.trials()) {
			f.SetStop(new(rules.Stop))
			o1, r1 := fight(f, spec, i)
			o2, r2 := fight(b.NewFighter(), spec, i)
			if !same(o1, o2) || r1.Uint64() != r2.Uint64() {
				report("%s trial %d: with a stop not raised (after a trial abandoned to one) it gives %+v, a fresh fighter %+v", k.Scenarios[n].Name, i, o1, o2)
				break
			}
			f.SetStop(raised)
			fight(f, spec, i+1) // abandoned at its first look at the stop
		}
	}
	for _, s := range k.Long {
		if msg := k.stopsLong(s); msg != "" {
			report("%s: %s", s.Name, msg)
		}
	}
	return problems
}

// stopsLong raises the stop of a long trial 50 ms after it begins and
// says what is wrong if its Fight does not return within StopGrace.
func (k Kit) stopsLong(s Scenario) string {
	n, err := scenarios.ParseDocument(s.Name+".yaml", []byte(s.Src))
	var b rules.Battle
	if err == nil {
		b, err = k.Ruleset.Compile(n)
	}
	if err != nil {
		return err.Error()
	}
	f, ok := b.NewFighter().(rules.Stoppable)
	if !ok {
		return fmt.Sprintf("one trial takes long, but the fighter (%T) is not rules.Stoppable", b.NewFighter())
	}
	stop := new(rules.Stop)
	f.SetStop(stop)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		fight(f, b.Spec(), 0)
	}()
	select {
	case <-ended:
		return "trial 0 ended within 50 ms: not a long trial, so it shows nothing about the stop"
	case <-time.After(50 * time.Millisecond):
	}
	stop.Raise()
	raisedAt := time.Now()
	select {
	case <-ended:
		return ""
	case <-time.After(StopGrace):
		<-ended
		return fmt.Sprintf("Fight went on for %v after its stop was raised (allowed: %v)", time.Since(raisedAt).Round(time.Millisecond), StopGrace)
	}
}

// Fuzz runs the kit's fuzz target: any document must compile to a battle or
// fail with a located error, never panic; a battle that compiles fights a
// few trials in range, and its replay plays the same battle. The corpus is
// seeded with the kit's scenarios and invalid documents.
func (k Kit) Fuzz(f *testing.F) {
	for _, s := range k.Scenarios {
		f.Add([]byte(s.Src))
	}
	for _, s := range k.Invalid {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := scenarios.ParseDocument("fuzz.yaml", data)
		if err != nil {
			return
		}
		b, err := k.Ruleset.Compile(n)
		if err != nil {
			if msg := Located(err); msg != "" {
				t.Fatal(msg)
			}
			return
		}
		if k.TooLong != nil && k.TooLong(b) {
			return
		}
		spec := b.Spec()
		fi := b.NewFighter()
		for i := range int64(3) {
			o, _ := fight(fi, spec, i)
			if msg := outcome(spec, o); msg != "" {
				t.Fatalf("trial %d: %s", i, msg)
			}
			o2 := sim.NewOutcome(spec)
			fi.Replay(i, sim.Stream(1, sim.Key("rulestest"), i), o2, io.Discard)
			if !same(o, o2) {
				t.Fatalf("trial %d: Fight %+v, Replay %+v", i, o, o2)
			}
		}
	})
}
