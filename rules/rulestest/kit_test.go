package rulestest_test

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulestest"
)

// toy is a ruleset with one flaw switched on by its name, so that each check
// of the kit can be shown to catch the flaw it is for: a battle of rounds in
// which each side wins a round with probability 1/4 and flees with
// probability 1/8, up to `cap` rounds. Fleeing is a non-victory end
// (rules.NonVictory), scored as a win of the side that fled.
type toy struct{ flaw string }

func (toy) ID() string { return "toy" }

// Reference documents the toy; flaw "undocumented-counter" leaves its
// counter out, "undocumented-field" its fields, "named-count" says an
// integer holds names (a rules file's unit counts once did).
func (t toy) Reference() *rules.Reference {
	ref := &rules.Reference{
		Title: "a battle of rounds won with probability 1/4 each",
		Sides: [2]rules.Term{{Name: "a", Meaning: "the first side"}, {Name: "b", Meaning: "the second side"}},
		Fields: []rules.Field{{Path: "cap", Type: "integer", Allowed: "an integer from 1 to 100", Required: true,
			Meaning: "the most rounds a battle lasts"},
			{Path: "spin", Type: "integer", Allowed: "an integer from 0 to 10000", Default: "0",
				Meaning: "milliseconds each trial spins before its first round: a long trial"}},
		Counters: []rules.Term{{Name: "flips", Meaning: "draws made"}, {Name: "a.fled", Meaning: "1 when side a fled"}, {Name: "b.fled", Meaning: "1 when side b fled"}},
		Ends: []rules.Term{{Name: "decided", Meaning: "a side won a round"}, {Name: "fled", Meaning: "a side fled, scored its win"},
			{Name: "round-cap", Meaning: "cap rounds passed"}},
	}
	switch t.flaw {
	case "undocumented-counter":
		ref.Counters = nil
	case "undocumented-field":
		ref.Fields = nil
	case "named-count":
		ref.Fields[0].Names = rules.NamesOf(nil, "spin")
	}
	return ref
}

// toyDoc is what the toy decodes a scenario into.
type toyDoc struct {
	Cap  *doc.Node `doc:"cap,required"`
	Spin *doc.Node `doc:"spin"` // milliseconds each trial spins first: a long trial
}

func (t toy) Compile(n *doc.Node) (rules.Battle, error) {
	var d toyDoc
	if err := doc.Decode(n, &d); err != nil {
		if t.flaw == "unlocated" {
			return nil, errors.New("bad scenario")
		}
		return nil, err
	}
	limit, err := doc.Int(d.Cap, 1, 100)
	if err != nil {
		return nil, err
	}
	var spin int64
	if d.Spin != nil {
		if spin, err = doc.Int(d.Spin, 0, 10_000); err != nil {
			return nil, err
		}
	}
	var cs rules.Counters
	b := &toyBattle{flaw: t.flaw, limit: limit, spin: time.Duration(spin) * time.Millisecond, flips: cs.Add("flips", "draws made")}
	if t.flaw != "flight-uncounted" {
		b.fled = cs.Sides("fled", "1 when the side fled")
	}
	b.spec = rules.Spec{Ends: []string{"decided", "fled", "round-cap"}, Counters: cs.List(),
		NonVictories: []rules.NonVictory{{End: "fled", Scored: true}}}
	switch t.flaw {
	case "bad-name":
		b.spec.Counters = append(b.spec.Counters, rules.Counter{Name: "a.Flips_A"})
	case "flight-undeclared-end":
		b.spec.NonVictories = append(b.spec.NonVictories, rules.NonVictory{End: "routed"})
	}
	return b, nil
}

type toyBattle struct {
	flaw  string
	limit int64
	spin  time.Duration
	flips int
	fled  [2]int
	spec  rules.Spec
}

func (b *toyBattle) Spec() rules.Spec { return b.spec }

// Mirror implements rules.Mirrored: the toy's sides win and flee with the
// same chances, so every toy battle is mirrored — with flaw "lopsided" as
// well, which then lets side a win more often than side b.
func (b *toyBattle) Mirror() string { return "b is a" }

// FirstMoverWon implements rules.FirstMoverCounted: the toy has no first
// mover and names no counter, but with flaw "first-mover-undeclared" it
// names one it does not declare.
func (b *toyBattle) FirstMoverWon() string {
	if b.flaw == "first-mover-undeclared" {
		return "first-mover-won"
	}
	return ""
}

func (b *toyBattle) NewFighter() rules.Fighter {
	if b.flaw == "not-stoppable" {
		return plainFighter{&toyFighter{b: b}}
	}
	return &toyFighter{b: b}
}

