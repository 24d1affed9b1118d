package rulesfile

import (
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// withoutShortcuts turns off what a Monte Carlo battle skips or reads
// once: ends checked again only when what they read has changed
// (endsOnSides), a contest's own flips of coins (Roll.Flips), an if's
// index handed to the contest it guards (Effect.Guard) and the effects
// played as flat programs (Battle.flat).
func withoutShortcuts(b *Battle) {
	b.EndsOnSides, b.EndsAgg, b.Flat = false, 0, false
	var effects func(list []*program.Effect)
	contest := func(c *program.Contest) {
		for _, rc := range slices.Concat(c.Roll, c.Against) {
			if rc != nil {
				rc.Flips = false
			}
		}
		for _, l := range slices.Concat(c.Win, c.Lose) {
			effects(l)
		}
	}
	effects = func(list []*program.Effect) {
		for _, e := range list {
			e.Guard = nil
			effects(e.Then)
			effects(e.Els)
			if e.Contest != nil {
				contest(e.Contest)
			}
		}
	}
	for _, p := range slices.Concat(b.Start, b.Round) {
		if p.Contest != nil {
			contest(p.Contest)
		}
		for _, e := range p.Each {
			effects(e.Do)
		}
	}
}

// WithoutShortcuts is withoutShortcuts for the tests outside the package
// (shortcuts_play_test.go).
func WithoutShortcuts(b rules.Battle) { withoutShortcuts(b.(*Battle)) }
