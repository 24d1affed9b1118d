package emojispace

import (
	"fmt"
	"strconv"
)

// decimalOrders[n] lists 0..n-1 sorted as decimal strings, the order in
// which the game walks module indexes (§14: "10" sorts before "2").
var decimalOrders = func() (out [maxModules + 1][]uint8) {
	for n := range out {
		for i := range n {
			out[n] = append(out[n], uint8(i))
		}
		o := out[n]
		for i := 1; i < len(o); i++ { // insertion sort by the decimal string
			for j := i; j > 0 && strconv.Itoa(int(o[j])) < strconv.Itoa(int(o[j-1])); j-- {
				o[j], o[j-1] = o[j-1], o[j]
			}
		}
	}
	return out
}()

func decimalOrder(n int) []uint8 { return decimalOrders[n] }

// ShipState is the contract's ship input (contract §16, rules §3): a hull,
// its module instances, the persistent degradation, the crew and the ship
// tags. It is the only ship format crucible accepts.
type ShipState struct {
	Hull    int // index in Hulls
	Modules []ModuleInstance
	Deg     [3]int // degradation_state: weapon, defense, engine
	Crew    []CrewEntry
	Tags    []string
}

// Weapon and defense types, alphabetically, which is the tie order of §10.
const (
	typeNone = -1
	// weapon types
	weaponDisruptive = 0
	weaponEnergy     = 1
	weaponKinetic    = 2
	// defense types
	defenseAdaptive = 0
	defenseArmored  = 1
	defenseShielded = 2
)

var (
	weaponTypeTags  = [3]string{"combat:weapon_disruptive", "combat:weapon_energy", "combat:weapon_kinetic"}
	defenseTypeTags = [3]string{"combat:defense_adaptive", "combat:defense_armored", "combat:defense_shielded"}
	weaponTypeNames = [3]string{"disruptive", "energy", "kinetic"}
	defenseTypeName = [3]string{"adaptive", "armored", "shielded"}
)

// rpsTable is §10's table, [attacker weapon type][defender defense type] in
// the alphabetical orders above.
var rpsTable = [3][3]int{
	weaponDisruptive: {defenseAdaptive: +1, defenseArmored: -1, defenseShielded: 0},
	weaponEnergy:     {defenseAdaptive: 0, defenseArmored: +1, defenseShielded: -1},
	weaponKinetic:    {defenseAdaptive: -1, defenseArmored: 0, defenseShielded: +1},
}

// Ship is an assembled ship (§9): everything combat reads, fixed for the
// fight. It holds no pointers into the input, so one Ship value can be
// reused for every generated NPC of a fighter.
type Ship struct {
	Hull *Hull
	// Need is the slots each of weapon, defense and utility modules use
	// (§9 step 2).
	Need [3]int
	// Pre is the band potential of §9 step 6 (no focus, RPS, degradation or
	// crew).
	Pre [3]int
	// Cap is each subsystem's capacity (§9 step 8).
	Cap     [3]int
	HullMax int
	RCP, TR int
	Crew    CrewEffects
	// Repairs is the number of repair modules; RepairMod, RepairHeal and
	// RepairUses give, in the order uses take them (§14), each one's module
	// instance index, heal per use and uses per combat.
	Repairs    int
	RepairMod  [maxModules]int
	RepairHeal [maxModules]int
	RepairUses [maxModules]int
	TotalUses  int
	// Interdiction and Cloak are the escape-test modules of §15; Probe
	// unlocks Scan (§11).
	Interdiction, Cloak, Probe bool
	// WeaponType and DefenseType are the primary types of §10, typeNone
	// without a weapon (defense) module.
	WeaponType, DefenseType int
	// Deg0 is the degradation the ship starts the combat with.
	Deg0 [3]int
	// Bonus[a][b] is what band b gets on top of its degraded value when the
	// ship chose action a (§12 step 5): the clamped crew band bonus, the
	// focus and the crew's action bonus.
	Bonus [numActions][3]int
}

// SlotOverflow is the assembly error of §9 step 2: modules of one type need
// more slots than the hull has of that type plus the untyped ones still
// free.
type SlotOverflow struct {
	Type        Slot
	Need, Typed int
	UntypedFree int
	Hull        string
}

