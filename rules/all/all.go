// Package all registers every ruleset crucible ships; import it for its
// side effect.
package all

import (
	_ "github.com/crucible-sim/crucible/rules/stratfight" // Strategic Fighting
)
