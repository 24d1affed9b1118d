package rulesfile

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/exactmodel"
	"github.com/crucible-sim/crucible/rules/rulesfile/fight"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// Battle is a compiled rules-file scenario (a program.Battle) with what
// plays it: its Monte Carlo fighter (package fight) and its model for an
// exact solver (package exactmodel). It implements rules.Battle.
type Battle struct{ *program.Battle }

// Compile compiles a scenario document that carries its rules file under
// `rules` into a Battle.
func Compile(n *doc.Node) (*Battle, error) {
	b, err := program.Compile(n)
	if err != nil {
		return nil, err
	}
	return &Battle{b}, nil
}

// NewFighter implements rules.Battle: the Monte Carlo fighter.
func (b *Battle) NewFighter() rules.Fighter { return fight.NewMonteCarlo(b.Battle) }

// NewStepper returns a Stepper of the battle, which plays parts of battles
// from given states.
func (b *Battle) NewStepper() *fight.Stepper { return fight.NewStepper(b.Battle) }

// Initial fills st with the state before the battle's start phases.
func (b *Battle) Initial(st []int32) { fight.Initial(b.Battle, st) }

// Model returns the battle's model for an exact solver, or an error that
// names what in the rules file the exact walk cannot follow (an
// *exactmodel.UnsupportedError).
func (b *Battle) Model() (*exactmodel.Model, error) { return exactmodel.NewModel(b.Battle) }
