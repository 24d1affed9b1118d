package emojispace

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The testdata/*.md files are the tables the rules were digested from,
// kept as test vectors: §5's hull catalogue (with the derived base bands,
// hull_max and bare RCP/TR), §6's module catalogue and §21's sample fits
// (README.md's sections; REFERENCE.md prints the same tables from the code).

// tableRows reads a markdown table's rows as trimmed cells.
func tableRows(t *testing.T, file string) [][]string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}

// ints reads "1/2/-1" or "+0/+1/-1".
func ints(t *testing.T, s string) []int {
	t.Helper()
	var out []int
	for _, f := range strings.Split(s, "/") {
		n, err := strconv.Atoi(strings.TrimPrefix(f, "+"))
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		out = append(out, n)
	}
	return out
}

func atoi(t *testing.T, s string) int { return ints(t, s)[0] }

func assemble(t *testing.T, st ShipState, opt AssemblyOptions) Ship {
	t.Helper()
	var s Ship
	if err := Assemble(&st, opt, &s); err != nil {
		t.Fatalf("%s: %v", st.String(), err)
	}
	return s
}

var crewOn = AssemblyOptions{CrewInCombat: true}

// TestHullCatalogue checks every hull of §5 against the document's row:
// the data (tier, frame, rarity, slots, bias, crew capacity, flags) and
// what assembly derives from it for the empty hull (base bands, hull_max,
// RCP and TR).
func TestHullCatalogue(t *testing.T) {
	rows := tableRows(t, "testdata/hulls.md")
	if len(rows) != 50 || len(Hulls) != 50 {
		t.Fatalf("%d rows in the document, %d hulls in the data; want 50", len(rows), len(Hulls))
	}
	flags := map[availability]string{sold: "-", missionOnly: "mission_only", eventOnly: "event_only"}
	for i, r := range rows {
		h := &Hulls[i]
		t.Run(r[0], func(t *testing.T) {
			got := []string{h.ID, strconv.Itoa(h.Tier), h.Frame.String(), h.Rarity.String(),
				fmt.Sprintf("%d/%d/%d/%d", h.Slots[0], h.Slots[1], h.Slots[2], h.Slots[3]),
				fmt.Sprintf("%+d/%+d/%+d", h.Bias[0], h.Bias[1], h.Bias[2])}
			for k, g := range got {
				if g != r[k] {
					t.Errorf("column %d: data %q, document %q", k, g, r[k])
				}
			}
			s := assemble(t, ShipState{Hull: i}, crewOn)
			base := ints(t, r[6])
			if s.Pre != [3]int{base[0], base[1], base[2]} {
				t.Errorf("base W/D/E %v, want %v", s.Pre, base)
			}
			if s.HullMax != atoi(t, r[7]) {
				t.Errorf("hull_max %d, want %s", s.HullMax, r[7])
			}
			if rt := ints(t, r[8]); s.RCP != rt[0] || s.TR != rt[1] {
				t.Errorf("bare RCP/TR %d/%d, want %s", s.RCP, s.TR, r[8])
			}
			if h.CrewCap != atoi(t, r[9]) || flags[h.avail] != r[10] {
				t.Errorf("crew cap %d, flags %s; want %s, %s", h.CrewCap, flags[h.avail], r[9], r[10])
			}
			if s.Cap != [3]int{1, 1, 1} {
				t.Errorf("empty subsystems have capacity %v, want 1/1/1", s.Cap)
			}
		})
	}
}

// TestSlotsDependOnTierAndFrame: §4 says so; the data must agree.
func TestSlotsDependOnTierAndFrame(t *testing.T) {
	seen := map[[2]int][4]int{}
	for _, h := range Hulls {
		k := [2]int{h.Tier, int(h.Frame)}
		if s, ok := seen[k]; ok && s != h.Slots {
			t.Errorf("%s: slots %v, another %s tier-%d hull has %v", h.ID, h.Slots, h.Frame, h.Tier, s)
		}
		seen[k] = h.Slots
	}
}

// TestModuleCatalogue checks every module of §6 against the document's row,
// its band effect measured by assembling it alone on the Quasar (room in
// every slot type, bias no obstacle).
func TestModuleCatalogue(t *testing.T) {
	rows := tableRows(t, "testdata/modules.md")
	if len(rows) != 29 || len(Modules) != 29 {
		t.Fatalf("%d rows in the document, %d modules in the data; want 29", len(rows), len(Modules))
	}
	quasar := HullIndex("xa_t5_quasar")
	bare := assemble(t, ShipState{Hull: quasar}, crewOn)
	letters := [3]string{"W", "D", "E"}
	for i, r := range rows {
		m := &Modules[i]
		t.Run(r[0], func(t *testing.T) {
			bonus := "-"
			if m.Bonus != noBand {
				bonus = fmt.Sprintf("%s +%d", m.Bonus, m.Value)
			}
			got := []string{m.ID, m.Slot.String(), m.Tag, bonus}
			for k, g := range got {
				if g != r[k] {
					t.Errorf("column %d: data %q, document %q", k, g, r[k])
				}
			}
			s := assemble(t, ShipState{Hull: quasar, Modules: []ModuleInstance{{Module: i}}}, crewOn)
			effect := "-"
			for b := range 3 {
				if d := s.Pre[b] - bare.Pre[b]; d != 0 {
					effect = fmt.Sprintf("%+d %s", d, letters[b])
				}
			}
			if effect != r[4] {
				t.Errorf("band effect %q, document %q", effect, r[4])
			}
			if m.Rarity.String() != r[5] || strconv.Itoa(m.Weight) != r[6] || strconv.Itoa(m.Price) != r[7] {
				t.Errorf("rarity %s, weight %d, price %d; document %s, %s, %s", m.Rarity, m.Weight, m.Price, r[5], r[6], r[7])
			}
		})
	}
}

// TestSampleFits checks the assembly of every ship of §21 against the
// document's W/D/E, hull_max, capacities, RCP and TR.
func TestSampleFits(t *testing.T) {
	rows := tableRows(t, "testdata/fits.md")
	if len(rows) != len(BuiltinShips) {
		t.Fatalf("%d rows, %d built-in ships", len(rows), len(BuiltinShips))
	}
	for i, r := range rows {
		b := BuiltinShips[i]
		t.Run(b.Name, func(t *testing.T) {
			if name := strings.Fields(r[0])[0]; name != b.Name || r[1] != b.Hull {
				t.Fatalf("row %s %s, data %s %s", name, r[1], b.Name, b.Hull)
			}
			s := assemble(t, b.State(), crewOn)
			got := fmt.Sprintf("%d %d %d %d %d/%d/%d %d %d", s.Pre[0], s.Pre[1], s.Pre[2], s.HullMax, s.Cap[0], s.Cap[1], s.Cap[2], s.RCP, s.TR)
			want := strings.Join([]string{r[3], r[4], r[5], r[6], r[7], r[8], r[9]}, " ")
			if got != want {
				t.Errorf("W D E hull_max caps RCP TR = %s, document %s", got, want)
			}
		})
	}
}

func mod(id string, secs ...string) ModuleInstance {
	m := ModuleInstance{Module: ModuleIndex(id)}
	if m.Module < 0 {
		panic(id)
	}
	for _, s := range secs {
		sec, ok := parseSecondary(s)
		if !ok {
			panic(s)
		}
		m.Sec |= sec
	}
	return m
}

// TestSecondaries: each secondary of §7 on each kind of hull, checked
// against the numbers of §7 and §9 worked by hand.
func TestSecondaries(t *testing.T) {
	for _, c := range []struct {
		name     string
		hull     string
		mods     []ModuleInstance
		pre, cap [3]int
		hullMax  int
		need     [3]int
	}{
		// Mosquito: base 2/2/3, hull 12. Two compact weapons fill one slot
		// (+1 fill) and give +1 each.
		{"compact pair", "civ_t3_mosquito", []ModuleInstance{mod(ene, "compact"), mod(kin, "compact")}, [3]int{5, 2, 3}, [3]int{2, 1, 1}, 12, [3]int{1, 0, 0}},
		// Three compact weapons need ceil(1.5) = 2 slots.
		{"compact three", "civ_t3_mosquito", []ModuleInstance{mod(ene, "compact"), mod(kin, "compact"), mod(dis, "compact")}, [3]int{7, 2, 3}, [3]int{3, 1, 1}, 12, [3]int{2, 0, 0}},
		{"enhanced", "civ_t3_mosquito", []ModuleInstance{mod(ene, "enhanced"), mod(shi, "enhanced"), mod(eng, "enhanced")}, [3]int{4, 4, 4}, [3]int{2, 2, 2}, 12, [3]int{1, 1, 1}},
		// Unstable: −1 capacity (floor 1) and −1 hull_max, any module.
		{"unstable", "civ_t3_mosquito", []ModuleInstance{mod(ene, "unstable"), mod(kin), mod("ship_utility_extra_cargo", "unstable")}, [3]int{6, 2, 3}, [3]int{1, 1, 1}, 10, [3]int{2, 0, 1}},
		// Prototype off an experimental hull: −1 capacity, no hull bonus.
		{"prototype", "civ_t3_mosquito", []ModuleInstance{mod(ene, "prototype"), mod(kin)}, [3]int{6, 2, 3}, [3]int{1, 1, 1}, 12, [3]int{2, 0, 0}},
		// Prototype on an experimental hull (Nebula, base 2/3/5, hull 12):
		// capacity kept, +1 hull_max.
		{"prototype experimental", "xa_t3_nebula", []ModuleInstance{mod(ene, "prototype"), mod(kin)}, [3]int{6, 3, 5}, [3]int{2, 1, 1}, 13, [3]int{2, 0, 0}},
		// Efficient: +1 to the main bonus (repair's is defense).
		{"efficient", "civ_t3_mosquito", []ModuleInstance{mod(ene, "efficient"), mod(rep, "efficient")}, [3]int{5, 4, 3}, [3]int{1, 1, 1}, 12, [3]int{1, 0, 1}},
		// Alien on a non-alien hull does nothing.
		{"alien elsewhere", "civ_t3_mosquito", []ModuleInstance{mod(ene, "alien"), mod(arm, "alien")}, [3]int{4, 4, 3}, [3]int{1, 1, 1}, 13, [3]int{1, 1, 0}},
		// Alien on an alien hull (Nautiloid: base 3/3/4, hull 13, one
		// untyped slot): +1 bonus, +1 hull_max each.
		{"alien on alien", "aln_t3_nautiloid", []ModuleInstance{mod(ene, "alien"), mod(arm, "alien")}, [3]int{6, 6, 4}, [3]int{1, 1, 1}, 16, [3]int{1, 1, 0}},
		// Untyped slots adopt the module's type: a second weapon on the
		// Nautiloid (1 weapon slot) fills an untyped slot and still counts
		// as weapon fill and a weapon subsystem member.
		{"untyped", "aln_t3_nautiloid", []ModuleInstance{mod(ene), mod(kin)}, [3]int{7, 3, 4}, [3]int{2, 1, 1}, 13, [3]int{2, 0, 0}},
		// Armored mk2 is armored: +1 hull_max.
		{"armored mk2", "civ_t3_mosquito", []ModuleInstance{mod(arm2)}, [3]int{2, 5, 3}, [3]int{1, 1, 1}, 13, [3]int{0, 1, 0}},
		// hull_max floor 4: the Flare (6) with three unstable modules.
		{"hull floor", "xb_t1_flare", []ModuleInstance{mod(ene, "unstable"), mod(kin, "unstable"), mod(dis, "unstable")}, [3]int{9, 1, 0}, [3]int{1, 1, 1}, 4, [3]int{3, 0, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := assemble(t, ShipState{Hull: HullIndex(c.hull), Modules: c.mods}, crewOn)
			if s.Pre != c.pre || s.Cap != c.cap || s.HullMax != c.hullMax || s.Need != c.need {
				t.Errorf("pre %v cap %v hull_max %d need %v; want %v %v %d %v", s.Pre, s.Cap, s.HullMax, s.Need, c.pre, c.cap, c.hullMax, c.need)
			}
		})
	}
}

// TestSlotOverflow: §9 step 2's check, with §3's message.
func TestSlotOverflow(t *testing.T) {
	for _, c := range []struct {
		hull string
		mods []ModuleInstance
		want string
	}{
		{"civ_t1_midge", []ModuleInstance{mod(ene), mod(kin), mod(dis)}, "weapon modules need 3 slots; civ_t1_midge has 1 weapon + 0 untyped free"},
		{"civ_t1_midge", []ModuleInstance{mod(ene, "compact"), mod(kin, "compact"), mod(dis, "compact")}, "weapon modules need 2 slots; civ_t1_midge has 1 weapon + 0 untyped free"},
		// The Nautiloid's two untyped slots: one goes to a second weapon,
		// the other to a second defense; a third utility has none left.
		{"aln_t3_nautiloid", []ModuleInstance{mod(ene), mod(kin), mod(arm), mod(shi), mod(rep), mod(eng), mod(tgt)}, "utility modules need 3 slots; aln_t3_nautiloid has 2 utility + 0 untyped free"},
		{"aln_t3_nautiloid", []ModuleInstance{mod(ene), mod(kin), mod(dis), mod(arm), mod(shi)}, "defense modules need 2 slots; aln_t3_nautiloid has 1 defense + 0 untyped free"},
	} {
		var s Ship
		err := Assemble(&ShipState{Hull: HullIndex(c.hull), Modules: c.mods}, crewOn, &s)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %v: error %v, want %q", c.hull, c.mods, err, c.want)
		}
	}
	// Exactly full: no error.
	assemble(t, ShipState{Hull: HullIndex("aln_t3_nautiloid"), Modules: []ModuleInstance{mod(ene), mod(kin), mod(dis), mod(arm), mod(rep), mod(eng)}}, crewOn)
}

// TestCrew: §8's effects, the band clamp, legacy strings and the alien
// synergy.
func TestCrew(t *testing.T) {
	obj := func(role string, tags ...string) CrewEntry { return CrewEntry{Role: role, Tags: tags} }
	for _, c := range []struct {
		name string
		crew []CrewEntry
		tags []string
		want CrewEffects
	}{
		{"roles", []CrewEntry{obj("pilot"), obj("gunner"), obj("tactician"), obj("engineer"), obj("mechanic"), obj("lawyer")}, nil,
			CrewEffects{Band: [3]int{1, 1, 1}, RepairUses: 1, Mechanic: 1}},
		{"action tags", []CrewEntry{obj("navigator", "crew:steady_aim", "crew:evasive", "crew:overconfident", "crew:damage_control"), obj("broker", "crew:trigger_happy", "crew:trigger_happy", "crew:slow_reactions")}, nil,
			CrewEffects{Action: [3]int{-1, -1, 0}, DamageControl: 1}},
		{"clamp", []CrewEntry{obj("gunner"), obj("gunner"), obj("gunner"), obj("gunner"), obj("gunner")}, nil,
			CrewEffects{Band: [3]int{3, 0, 0}}},
		{"legacy strings", []CrewEntry{{Role: "pilot", Legacy: true}, {Role: "gunner", Legacy: true}}, nil,
			CrewEffects{Pilots: 1}},
		// aligned 2 (faction_alien, ship:trait_alien; "secondary:alien"
		// has no underscore) × 1 crew:alien tag: every non-zero modifier
		// moves 2 further from zero, before the clamp.
		{"alien synergy", []CrewEntry{obj("gunner", "crew:alien", "crew:trigger_happy"), obj("engineer")}, []string{"faction_alien", "ship:trait_alien", "secondary:alien"},
			CrewEffects{Band: [3]int{3, 0, 0}, Action: [3]int{-3, 0, 0}, RepairUses: 3}},
		{"no synergy without alien crew", []CrewEntry{obj("gunner")}, []string{"faction_alien"},
			CrewEffects{Band: [3]int{1, 0, 0}}},
	} {
		if got := crewEffects(c.crew, c.tags); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	// crew-in-combat: false treats the crew as empty; tr-includes-crew
	// adds the clamped bands to the RCP's bands.
	st := ShipState{Hull: HullIndex("civ_t3_mosquito"), Crew: []CrewEntry{obj("gunner"), obj("pilot")}}
	if s := assemble(t, st, AssemblyOptions{}); s.Crew != (CrewEffects{}) {
		t.Errorf("crew-in-combat false: crew effects %+v", s.Crew)
	}
	if s := assemble(t, st, AssemblyOptions{CrewInCombat: true, TRIncludesCrew: true}); s.RCP != 8+1+2-1 {
		// bare Mosquito RCP 8 = 2+2+1+3; with the crew 3+2+2+3 = 10
		t.Errorf("tr-includes-crew: RCP %d, want 10", s.RCP)
	}
}

// TestPrimaryTypesAndRPS: §10's primary types with their tie order, and the
// table.
func TestPrimaryTypesAndRPS(t *testing.T) {
	ship := func(mods ...ModuleInstance) *Ship {
		s := assemble(t, ShipState{Hull: HullIndex("xb_t5_cataclysm"), Modules: mods}, crewOn)
		return &s
	}
	for _, c := range []struct {
		att, def *Ship
		rps      int
	}{
		{ship(mod(ene)), ship(mod(shi)), -1},
		{ship(mod(ene)), ship(mod(arm)), +1},
		{ship(mod(ene)), ship(mod(ada)), 0},
		{ship(mod(kin)), ship(mod(shi)), +1},
		{ship(mod(kin)), ship(mod(arm)), 0},
		{ship(mod(kin)), ship(mod(ada)), -1},
		{ship(mod(dis)), ship(mod(shi)), 0},
		{ship(mod(dis)), ship(mod(arm)), -1},
		{ship(mod(dis)), ship(mod(ada)), +1},
		// Ties go to the alphabetically first: energy over kinetic,
		// armored over shielded.
		{ship(mod(kin), mod(ene)), ship(mod(shi), mod(arm)), +1},
		// The most modules win: two kinetic over one energy.
		{ship(mod(ene), mod(kin), mod(kin2)), ship(mod(arm)), 0},
		// No weapon, or no defense on the defender: 0.
		{ship(), ship(mod(arm)), 0},
		{ship(mod(ene)), ship(mod(rep)), 0},
	} {
		if got := RPS(c.att, c.def); got != c.rps {
			t.Errorf("weapon type %d vs defense type %d: RPS %d, want %d", c.att.WeaponType, c.def.DefenseType, got, c.rps)
		}
	}
}

// TestRepairModules: §14's magnitudes and uses, and the order of the uses
// by module index compared as decimal strings.
func TestRepairModules(t *testing.T) {
	nautiloid, axolotl := HullIndex("aln_t3_nautiloid"), HullIndex("aln_t4_axolotl")
	for _, c := range []struct {
		name  string
		st    ShipState
		heals []int
		uses  []int
	}{
		{"mk1 and mk2 heal 2", ShipState{Hull: HullIndex("civ_t4_firefly"), Modules: []ModuleInstance{mod(rep), mod(rep2)}}, []int{2, 2}, []int{2, 2}},
		{"efficient 3", ShipState{Hull: HullIndex("civ_t4_firefly"), Modules: []ModuleInstance{mod(rep, "efficient")}}, []int{3}, []int{2}},
		{"alien off an alien hull 2", ShipState{Hull: HullIndex("civ_t4_firefly"), Modules: []ModuleInstance{mod(rep, "alien", "efficient")}}, []int{3}, []int{2}},
		{"alien and efficient on an alien hull 4", ShipState{Hull: nautiloid, Modules: []ModuleInstance{mod(rep, "alien", "efficient")}}, []int{4}, []int{2}},
		{"alien alone on an alien hull 3 (§22 row 9)", ShipState{Hull: nautiloid, Modules: []ModuleInstance{mod(rep, "alien")}}, []int{3}, []int{2}},
		{"mechanic and damage control +1 each, engineer +1 use on the first", ShipState{Hull: axolotl, Modules: []ModuleInstance{mod(rep), mod(rep2)},
			Crew: []CrewEntry{{Role: "mechanic", Tags: []string{"crew:damage_control"}}, {Role: "engineer"}}}, []int{4, 4}, []int{3, 2}},
	} {
		s := assemble(t, c.st, crewOn)
		var heals, uses []int
		for k := range s.Repairs {
			heals = append(heals, s.RepairHeal[k])
			uses = append(uses, s.RepairUses[k])
		}
		if fmt.Sprint(heals) != fmt.Sprint(c.heals) || fmt.Sprint(uses) != fmt.Sprint(c.uses) {
			t.Errorf("%s: heals %v uses %v, want %v %v", c.name, heals, uses, c.heals, c.uses)
		}
	}
	// Twelve compact modules on the Quasar (two weapons, ten utilities):
	// repair modules at indexes 2 (efficient) and 10; "10" sorts before
	// "2", so index 10 is first and gets the engineer's use.
	var mods []ModuleInstance
	for i := range 12 {
		switch i {
		case 0, 1:
			mods = append(mods, mod(ene, "compact"))
		case 2:
			mods = append(mods, mod(rep, "compact", "efficient"))
		case 10:
			mods = append(mods, mod(rep, "compact"))
		default:
			mods = append(mods, mod("ship_utility_extra_cargo", "compact"))
		}
	}
	s := assemble(t, ShipState{Hull: HullIndex("xa_t5_quasar"), Modules: mods, Crew: []CrewEntry{{Role: "engineer"}}}, crewOn)
	if s.RepairMod[0] != 10 || s.RepairMod[1] != 2 || s.RepairUses[0] != 3 || s.RepairHeal[0] != 2 || s.RepairHeal[1] != 3 {
		t.Errorf("repair order %v, uses %v, heals %v; want module 10 (3 uses, heal 2) before module 2 (heal 3)", s.RepairMod[:2], s.RepairUses[:2], s.RepairHeal[:2])
	}
	if got := fmt.Sprint(decimalOrder(12)); got != "[0 1 10 11 2 3 4 5 6 7 8 9]" {
		t.Errorf("decimal order of 12: %s", got)
	}
}

func TestThreatRating(t *testing.T) {
	for rcp, tr := range map[int]int{0: 1, 6: 1, 7: 2, 13: 2, 14: 3, 20: 3, 21: 4, 26: 4, 27: 5, 99: 5} {
		if got := ThreatRating(rcp); got != tr {
			t.Errorf("TR(%d) = %d, want %d", rcp, got, tr)
		}
	}
}
