package emojispace

import "strings"

// crewRoles are the ten crew roles of §8 (data/crew_roles.json).
var crewRoles = [...]string{"pilot", "gunner", "tactician", "engineer", "mechanic",
	"navigator", "broker", "quartermaster", "lawyer", "science"}

func crewRoleIndex(role string) int {
	for i, r := range crewRoles {
		if r == role {
			return i
		}
	}
	return -1
}

// CrewEntry is one entry of a ship_state's crew list (§3): an object
// {crew_role_id, crew_tags} or a legacy string "crew:<role>".
type CrewEntry struct {
	Role string
	Tags []string // each starting with "crew:"
	// Legacy marks a string entry: it gives none of the effects of §8;
	// only the escape test counts the strings equal to "crew:pilot" (§15).
	Legacy bool
}

// legacyPilot is the string entry the escape test counts (§15).
const legacyPilot = "crew:pilot"

// CrewEffects are a ship's crew modifiers in combat (§8), summed over the
// crew, alien synergy applied, band bonuses clamped.
type CrewEffects struct {
	// Band is the clamped band bonus: pilot +1 E, gunner +1 W, tactician
	// +1 D per instance, clamped to [−3, +3].
	Band [3]int
	// Action is the bonus on one band when the ship chose the matching
	// action, not clamped: W on Focus Fire (steady_aim − trigger_happy), D
	// on Reinforce Shields (−overconfident), E on Evasive Maneuvers
	// (evasive − slow_reactions).
	Action [3]int
	// RepairUses are the engineers' extra uses of the first repair module
	// (§14); Mechanic and DamageControl add to every repair's magnitude.
	RepairUses, Mechanic, DamageControl int
	// Pilots counts the legacy entries equal to "crew:pilot" (§15).
	Pilots int
}

// crewBandClamp bounds the summed band bonuses (§8).
const crewBandClamp = 3

// crewEffects sums the crew modifiers of a ship (§8). tags are the
// ship_state's `tags` field (§3; the hull's trait tags are not in it):
// aligned = the number ending in "_alien"; the synergy s = aligned ×
// (number of crew:alien tags on the crew) moves every non-zero modifier s
// further from zero before the band clamp. The modifiers are summed per
// kind (one value per band bonus, per action bonus, per repair effect)
// before the synergy, as a per-ship modifier table is.
func crewEffects(crew []CrewEntry, tags []string) CrewEffects {
	var e CrewEffects
	alienTags := 0
	for _, c := range crew {
		if c.Legacy {
			if c.Role == "pilot" {
				e.Pilots++
			}
			continue
		}
		switch c.Role {
		case "pilot":
			e.Band[Engine]++
		case "gunner":
			e.Band[Weapon]++
		case "tactician":
			e.Band[Defense]++
		case "engineer":
			e.RepairUses++
		case "mechanic":
			e.Mechanic++
		}
		alienTags += e.addTags(c.Tags)
	}
	aligned := 0
	for _, t := range tags {
		if strings.HasSuffix(t, "_alien") {
			aligned++
		}
	}
	if s := aligned * alienTags; s > 0 {
		e.synergy(s)
	}
	for b := range e.Band {
		e.Band[b] = min(crewBandClamp, max(-crewBandClamp, e.Band[b]))
	}
	return e
}

// addTags adds the action bonuses and damage control of one crew entry's
// tags (§8) and returns how many of them are crew:alien.
func (e *CrewEffects) addTags(tags []string) (alien int) {
	for _, t := range tags {
		switch t {
		case "crew:steady_aim":
			e.Action[Weapon]++
		case "crew:trigger_happy":
			e.Action[Weapon]--
		case "crew:evasive":
			e.Action[Engine]++
		case "crew:slow_reactions":
			e.Action[Engine]--
		case "crew:damage_control":
			e.DamageControl++
		case "crew:overconfident":
			e.Action[Defense]--
		case "crew:alien":
			alien++
		}
	}
	return alien
}

// synergy moves every non-zero modifier s further from zero (§8).
func (e *CrewEffects) synergy(s int) {
	for _, p := range []*int{&e.Band[0], &e.Band[1], &e.Band[2], &e.Action[0], &e.Action[1], &e.Action[2],
		&e.RepairUses, &e.Mechanic, &e.DamageControl} {
		switch {
		case *p > 0:
			*p += s
		case *p < 0:
			*p -= s
		}
	}
}
