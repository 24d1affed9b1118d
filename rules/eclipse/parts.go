package eclipse

import (
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// catalog is the parts and blueprints a scenario may use: the built-in ones
// and its own.
type catalog struct {
	parts      []Part
	blueprints []Blueprint
	bpNode     []*doc.Node // definition node of each custom blueprint (nil for built-ins)
}

func (k *catalog) part(name string) (Part, bool) {
	for _, p := range k.parts {
		if p.Name == name {
			return p, true
		}
	}
	return Part{}, false
}

// partList returns the names of the parts, built-in ones first.
func (k *catalog) partList() []string {
	names := make([]string, len(k.parts))
	for i, p := range k.parts {
		names[i] = p.Name
	}
	return names
}

func (k *catalog) partNames() string { return strings.Join(k.partList(), ", ") }

func (k *catalog) blueprint(name string) (int, bool) {
	for i, bp := range k.blueprints {
		if bp.Name == name {
			return i, true
		}
	}
	return -1, false
}

// blueprintList returns the names of the blueprints, built-in ones first.
func (k *catalog) blueprintList() []string {
	names := make([]string, len(k.blueprints))
	for i, bp := range k.blueprints {
		names[i] = bp.Name
	}
	return names
}

func (k *catalog) blueprintNames() string { return strings.Join(k.blueprintList(), ", ") }

// addParts reads the scenario's custom parts (§7 part fields).
func (k *catalog) addParts(n *doc.Node) error {
	if n == nil || n.Kind == doc.Null {
		return nil
	}
	if n.Kind != doc.Seq {
		return n.Errorf("expected a list of parts")
	}
	for _, it := range n.Items {
		if it.Kind != doc.Map {
			return it.Errorf("expected a part: a mapping with name and any of cannon, missile, computer, shield, hull, initiative, energy, drive, slot")
		}
		var pd partDoc
		if err := doc.Decode(it, &pd); err != nil {
			return err
		}
		if err := checkName(it, pd.Name, "part"); err != nil {
			return err
		}
		if _, dup := k.part(pd.Name); dup {
			return field(it, "name").Errorf("part %q is already defined (a custom part needs a new name; the built-in parts are: %s)", pd.Name, k.partNames())
		}
		p := Part{Name: pd.Name, Computer: pd.Computer, Shield: pd.Shield, Hull: pd.Hull,
			Initiative: pd.Initiative, Energy: pd.Energy, Drive: pd.Drive, Slot: true, custom: true}
		if pd.Slot != nil {
			p.Slot = *pd.Slot
		}
		var err error
		if p.Cannon, err = diceFrom(it, "cannon", pd.Cannon, maxPartDice); err != nil {
			return err
		}
		if p.Missile, err = diceFrom(it, "missile", pd.Missile, maxPartDice); err != nil {
			return err
		}
		for _, f := range []struct {
			name      string
			v, lo, hi int
		}{
			{"computer", p.Computer, 0, maxPartStat},
			{"shield", p.Shield, 0, maxPartStat},
			{"hull", p.Hull, 0, maxPartHull},
			{"initiative", p.Initiative, 0, maxInitiative},
			{"energy", p.Energy, -maxPartEnergy, maxPartEnergy},
		} {
			if err := checkRange(it, f.name, f.v, f.lo, f.hi); err != nil {
				return err
			}
		}
		k.parts = append(k.parts, p)
	}
	return nil
}
