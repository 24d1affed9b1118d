package eclipse

import (
	"slices"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Players implements rules.Coalitions (§13.1): a side's units are its ships (§7
// ships), its parts those fitted to the player designs it fields (§4.2),
// save what every coalition keeps (fittable).
func (ruleset) Players(root *doc.Node, side rules.Side, of rules.Players) (rules.Roster, error) {
	ships, err := sideShips(root, side)
	if err != nil {
		return rules.Roster{}, err
	}
	units, err := rules.CountedUnits(ships)
	if err != nil || of == rules.Units {
		return rules.Roster{At: ships, Kinds: units}, err
	}
	k, err := catalogOf(root)
	if err != nil {
		return rules.Roster{}, err
	}
	var parts []rules.Player
	for _, u := range units {
		idx, _ := k.blueprint(u.Name) // catalogOf checked it
		bp := k.blueprints[idx]
		for _, p := range k.fittable(bp) {
			at := slices.IndexFunc(parts, func(q rules.Player) bool { return q.Design == bp.Name && q.Name == p })
			if at < 0 {
				at, parts = len(parts), append(parts, rules.Player{Name: p, Design: bp.Name})
			}
			parts[at].Count++
		}
	}
	return rules.Roster{At: ships, Kinds: parts, Note: "energy sources and each hull's first drive are always fitted, and a part is fitted to every ship of its design"}, nil
}

// Coalition implements rules.Coalitions (§13.1). A coalition of parts refits each
// design the side fields as a new blueprint of its own (the other side may
// field the same design, which keeps its parts), named "DESIGN (fitted)",
// with the parts the coalition keeps; the enemy's priority list follows
// the new name.
func (ruleset) Coalition(root *doc.Node, side rules.Side, of rules.Players, kinds []rules.Player, counts []int) error {
	ships, err := sideShips(root, side)
	if err != nil {
		return err
	}
	if of == rules.Units {
		rules.SetCounts(ships, kinds, counts)
		return nil
	}
	k, err := catalogOf(root)
	if err != nil {
		return err
	}
	used := make([]int, len(kinds))
	for i, name := range ships.Keys {
		idx, _ := k.blueprint(name) // catalogOf checked it
		bp := k.blueprints[idx]
		if len(k.fittable(bp)) == 0 {
			continue
		}
		var parts []string // the kept ones, in the blueprint's order
		for j, p := range bp.Parts {
			if !k.fittableAt(bp, j) {
				parts = append(parts, p)
				continue
			}
			kind := slices.IndexFunc(kinds, func(q rules.Player) bool { return q.Design == name && q.Name == p })
			if kind >= 0 && used[kind] < counts[kind] {
				used[kind]++
				parts = append(parts, p)
			}
		}
		fitted := name + " (fitted)"
		addBlueprint(root, refit(k.bpNode[idx], name, fitted, parts))
		ships.Keys[i] = fitted
		renamePriority(root.Get(sideNames[side.Other()-1]), name, fitted)
	}
	return nil
}

// fittable returns the parts of a player blueprint a coalition may leave
// out: all but its energy sources, which carry no combat number and let
// the others be powered, and its first drive on a mobile hull, which §5
// rule 5 requires. Any subset of the rest keeps the blueprint within §5
// rule 4 (fewer slots, less energy used) and rule 5. NPC tiles have none.
func (k *catalog) fittable(bp Blueprint) []string {
	var fit []string
	for j, p := range bp.Parts {
		if k.fittableAt(bp, j) {
			fit = append(fit, p)
		}
	}
	return fit
}

// fittableAt says whether the j-th part of bp is one fittable returns.
func (k *catalog) fittableAt(bp Blueprint, j int) bool {
	if bp.Base.NPC() {
		return false
	}
	p, _ := k.part(bp.Parts[j])
	if p.Energy < 0 {
		return false
	}
	if p.Drive && bp.Base != Starbase {
		first := slices.IndexFunc(bp.Parts, func(name string) bool { q, _ := k.part(name); return q.Drive })
		return first != j
	}
	return true
}

// sideShips returns the ships mapping of a side (§7).
func sideShips(root *doc.Node, side rules.Side) (*doc.Node, error) {
	return rules.SideMapping(root, sideNames[side-1], "ships")
}

// catalogOf reads the parts and blueprints of a scenario document,
// checking them as Compile does.
func catalogOf(root *doc.Node) (*catalog, error) {
	k := &catalog{parts: Parts(), blueprints: Blueprints(), bpNode: make([]*doc.Node, len(builtinBlueprints))}
	if err := k.addParts(root.Get("parts")); err != nil {
		return nil, err
	}
	if err := k.addBlueprints(root.Get("blueprints")); err != nil {
		return nil, err
	}
	for _, f := range sideNames {
		ships := root.Get(f).Get("ships")
		for i, name := range ships.Keys {
			if _, ok := k.blueprint(name); !ok {
				return nil, ships.Vals[i].Errorf("unknown ship type %q (valid names: %s)%s", name, k.blueprintNames(), doc.DidYouMean(name, k.blueprintList()))
			}
		}
	}
	return k, nil
}

// refit returns the blueprint named fitted: the custom blueprint def (nil
// for a built-in one, name) with parts in place of its own.
func refit(def *doc.Node, name, fitted string, parts []string) *doc.Node {
	bp := &doc.Node{Kind: doc.Map}
	if def != nil {
		bp = def.Clone()
	} else {
		bp.Put("base", scalar(name))
	}
	bp.Put("name", scalar(fitted))
	list := &doc.Node{Kind: doc.Seq}
	for _, p := range parts {
		list.Items = append(list.Items, scalar(p))
	}
	bp.Put("parts", list)
	return bp
}

// addBlueprint appends a blueprint to the scenario's list.
func addBlueprint(root, bp *doc.Node) {
	list := root.Get("blueprints")
	if list == nil || list.Kind != doc.Seq {
		list = &doc.Node{Kind: doc.Seq}
		root.Put("blueprints", list)
	}
	list.Items = append(list.Items, bp)
}

// renamePriority renames a type in a side's priority list (§7), which
// names the enemy's types.
func renamePriority(sideNode *doc.Node, name, fitted string) {
	list := sideNode.Get("priority")
	if list == nil {
		return
	}
	for _, it := range list.Items {
		if it.Value == name {
			it.Value = fitted
		}
	}
}

func scalar(s string) *doc.Node { return &doc.Node{Kind: doc.Scalar, Value: s} }
