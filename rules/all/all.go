// Package all registers every ruleset crucible ships, and their exact
// solvers; import it for its side effect.
package all

import (
	_ "github.com/crucible-sim/crucible/rules/dbd"              // Death Before Dishonor
	_ "github.com/crucible-sim/crucible/rules/ec4x"             // EC4X squadron combat
	_ "github.com/crucible-sim/crucible/rules/eclipse"          // Eclipse: Second Dawn
	_ "github.com/crucible-sim/crucible/rules/eclipse/exact"    // its exact solver
	_ "github.com/crucible-sim/crucible/rules/emojispace"       // EmojiSpace ship duels
	_ "github.com/crucible-sim/crucible/rules/emojispace/exact" // its exact solver
	_ "github.com/crucible-sim/crucible/rules/rulesfile"        // rules files: a designer's own game
	_ "github.com/crucible-sim/crucible/rules/rulesfile/exact"  // their exact solver
	_ "github.com/crucible-sim/crucible/rules/stratfight"       // Strategic Fighting
	_ "github.com/crucible-sim/crucible/rules/stratfight/exact" // its lifespan closed forms
)
