package assign

import "slices"

// Policy is a damage-assignment policy (§6, §13.10).
type Policy uint8

// The policies of §6, in the order of their names.
const (
	NPC                  Policy = iota // `npc`, the rulebook's rule for NPCs
	KillGreedy                         // `kill-greedy`, a player side's default
	LargestKillableFirst               // `largest-killable-first`
	Priority                           // `priority`: the side's priority list orders the ships
	// Optimal is the exact solver's optimising side; Assign does not
	// implement it (the solver enumerates every assignment instead).
	Optimal
)

var names = [...]string{"npc", "kill-greedy", "largest-killable-first", "priority", "optimal"}

func (p Policy) String() string { return names[p] }

// Names are the policies' names in Policy order: the values of a side's
// `policy` field and the reference's Policies section.
func Names() []string { return slices.Clone(names[:]) }
