package rulesfile

import (
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// The language's reference lists every key the decoder accepts: a field
// of the rules file, a weapon's, a unit's, every phase and effect.
func TestLanguageReferenceIsComplete(t *testing.T) {
	ref := LanguageReference()
	paths := map[string]bool{}
	for _, f := range ref.Fields {
		paths[f.Path] = true
	}
	has := func(p string) {
		if !paths[p] {
			t.Errorf("the language reference does not list %s", p)
		}
	}
	for _, k := range []string{"title", "about", "sides.a", "sides.b", "units", "round[]", "start[]", "cap", "hooks", "hook-steps",
		"targeting.default", "targeting.size", "targeting.policies"} {
		has("rules." + k)
	}
	for _, k := range document.WeaponKeys {
		has("rules.weapons.<weapon>." + k)
	}
	for _, k := range document.UnitKeys {
		if k == "checks" {
			has("rules.units.<unit>.checks[].rule")
			continue
		}
		if k == "weapons" {
			has("rules.units.<unit>.weapons.<weapon>")
			continue
		}
		has("rules.units.<unit>." + k)
	}
	for _, k := range document.PhaseKinds {
		found := false
		for p := range paths {
			found = found || strings.HasPrefix(p, "rules.round[]."+k)
		}
		if !found {
			t.Errorf("the language reference has no field of phase %s", k)
		}
	}
	for _, k := range document.EffectKinds {
		found := false
		for p := range paths {
			found = found || strings.HasPrefix(p, "rules.<effect>."+k)
		}
		if !found {
			t.Errorf("the language reference has no field of effect %s", k)
		}
	}
}
