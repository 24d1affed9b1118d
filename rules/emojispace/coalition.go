package emojispace

import (
	"strconv"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Players implements rules.Coalitions for a side's parts: the modules of
// a ship written out as a ship_state, each of module_instances a kind of
// its own (its position may matter, §9), and extra-modules' copies one
// kind with their count. A side is one ship, so it has no units to share
// among; a ship named from the catalogue, or an npc, is written out first.
func (ruleset) Players(root *doc.Node, side rules.Side, of rules.Players) (rules.Roster, error) {
	ship, err := shipState(root, side, of)
	if err != nil {
		return rules.Roster{}, err
	}
	var kinds []rules.Player
	for i, m := range ship.Get("module_instances").Items {
		kinds = append(kinds, rules.Player{Name: m.Get("module_id").Value + " #" + strconv.Itoa(i+1), Design: "ship", Count: 1})
	}
	if extra := root.Get(side.String()).Get("extra-modules"); extra != nil {
		if n, err := strconv.Atoi(extra.Get("count").Value); err == nil && n > 0 {
			kinds = append(kinds, rules.Player{Name: extra.Get("module_id").Value + " (extra)", Design: "ship", Count: n})
		}
	}
	return rules.Roster{At: ship, Kinds: kinds, Note: "the hull and its own numbers are always kept; a module left out leaves its slot empty"}, nil
}

// Coalition implements rules.Coalitions: the ship keeps the module
// instances of count 1, in their order, and counts' extra copies.
func (ruleset) Coalition(root *doc.Node, side rules.Side, of rules.Players, kinds []rules.Player, counts []int) error {
	ship, err := shipState(root, side, of)
	if err != nil {
		return err
	}
	list := ship.Get("module_instances")
	var kept []*doc.Node
	for i, m := range list.Items {
		if counts[i] > 0 {
			kept = append(kept, m)
		}
	}
	list.Items = kept
	if len(kinds) > len(list.Items) && len(counts) > 0 {
		if extra := root.Get(side.String()).Get("extra-modules"); extra != nil {
			extra.Put("count", &doc.Node{Kind: doc.Scalar, Value: strconv.Itoa(counts[len(counts)-1])})
		}
	}
	return nil
}

// shipState returns the ship_state of a side with modules to share.
func shipState(root *doc.Node, side rules.Side, of rules.Players) (*doc.Node, error) {
	s := root.Get(side.String())
	if s == nil {
		return nil, root.Errorf("no side %s to attribute", side)
	}
	if of == rules.Units {
		return nil, s.Errorf("a side is one ship, which has no units to share its wins among (allowed: --attribute parts, its modules)")
	}
	ship := s.Get("ship")
	if ship == nil || ship.Kind != doc.Map || ship.Get("module_instances") == nil {
		return nil, s.Errorf("parts are shared among the modules of a ship written out as a ship_state (hull_id, module_instances), not a ship named from the catalogue or an npc")
	}
	return ship, nil
}
