package rulesfile

import (
	"slices"

	"github.com/crucible-sim/crucible/rules"
)

// withoutShortcuts turns off what a Monte Carlo battle skips or reads
// once: ends checked again only when what they read has changed
// (endsOnSides), a contest's own flips of coins (rollC.flips), an if's
// index handed to the contest it guards (effectC.guard) and the effects
// played as flat programs (Battle.flat).
func withoutShortcuts(b *Battle) {
	b.endsOnSides, b.endsAgg, b.flat = false, 0, false
	var effects func(list []*effectC)
	contest := func(c *contestC) {
		for _, rc := range slices.Concat(c.roll, c.against) {
			if rc != nil {
				rc.flips = false
			}
		}
		for _, l := range slices.Concat(c.win, c.lose) {
			effects(l)
		}
	}
	effects = func(list []*effectC) {
		for _, e := range list {
			e.guard = nil
			effects(e.then)
			effects(e.els)
			if e.contest != nil {
				contest(e.contest)
			}
		}
	}
	for _, p := range slices.Concat(b.start, b.round) {
		if p.contest != nil {
			contest(p.contest)
		}
		for _, e := range p.each {
			effects(e.do)
		}
	}
}

// WithoutShortcuts is withoutShortcuts for the tests outside the package
// (shortcuts_play_test.go).
func WithoutShortcuts(b rules.Battle) { withoutShortcuts(b.(*Battle)) }
