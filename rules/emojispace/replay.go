package emojispace

import (
	"fmt"
	"strconv"
	"strings"
)

// The replay log prints every item of the contract's logging section
// (contract §15, rules §20): a header with the trial's combat_rng_seed, the
// profile and options, both ship_states (a drawn NPC in full) and their
// assembly; then per round the actions, effective bands, RPS, band_delta,
// damage_roll, mitigation_roll, final damage, hull current/max/percent and
// colour band, degradation events, repair uses, escape tests, scans; and
// both ships' state after the battle. The end reason and the winner are in
// the result line, which is the caller's (rules.Fighter.Replay).

var colourNames = [3]string{"red", "yellow", "green"}

var sideNames = [2]string{"a", "b"}

// String writes a ship_state as a YAML flow mapping, the form a scenario
// file takes.
func (st *ShipState) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "{hull_id: %s, module_instances: [", Hulls[st.Hull].ID)
	for i, m := range st.Modules {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "{module_id: %s", m.Def().ID)
		if m.Sec != 0 {
			fmt.Fprintf(&sb, ", secondary_tags: [%s]", strings.Join(m.Sec.Tags(), ", "))
		}
		sb.WriteString("}")
	}
	fmt.Fprintf(&sb, "], degradation_state: {weapon: %d, defense: %d, engine: %d}, crew: [", st.Deg[Weapon], st.Deg[Defense], st.Deg[Engine])
	for i, c := range st.Crew {
		if i > 0 {
			sb.WriteString(", ")
		}
		if c.Legacy {
			sb.WriteString("crew:" + c.Role)
			continue
		}
		fmt.Fprintf(&sb, "{crew_role_id: %s, crew_tags: [%s]}", c.Role, strings.Join(c.Tags, ", "))
	}
	fmt.Fprintf(&sb, "], tags: [%s]}", strings.Join(st.Tags, ", "))
	return sb.String()
}

// Describe writes an assembled ship's figures (§9, §10, §14, §17) in one
// line.
func (sh *Ship) Describe() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "pre W/D/E %d/%d/%d, capacity W/D/E %d/%d/%d, hull_max %d, RCP %d, TR %d",
		sh.Pre[Weapon], sh.Pre[Defense], sh.Pre[Engine], sh.Cap[Weapon], sh.Cap[Defense], sh.Cap[Engine], sh.HullMax, sh.RCP, sh.TR)
	fmt.Fprintf(&sb, ", weapon type %s, defense type %s", typeName(sh.WeaponType, weaponTypeNames), typeName(sh.DefenseType, defenseTypeName))
	if sh.Repairs > 0 {
		fmt.Fprintf(&sb, ", repair uses %d", sh.TotalUses)
		for k := range sh.Repairs {
			fmt.Fprintf(&sb, " [module %d: %d×heal %d]", sh.RepairMod[k], sh.RepairUses[k], sh.RepairHeal[k])
		}
	}
	c := sh.Crew
	if c != (CrewEffects{}) {
		fmt.Fprintf(&sb, ", crew bands %+d/%+d/%+d, on action W %+d D %+d E %+d, repair uses %+d, heal %+d, pilot strings %d",
			c.Band[Weapon], c.Band[Defense], c.Band[Engine], c.Action[Weapon], c.Action[Defense], c.Action[Engine],
			c.RepairUses, c.Mechanic+c.DamageControl, c.Pilots)
	}
	if sh.Probe {
		sb.WriteString(", probe array (Scan)")
	}
	if sh.Interdiction {
		sb.WriteString(", interdiction")
	}
	return sb.String()
}

func typeName(t int, names [3]string) string {
	if t == typeNone {
		return "none"
	}
	return names[t]
}

// state returns side s's ship_state this trial.
func (f *fighter) state(s int) *ShipState {
	if f.b.Sides[s].Fixed {
		return &f.b.Sides[s].State
	}
	return &f.states[s]
}

