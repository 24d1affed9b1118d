package doc_test

import (
	"testing"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

type fighter struct {
	Name     string    `doc:"name,required"`
	Weapon   string    `doc:"weapon"`
	Coins    int       `doc:"life_coins"`
	Armor    *doc.Node `doc:"armor"`
	Moves    []move    `doc:"moves"`
	Reckless bool      `doc:"reckless"`
	Ratio    float64   `doc:"ratio"`
}

type team struct {
	Captain *fighter  `doc:"captain"`
	Members []fighter `doc:"members"`
}

type move struct {
	Name string `doc:"name"`
	Mod  int8   `doc:"attack_mod"`
}

func parse(t *testing.T, src string) *doc.Node {
	t.Helper()
	n, err := scenarios.ParseYAML("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDecode(t *testing.T) {
	n := parse(t, "name: Thug\nweapon: fisticuffs\nlife_coins: 30\narmor: {kind: leather}\nmoves:\n  - {name: jab, attack_mod: 1}\nreckless: true\nratio: 0.5\n")
	var f fighter
	if err := doc.Decode(n, &f); err != nil {
		t.Fatal(err)
	}
	if f.Name != "Thug" || f.Weapon != "fisticuffs" || f.Coins != 30 || f.Armor.Get("kind").Value != "leather" ||
		len(f.Moves) != 1 || f.Moves[0].Mod != 1 || !f.Reckless || f.Ratio != 0.5 {
		t.Errorf("decoded %+v", f)
	}
}

// An empty value decodes to nothing when nothing is required of it, and
// to nil where a pointer goes (an optional part left out).
func TestDecodeEmpty(t *testing.T) {
	var m move
	if err := doc.Decode(parse(t, "~"), &m); err != nil {
		t.Errorf("empty document into a struct with no required field: %v", err)
	}
	var tm team
	err := doc.Decode(parse(t, "captain: ~\nmembers: [{name: a}, ~]\n"), &tm)
	want := `f.yaml:2:22: members[1]: missing required field "name"`
	if err == nil || err.Error() != want {
		t.Errorf("null member: got %v, want %s", err, want)
	}
}

// Every decode error names file:line:column and the field path.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"name: x\nwepon: sword\n", `f.yaml:2:8: wepon: unknown field "wepon" (allowed: name, weapon, life_coins, armor, moves, reckless, ratio); did you mean "weapon"?`},
		{"weapon: sword\n", `f.yaml:1:1: missing required field "name"`},
		{"name: x\nlife_coins: many\n", `f.yaml:2:13: life_coins: expected an integer, got "many"`},
		{"name: x\nlife_coins: [1]\n", `f.yaml:2:13: life_coins: expected an integer, got a list`},
		{"name: x\nmoves:\n  - {name: a, attack_mod: 300}\n", `f.yaml:3:27: moves[0].attack_mod: 300 is out of range (allowed: an integer from -128 to 127)`},
		{"name: x\nreckless: yes\n", `f.yaml:2:11: reckless: expected true or false, got "yes"`},
		{"name: x\nratio: .nan\n", `f.yaml:2:8: ratio: expected a finite number, got ".nan"`},
		{"name: x\nmoves: 3\n", `f.yaml:2:8: moves: expected a list, got "3"`},
		{"- 1\n", `f.yaml:1:1: expected a mapping, got a list`},
		// An empty document, or an empty value where a struct with
		// required fields goes, lacks them (it decoded without an error,
		// leaving nil nodes to panic on: a crasher of FuzzToy).
		{" ", `f.yaml:1:1: missing required field "name"`},
	} {
		var f fighter
		err := doc.Decode(parse(t, c.src), &f)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func TestSetOverrides(t *testing.T) {
	n := parse(t, "name: x\noptions: {tie-rule: flip-off}\nclaims:\n  - {metric: win.a, min: 0.1}\n")
	for _, s := range [][2]string{
		{"options.tie-rule", "underdog"},
		{"options.round-cap", "50"},
		{"b.fighter.weapon", "rapier"},
		{"claims[0].min", "0.2"},
	} {
		if err := n.Set(s[0], s[1], "--set "+s[0]+"="+s[1]); err != nil {
			t.Fatalf("%s: %v", s[0], err)
		}
	}
	if v := n.Get("options").Get("tie-rule"); v.Value != "underdog" || v.Path != "options.tie-rule" || v.Pos.String() != "--set options.tie-rule=underdog" {
		t.Errorf("tie-rule: %+v", v)
	}
	if v := n.Get("b").Get("fighter").Get("weapon"); v == nil || v.Value != "rapier" || v.Path != "b.fighter.weapon" {
		t.Errorf("created path: %+v", v)
	}
	if v := n.Get("claims").Items[0].Get("min"); v.Value != "0.2" {
		t.Errorf("indexed set: %+v", v)
	}
	for _, bad := range []string{"name.x", "claims[3].min", "claims[x]", ""} {
		if err := n.Set(bad, "1", "--set "+bad); err == nil {
			t.Errorf("Set(%q) succeeded", bad)
		}
	}
}

func TestOneOf(t *testing.T) {
	n := parse(t, "tie: coin\n").Get("tie")
	_, err := doc.OneOf(n, "flip-off", "underdog")
	if err == nil || err.Error() != `f.yaml:1:6: tie: "coin" is not allowed (allowed: flip-off, underdog)` {
		t.Errorf("got %v", err)
	}
}
