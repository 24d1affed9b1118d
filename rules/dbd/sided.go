package dbd

import "strings"

// SideFields makes a battle's players swappable (rules.Sided): a side is
// the policy that plays it (policies.blue, policies.red), since the
// armies are placed on the board by the scenario; a roster of players is
// fought on a symmetric scenario, whose armies mirror each other.
func (ruleset) SideFields() [2][]string {
	var out [2][]string
	for s, side := range sideNames {
		out[s] = []string{"policies." + strings.ToLower(side)}
	}
	return out
}
