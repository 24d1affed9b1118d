package program

import "fmt"

// StateLen returns the length of the battle's state vector.
func (b *Battle) StateLen() int { return b.StateSize }

// Bounds returns the least and greatest values of slot k of the state
// (the round number's greatest is the round cap).
func (b *Battle) Bounds(k int) (lo, hi int32) {
	switch {
	case k == 0:
		return 0, int32(b.Cap)
	case k < b.UnitBase:
		t := (k - 1) % max(len(b.SideTrk), 1)
		return b.SideTrk[t].Lo[0], b.SideTrk[t].Hi[0]
	}
	u := (k - b.UnitBase) / b.UnitStride
	typ := b.AllUnits[u].Typ
	if j := (k - b.UnitBase) % b.UnitStride; j > 0 {
		return b.UnitTrk[j-1].Lo[typ], b.UnitTrk[j-1].Hi[typ]
	}
	return 0, int32(b.Types[typ].Stats[0])
}

// Units returns, for each unit type of the battle (side a's, then side
// b's), the slot of its first unit's hit points and its number of units;
// a unit's slots are Stride apart.
func (b *Battle) Units() (first []int, count []int) {
	for _, ut := range b.Types {
		first = append(first, b.UnitBase+ut.First*b.UnitStride)
		count = append(count, ut.Count)
	}
	return first, count
}

// Stride returns the number of slots of one unit: its hit points and its
// tracks.
func (b *Battle) Stride() int { return b.UnitStride }

// Interchangeable reports whether two units of one type in the same state
// (hit points and tracks) are alike in everything the battle does: no
// phase picks a unit by its place (a contest's champion), no hook sees
// one.
func (b *Battle) Interchangeable() bool {
	for _, ph := range append(append([]*Phase{}, b.Start...), b.Round...) {
		if ph.Kind == PhContest || ph.Kind == PhHook {
			return false
		}
	}
	return b.Hooks == nil
}

// Exact returns nil when every random number of the battle comes from its
// declared events (dice, coins, random targets): an exact solver can
// enumerate it. A file whose hooks draw random numbers (battle.roll,
// battle.choose) is refused, naming the hooks.
func (b *Battle) Exact() error {
	if b.Hooks != nil && b.Hooks.Draws {
		return fmt.Errorf("the rules file's hooks draw random numbers (battle.roll or battle.choose, %s): a hook's draws are not declared events, so the battle has no exact solution; crucible run estimates it", b.Hooks.file)
	}
	return nil
}