func (f *fighter) logSetup() {
	w := f.w
	b := f.b
	fmt.Fprintf(w, "combat_rng_seed: %d\n", f.seed)
	var opts []string
	for _, o := range b.spec.Options {
		opts = append(opts, o.Name+"="+o.Value)
	}
	fmt.Fprintf(w, "profile: %s  options: %s\n", b.Opt.Profile, strings.Join(opts, ", "))
	for s := range 2 {
		side := &b.Sides[s]
		role := [2]string{"player", "enemy"}[s]
		switch {
		case !side.Fixed:
			fmt.Fprintf(w, "side %s (%s): npc %s, population %d, drew tier %d\n", sideNames[s], role, side.NPC.Subtype, side.NPC.Population, f.tier[s])
		case side.Builtin != "":
			fmt.Fprintf(w, "side %s (%s): built-in ship %s\n", sideNames[s], role, side.Builtin)
		default:
			fmt.Fprintf(w, "side %s (%s): ship\n", sideNames[s], role)
		}
		fmt.Fprintf(w, "  ship_state: %s\n", f.state(s))
		fmt.Fprintf(w, "  assembled: %s\n", f.st[s].ship.Describe())
		fmt.Fprintf(w, "  policy: %s\n", side.Policy)
	}
	fmt.Fprintf(w, "RPS: a→b %+d, b→a %+d\n", f.st[0].rps, f.st[1].rps)
}

func (f *fighter) logActions(round int, act [2]Action) {
	fmt.Fprintf(f.w, "round %d\n  actions: a %s, b %s\n", round, act[0], act[1])
}

func (f *fighter) logRepair(s, k, heal, before int) {
	st := &f.st[s]
	m := f.state(s).Modules[st.ship.RepairMod[k]]
	fmt.Fprintf(f.w, "  %s repairs: module_instances[%d] %s heals %d, hull %d → %d/%d; uses left %d on that module, %d in all\n",
		sideNames[s], st.ship.RepairMod[k], m.Def().ID, heal, before, st.hull, st.ship.HullMax, st.uses[k], st.usesLeft)
}

func (f *fighter) logScan(s, roll int) {
	res := "failure"
	if roll == 1 {
		res = "success"
	}
	fmt.Fprintf(f.w, "  %s scans: roll %d, %s; %s scanned: %t\n", sideNames[s], roll, res, sideNames[1-s], f.st[s].scanned)
}

func (f *fighter) logBands(a, b [3]int) {
	fmt.Fprintf(f.w, "  effective bands W/D/E: a %d/%d/%d, b %d/%d/%d\n", a[0], a[1], a[2], b[0], b[1], b[2])
}

func (f *fighter) logEscape(s, flee, pursuer, final, roll int) {
	mods := final - (flee - pursuer)
	res := "failed, the round goes on"
	if final > 0 {
		res = "escaped"
	}
	fmt.Fprintf(f.w, "  %s escape test: engine %d vs %d (delta %+d), modifiers %+d, final %+d, escape_roll %d: %s\n",
		sideNames[s], flee, pursuer, flee-pursuer, mods, final, roll, res)
}

func (f *fighter) logAttack(s, delta, roll, mit int, evasive bool, dmg int) {
	ev := "not evasive, no mitigation roll"
	if evasive {
		ev = "evasive, mitigation_roll " + strconv.Itoa(mit)
	}
	fmt.Fprintf(f.w, "  %s→%s: RPS %+d, band_delta %+d, damage_roll %d, %s %s, damage %d\n",
		sideNames[s], sideNames[1-s], f.st[s].rps, delta, roll, sideNames[1-s], ev, dmg)
}

func (f *fighter) logHull(s, from, dmg int) {
	st := &f.st[s]
	m := st.ship.HullMax
	fmt.Fprintf(f.w, "  %s takes %d: hull %d → %d/%d, %d %%, %s\n", sideNames[s], dmg, from, st.hull, m, st.hull*100/m, colourNames[ColourBand(st.hull, m)])
}

func (f *fighter) logDegradation(s int, b Band) {
	st := &f.st[s]
	red := "no"
	if st.deg[b] >= st.ship.Cap[b] {
		red = "yes"
	}
	fmt.Fprintf(f.w, "  %s degradation: %s → level %d, capacity %d, RED: %s\n", sideNames[s], b, st.deg[b], st.ship.Cap[b], red)
}

// logEnd writes the ships' state at the end of the battle; the end reason
// and the winner are in the caller's result line (rules.Fighter.Replay).
func (f *fighter) logEnd() {
	fmt.Fprintln(f.w, "after the battle:")
	for s := range 2 {
		st := &f.st[s]
		fmt.Fprintf(f.w, "  %s: hull %d/%d, degradation W/D/E %d/%d/%d (capacity %d/%d/%d), repair uses left %d\n",
			sideNames[s], st.hull, st.ship.HullMax, st.deg[0], st.deg[1], st.deg[2],
			st.ship.Cap[0], st.ship.Cap[1], st.ship.Cap[2], st.usesLeft)
	}
}
