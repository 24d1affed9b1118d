package fight

import "github.com/crucible-sim/crucible/rules/rulesfile/program"

// Hit is a die that hit, waiting for a target.
type Hit struct {
	W     *program.Weapon
	From  int32  // the firing unit type
	By    int32  // the firing unit
	Face  int32  // the face index
	Mask  uint64 // the target types (global index) it hits
	Crit  bool
	Dmg   int32 // the damage the policy counts on
	Dyn   bool  // its hit test reads the target's state
	Order int32
	N     int32 // how many such hits (dice of one face of a plain volley)
}
