package document

import "strings"

// side view fields besides side tracks.
var SideAggregates = []struct{ Name, Meaning string }{
	{"alive", "the side's units not destroyed"},
	{"hp", "the hit points its units have left"},
	{"armed", "its units not destroyed that have a weapon"},
	{"lost", "its units destroyed"},
	{"start", "its units at the start of the battle"},
}

// exprName is how expressions name an option, a stat, a track or a named
// roll: hyphens become underscores (options.round_cap for round-cap,
// self.life_coins for life-coins), since an expression reads a-b as a
// subtraction.
func ExprName(name string) string { return strings.ReplaceAll(name, "-", "_") }
