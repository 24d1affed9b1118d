// Package assign is how an Eclipse side assigns its hitting dice to the
// enemy's ships (§6 of rules/eclipse's README, which the comments cite as
// §N): the policies, played on two forms of the same ships.
//
// Assign is the policy function. It sees each die only as (damage,
// hit-set), grouped into classes of identical dice, and the enemy ships in
// canonical order with their remaining hit points. The exact solver calls it
// for every volley, through package eclipse's Volley. The Monte Carlo
// fighter calls it for the largest-killable-first and priority policies and
// for npc volleys of several classes; kill-greedy volleys and npc volleys of
// one class it plays on a Roster, its count of each side's ships by type and
// hit points left, by methods that deal exactly the damage Assign deals to
// the same ships (TestRosterKillGreedy, TestRosterNPC), so that both engines
// make the same choices. Both forms live here so that the arithmetic they
// share (kill-greedy's keys, the order of the classes) stays unexported.
//
// The package knows nothing of parts, colours, sides or the battle's
// order: package eclipse, which imports it, turns a volley's dice into
// classes and its enemy ships into targets or a roster. Its bounds
// (MaxPerSide, MaxShips, MaxHP) are the bounds of eclipse's State.
//
// Files, each above the ones it uses:
//
//	roster_policies.go                 kill-greedy and npc played on a roster's counts, as Assign plays them
//	roster.go                          Roster: one side's ships as counts by type and hit points left
//	assign.go                          Assign: a volley's classes to targets by the side's policy
//	killgreedy.go  killable.go  npc.go the policies on a list of ships, one file each
//	policy.go  volley.go               Policy and its names; classes, targets, scratch, the bounds
package assign
