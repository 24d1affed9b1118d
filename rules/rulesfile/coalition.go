package rulesfile

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Players implements rules.Coalitions: a side's units are its units
// mapping, kinds to counts. Parts are not shared: a file's units and
// designs may check their parts by expressions of its own (checks), so
// a unit with a part left out may be no unit the file allows.
func (r ruleset) Players(root *doc.Node, side rules.Side, of rules.Players) (rules.Roster, error) {
	units, err := sideUnits(root, side)
	if err != nil {
		return rules.Roster{}, err
	}
	if of == rules.Parts {
		return rules.Roster{}, units.Errorf("a rules file's scenario shares its wins among units only, not parts (its checks may refuse a unit with a part left out; allowed: --attribute units)")
	}
	kinds, err := rules.CountedUnits(units)
	return rules.Roster{At: units, Kinds: kinds}, err
}

// Coalition implements rules.Coalitions.
func (r ruleset) Coalition(root *doc.Node, side rules.Side, _ rules.Players, kinds []rules.Player, counts []int) error {
	units, err := sideUnits(root, side)
	if err == nil {
		rules.SetCounts(units, kinds, counts)
	}
	return err
}

// sideUnits returns the units mapping of a side.
func sideUnits(root *doc.Node, side rules.Side) (*doc.Node, error) {
	return rules.SideMapping(root, side.String(), "units")
}
