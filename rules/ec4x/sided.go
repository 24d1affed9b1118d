package ec4x

// SideFields makes a battle's sides swappable (rules.Sided): side a is
// the first task force under taskForces and side b the second (§2.3),
// each with its house, tech, rules of engagement and squadrons. A
// generated suite has no sides to swap.
func (ruleset) SideFields() [2][]string {
	return [2][]string{{"taskForces[0]"}, {"taskForces[1]"}}
}
