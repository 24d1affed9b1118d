package stratfight

import (
	"errors"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

// TestValidationErrors: every input error is a *doc.Error naming the file
// position, the field path and what is allowed.
func TestValidationErrors(t *testing.T) {
	const fighters = "thug, guard, jorah, arya, mountain, samwell, cat, arya_vue"
	const s10 = "(allowed: never, crippling>=N, coins<=N, or crippling>=N,coins<=N with N an integer from 0 to 1000)"
	cases := []struct{ src, want string }{
		{"", `test.yaml:1:1: a stratfight scenario needs sides a and b (kind: duel) or start_coins (kind: lifespan)`},
		{"- a\n- b\n", `test.yaml:1:1: expected a mapping with the stratfight fields (kind, options, a, b or start_coins, stop_at_coins)`},
		{"kind: melee\n", `test.yaml:1:7: kind: "melee" is not allowed (allowed: duel, lifespan)`},
		{"a: {fighter: thug}\n", `test.yaml:1:1: missing required field "b"`},
		{"a: {fighter: thug}\nb: {fighter: thug}\nc: {fighter: thug}\n", `test.yaml:3:5: c: unknown field "c" (allowed: kind, options, a, b)`},
		{"a: {fighter: bob}\nb: {fighter: thug}\n", `test.yaml:1:14: a.fighter: unknown fighter "bob" (allowed: ` + fighters + `; or a mapping defining a fighter inline)`},
		{"a: {fighter: thug}\nb:\n  fighter:\n    weapon: katana\n    strength: 1\n    dexterity: 1\n    training: 1\n",
			`test.yaml:4:13: b.fighter.weapon: unknown weapon "katana" (allowed: fisticuffs, broadsword, rapier, battleaxe, longbow, claws; or a mapping with name, categories, damage, lethality, incap, weight)`},
		{"a: {fighter: thug, weapon: katana}\nb: {fighter: thug}\n",
			`test.yaml:1:28: a.weapon: unknown weapon "katana" (allowed: fisticuffs, broadsword, rapier, battleaxe, longbow, claws; or a mapping with name, categories, damage, lethality, incap, weight)`},
		{"a: {fighter: thug, armor: mithril}\nb: {fighter: thug}\n",
			`test.yaml:1:27: a.armor: unknown armor "mithril" (allowed: none, leather, chainmail, plate; or a mapping with name, armor_value, dexterity_penalty)`},
		{"a: {fighter: thug, strength: -1}\nb: {fighter: thug}\n", `test.yaml:1:30: a.strength: -1 is out of range (allowed: an integer from 0 to 1000)`},
		{"a: {fighter: thug}\nb: {fighter: {strength: 1, dexterity: -2, training: 1, weapon: claws}}\n", `test.yaml:2:39: b.fighter.dexterity: -2 is out of range (allowed: an integer from 0 to 1000)`},
		{"a: {fighter: thug, crippling: -1}\nb: {fighter: thug}\n", `test.yaml:1:31: a.crippling: -1 is out of range (allowed: an integer from 0 to 1000)`},
		{"a: {fighter: thug, strength: 2.5}\nb: {fighter: thug}\n", `test.yaml:1:30: a.strength: expected an integer from 0 to 1000, got "2.5"`},
		{"a: {fighter: thug, life_coins: 0}\nb: {fighter: thug}\n", `test.yaml:1:32: a.life_coins: 0 is out of range (allowed: an integer from 1 to 1000; 0 Life Coins is death)`},
		{"a: {fighter: thug, s10-concession: 'crippling>3'}\nb: {fighter: thug}\n", `test.yaml:1:36: a.s10-concession: "crippling>3" is not allowed ` + s10},
		{"a: {fighter: thug}\nb: {fighter: thug, s10-concession: 'coins<=1,coins<=2'}\n", `test.yaml:2:36: b.s10-concession: "coins<=1,coins<=2" gives coins<=N twice ` + s10},
		{"a: {fighter: thug, s10-concession: 'coins<=x'}\nb: {fighter: thug}\n", `test.yaml:1:36: a.s10-concession: "coins<=x": N in coins<=N must be an integer from 0 to 1000 ` + s10},
		{"options: {tie-rule: coin}\na: {fighter: thug}\nb: {fighter: thug}\n", `test.yaml:1:21: options.tie-rule: "coin" is not allowed (allowed: flip-off, underdog)`},
		{"options: {s12-fighters: 3}\na: {fighter: thug}\nb: {fighter: thug}\n", `test.yaml:1:25: options.s12-fighters: "3" is not allowed (allowed: 2)`},
		{"options: {round-cap: 0}\na: {fighter: thug}\nb: {fighter: thug}\n", `test.yaml:1:22: options.round-cap: 0 is out of range (allowed: an integer from 1 to 1000000000)`},
		{"options: {life-check-threshold: 64}\na: {fighter: thug}\nb: {fighter: thug}\n", `test.yaml:1:33: options.life-check-threshold: 64 is out of range (allowed: an integer from 0 to 63)`},
		{"options: {old-age: on}\na: {fighter: thug}\nb: {fighter: thug}\n",
			`test.yaml:1:20: options.old-age: unknown option "old-age" (options: tie-rule, s1-initiative, s2-exchange, s3-defense, s3-armor-dex-penalty, s4-autofail, s5-damage, s5-margin-to-pain, s6-crippling-coins, s7-life-check, life-check-threshold, s8-helpless, round-cap, s9-moves, bouts, s12-fighters)`},
		{"options: [1]\na: {fighter: thug}\nb: {fighter: thug}\n", `test.yaml:1:10: options: expected a mapping of option names to values`},
		{"a: {fighter: thug, hat: red}\nb: {fighter: thug}\n",
			`test.yaml:1:25: a.hat: unknown field "hat" (allowed: fighter, s10-concession, name, weapon, armor, strength, dexterity, discipline, training, life_coins, crippling, moves)`},
		{"a: {fighter: {strength: 1, dexterity: 1, training: 1}}\nb: {fighter: thug}\n", `test.yaml:1:15: a.fighter: missing required field "weapon"`},
		{"a: {fighter: [thug]}\nb: {fighter: thug}\n", `test.yaml:1:14: a.fighter: expected a fighter id (allowed: ` + fighters + `) or a mapping defining a fighter inline`},
		{"a: thug\nb: {fighter: thug}\n", `test.yaml:1:4: a: expected a mapping such as {fighter: thug} (fighters: ` + fighters + `)`},
		{"a: {fighter: thug, weapon: {damage: 1, lethality: 1, categories: [blunt]}}\nb: {fighter: thug}\n",
			`test.yaml:1:67: a.weapon.categories[0]: "blunt" is not allowed (allowed: melee, ranged, bludgeoning, edged, piercing)`},
		{"a: {fighter: thug, weapon: {damage: 1}}\nb: {fighter: thug}\n", `test.yaml:1:29: a.weapon: missing required field "lethality"`},
		{"a: {fighter: thug, moves: {attack: {name: x}}}\nb: {fighter: thug}\n", `test.yaml:1:37: a.moves.attack: expected a list of attack moves {name, attack_mod, damage, lethality, incap}`},
		{"a: {fighter: thug, moves: {attack: [{attack_mod: 1}]}}\nb: {fighter: thug}\n", `test.yaml:1:38: a.moves.attack[0]: missing required field "name"`},
		{"a: {fighter: thug, moves: {defense: [{name: x, defense_mod: 5000}]}}\nb: {fighter: thug}\n", `test.yaml:1:61: a.moves.defense[0].defense_mod: 5000 is out of range (allowed: an integer from -1000 to 1000)`},
		{"a: {fighter: jorah, moves: {defense: [null]}}\nb: {fighter: thug}\n", `test.yaml:1:39: a.moves.defense[0]: expected a defense move {name, defense_mod}`},
		{"kind: lifespan\n", `test.yaml:1:1: missing required field "start_coins"`},
		{"kind: lifespan\nstart_coins: 64\n", `test.yaml:2:14: start_coins: 64 is out of range (allowed: an integer from 1 to 63)`},
		{"kind: lifespan\nstart_coins: 15\nstop_at_coins: 15\n", `test.yaml:3:16: stop_at_coins: 15 is out of range (allowed: an integer from 0 to 14; below start_coins 15)`},
		{"kind: lifespan\nstart_coins: 15\noptions: {old-age: maybe}\n", `test.yaml:3:20: options.old-age: "maybe" is not allowed (allowed: off, on)`},
		{"kind: lifespan\nstart_coins: 15\na: {fighter: thug}\n", `test.yaml:3:5: a: unknown field "a" (allowed: kind, options, start_coins, stop_at_coins)`},
		{"kind: lifespan\nstart_coins: 15\noptions: {bouts: 2}\n", `test.yaml:3:18: options.bouts: unknown option "bouts" (options: old-age)`},
	}
	for _, c := range cases {
		_, err := compileSrc(c.src)
		if err == nil {
			t.Errorf("%q compiled", c.src)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, err, c.want)
		}
		var de *doc.Error
		if !errors.As(err, &de) {
			t.Errorf("%q: %T is not a *doc.Error", c.src, err)
		}
	}
	// A nil document (nothing at all) is an error too, not a panic.
	if _, err := (ruleset{}).Compile(nil); err == nil {
		t.Error("nil document compiled")
	}
}

