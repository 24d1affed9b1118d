package eclipse

import (
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/scenarios"
)

func parse(t testing.TB, src string) *doc.Node {
	t.Helper()
	n, err := scenarios.ParseYAML("s.yaml", []byte(strings.TrimSpace(src)))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const okSides = "\nattacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Interceptor: 1}}"

// TestValidationErrors: every invalid scenario is an error naming the field
// path and the limit or the allowed values (§5), never a silent drop.
func TestValidationErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // substrings of the error
	}{
		// §5 rule 3: piece caps per player, counted by base hull.
		{"9 interceptors", "attacker: {ships: {Interceptor: 9}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.Interceptor", "9 is out of range", "ships with base Interceptor", "1 to 8"}},
		{"5 cruisers", "attacker: {ships: {Cruiser: 5}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.Cruiser", "1 to 4;"}},
		{"3 dreadnoughts", "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Dreadnought: 3}}",
			[]string{"defender.ships.Dreadnought", "1 to 2;"}},
		{"5 starbases", "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Starbase: 5}}",
			[]string{"defender.ships.Starbase", "1 to 4;"}},
		{"cap by base hull", `
blueprints: [{name: Raider, base: Interceptor, parts: [Plasma Cannon, Nuclear Drive, Nuclear Source]}]
attacker: {ships: {Raider: 9}}
defender: {ships: {Cruiser: 1}}`, []string{"attacker.ships.Raider", "base Interceptor", "1 to 8;"}},
		{"15 ancients", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient: 15}}",
			[]string{"defender.ships.Ancient", "1 to 14;", "NPC components"}},
		{"2 gcds", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {GCDS: 2}}",
			[]string{"defender.ships.GCDS", "1 to 1;"}},
		{"zero ships", "attacker: {ships: {Interceptor: 0}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.Interceptor", "1 to 8"}},
		// §5 rule 4: energy and slots.
		{"energy over budget", `
blueprints: [{name: Hot Interceptor, base: Interceptor, parts: [Plasma Cannon, Plasma Cannon, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts", "Hot Interceptor uses 5 energy but produces only 3", "limit: consumption ≤ 3"}},
		{"more parts than slots", `
blueprints: [{name: Stuffed, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Hull, Hull]}]` + okSides,
			[]string{"blueprints[0].parts", "5 parts in slots", "4 slots", "limit: 4"}},
		{"no-slot part is free", `
blueprints: [{name: Muon, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Hull, Muon Source]}]
attacker: {ships: {Muon: 1}}
defender: {ships: {Interceptor: 1}}`, nil},
		// §5 rule 5: drives.
		{"mobile ship without drive", `
