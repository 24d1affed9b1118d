package eclipse

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/eclipse/assign"
)

// TestReferenceCatalogues: every built-in part, blueprint, NPC tile, hull,
// die colour, policy and end is in the reference, with what it means.
func TestReferenceCatalogues(t *testing.T) {
	ref := ruleset{}.Reference()
	var players, npcs []string
	for _, bp := range builtinBlueprints {
		if bp.Base.NPC() {
			npcs = append(npcs, bp.Name)
		} else {
			players = append(players, bp.Name)
		}
	}
	var parts []string
	for _, p := range builtinParts {
		parts = append(parts, p.Name)
	}
	for name, want := range map[string][]string{
		"parts": parts, "blueprints": players, "npcs": npcs, "hulls": baseNames[:], "dice": colourNames[:],
	} {
		c, ok := ref.Catalogue(name)
		if !ok {
			t.Errorf("no catalogue %s", name)
			continue
		}
		if got := c.Entries(); !slices.Equal(got, want) {
			t.Errorf("catalogue %s lists %q, want %q", name, got, want)
		}
	}
	for _, ts := range []struct {
		what  string
		terms []rules.Term
		want  []string
	}{{"policies", ref.Policies, assign.Names()}, {"ends", ref.Ends, EndNames}} {
		var got []string
		for _, x := range ts.terms {
			got = append(got, x.Name)
			if x.Meaning == "" {
				t.Errorf("%s: %s has no meaning", ts.what, x.Name)
			}
		}
		if !slices.Equal(got, ts.want) {
			t.Errorf("%s %q, want %q", ts.what, got, ts.want)
		}
	}
	for _, o := range append(slices.Clone(globalOptions), sideOptions...) {
		if o.Doc == "" {
			t.Errorf("option %s has no Doc", o.Name)
		}
	}
}

// rangeIn finds "from LO to HI" in a field's allowed values.
var rangeIn = regexp.MustCompile(`from (-?\d+) to (-?\d+)`)

// TestReferenceRanges: the range the reference gives each integer field of
// a custom part or blueprint is the one Compile enforces: its top is
// accepted, one above it and one below its bottom are errors at that
// field. A blueprint field with a range on each kind of base is tried on a
// Cruiser and on an Ancient.
func TestReferenceRanges(t *testing.T) {
	ref := ruleset{}.Reference()
	tried := 0
	for _, f := range ref.Fields {
		if f.Type != "integer" || !strings.HasPrefix(f.Path, "parts[].") && !strings.HasPrefix(f.Path, "blueprints[].") {
			continue
		}
		ranges := rangeIn.FindAllStringSubmatch(f.Allowed, -1)
		if len(ranges) == 0 {
			t.Errorf("%s: allowed %q gives no range", f.Path, f.Allowed)
			continue
		}
		for i, rg := range ranges {
			lo, _ := strconv.Atoi(rg[1])
			hi, _ := strconv.Atoi(rg[2])
			base := rangeBase(f, i)
			for v, ok := range map[int]bool{hi: true, hi + 1: false, lo - 1: false} {
				src := fieldDoc(f.Path, base, v)
				_, err := Compile(parse(t, src))
				tried++
				switch {
				case ok && err != nil:
					t.Errorf("%s = %d (on %s), in the reference's range %q, is an error: %v", f.Path, v, base, f.Allowed, err)
				case !ok && err == nil:
					t.Errorf("%s = %d (on %s), outside the reference's range %q, compiles", f.Path, v, base, f.Allowed)
				case !ok && !strings.Contains(err.Error(), concrete(f.Path)+": ") && !strings.Contains(err.Error(), concrete(f.Path)+"."):
					t.Errorf("%s = %d: error %q is not at the field", f.Path, v, err)
				}
			}
		}
	}
	if tried < 60 {
		t.Errorf("tried %d values, want every integer field's", tried)
	}
}

// rangeBase is the base a blueprint field's i-th range is tried on: the
// NPC tile Ancient for the fields only NPC tiles take and for the second
// range of a field that has one per kind of base, else the Cruiser.
func rangeBase(f rules.Field, i int) string {
	top, _, _ := strings.Cut(strings.TrimPrefix(f.Path, "blueprints[]."), ".")
	if slices.Contains([]string{"cannons", "missiles", "shield"}, top) || i == 1 {
		return "Ancient"
	}
	return "Cruiser"
}

// fieldDoc is a scenario that sets the field at path (parts[]… or
// blueprints[]…, dice fields included) to v.
func fieldDoc(path, base string, v int) string {
	p, nested := strings.CutPrefix(path, "parts[].")
	if !nested {
		p = strings.TrimPrefix(path, "blueprints[].")
	}
	value := fmt.Sprintf("%s: %d", p, v)
	if field, colour, ok := strings.Cut(p, "."); ok {
		value = fmt.Sprintf("%s: {%s: %d}", field, colour, v)
	}
	if nested {
		return fmt.Sprintf("parts: [{name: P, %s}]%s", value, okSides)
	}
	return fmt.Sprintf("blueprints: [{name: B, base: %s, %s}]%s", base, value, okSides)
}

// concrete is the path of the first list item's field: parts[0].hull.
func concrete(path string) string { return strings.Replace(path, "[]", "[0]", 1) }

// TestReferenceShipLimits: the limit per side the reference gives each
// hull is the one Compile enforces.
func TestReferenceShipLimits(t *testing.T) {
	f, ok := ruleset{}.Reference().Field("attacker.ships.<blueprint>")
	if !ok {
		t.Fatal("no field attacker.ships.<blueprint>")
	}
	_, list, _ := strings.Cut(f.Allowed, ": ")
	limits := regexp.MustCompile(`(\d+) ([A-Za-z]+)`).FindAllStringSubmatch(list, -1)
	if len(limits) != int(nBases) {
		t.Fatalf("allowed %q gives %d limits, want one per hull (%d)", f.Allowed, len(limits), nBases)
	}
	for _, l := range limits {
		n, _ := strconv.Atoi(l[1])
		hull := l[2]
		for count, ok := range map[int]bool{n: true, n + 1: false} {
			src := fmt.Sprintf("attacker: {ships: {%s: %d}}\ndefender: {ships: {Interceptor: 1}}", hull, count)
			if slices.Contains(baseNames[Ancient:], hull) {
				src = fmt.Sprintf("attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {%s: %d}}", hull, count)
			}
			if _, err := Compile(parse(t, src)); (err == nil) != ok {
				t.Errorf("%d %s: compiles %v, want %v, since the reference says at most %d (error: %v)", count, hull, err == nil, ok, n, err)
			}
		}
	}
}