func (e *SlotOverflow) Error() string {
	return fmt.Sprintf("%s modules need %d slots; %s has %d %s + %d untyped free", e.Type, e.Need, e.Hull, e.Typed, e.Type, e.UntypedFree)
}

// AssemblyOptions are the rule options assembly reads.
type AssemblyOptions struct {
	// CrewInCombat is option crew-in-combat: false treats the crew list as
	// empty everywhere (§8).
	CrewInCombat bool
	// TRIncludesCrew is option tr-includes-crew (§17).
	TRIncludesCrew bool
}

// Assemble builds the ship of a ship_state into s (§9, §10, §14, §17). It
// allocates nothing, so the fighter can assemble a generated NPC on every
// trial. The only error is a slot overflow.
func Assemble(st *ShipState, opt AssemblyOptions, s *Ship) *SlotOverflow {
	h := &Hulls[st.Hull]
	*s = Ship{Hull: h, WeaponType: typeNone, DefenseType: typeNone}
	if err := fitSlots(st, h, s); err != nil {
		return err
	}
	fitModules(st, h, s)
	s.Deg0 = st.Deg
	// §8: crew, or none with crew-in-combat: false.
	if opt.CrewInCombat {
		s.Crew = crewEffects(st.Crew, st.Tags)
	}
	fitRepairs(st, h, s)
	fitActionBonuses(s)
	rateThreat(opt, s)
	return nil
}

// fitSlots is §9 step 2: slot use in half slots (a compact module uses
// half), each type's overflow taken from the untyped slots in type order.
func fitSlots(st *ShipState, h *Hull, s *Ship) *SlotOverflow {
	var half [3]int
	for _, m := range st.Modules {
		u := 2
		if m.Sec.Has(secCompact) {
			u = 1
		}
		half[m.Def().Slot] += u
	}
	untypedFree := h.Slots[slotUntyped]
	for t := slotWeapon; t <= slotUtility; t++ {
		need := (half[t] + 1) / 2
		s.Need[t] = need
		overflow := need - min(h.Slots[t], need)
		if overflow > untypedFree {
			return &SlotOverflow{Type: t, Need: need, Typed: h.Slots[t], UntypedFree: untypedFree, Hull: h.ID}
		}
		untypedFree -= overflow
	}
	return nil
}

// moduleTally is what §9 steps 3-9 and §10 count over the modules.
type moduleTally struct {
	experimental, alien       bool // the hull's frame (§9 steps 5, 8, 9)
	band, members, capMod     [3]int
	weaponCount, defenseCount [3]int
	hullMod                   int
}

// fitModules is §9 steps 1 and 3-9 and §10: the pre bands, subsystem
// capacities, hull, primary types and the roles of §11, §14 and §15.
func fitModules(st *ShipState, h *Hull, s *Ship) {
	t := moduleTally{experimental: h.Frame.Experimental(), alien: h.Frame.Alien()}
	for b := range t.band {
		t.band[b] = max(0, bandBaseline[h.Tier]+h.Bias[b]) // step 1
	}
	t.band[Weapon] += s.Need[slotWeapon] // step 3: slot fill
	t.band[Defense] += s.Need[slotDefense]
	for _, m := range st.Modules {
		t.add(m, s)
	}
	for b := range t.band {
		s.Pre[b] = max(0, t.band[b])
		s.Cap[b] = max(1, t.members[b]+t.capMod[b])
	}
	s.HullMax = max(4, hullBaseline[h.Tier]+frameHullBias[h.Frame]+t.hullMod)
	s.WeaponType = primaryType(t.weaponCount)
	s.DefenseType = primaryType(t.defenseCount)
}

