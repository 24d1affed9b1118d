package stratfight

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
)

// compileYAML parses src and compiles it as the loader would.
func compileYAML(t testing.TB, src string) rules.Battle {
	t.Helper()
	b, err := compileSrc(src)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	return b
}

func compileSrc(src string) (rules.Battle, error) {
	n, err := scenarios.ParseDocument("test.yaml", []byte(src))
	if err != nil {
		return nil, err
	}
	return ruleset{}.Compile(n)
}

// run fights trials 0..n−1 of b with seeds (seed, i) and calls fn after each.
func run(b rules.Battle, seed uint64, n int, fn func(o *rules.Outcome)) {
	runF(b, seed, n, func(o *rules.Outcome, _ rules.Fighter) { fn(o) })
}

// runF is run that also passes the fighter, whose state tests may inspect.
func runF(b rules.Battle, seed uint64, n int, fn func(o *rules.Outcome, f rules.Fighter)) {
	f := b.NewFighter()
	o := &rules.Outcome{Counters: make([]int64, len(b.Spec().Counters))}
	r := rules.NewRand(seed, 0)
	for i := range n {
		r.Seed(seed, uint64(i))
		o.Reset()
		f.Fight(0, r, o)
		fn(o, f)
	}
}

// Inline fighters for hand-derived cases (S3 defaults):
//
//	zero:   Attack 0, Defense 0, initiative 0
//	one:    training 1 → Attack 1, Defense 1, initiative 1
//	strong: training 40 → Attack 40, Defense 40, initiative 40
const (
	zero   = "{strength: 0, dexterity: 0, training: 0, weapon: fisticuffs}"
	one    = "{strength: 0, dexterity: 0, training: 1, weapon: fisticuffs}"
	strong = "{strength: 0, dexterity: 0, training: 40, weapon: fisticuffs}"
)

// side builds a side mapping from a fighter and extra fields.
func side(fighter string, extra ...string) string {
	s := "{fighter: " + fighter
	for _, e := range extra {
		s += ", " + e
	}
	return s + "}"
}

// counter returns the named counter of o.
func counter(b rules.Battle, o *rules.Outcome, name string) int64 {
	if i := b.Spec().CounterIndex(name); i >= 0 {
		return o.Counters[i]
	}
	panic("no counter " + name)
}

func endName(b rules.Battle, o *rules.Outcome) string { return b.Spec().Ends[o.End] }

// duel builds a duel scenario from side and option snippets (YAML flow maps).
func duel(opts, a, b string) string {
	var sb strings.Builder
	sb.WriteString("ruleset: stratfight\n")
	if opts != "" {
		sb.WriteString("options: " + opts + "\n")
	}
	sb.WriteString("a: " + a + "\nb: " + b + "\n")
	return sb.String()
}
