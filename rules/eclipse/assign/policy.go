package assign

import "slices"

// Policy is a damage-assignment policy (§6, §13.10).
type Policy uint8

const (
	NPC Policy = iota
	KillGreedy
	LargestKillableFirst
	Priority
	// Optimal is the exact solver's optimising side; Assign does not
	// implement it (the solver enumerates every assignment instead).
	Optimal
)

var names = [...]string{"npc", "kill-greedy", "largest-killable-first", "priority", "optimal"}

func (p Policy) String() string { return names[p] }

// Names are the policies' names in Policy order: the values of a side's
// `policy` field and the reference's Policies section.
func Names() []string { return slices.Clone(names[:]) }
