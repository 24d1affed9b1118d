package program

import (
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

var policyByName = map[string]policy{"kill-greedy": PolKillGreedy, "largest-first": PolLargestFirst, "weakest": PolWeakest, "random": PolRandom, "priority": PolPriority}

func (b *Battle) compilePolicy(s int, sd *sideDoc, node *doc.Node) error {
	t := b.File.Targeting
	name := t.Default
	if sd.Policy != "" {
		if _, err := doc.OneOf(node.Get("policy"), t.Policies...); err != nil {
			return err
		}
		name = sd.Policy
	}
	b.Policies[s] = policyByName[name]
	b.Sides[s].PolicyName = name
	if sd.Priority != nil && name != "priority" {
		return node.Get("priority").Errorf("a priority list is for policy priority; side %s plays %s", SideLetters[s], name)
	}
	if name == "priority" && sd.Priority == nil {
		return node.Errorf("policy priority needs a priority list of the enemy's unit types (priority: [%s])", strings.Join(b.typeNames(1-s), ", "))
	}
	for i, p := range sd.Priority {
		k := slices.IndexFunc(b.Sides[1-s].Types, func(t int) bool { return b.Types[t].Name == p })
		if k < 0 {
			return document.ErrUnknown(node.Get("priority").Items[i], "enemy unit type", p, b.typeNames(1-s))
		}
		b.Sides[s].Priority = append(b.Sides[s].Priority, k)
	}
	return nil
}

func (b *Battle) typeNames(s int) []string {
	var out []string
	for _, t := range b.Sides[s].Types {
		out = append(out, b.Types[t].Name)
	}
	return out
}

// finishSpec declares the battle's ends, counters and options.
func (b *Battle) finishSpec(settings rules.Settings, sides [2]sideDoc) {
	ends := []string{"destroyed", "mutual-destruction", "round-cap"}
	var nv []rules.NonVictory
	for _, e := range b.Ends {
		ends = append(ends, e.Decl.Name)
		if !e.Decl.Victory {
			nv = append(nv, rules.NonVictory{End: e.Decl.Name, Scored: e.Decl.Winner != "none"})
		}
	}
	var cs rules.Counters
	for s := range 2 {
		for _, t := range b.Sides[s].Types {
			b.Survivors[s] = append(b.Survivors[s], cs.Dist(rules.SideCounter(rules.Side(s+1), "survivors."+b.Types[t].Name), "units of this type left at the end"))
		}
	}
	b.Dealt = cs.Sides("damage-dealt", "the hit points the enemy's units lost in the battle (net of any healing)")
	for _, e := range b.Ends {
		if !e.Decl.Victory {
			names := rules.NonVictoryCounters(e.Decl.Name)
			e.SideCtr = [2]int{cs.Add(names[0], "1 when side a ended the battle so"), cs.Add(names[1], "1 when side b ended the battle so")}
		}
	}
	for _, c := range b.Counters {
		if c.decl.PerSide {
			for s := range 2 {
				name := rules.SideCounter(rules.Side(s+1), c.decl.Name)
				if c.decl.Dist {
					c.Index[s] = cs.Dist(name, c.decl.Doc)
				} else {
					c.Index[s] = cs.Add(name, c.decl.Doc)
				}
			}
			continue
		}
		if c.decl.Dist {
			c.Index[0] = cs.Dist(c.decl.Name, c.decl.Doc)
		} else {
			c.Index[0] = cs.Add(c.decl.Name, c.decl.Doc)
		}
	}
	opts := append(rules.Settings{}, settings...)
	opts = append(opts, rules.Setting{Name: "a.policy", Value: b.Sides[0].PolicyName}, rules.Setting{Name: "b.policy", Value: b.Sides[1].PolicyName})
	b.RulesSpec = rules.Spec{
		Ends: ends, Counters: cs.List(), Options: opts, RoundsUnit: "rounds",
		Sides:        [2]string{b.SideWords(0), b.SideWords(1)},
		Labels:       [2]string{b.Sides[0].Label, b.Sides[1].Label},
		NonVictories: nv,
	}
	if b.Hooks != nil && b.Hooks.Draws {
		b.RulesSpec.Notes = append(b.RulesSpec.Notes, "the rules file's hooks draw random numbers: the battle has no exact solution")
	}
	for i, e := range ends {
		b.endIndex[e] = i
	}
	_ = sides
}

// SideWords says what a side fields: "5 trooper", "8 Interceptor, 4
// Cruiser".
func (b *Battle) SideWords(s int) string {
	var parts []string
	for _, t := range b.Sides[s].Types {
		ut := b.Types[t]
		parts = append(parts, Itoa(ut.Count)+" "+ut.Name)
	}
	return strings.Join(parts, ", ")
}