type toyFighter struct {
	b     *toyBattle
	carry int64 // for the "leaky" flaw: state kept from the last trial
	sink  []int64
	stop  *rules.Stop
	// dirty, for the "unclean-abandon" flaw, is state an abandoned trial
	// leaves behind.
	dirty bool
}

// SetStop implements rules.Stoppable: the toy looks at the stop during
// its spin and before each round, except with the "deaf" flaw.
func (f *toyFighter) SetStop(s *rules.Stop) { f.stop = s }

// stopped reports whether the trial is to be abandoned.
func (f *toyFighter) stopped() bool {
	if f.b.flaw == "deaf" || !f.stop.Requested() {
		return false
	}
	f.dirty = f.b.flaw == "unclean-abandon"
	return true
}

// plainFighter is a toyFighter that is not rules.Stoppable.
type plainFighter struct{ f *toyFighter }

func (p plainFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) { p.f.Fight(i, r, o) }
func (p plainFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	p.f.Replay(i, r, o, w)
}

func (f *toyFighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) { f.play(r, o, nil) }

func (f *toyFighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	if f.b.flaw == "replay-draws-more" {
		r.Uint64()
	}
	f.play(r, o, w)
	switch f.b.flaw {
	case "replay-prints-result":
		fmt.Fprintf(w, "result: winner %s\n", o.Winner)
	case "replay-prints-end":
		fmt.Fprintf(w, "end: %s (winner %s)\n", f.b.spec.Ends[o.End], o.Winner)
	}
}

func (f *toyFighter) play(r *rules.Rand, o *rules.Outcome, w io.Writer) {
	switch f.b.flaw {
	case "allocates":
		f.sink = make([]int64, 4)
	case "bad-end":
		o.End = 7
		return
	}
	for start := time.Now(); time.Since(start) < f.b.spin; {
		if f.stopped() {
			return
		}
	}
	for round := int64(1); round <= f.b.limit; round++ {
		if f.stopped() {
			return
		}
		x := r.Uint64()
		if f.dirty {
			x++
		}
		o.Counters[f.b.flips]++
		if w != nil {
			fmt.Fprintf(w, "round %d: %d\n", round, x&3)
		}
		if f.b.flaw == "leaky" {
			x += uint64(f.carry)
			f.carry++
		}
		if f.b.flaw == "lopsided" && x&3 == 2 && x>>2&3 == 0 {
			x &^= 3 // a wins a round that would have gone on
		}
		switch x & 3 {
		case 0:
			o.Winner, o.Rounds, o.End = rules.A, round, 0
			return
		case 3:
			o.Winner, o.Rounds, o.End = rules.B, round, 0
			return
		case 1:
			f.flee(rules.Side(1+x>>2&1), round, o)
			return
		}
	}
	o.Winner, o.Rounds, o.End = rules.None, f.b.limit, 2
}

// flee ends the battle by side s's flight, which the toy scores as s's win;
// flaw "flight-unscored" scores nobody, "flight-miscounted" counts it for
// the other side.
func (f *toyFighter) flee(s rules.Side, round int64, o *rules.Outcome) {
	o.Winner, o.Rounds, o.End = s, round, 1
	if f.b.flaw == "flight-unscored" {
		o.Winner = rules.None
	}
	if f.b.flaw == "flight-uncounted" {
		return
	}
	if f.b.flaw == "flight-miscounted" {
		s = s.Other()
	}
	o.Counters[f.b.fled[s-1]] = 1
}

func kit(flaw string) rulestest.Kit {
	return rulestest.Kit{
		Ruleset:   toy{flaw},
		Scenarios: []rulestest.Scenario{{Name: "short", Src: "cap: 3\n"}, {Name: "long", Src: "ruleset: toy\ncap: 40\n"}},
		Invalid:   []string{"cap: 0\n", "cap: [1]\n", "cup: 3\n"},
		Trials:    100,
		Long:      []rulestest.Scenario{{Name: "spinning", Src: "cap: 3\nspin: 1500\n"}},
		Decoded:   map[string]any{"": toyDoc{}},
	}
}

