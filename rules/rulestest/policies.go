package rulestest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// policies checks the built-in policies of a rules.Policied ruleset, which
// a policy spread plays: each side's field and its values are in the
// reference (Fields and Policies); on every kit scenario each value, set
// with PolicyField.Apply, compiles to a battle that echoes it under the
// field's path, or is refused with a located error at that field or a
// field above it (a side that may not play it, a file that cannot say
// it); every value compiles on some kit scenario, but an ExactOnly one,
// which Compile refuses everywhere. A ruleset without built-in policies
// passes.
func (k Kit) policies([]rules.Battle) (problems []string) {
	p, ok := k.Ruleset.(rules.Policied)
	if !ok {
		return nil
	}
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	var ref *rules.Reference
	if d, ok := k.Ruleset.(rules.Documented); ok {
		ref = d.Reference()
	}
	for s, f := range p.PolicyFields() {
		if len(f.Values) == 0 {
			report("side %s: field %s has no built-in values", rules.Side(s+1), f.Path)
		}
		problems = append(problems, inReference(ref, f)...)
		for _, v := range f.Values {
			compiled := 0
			for _, sc := range k.Scenarios {
				ok, msg := k.playsPolicy(sc, f, v)
				if msg != "" {
					report("%s: %s=%s: %s", sc.Name, f.Path, v.Name, msg)
				}
				if ok {
					compiled++
				}
			}
			switch {
			case v.ExactOnly && compiled > 0:
				report("%s=%s is exact-only, yet Compile accepted it on %d kit scenarios", f.Path, v.Name, compiled)
			case !v.ExactOnly && compiled == 0:
				report("%s=%s compiles on no kit scenario: add one whose side may play it", f.Path, v.Name)
			}
		}
	}
	return problems
}

// inReference reports a policy field or value the reference does not list.
func inReference(ref *rules.Reference, f rules.PolicyField) (problems []string) {
	if ref == nil {
		return nil
	}
	if _, ok := ref.Field(f.Path); !ok {
		problems = append(problems, fmt.Sprintf("policy field %s is not among the reference's fields", f.Path))
	}
	listed := map[string]bool{}
	for _, t := range ref.Policies {
		listed[t.Name] = true
	}
	for _, v := range f.Values {
		if !listed[v.Name] {
			problems = append(problems, fmt.Sprintf("policy %s of %s is not among the reference's policies", v.Name, f.Path))
		}
		if v.Needs != "" {
			if _, ok := ref.Field(v.Needs); !ok {
				problems = append(problems, fmt.Sprintf("policy %s needs field %s, which is not among the reference's fields", v.Name, v.Needs))
			}
		}
	}
	return problems
}

// playsPolicy sets value v of field f on scenario sc and compiles it: ok
// when it compiles, and a problem when it compiles without echoing the
// value or is refused anywhere but at the field or above it.
func (k Kit) playsPolicy(sc Scenario, f rules.PolicyField, v rules.PolicyValue) (ok bool, problem string) {
	n, err := scenarios.ParseDocument(sc.Name+".yaml", []byte(sc.Src))
	if err != nil {
		return false, err.Error()
	}
	origin := "--set " + f.Path + "=" + v.Name
	if err := f.Apply(n, v, origin); err != nil {
		return false, err.Error()
	}
	b, err := k.Ruleset.Compile(n)
	if err != nil {
		var de *doc.Error
		if !errors.As(err, &de) || !(de.Path == f.Path || strings.HasPrefix(f.Path, de.Path+".")) {
			return false, fmt.Sprintf("refused elsewhere than at the field: %v", err)
		}
		return false, Located(err)
	}
	for _, o := range b.Spec().Options {
		if o.Name == f.Path {
			if o.Value != v.Name {
				return true, fmt.Sprintf("the battle echoes %s=%s", o.Name, o.Value)
			}
			return true, ""
		}
	}
	return true, "the battle does not echo the field among its options"
}
