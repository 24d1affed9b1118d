package stratfight

// SideFields makes a duel's sides swappable (rules.Sided): each side is
// its whole mapping — the fighter with its weapon, armor and overrides
// (§2). A lifespan scenario has no sides to swap.
func (ruleset) SideFields() [2][]string { return [2][]string{{"a"}, {"b"}} }
