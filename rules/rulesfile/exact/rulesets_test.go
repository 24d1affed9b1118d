package exact

// The parity tests load built-in scenarios of every ruleset and solve them
// through the registered solvers (rules/all would import this package).
import (
	_ "github.com/crucible-sim/crucible/rules/dbd"
	_ "github.com/crucible-sim/crucible/rules/ec4x"
	_ "github.com/crucible-sim/crucible/rules/eclipse"
	_ "github.com/crucible-sim/crucible/rules/eclipse/exact"
	_ "github.com/crucible-sim/crucible/rules/emojispace"
	_ "github.com/crucible-sim/crucible/rules/emojispace/exact"
	_ "github.com/crucible-sim/crucible/rules/stratfight"
	_ "github.com/crucible-sim/crucible/rules/stratfight/exact"
)
