package emojispace

// SideFields makes a duel's sides swappable (rules.Sided): each side is
// its whole mapping — the ship and its fit (§21), its crew and its policy.
func (ruleset) SideFields() [2][]string { return [2][]string{{"a"}, {"b"}} }
