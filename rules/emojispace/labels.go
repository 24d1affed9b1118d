package emojispace

// sideLabels returns the names the reports give the two ships
// (rules.Spec.Labels): a built-in ship's name (P3), a ship_state's hull
// (mil_t3_mantis), an npc side's subtype (pirate_raider). Two ships that
// would read the same are told apart by their sides: "P1 (a)", "P1 (b)".
func sideLabels(sides *[2]Side) [2]string {
	var out [2]string
	for s := range sides {
		out[s] = sides[s].label()
	}
	if out[0] == out[1] {
		out[0] += " (a)"
		out[1] += " (b)"
	}
	return out
}

// label is the side's ship's name.
func (s *Side) label() string {
	switch {
	case !s.Fixed:
		return s.NPC.Subtype
	case s.Builtin != "":
		return s.Builtin
	}
	return Hulls[s.State.Hull].ID
}