blueprints: [{name: Brick, base: Cruiser, parts: [Ion Cannon, Hull, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts", "Brick (Cruiser) needs at least 1 drive part", "Nuclear Drive"}},
		{"starbase with a drive", `
blueprints: [{name: Mobile Base, base: Starbase, parts: [Ion Cannon, Nuclear Drive]}]` + okSides,
			[]string{"blueprints[0].parts", "Starbase and may not have a drive", "allowed: 0"}},
		// §5 rule 1: unknown part names list every valid name.
		{"unknown part", `
blueprints: [{name: X, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Positron Cannon]}]` + okSides,
			[]string{"blueprints[0].parts[3]", `unknown part "Positron Cannon"`, "valid names: Ion Cannon", "Soliton Cannon", "Muon Source"}},
		{"unknown part lists custom parts", `
parts: [{name: Laser, cannon: {yellow: 1}, energy: 1}]
blueprints: [{name: X, base: Interceptor, parts: [Nuclear Missile, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts[0]", `unknown part "Nuclear Missile"`, "Hypergrid Source", "Laser"}},
		{"seed-only part Advanced Shield", `
blueprints: [{name: X, base: Cruiser, parts: [Ion Cannon, Advanced Shield, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts[1]", `unknown part "Advanced Shield"`}},
		{"seed-only part Improved Reactor", `
blueprints: [{name: X, base: Cruiser, parts: [Ion Cannon, Improved Reactor, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts[1]", `unknown part "Improved Reactor"`}},
		{"unknown part in other case", `
blueprints: [{name: X, base: Interceptor, parts: [ion cannon, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts[0]", `unknown part "ion cannon"`, `did you mean "Ion Cannon"?`}},
		{"misspelt part", `
blueprints: [{name: X, base: Interceptor, parts: [Ion Canon, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts[0]", `did you mean "Ion Cannon"?`}},
		// §5 rule 2: unknown blueprint, NPC id, colour.
		{"unknown blueprint in other case", "attacker: {ships: {interceptor: 1}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.interceptor", `unknown blueprint "interceptor"`, `did you mean "Interceptor"?`}},
		{"misspelt NPC tile", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient-advnced: 1}}",
			[]string{"defender.ships.Ancient-advnced", `did you mean "Ancient-advanced"?`}},
		{"unknown base in other case", `
blueprints: [{name: X, base: dreadnought}]` + okSides,
			[]string{"blueprints[0].base", `did you mean "Dreadnought"?`}},
		{"unknown blueprint", "attacker: {ships: {Destroyer: 1}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.Destroyer", `unknown blueprint "Destroyer"`, "blueprints: Interceptor, Cruiser, Dreadnought, Starbase, Ancient"}},
		{"unknown base", `
blueprints: [{name: X, base: Frigate}]` + okSides,
			[]string{"blueprints[0].base", `"Frigate" is not allowed`, "allowed: Interceptor, Cruiser, Dreadnought, Starbase, Ancient, Guardian, GCDS, Ancient-advanced"}},
		{"unknown colour", `
parts: [{name: Rift Cannon, cannon: {pink: 1}}]` + okSides,
			[]string{"parts[0].cannon.pink", `unknown field "pink"`, "allowed: yellow, orange, blue, red"}},
		{"unknown NPC tile on npc side", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient Cruiser: 1}}",
			[]string{"defender.ships.Ancient Cruiser", "unknown blueprint"}},
		// §5 rule 6.
		{"two blueprints same base", `
blueprints: [{name: Raider, base: Interceptor, parts: [Plasma Cannon, Nuclear Drive, Nuclear Source]}]
attacker: {ships: {Interceptor: 2, Raider: 1}}
defender: {ships: {Cruiser: 1}}`, []string{"attacker.ships.Raider", "two blueprints with base Interceptor", "allowed: 1 blueprint per hull"}},
		{"NPC on attacking side (kind)", "attacker: {kind: npc, ships: {Ancient: 1}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.kind", "NPC side must be the defender", "allowed for attacker.kind: player"}},
		{"NPC tile on attacking side", "attacker: {ships: {Ancient: 1}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships.Ancient", "NPCs are always the defender"}},
		{"NPC tile on player defender", "attacker: {ships: {Interceptor: 1}}\ndefender: {ships: {Ancient: 1}}",
			[]string{"defender.ships.Ancient", "set defender.kind: npc"}},
		{"player ship on npc side", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Cruiser: 1}}",
			[]string{"defender.ships.Cruiser", "player blueprint", "defender.kind is npc"}},
		{"two tiles of one NPC kind", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient: 1, Ancient-advanced: 1}}",
			[]string{"defender.ships.Ancient-advanced", "two Ancient tiles", "allowed: 1 Ancient blueprint per side"}},
		{"policy on NPC side", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient: 1}, policy: kill-greedy}",
			[]string{"defender.policy", "NPC rule (allowed: npc)"}},
		{"retreat on NPC side", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient: 1}, retreat: when-losing}",
			[]string{"defender.retreat", "NPC sides never retreat (allowed: never)"}},
		{"splitter on NPC side", "attacker: {ships: {Interceptor: 1}}\ndefender: {kind: npc, ships: {Ancient: 1}, antimatter-splitter: true}",
			[]string{"defender.antimatter-splitter", "allowed: false"}},
		{"priority without list", "attacker: {ships: {Interceptor: 1}, policy: priority}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.policy", "needs attacker.priority", "allowed: Cruiser"}},
		{"priority naming unknown type", "attacker: {ships: {Interceptor: 1}, policy: priority, priority: [Cruiser, Dreadnought]}\ndefender: {ships: {Cruiser: 1, Interceptor: 1}}",
			[]string{"attacker.priority[1]", `unknown enemy ship type "Dreadnought"`, "allowed: Cruiser, Interceptor"}},
		{"priority naming a type in other case", "attacker: {ships: {Interceptor: 1}, policy: priority, priority: [cruiser]}\ndefender: {ships: {Cruiser: 1, Interceptor: 1}}",
			[]string{"attacker.priority[0]", `unknown enemy ship type "cruiser"`, `did you mean "Cruiser"?`}},
		{"priority list without priority policy", "attacker: {ships: {Interceptor: 1}, priority: [Cruiser]}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.priority", "needs attacker.policy: priority"}},
		{"optimal in Monte Carlo", "attacker: {ships: {Interceptor: 1}, policy: optimal}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.policy", "optimal is for the exact solver only", "npc, kill-greedy, largest-killable-first, priority"}},
		{"unknown policy", "attacker: {ships: {Interceptor: 1}, policy: random}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.policy", `"random" is not allowed`, "allowed: npc, kill-greedy, largest-killable-first, priority, optimal"}},
		{"bad retreat", "attacker: {ships: {Interceptor: 1}, retreat: after-round-x}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.retreat", "allowed: never, when-losing, after-round-N"}},
		// §5 rule 7.
		{"side with no ships", "attacker: {ships: {}}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.ships", "at least one ship"}},
		{"missing defender", "attacker: {ships: {Cruiser: 1}}", []string{`missing required field "defender"`}},
		// Options and fields.
		{"unknown option", "options: {stalemate: attacker}" + okSides,
			[]string{"options.stalemate", "allowed: defender, draw"}},
		{"unknown option name", "options: {tie-rule: x}" + okSides,
			[]string{"options.tie-rule", "options: stalemate, same-side-ties"}},
		{"unknown side field", "attacker: {ships: {Cruiser: 1}, tactics: bold}\ndefender: {ships: {Cruiser: 1}}",
			[]string{"attacker.tactics", "allowed: kind, ships, policy, priority, retreat, antimatter-splitter"}},
		{"custom part range", `
parts: [{name: Big Gun, cannon: {red: 9}}]` + okSides,
			[]string{"parts[0].cannon.red", "9 is out of range (allowed: an integer from 0 to 8)"}},
		{"custom part duplicate of built-in", `
parts: [{name: Ion Cannon, cannon: {yellow: 2}}]` + okSides,
			[]string{"parts[0].name", `part "Ion Cannon" is already defined`}},
		{"blueprint duplicate of built-in", `
blueprints: [{name: Cruiser, base: Cruiser, parts: [Ion Cannon, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].name", `blueprint "Cruiser" is already defined`}},
		{"parts on NPC blueprint", `
blueprints: [{name: Odd Ancient, base: Ancient, parts: [Ion Cannon]}]` + okSides,
			[]string{"blueprints[0].parts", "not allowed on an NPC blueprint", "allowed: name, base, cannons"}},
		{"cannons on player blueprint", `
blueprints: [{name: Odd, base: Cruiser, cannons: {yellow: 1}}]` + okSides,
			[]string{"blueprints[0].cannons", "not allowed on a player blueprint", "allowed: name, base, slots"}},
		{"NPC hull range", `
blueprints: [{name: Tough Ancient, base: Ancient, hull: 99}]` + okSides,
			[]string{"blueprints[0].hull", "99 is out of range (allowed: an integer from 0 to 40)"}},
		{"HP limit", `
parts: [{name: Armor, hull: 20}]
blueprints: [{name: Fortress, base: Dreadnought, parts: [Ion Cannon, Armor, Armor, Armor, Armor, Nuclear Drive, Nuclear Source]}]` + okSides,
			[]string{"blueprints[0].parts", "81 hit points, above the limit 64"}},
		{"dot in a name", `
blueprints: [{name: Mk.2, base: Cruiser}]` + okSides,
			[]string{"blueprints[0].name", "may not contain '.'"}},
		{"not a mapping", "- 1\n- 2", []string{"expected a mapping with attacker and defender"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(parse(t, tc.src))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %q", tc.want)
			}
			if _, ok := err.(*doc.Error); !ok {
				t.Errorf("error is %T, want *doc.Error with a position", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "s.yaml:") {
				t.Errorf("error has no file:line:col: %s", msg)
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q\n  lacks %q", msg, w)
				}
			}
		})
	}
}

// TestDerivedStats checks §4.3 and §4.4 against the compiled types.
func TestDerivedStats(t *testing.T) {
	c, err := Compile(parse(t, `
attacker: {ships: {Interceptor: 1, Cruiser: 1, Dreadnought: 1, Starbase: 1}}
defender: {kind: npc, ships: {Ancient: 1, Guardian: 1, GCDS: 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name                string
		init, hp, comp, yel int
		rank                int8
	}{
		{"Interceptor", 3, 1, 0, 1, 1},
		{"Cruiser", 2, 2, 1, 1, 3},
		{"Dreadnought", 1, 3, 1, 2, 4},
		{"Starbase", 4, 3, 1, 1, 2},
		{"Ancient", 2, 2, 1, 2, 5},
		{"Guardian", 3, 3, 2, 3, 6},
		{"GCDS", 0, 8, 2, 4, 7},
	}
	for i, w := range want {
		ty := c.Types[i]
		if ty.Name != w.name || ty.Init != w.init || ty.HP != w.hp || ty.Computer != w.comp || int(ty.Cannon[Yellow]) != w.yel || ty.Rank != w.rank || ty.Shield != 0 {
			t.Errorf("%s: init %d HP %d comp %d yellow %d rank %d shield %d; want %+v", ty.Name, ty.Init, ty.HP, ty.Computer, ty.Cannon[Yellow], ty.Rank, ty.Shield, w)
		}
	}
	// §3.1: Starbase (4) first, then the Guardian (3, defender) before the
	// Interceptor (3), then Ancient and Cruiser at 2 (defender first), …
	var order []string
	for _, t := range c.Order {
		order = append(order, c.Types[t].Name)
	}
	if got := strings.Join(order, ","); got != "Starbase,Guardian,Interceptor,Ancient,Cruiser,Dreadnought,GCDS" {
		t.Errorf("activation order %s", got)
	}
	if len(c.Spec().Notes) != 0 {
		t.Errorf("verified tiles gave notes %v", c.Spec().Notes)
	}
}

func TestSameSideTies(t *testing.T) {
	src := `
blueprints: [{name: Fast Cruiser, base: Cruiser, parts: [Ion Cannon, Electron Computer, Hull, Fusion Drive, Fusion Source]}]
attacker: {ships: {Interceptor: 1, Fast Cruiser: 1}}
defender: {ships: {Cruiser: 1}}`
	for _, tc := range []struct{ opt, want string }{
		{"", "Fast Cruiser,Interceptor,Cruiser"},                                    // size: larger rank first
		{"options: {same-side-ties: listed}\n", "Interceptor,Fast Cruiser,Cruiser"}, // scenario order
	} {
		c, err := Compile(parse(t, tc.opt+src))
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, t := range c.Order {
			order = append(order, c.Types[t].Name)
		}
		if got := strings.Join(order, ","); got != tc.want {
			t.Errorf("%q: order %s, want %s", tc.opt, got, tc.want)
		}
	}
}

func TestSpec(t *testing.T) {
	c, err := Compile(parse(t, `
attacker: {ships: {Interceptor: 2, Cruiser: 1}, retreat: after-round-2}
defender: {kind: npc, ships: {Guardian-advanced: 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	spec := c.Spec()
	wantOpts := []rules.Setting{
		{Name: "stalemate", Value: "defender"}, {Name: "same-side-ties", Value: "size"},
		{Name: "attacker.policy", Value: "kill-greedy"}, {Name: "attacker.priority", Value: "none"},
		{Name: "attacker.retreat", Value: "after-round-2"}, {Name: "attacker.antimatter-splitter", Value: "false"},
		{Name: "defender.policy", Value: "npc"}, {Name: "defender.priority", Value: "none"},
		{Name: "defender.retreat", Value: "never"}, {Name: "defender.antimatter-splitter", Value: "false"},
	}
	if !slices.Equal(spec.Options, wantOpts) {
		t.Errorf("options %v", spec.Options)
	}
	wantCounters := []string{"a.survivors.Interceptor", "a.survivors.Cruiser", "b.survivors.Guardian-advanced",
		"a.retreated.Interceptor", "a.retreated.Cruiser", "a.reputation"}
	if !slices.Equal(spec.CounterNames(), wantCounters) {
		t.Errorf("counters %v", spec.Counters)
	}
	if !slices.Equal(spec.Ends, []string{"destroyed", "retreated", "stalemate", "mutual-destruction", "round-cap"}) || spec.RoundsUnit != "rounds" {
		t.Errorf("ends %v unit %s", spec.Ends, spec.RoundsUnit)
	}
	if spec.Labels != [2]string{"attacker", "defender"} {
		t.Errorf("labels %q, want attacker and defender", spec.Labels)
	}
	if len(spec.Notes) != 1 || !strings.Contains(spec.Notes[0], "Guardian-advanced is unverified") {
		t.Errorf("notes %v", spec.Notes)
	}
	c, err = Compile(parse(t, `
blueprints: [{name: Muon Interceptor, base: Interceptor, parts: [Ion Cannon, Nuclear Drive, Nuclear Source, Hull, Muon Source]}]
attacker: {ships: {Muon Interceptor: 1}}
defender: {ships: {Interceptor: 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Spec().Notes; len(n) != 1 || !strings.Contains(n[0], "Muon Source") {
		t.Errorf("Muon Source note missing: %v", n)
	}
	if c.Types[0].Init != 4 || c.Types[0].HP != 2 {
		t.Errorf("Muon Interceptor: init %d HP %d, want 4 and 2", c.Types[0].Init, c.Types[0].HP)
	}
}

// TestCatalog spot-checks the §4.2 table and that the part names of other
// readings of the game, which are not Second Dawn parts, are absent (§5.1).
func TestCatalog(t *testing.T) {
	get := func(name string) Part {
		for _, p := range Parts() {
			if p.Name == name {
				return p
			}
		}
		t.Fatalf("no part %q", name)
		return Part{}
	}
	if p := get("Plasma Missile"); p.Missile[Orange] != 2 || p.Energy != 1 {
		t.Errorf("Plasma Missile %+v", p)
	}
	if p := get("Sentient Hull"); p.Hull != 1 || p.Computer != 1 || p.Energy != 1 {
		t.Errorf("Sentient Hull %+v", p)
	}
	if p := get("Absorption Shield"); p.Shield != 1 || p.Energy != -4 {
		t.Errorf("Absorption Shield %+v", p)
	}
	if p := get("Flux Shield"); p.Shield != 3 || p.Initiative != 1 || p.Energy != 2 {
		t.Errorf("Flux Shield %+v", p)
	}
	if p := get("Muon Source"); p.Slot || p.Unverified == "" || p.Energy != -2 {
		t.Errorf("Muon Source %+v", p)
	}
	if len(Parts()) != 39 {
		t.Errorf("%d parts, want 39 (§4.2)", len(Parts()))
	}
	for _, name := range []string{"Positron Cannon", "Nuclear Missile", "Advanced Shield", "Improved Reactor", "Ancient Cannon", "Quantum Grid", "Ion Thruster", "Ion Drive"} {
		for _, p := range Parts() {
			if p.Name == name {
				t.Errorf("catalog has %q, which is not a Second Dawn part (§5.1)", name)
			}
		}
	}
}
