package rulesfile

import (
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
	"github.com/crucible-sim/crucible/rules/rulesfile/program"
)

// ID names rules files as a kind of ruleset: the engine whose exact solver
// a rules file uses (rules.FileRuleset), and the topic of the language's
// reference (crucible rules rulesfile). It is not a ruleset a scenario
// names: each rules file is a ruleset of its own, named after the file
// (Open).
const ID = "rulesfile"

// ruleset is the rules-file ruleset of one rules file, or of the language
// (file nil: the static ruleset `rulesfile`).
type ruleset struct {
	id   string
	file *doc.Node // the rules file's document, for its reference
}

func (r ruleset) ID() string { return r.id }

// Compile implements rules.Ruleset. A document without `rules` takes the
// rules of the file the ruleset was opened from.
func (r ruleset) Compile(n *doc.Node) (rules.Battle, error) {
	if n != nil && n.Kind == doc.Map && n.Get("rules") == nil && r.file != nil {
		c := *n
		c.Keys = append([]string{"rules"}, n.Keys...)
		c.Vals = append([]*doc.Node{r.file}, n.Vals...)
		n = &c
	}
	return Compile(n)
}

// Engine implements rules.FileRuleset: a rules file's exact solver is the
// one registered for rules files.
func (r ruleset) Engine() string { return ID }

// Open returns the ruleset of a rules file read from rules, named id (the
// file's name, duel2d6.rules.yaml).
func Open(id string, file *doc.Node) rules.Ruleset { return ruleset{id: id, file: file} }

func init() { rules.SetFileOpener(Open) }

// SideFields implements rules.Sided: a side is everything under a or b (its
// units, designs, name and policy).
func (r ruleset) SideFields() [2][]string { return [2][]string{{"a"}, {"b"}} }

// PolicyFields implements rules.Policied: each side's targeting policy,
// among those the file allows.
func (r ruleset) PolicyFields() [2]rules.PolicyField {
	allowed := document.PolicyNames()
	if f, err := document.Decode(r.file); err == nil {
		allowed = f.Targeting.Policies
	}
	var out [2]rules.PolicyField
	for s, side := range program.SideLetters {
		out[s].Path = side + ".policy"
		for _, p := range allowed {
			v := rules.PolicyValue{Name: p}
			if p == "priority" {
				v.Needs = side + ".priority"
			}
			out[s].Values = append(out[s].Values, v)
		}
	}
	return out
}
