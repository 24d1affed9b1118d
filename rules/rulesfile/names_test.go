package rulesfile

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// hyphenated is a rules file whose stats, tracks, side tracks, named rolls
// and initiative stat have hyphens in their names, read in expressions
// and hooks with underscores, and written with hyphens in effects, units
// and fields that name them.
const hyphenated = `title: hyphenated names
stats:
  fire-power: {default: 1, doc: "the damage a hit deals"}
  first-strike: {default: 0, doc: "who fires first"}
tracks:
  battle-scars: {max: 5, doc: "the hits the unit has taken"}
side-tracks:
  war-chest: {start: 2, max: 2, doc: "re-rolls of a 1 the side shares"}
weapons:
  long-gun: {hit: "face >= 7 - self.fire_power", damage: "self.fire_power", reroll: {when: "face == 1", budget: war-chest}}
units:
  gun-ship: {hp: 4, fire-power: 2, first-strike: 1, weapons: {long-gun: 1}}
  brawler: {hp: 5, fire_power: 3, weapons: {long-gun: 1}}
round:
  - fire: {order: initiative, initiative: first-strike, ties: a}
  - each:
      when: "self.hp < self.max_hp"
      do:
        - roll: {scar-roll: d6}
        - if: "scar_roll > 4 + self.battle_scars"
          then: [{add: {self.battle-scars: 1}}, {add: {side.war-chest: 1}}]
  - hook: tally
hooks: |
  def tally(battle):
      for u in battle.units("a") + battle.units("b"):
          if u.battle_scars >= 3 and u.hp > 1:
              u.hp = u.hp - 1
cap: 30
`

// underscored is the same file with every hyphenated name written with
// underscores.
func underscored(src string) string {
	return regexp.MustCompile(`\b(fire|first|battle|war|scar|gun)-(power|strike|scars|chest|roll|ship)\b`).ReplaceAllString(src, "${1}_${2}")
}

// A name with hyphens is the name with underscores: the same battles,
// draw for draw, whichever way a file writes it.
func TestHyphenatedNames(t *testing.T) {
	sides := "a: {units: {gun-ship: 2}}\nb: {units: {brawler: 1}}\n"
	under := underscored(hyphenated)
	if strings.Contains(under, "fire-power") || !strings.Contains(under, "gun_ship") {
		t.Fatalf("the underscored file still has hyphens:\n%s", under)
	}
	got := run(t, compileOf(t, hyphenated, sides), 20000)
	want := run(t, compileOf(t, under, strings.ReplaceAll(sides, "gun-ship", "gun_ship")), 20000)
	if got.Wins != want.Wins || !slices.Equal(got.Ends, want.Ends) {
		t.Errorf("hyphens: wins %v ends %v; underscores: wins %v ends %v", got.Wins, got.Ends, want.Wins, want.Ends)
	}
	if got.Wins[rules.A] == 0 || got.Wins[rules.B] == 0 {
		t.Errorf("a one-sided battle tells little: wins %v", got.Wins)
	}
}

// --set reaches a hyphenated stat by its path, and the scenario's units
// are named with hyphens.
func TestSetHyphenatedStat(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "h.rules.yaml"), []byte(hyphenated), 0o644); err != nil {
		t.Fatal(err)
	}
	sc := filepath.Join(dir, "h.yaml")
	if err := os.WriteFile(sc, []byte("ruleset: ./h.rules.yaml\na: {units: {gun-ship: 2}}\nb: {units: {brawler: 1}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	share := func(set string) int64 {
		s, err := scenarios.Load(sc)
		if err != nil {
			t.Fatal(err)
		}
		if set != "" {
			if err := s.Set(set); err != nil {
				t.Fatal(err)
			}
		}
		b, err := s.Compile()
		if err != nil {
			t.Fatal(err)
		}
		tl, err := sim.Run(t.Context(), sim.Job{Battle: b, Key: sim.Key("h"), Seed: 1, Trials: 5000})
		if err != nil {
			t.Fatal(err)
		}
		return tl.Wins[rules.B]
	}
	base := share("")
	if weak := share("rules.units.brawler.fire_power=1"); weak >= base {
		t.Errorf("the brawler wins %d battles with fire-power 1, %d with 3", weak, base)
	}
	if blind := share("rules.units.gun-ship.fire-power=0"); blind <= base {
		t.Errorf("the brawler wins %d battles against gun-ships of fire-power 0 (which never hit), %d against 2", blind, base)
	}
	// Every unit sets its own fire-power: the default changes nothing.
	if same := share("rules.stats.fire-power.default=0"); same != base {
		t.Errorf("the brawler wins %d battles with the default fire-power 0, %d without", same, base)
	}
}

// A hook reads a side value as a side's attribute (battle.a.might), as
// the side's aggregates: here at the start of the only round, when a's
// might is 2·2 + 1 + 1 = 6 and b's 2·2 + 1 = 5.
func TestHookReadsSideValues(t *testing.T) {
	src := `title: a hook reads side values
stats:
  rank: {doc: "1 for a general"}
side-values:
  might: {sum: "self.hp * (self.rank + 1)", doc: "hit points, a general's counted twice"}
side-tracks:
  seen: {max: 100, doc: "the might the hook saw"}
weapons:
  spear: {hit: "face >= 4"}
units:
  general: {hp: 2, rank: 1, weapons: {spear: 1}}
  soldier: {hp: 1, weapons: {spear: 1}}
round:
  - hook: look
  - fire: {order: simultaneous}
cap: 1
counters:
  seen: {value: side.seen, per: side, doc: "the might the hook saw"}
hooks: |
  def look(battle):
      battle.a.seen = battle.a.might
      battle.b.seen = battle.b.might
`
	tl := run(t, compileOf(t, src, "a: {units: {general: 1, soldier: 2}}\nb: {units: {general: 1, soldier: 1}}\n"), 1000)
	for i, name := range tl.CounterNames {
		want := map[string]int64{"a.seen": 6000, "b.seen": 5000}[name]
		if want != 0 && tl.Counters[i] != want {
			t.Errorf("%s sums to %d over 1000 battles, want %d", name, tl.Counters[i], want)
		}
	}
	if !slices.Contains(tl.CounterNames, "a.seen") {
		t.Fatalf("no counter a.seen among %v", tl.CounterNames)
	}
}
