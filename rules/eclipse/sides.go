package eclipse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

var sideNames = [2]string{"attacker", "defender"}

// addShips reads one side's kind and ships (§5 rules 2, 3, 6, 7).
func (c *Compiled) addShips(k *catalog, s int, node *doc.Node, sd *sideDoc) error {
	kind, err := sideOptions.Check("kind", sd.Kind)
	if err != nil {
		return err
	}
	npc := kind == "npc"
	if npc && s == 0 {
		return sd.Kind.Errorf("an NPC side must be the defender (allowed for attacker.kind: player)")
	}
	ships := sd.Ships
	if ships.Kind != doc.Map || len(ships.Keys) == 0 {
		return ships.Errorf("a side needs at least one ship: a mapping of blueprint name to count (blueprints: %s)", k.blueprintNames())
	}
	conf := &c.Sides[s]
	conf.NPC = npc
	conf.First = len(c.Types)
	var perBase [nBases]int
	var baseNode [nBases]*doc.Node
	for i, name := range ships.Keys {
		v := ships.Vals[i]
		bi, ok := k.blueprint(name)
		if !ok {
			return v.Errorf("unknown blueprint %q (blueprints: %s)%s", name, k.blueprintNames(), doc.DidYouMean(name, k.blueprintList()))
		}
		bp := k.blueprints[bi]
		count, err := shipCount(bp, name, v, s, npc)
		if err != nil {
			return err
		}
		if prev := baseNode[bp.Base]; prev != nil {
			if npc {
				return v.Errorf("two %s tiles on one side (%s and %s): one tile per NPC kind is used (§4.4; allowed: 1 %s blueprint per side)", bp.Base, c.Types[perBase[bp.Base]].Name, name, bp.Base)
			}
			return v.Errorf("two blueprints with base %s on one player side (%s and %s; allowed: 1 blueprint per hull)", bp.Base, c.Types[perBase[bp.Base]].Name, name)
		}
		t, err := k.derive(bp, k.bpNode[bi])
		if err != nil {
			return err
		}
		t.Side, t.Local, t.Count = s, len(c.Types)-conf.First, int(count)
		perBase[bp.Base] = len(c.Types)
		baseNode[bp.Base] = v
		c.Types = append(c.Types, t)
		c.noteUnverified(k, bp)
	}
	conf.N = len(c.Types) - conf.First
	return nil
}

// shipCount reads the count v gives of blueprint bp (named name) on side
// s, and refuses a blueprint the side may not field (npc: an NPC side).
func shipCount(bp Blueprint, name string, v *doc.Node, s int, npc bool) (int64, error) {
	who := "a player"
	if npc {
		who = "the NPC components"
	}
	count, err := doc.Range{Min: 1, Max: int64(pieceCap[bp.Base]), Note: fmt.Sprintf("the limit of ships with base %s for %s", bp.Base, who)}.Int(v)
	if err != nil {
		return 0, err
	}
	switch {
	case npc && !bp.Base.NPC():
		return 0, v.Errorf("%s is a player blueprint (base %s) but %s.kind is npc (an NPC side fields only NPC tiles: Ancient, Guardian, GCDS and their variants)", name, bp.Base, sideNames[s])
	case !npc && bp.Base.NPC():
		if s == 0 {
			return 0, v.Errorf("%s is an NPC tile; NPCs are always the defender (§5 rule 6), not allowed on the attacker", name)
		}
		return 0, v.Errorf("%s is an NPC tile; set %s.kind: npc (allowed on a player side: Interceptor, Cruiser, Dreadnought, Starbase blueprints)", name, sideNames[s])
	}
	return count, nil
}

// noteUnverified adds to the spec's notes, once each, what is unverified
// of blueprint bp and of its parts.
func (c *Compiled) noteUnverified(k *catalog, bp Blueprint) {
	if bp.Unverified != "" && !slices.Contains(c.spec.Notes, bp.Unverified) {
		c.spec.Notes = append(c.spec.Notes, bp.Unverified)
	}
	if bp.Base.NPC() {
		return
	}
	for _, pn := range bp.Parts {
		if p, _ := k.part(pn); p.Unverified != "" && !slices.Contains(c.spec.Notes, p.Unverified) {
			c.spec.Notes = append(c.spec.Notes, p.Unverified)
		}
	}
}

// sideOptions reads policy, priority, retreat and antimatter-splitter
// (§13.10-12, §13.15; §5 rule 6) once both sides' ships are known.
func (c *Compiled) sideOptions(s int, node *doc.Node, sd *sideDoc, exact bool) ([]rules.Setting, error) {
	name := sideNames[s]
	policy, err := c.sidePolicy(s, sd, exact)
	if err != nil {
		return nil, err
	}
	prioText, err := c.sidePriority(s, node, sd, policy)
	if err != nil {
		return nil, err
	}
	retreat, err := c.sideRetreat(s, sd)
	if err != nil {
		return nil, err
	}
	splitter, err := c.sideSplitter(s, sd)
	if err != nil {
		return nil, err
	}
	return []rules.Setting{
		{Name: name + ".policy", Value: policy},
		{Name: name + ".priority", Value: prioText},
		{Name: name + ".retreat", Value: retreat},
		{Name: name + ".antimatter-splitter", Value: splitter},
	}, nil
}

