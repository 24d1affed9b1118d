package ec4x

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Players implements rules.Coalitions for a fixed battle: a side's units
// are the squadrons of its task force (side a the first, side b the
// second), each a kind of its own, the unit EC4X combat cripples and
// destroys; a flagship and its escorts join or leave together, since an
// escort without its flagship is no squadron. Squadrons have no parts.
func (ruleset) Players(root *doc.Node, side rules.Side, of rules.Players) (rules.Roster, error) {
	list, err := squadrons(root, side)
	if err != nil {
		return rules.Roster{}, err
	}
	if of == rules.Parts {
		return rules.Roster{}, list.Errorf("EC4X squadrons have no parts to share wins among (allowed: --attribute units)")
	}
	var kinds []rules.Player
	for _, sq := range list.Items {
		name := sq.Path
		if id := sq.Get("id"); id != nil && id.Value != "" {
			name = id.Value
		}
		kinds = append(kinds, rules.Player{Name: name, Count: 1})
	}
	return rules.Roster{At: list, Kinds: kinds, Note: "a squadron's flagship and escorts join or leave together"}, nil
}

// Coalition implements rules.Coalitions: the task force keeps the
// squadrons whose count is 1.
func (ruleset) Coalition(root *doc.Node, side rules.Side, _ rules.Players, _ []rules.Player, counts []int) error {
	list, err := squadrons(root, side)
	if err != nil {
		return err
	}
	var items []*doc.Node
	for k, sq := range list.Items {
		if counts[k] > 0 {
			items = append(items, sq)
		}
	}
	list.Items = items
	return nil
}

// squadrons returns the squadrons of a side's task force in a fixed
// battle; a generated suite has none of its own.
func squadrons(root *doc.Node, side rules.Side) (*doc.Node, error) {
	if s := root.Get("suite"); s != nil {
		return nil, s.Errorf("a generated suite's tests each field their own squadrons: attribute a fixed battle (crucible export writes one test as one)")
	}
	tfs := root.Get("taskForces")
	if tfs == nil || tfs.Kind != doc.Seq || len(tfs.Items) <= int(side-1) {
		return nil, root.Errorf("no task force for side %s to attribute (taskForces: the first is side a, the second side b)", side)
	}
	list := tfs.Items[side-1].Get("squadrons")
	if list == nil || list.Kind != doc.Seq {
		return nil, tfs.Items[side-1].Errorf("the task force has no list of squadrons")
	}
	return list, nil
}
