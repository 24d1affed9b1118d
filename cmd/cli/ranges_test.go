package cli

import "testing"

// Every range a command expands — sweep's --vary, tune's, meta's
// --balance — is counted and walked without overflow, and a value the
// field does not take is the field's error, located at the flag. Before,
// --balance ...=9223372036854775806..9223372036854775807 never ended (its
// loop wrapped past the largest int64) and died out of memory; the whole
// int64 range counted 0 values and was accepted; tune said "by  is more
// than" with no step for a range of whole numbers, which takes none; and
// sweep read 100000000000000002 and …3 as one float64, "twice".
func TestRangesDoNotOverflow(t *testing.T) {
	t.Parallel()
	mustFail(t, exitFailed, "--balance ships.*=9223372036854775806 (entry Terran Cruiser: ships.*): attacker.ships.Terran Cruiser: 9223372036854775806 is out of range (allowed: an integer from 1 to 4",
		"meta", "eclipse/cruiser-designs", "--seed", "1", "--balance", "ships.*=9223372036854775806..9223372036854775807")
	mustFail(t, exitUsage, "--balance ships.*=-9223372036854775808..9223372036854775807: allowed: LO < HI, at most 101 values",
		"meta", "eclipse/cruiser-designs", "--seed", "1", "--balance", "ships.*=-9223372036854775808..9223372036854775807")
	mustFail(t, exitUsage, "--balance ships.*=1..99999999999999999999999: allowed: LO < HI, at most 101 values",
		"meta", "eclipse/cruiser-designs", "--seed", "1", "--balance", "ships.*=1..99999999999999999999999")
	mustFail(t, exitUsage, "b.armor.armor_value from -9223372036854775808 to 9223372036854775807 is more than 1099511627776 whole numbers (allowed: a narrower range)",
		"tune", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=-9223372036854775808..9223372036854775807", "--target", "win.a>=0.9", "--seed", "1")
	mustFail(t, exitFailed, "(value 100000000000000002): b.armor.armor_value: 100000000000000002 is out of range (allowed: an integer from 0 to 1000)",
		"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=100000000000000002..100000000000000003", "--trials", "10", "--seed", "1")
	mustFail(t, exitUsage, "the value 1.0 twice (each grid point once)",
		"sweep", "stratfight/samwell-vs-guard", "--vary", "b.armor.armor_value=1,1.0", "--trials", "10", "--seed", "1")
}