// TestCommandLineOverride: a --set override reports its origin.
func TestCommandLineOverride(t *testing.T) {
	root, err := scenarios.ParseYAML("x.yaml", []byte("a: {fighter: thug}\nb: {fighter: guard}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := root.Set("b.weapon", "katana", "--set b.weapon=katana"); err != nil {
		t.Fatal(err)
	}
	_, err = ruleset{}.Compile(root)
	want := `--set b.weapon=katana: b.weapon: unknown weapon "katana" (allowed: fisticuffs, broadsword, rapier, battleaxe, longbow, claws; or a mapping with name, categories, damage, lethality, incap, weight)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestCompileOverridesAndInline: overrides and inline definitions reach the
// compiled fighter; options are echoed with defaults and per-side values.
func TestCompileOverridesAndInline(t *testing.T) {
	b := compileYAML(t, `
options: {bouts: 2, tie-rule: underdog}
a:
  fighter: thug
  name: Big Thug
  weapon: battleaxe
  armor: leather
  strength: 9
  life_coins: 20
  crippling: 2
  s10-concession: never
b:
  fighter:
    name: Duelist
    strength: 2
    dexterity: 4
    training: 5
    discipline: 3
    weapon: {name: sabre, categories: [melee, edged], damage: 7, lethality: 3, incap: 2, weight: 1}
    armor: {name: gambeson, armor_value: 2, dexterity_penalty: 1}
  s10-concession: "coins<=10"
`).(*duelBattle)
	a, d := b.side[0], b.side[1]
	// Big Thug: STR 9, DEX 2, TRN 2, battleaxe (melee, edged): cp3 = 6 + 9 + 2 = 17 → Attack 5;
	// Defense = (17 + 3·(3 + 2))/3 = 10; initiative 2 + 2 − 1 − 3 = 0.
	if a.name != "Big Thug" || a.attack != 5 || a.defense != 10 || a.initPool != 0 || a.lifeCoins != 20 || a.crippling != 2 {
		t.Errorf("a = %+v", a)
	}
	// Duelist: cp3 = 15 + 2 + 4 = 21 → Attack 7; Defense = (21 + 3·(2 + 4))/3 = 13; initiative 5 + 4 − 1 − 1 = 7.
	if d.name != "Duelist" || d.attack != 7 || d.defense != 13 || d.initPool != 7 || d.weapon.incap != 2 || d.dis != 3 {
		t.Errorf("b = %+v", d)
	}
	got := map[string]string{}
	for _, s := range b.Spec().Options {
		got[s.Name] = s.Value
	}
	for k, v := range map[string]string{"bouts": "2", "tie-rule": "underdog", "a.s10-concession": "never", "b.s10-concession": "coins<=10", "s4-autofail": "total", "round-cap": "200"} {
		if got[k] != v {
			t.Errorf("option %s = %q, want %q", k, got[k], v)
		}
	}
	spec := b.Spec()
	if spec.RoundsUnit != "rounds" || len(spec.Counters) != 19 || spec.Counters[len(spec.Counters)-1].Name != "b.bouts-won" {
		t.Errorf("spec %+v", spec)
	}
	if _, ok := rules.Lookup(ID); ok != nil {
		t.Errorf("stratfight is not registered")
	}
}