// add counts one module.
func (t *moduleTally) add(m ModuleInstance, s *Ship) {
	d := m.Def()
	experimental, alien := t.experimental, t.alien
	if d.Bonus != noBand { // steps 4-5: module bonus, secondary bump
		t.band[d.Bonus] += d.Value
		if m.Sec.Has(secEfficient) {
			t.band[d.Bonus]++
		}
		if m.Sec.Has(secAlien) && alien {
			t.band[d.Bonus]++
		}
	}
	// Steps 7-8: subsystem members and their secondaries.
	if sub := d.subsystem(); sub != noBand {
		t.members[sub]++
		if m.Sec.Has(secEnhanced) {
			t.capMod[sub]++
		}
		if m.Sec.Has(secUnstable) {
			t.capMod[sub]--
		}
		if m.Sec.Has(secPrototype) && !experimental {
			t.capMod[sub]--
		}
	}
	// Step 9: hull modifiers.
	if d.Tag == tagArmored {
		t.hullMod++
	}
	if m.Sec.Has(secAlien) && alien {
		t.hullMod++
	}
	if m.Sec.Has(secPrototype) && experimental {
		t.hullMod++
	}
	if m.Sec.Has(secUnstable) {
		t.hullMod--
	}
	// §10 primary types; §11, §14, §15 roles.
	for k := range weaponTypeTags {
		if d.Tag == weaponTypeTags[k] {
			t.weaponCount[k]++
		}
		if d.Tag == defenseTypeTags[k] {
			t.defenseCount[k]++
		}
	}
	switch d.Tag {
	case tagRepair:
		s.Repairs++
	case tagProbe:
		s.Probe = true
	case tagInterdiction:
		s.Interdiction = true
	case tagCloakCombat, tagCloakShip:
		s.Cloak = true
	}
}

// fitRepairs is §14: the repair modules in the order the code takes them,
// by module index compared as decimal strings ("10" before "2"), each with
// its heal and uses; the engineers' uses go to the first.
func fitRepairs(st *ShipState, h *Hull, s *Ship) {
	alien := h.Frame.Alien()
	n := 0
	for _, i := range decimalOrder(len(st.Modules)) {
		m := st.Modules[i]
		if m.Def().Tag != tagRepair {
			continue
		}
		heal := 2 + s.Crew.Mechanic + s.Crew.DamageControl
		if m.Sec.Has(secEfficient) {
			heal++
		}
		if m.Sec.Has(secAlien) && alien {
			heal++
		}
		s.RepairMod[n] = int(i)
		s.RepairHeal[n] = heal
		s.RepairUses[n] = 2
		if n == 0 {
			s.RepairUses[n] += s.Crew.RepairUses
		}
		s.TotalUses += s.RepairUses[n]
		n++
	}
}

// fitActionBonuses is §11 and §12 step 5: each action's bonus to each band,
// from the crew, the action's focus and the crew's action bonus.
func fitActionBonuses(s *Ship) {
	for a := range numActions {
		for b := range Band(3) {
			v := s.Crew.Band[b]
			if a.focus() == b {
				v++
			}
			if b == Weapon && a == FocusFire || b == Defense && a == Reinforce || b == Engine && a == Evasive {
				v += s.Crew.Action[b]
			}
			s.Bonus[a][b] = v
		}
	}
}

// rateThreat is §17: RCP and TR from the pre bands (with the crew's band
// bonuses under tr-includes-crew).
func rateThreat(opt AssemblyOptions, s *Ship) {
	pre := s.Pre
	if opt.TRIncludesCrew {
		for b := range pre {
			pre[b] = max(0, pre[b]+s.Crew.Band[b])
		}
	}
	s.RCP = pre[Weapon] + pre[Defense] + pre[Engine]/2 + s.HullMax/4 + 2*s.Repairs
	s.TR = ThreatRating(s.RCP)
}

// primaryType returns the type held by the most modules, ties to the
// alphabetically first (§10), or typeNone when no module has one.
func primaryType(count [3]int) int {
	best := typeNone
	for k, c := range count {
		if c > 0 && (best == typeNone || c > count[best]) {
			best = k
		}
	}
	return best
}

// ThreatRating maps an RCP to the Threat Rating of §17 (contract §14).
func ThreatRating(rcp int) int {
	switch {
	case rcp <= 6:
		return 1
	case rcp <= 13:
		return 2
	case rcp <= 20:
		return 3
	case rcp <= 26:
		return 4
	}
	return 5
}

// RPS returns the attacker's RPS adjustment against the defender (§10): 0
// when the attacker has no weapon module or the defender no defense module.
func RPS(attacker, defender *Ship) int {
	if attacker.WeaponType == typeNone || defender.DefenseType == typeNone {
		return 0
	}
	return rpsTable[attacker.WeaponType][defender.DefenseType]
}