// sidePolicy reads side s's policy (§13.10; §5 rule 6): an NPC side assigns
// by the rulebook's NPC rule, and `optimal` is for the exact solver only.
func (c *Compiled) sidePolicy(s int, sd *sideDoc, exact bool) (string, error) {
	conf := &c.Sides[s]
	policy := "kill-greedy"
	if conf.NPC {
		policy = "npc"
	}
	if sd.Policy != nil && sd.Policy.Kind != doc.Null {
		v, err := sideOptions.Check("policy", sd.Policy)
		if err != nil {
			return "", err
		}
		policy = v
	}
	if conf.NPC && policy != "npc" {
		return "", sd.Policy.Errorf("an NPC side always assigns by the rulebook NPC rule (allowed: npc)")
	}
	if policy == "optimal" && !exact {
		return "", sd.Policy.Errorf("policy optimal is for the exact solver only (crucible exact); Monte Carlo allows: npc, kill-greedy, largest-killable-first, priority")
	}
	conf.Policy = assign.Policy(slices.Index(assign.Names(), policy))
	return policy, nil
}

// sidePriority reads side s's priority list of enemy types (§13.11), which
// policy priority needs and no other policy takes, and returns it as the
// setting's text.
func (c *Compiled) sidePriority(s int, node *doc.Node, sd *sideDoc, policy string) (string, error) {
	conf := &c.Sides[s]
	name := sideNames[s]
	enemy := c.Sides[1-s]
	enemyNames := make([]string, enemy.N)
	for i := range enemy.N {
		enemyNames[i] = c.Types[enemy.First+i].Name
	}
	if sd.Priority == nil || sd.Priority.Kind == doc.Null {
		if conf.Policy == assign.Priority {
			at := node
			if sd.Policy != nil {
				at = sd.Policy
			}
			return "", at.Errorf("policy priority needs %s.priority: a list of enemy ship types (allowed: %s)", name, strings.Join(enemyNames, ", "))
		}
		return "none", nil
	}
	if conf.Policy != assign.Priority {
		return "", sd.Priority.Errorf("a priority list needs %s.policy: priority (policy is %s)", name, policy)
	}
	if sd.Priority.Kind != doc.Seq || len(sd.Priority.Items) == 0 {
		return "", sd.Priority.Errorf("expected a list of enemy ship types (allowed: %s)", strings.Join(enemyNames, ", "))
	}
	for _, it := range sd.Priority.Items {
		if it.Kind != doc.Scalar || !slices.Contains(enemyNames, it.Value) {
			return "", it.Errorf("unknown enemy ship type %s (allowed: %s)%s", doc.Describe(it), strings.Join(enemyNames, ", "), doc.DidYouMean(it.Value, enemyNames))
		}
		if slices.Contains(conf.Priority, it.Value) {
			return "", it.Errorf("%s is listed twice", it.Value)
		}
		conf.Priority = append(conf.Priority, it.Value)
	}
	return strings.Join(conf.Priority, ","), nil
}

// sideRetreat reads side s's retreat option (§13.12); NPCs never retreat.
func (c *Compiled) sideRetreat(s int, sd *sideDoc) (string, error) {
	conf := &c.Sides[s]
	retreat := "never"
	if sd.Retreat != nil && sd.Retreat.Kind != doc.Null {
		v, err := sideOptions.Check("retreat", sd.Retreat)
		if err != nil {
			return "", err
		}
		retreat = v
	}
	if conf.NPC && retreat != "never" {
		return "", sd.Retreat.Errorf("NPC sides never retreat (allowed: never)")
	}
	conf.Retreat, _ = parseRetreat(retreat)
	return retreat, nil
}

// sideSplitter reads side s's antimatter-splitter option (§13.15), a tech
// an NPC side cannot have.
func (c *Compiled) sideSplitter(s int, sd *sideDoc) (string, error) {
	conf := &c.Sides[s]
	splitter, err := sideOptions.Check("antimatter-splitter", sd.Splitter)
	if err != nil {
		return "", err
	}
	if conf.NPC && splitter == "true" {
		return "", sd.Splitter.Errorf("an NPC side has no techs (allowed: false)")
	}
	conf.Splitter = splitter == "true"
	return splitter, nil
}

// SideFields makes a battle's sides swappable (rules.Sided): each side is
// its whole mapping — the fleet's ships, its policy and priority list.
// Blueprints and parts are the scenario's, shared by both sides, so that a
// design is defined once and either side may field it.
func (ruleset) SideFields() [2][]string {
	return [2][]string{{sideNames[0]}, {sideNames[1]}}
}
