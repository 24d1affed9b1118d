package rulesfile

import (
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// policy is a side's targeting policy.
type policy uint8

const (
	polKillGreedy policy = iota
	polLargestFirst
	polWeakest
	polRandom
	polPriority
)

var policyByName = map[string]policy{"kill-greedy": polKillGreedy, "largest-first": polLargestFirst, "weakest": polWeakest, "random": polRandom, "priority": polPriority}

func (b *Battle) compilePolicy(s int, sd *sideDoc, node *doc.Node) error {
	t := b.file.Targeting
	name := t.Default
	if sd.Policy != "" {
		if _, err := doc.OneOf(node.Get("policy"), t.Policies...); err != nil {
			return err
		}
		name = sd.Policy
	}
	b.policies[s] = policyByName[name]
	b.sides[s].policyName = name
	if sd.Priority != nil && name != "priority" {
		return node.Get("priority").Errorf("a priority list is for policy priority; side %s plays %s", sideLetters[s], name)
	}
	if name == "priority" && sd.Priority == nil {
		return node.Errorf("policy priority needs a priority list of the enemy's unit types (priority: [%s])", strings.Join(b.typeNames(1-s), ", "))
	}
	for i, p := range sd.Priority {
		k := slices.IndexFunc(b.sides[1-s].types, func(t int) bool { return b.types[t].name == p })
		if k < 0 {
			return document.ErrUnknown(node.Get("priority").Items[i], "enemy unit type", p, b.typeNames(1-s))
		}
		b.sides[s].priority = append(b.sides[s].priority, k)
	}
	return nil
}

func (b *Battle) typeNames(s int) []string {
	var out []string
	for _, t := range b.sides[s].types {
		out = append(out, b.types[t].name)
	}
	return out
}

// finishSpec declares the battle's ends, counters and options.
func (b *Battle) finishSpec(settings rules.Settings, sides [2]sideDoc) {
	ends := []string{"destroyed", "mutual-destruction", "round-cap"}
	var nv []rules.NonVictory
	for _, e := range b.ends {
		ends = append(ends, e.decl.Name)
		if !e.decl.Victory {
			nv = append(nv, rules.NonVictory{End: e.decl.Name, Scored: e.decl.Winner != "none"})
		}
	}
	var cs rules.Counters
	for s := range 2 {
		for _, t := range b.sides[s].types {
			b.survivors[s] = append(b.survivors[s], cs.Dist(rules.SideCounter(rules.Side(s+1), "survivors."+b.types[t].name), "units of this type left at the end"))
		}
	}
	b.dealt = cs.Sides("damage-dealt", "the hit points the enemy's units lost in the battle (net of any healing)")
	for _, e := range b.ends {
		if !e.decl.Victory {
			names := rules.NonVictoryCounters(e.decl.Name)
			e.sideCtr = [2]int{cs.Add(names[0], "1 when side a ended the battle so"), cs.Add(names[1], "1 when side b ended the battle so")}
		}
	}
	for _, c := range b.counters {
		if c.decl.PerSide {
			for s := range 2 {
				name := rules.SideCounter(rules.Side(s+1), c.decl.Name)
				if c.decl.Dist {
					c.index[s] = cs.Dist(name, c.decl.Doc)
				} else {
					c.index[s] = cs.Add(name, c.decl.Doc)
				}
			}
			continue
		}
		if c.decl.Dist {
			c.index[0] = cs.Dist(c.decl.Name, c.decl.Doc)
		} else {
			c.index[0] = cs.Add(c.decl.Name, c.decl.Doc)
		}
	}
	opts := append(rules.Settings{}, settings...)
	opts = append(opts, rules.Setting{Name: "a.policy", Value: b.sides[0].policyName}, rules.Setting{Name: "b.policy", Value: b.sides[1].policyName})
	b.spec = rules.Spec{
		Ends: ends, Counters: cs.List(), Options: opts, RoundsUnit: "rounds",
		Sides:        [2]string{b.sideWords(0), b.sideWords(1)},
		Labels:       [2]string{b.sides[0].label, b.sides[1].label},
		NonVictories: nv,
	}
	if b.hooks != nil && b.hooks.draws {
		b.spec.Notes = append(b.spec.Notes, "the rules file's hooks draw random numbers: the battle has no exact solution")
	}
	for i, e := range ends {
		b.endIndex[e] = i
	}
	_ = sides
}

// sideWords says what a side fields: "5 trooper", "8 Interceptor, 4
// Cruiser".
func (b *Battle) sideWords(s int) string {
	var parts []string
	for _, t := range b.sides[s].types {
		ut := b.types[t]
		parts = append(parts, itoa(ut.count)+" "+ut.name)
	}
	return strings.Join(parts, ", ")
}