// A conforming ruleset passes every check; each flaw is caught by the
// checks that are for it (state leaking from one trial to the next shows in
// four ways), and by no other.
func TestKitCatchesEachFlaw(t *testing.T) {
	caughtBy := map[string][]string{
		"":                     nil,
		"unlocated":            {"InvalidDocumentsFailWithLocatedErrors"},
		"bad-name":             {"SpecIsWellFormed", "ReferenceIsComplete"},
		"replay-draws-more":    {"ReplayPlaysTheFight"},
		"replay-prints-result": {"ReplayPlaysTheFight"},
		"replay-prints-end":    {"ReplayPlaysTheFight"},
		"leaky":                {"ReplayPlaysTheFight", "TrialIsAPureFunction", "SameTallyForAnyWorkers", "StopIsObeyed"},
		"allocates":            {"FightAllocatesNothing"},
		"undocumented-counter": {"ReferenceIsComplete"},
		"undocumented-field":   {"ReferenceIsComplete"},
		"named-count":          {"ReferenceIsComplete"},
		// A non-victory end needs its side counters, declared and kept to.
		"flight-uncounted":      {"SpecIsWellFormed"},
		"flight-undeclared-end": {"SpecIsWellFormed"},
		"flight-unscored":       {"OutcomesStayInRange"},
		"flight-miscounted":     {"OutcomesStayInRange"},
		// The stop's: a long trial that does not look at it, a fighter of
		// a long trial that cannot be given one, and an abandoned trial
		// that leaves state behind.
		"deaf":            {"StopIsObeyed"},
		"not-stoppable":   {"StopIsObeyed"},
		"unclean-abandon": {"StopIsObeyed"},
		// A mirrored battle whose side a wins 5/16 of the rounds and side
		// b 4/16: an edge of about 9 points.
		"lopsided": {"MirroredSidesEven"},
		// A mirrored battle that names an undeclared counter of its first
		// mover's wins (rules.FirstMoverCounted).
		"first-mover-undeclared": {"MirroredSidesEven"},
	}
	for flaw, want := range caughtBy {
		k := kit(flaw)
		battles, err := k.Battles()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range rulestest.Checks {
			problems := c.Run(k, battles)
			if got := len(problems) > 0; got != slices.Contains(want, c.Name) {
				t.Errorf("flaw %q: check %s found %v", flaw, c.Name, problems)
			}
		}
	}
	// An outcome outside the declared ends is caught before anything else
	// can be said of the battle.
	k := kit("bad-end")
	battles, _ := k.Battles()
	for _, c := range rulestest.Checks {
		if c.Name == "OutcomesStayInRange" && len(c.Run(k, battles)) == 0 {
			t.Error("an end index outside the declared ends passed")
		}
	}
}

// The replay check's scan for a line stating the result finds what the
// multi-line expression it replaced finds, on lines that state a result and
// lines that only look like one.
func TestResultLine(t *testing.T) {
	re := regexp.MustCompile(`(?im)^[ \t]*(end|result|outcome|winner)[ \t]*[:=].*$`)
	for _, log := range []string{
		"", "round 1: a hits b\n", "end: destroyed (winner b)\n", "round 1\n  End : fled\nround 2\n",
		"\tWINNER=a", "outcome\t= draw\r\n", "the end: near\n", "endgame: 3\n", "ends: 2\n",
		"result\n: a\n", "winners: a, b\n", "round 9\nresult: a\nend: b\n", "  \n\nend:",
	} {
		if got, want := rulestest.ResultLine(log), re.FindString(log); got != want {
			t.Errorf("%q: the scan finds %q, the expression %q", log, got, want)
		}
	}
}

// The counter naming scheme: the side or party first.
func TestCounterNames(t *testing.T) {
	for name, ok := range map[string]bool{
		"flipoffs": true, "a.hits": true, "b.coins-lost": true, "a.survivors.Interceptor": true,
		"lost.hex.78": true, "tf3.victor": true, "desperation.success": true, "type.balanced.victor": true,
		"victor.1": false, "survivors.2": false, "hits.a": false, "a.Hits": false, "survivors.b.Cruiser": false,
	} {
		if got := rulestest.CounterName(name) == ""; got != ok {
			t.Errorf("counter %q: accepted %v, want %v (%s)", name, got, ok, rulestest.CounterName(name))
		}
	}
}

func TestLocated(t *testing.T) {
	if msg := rulestest.Located(errors.New("x")); !strings.Contains(msg, "not a *doc.Error") {
		t.Errorf("plain error: %q", msg)
	}
	if msg := rulestest.Located(&doc.Error{Msg: "x"}); !strings.Contains(msg, "names no line:column") {
		t.Errorf("unlocated doc.Error: %q", msg)
	}
	if msg := rulestest.Located(&doc.Error{Pos: doc.Pos{File: "f", Line: 2, Col: 3}, Msg: "x"}); msg != "" {
		t.Errorf("located error: %q", msg)
	}
}

func FuzzToy(f *testing.F) { kit("").Fuzz(f) }
