package dbd

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Players implements rules.Coalitions: a side's units are its units of
// the scenario's list (§12), each a kind of its own, since no two stand
// on the same hex. A unit left out of a coalition is left off the board.
// DBD units have no parts.
func (ruleset) Players(root *doc.Node, side rules.Side, of rules.Players) (rules.Roster, error) {
	list, err := unitList(root)
	if err != nil {
		return rules.Roster{}, err
	}
	if of == rules.Parts {
		return rules.Roster{}, list.Errorf("DBD units have no parts to share wins among (allowed: --attribute units)")
	}
	var kinds []rules.Player
	for _, u := range list.Items {
		if u.Get("side").Value == sideNames[side-1] {
			kinds = append(kinds, rules.Player{Name: u.Get("id").Value, Count: 1})
		}
	}
	return rules.Roster{At: list, Kinds: kinds, Note: "a unit left out of a coalition is left off the board"}, nil
}

// Coalition implements rules.Coalitions: the side keeps the units whose
// count is 1, the other side all its own.
func (ruleset) Coalition(root *doc.Node, side rules.Side, _ rules.Players, kinds []rules.Player, counts []int) error {
	list, err := unitList(root)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for k, u := range kinds {
		keep[u.Name] = counts[k] > 0
	}
	items := list.Items[:0]
	for _, u := range list.Items {
		if u.Get("side").Value != sideNames[side-1] || keep[u.Get("id").Value] {
			items = append(items, u)
		}
	}
	list.Items = items
	return nil
}

// unitList returns the units of a scenario: the document's own, for a
// dbd-scn-0.1 file read by itself, else its `scenario` blob's (§12).
func unitList(root *doc.Node) (*doc.Node, error) {
	scn := root
	if root.Get("schema") == nil {
		scn = root.Get("scenario")
	}
	list := scn.Get("units")
	if list == nil || list.Kind != doc.Seq {
		return nil, root.Errorf("no list of units to attribute (a scenario's units)")
	}
	return list, nil
}
