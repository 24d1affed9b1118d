package ec4x

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// End reasons (§3.8, §4.8), in Spec order; never merged into one another.
const (
	EndDestroyed = iota
	EndRetreat
	EndMutualDestruction
	EndMutualWithdrawal
	EndTacticalStalemate
	EndForcedStalemate
	EndCancelled
)

// EndNames are the end reasons in Spec order.
var EndNames = []string{"destroyed", "retreat", "mutual-destruction", "mutual-withdrawal",
	"tactical-stalemate", "forced-stalemate", "cancelled"}

// Counter names (§3.8). Per-task-force counters start with the task force,
// as every counter of a side starts with the side (rules.Counter): a. and
// b. for the first two, which are sides a and b, tf3. to tf12. for the
// others (partyName).
const (
	CounterDesperation = "desperation"
	CounterSuccess     = "desperation.success"
	CounterFailed      = "desperation.failed"
	CounterStructural  = "desperation.structural"
	CounterStalls      = "stalls"
	CounterStallsStr   = "stalls.structural"
	CounterQuietEnd    = "no-change-at-end"
	CounterCrits       = "crits"
	CounterCripplings  = "cripplings"
	CounterDestroyed   = "destructions"
	CounterRetreats    = "retreats"
	CounterTests       = "tests"
)

// counterIndex holds the index of every counter in Outcome.Counters; -1
// for one the battle does not declare.
type counterIndex struct {
	desperation, success, failed, structural, stalls, stallsStr, quietEnd int
	crits, cripplings, destroyed, retreats                                int
	victor, survivors                                                     [MaxTaskForces]int
	tests                                                                 int
	byType                                                                [len(SuiteTypes)]typeCounters
}

// typeCounters are a suite's per-scenario-type breakdown (issue 11): tests
// of the type, their rounds, those with a victor, those where desperation
// fired, those ending in a stalemate (tactical or forced).
type typeCounters struct{ tests, rounds, victor, desperation, stalemate int }

// finish declares the battle's spec: its ends, counters, options and sides.
func (b *Battle) finish(settings rules.Settings) {
	var cs rules.Counters
	c := &b.c
	c.desperation = cs.Dist(CounterDesperation, "desperation rounds played (seed 000; §3.2 step 6, §4.3 step 4)")
	c.success = cs.Add(CounterSuccess, "desperation rounds that changed a squadron's state: the stalemate broken")
	c.failed = cs.Add(CounterFailed, "desperation rounds that changed nothing: the tactical stalemate")
	c.structural = cs.Add(CounterStructural, "failed desperation rounds that were structural: no surviving squadron's current AS reaches any enemy squadron's DS, so no CER (≤ 1.0) could have helped; divide by desperation.failed for the share")
	c.stalls = cs.Add(CounterStalls, "runs of 5 rounds without a state change (desperation's trigger, counted with the option on or off)")
	c.stallsStr = cs.Add(CounterStallsStr, "stalls that were structural at their fifth round (as desperation.structural)")
	c.quietEnd = cs.Dist(CounterQuietEnd, "consecutive rounds without a state change at the end of the battle (a failed desperation round included)")
	c.crits = cs.Add(CounterCrits, "critical hits: naturals of 9 on CER rolls (§3.5; nim-2025-11: Phases A and M, §7.2)")
	c.cripplings = cs.Add(CounterCripplings, "squadrons crippled (U→C)")
	c.destroyed = cs.Add(CounterDestroyed, "squadrons destroyed (U→D or C→D)")
	c.retreats = cs.Add(CounterRetreats, "task forces that retreated (§3.7; nim-2025-11: the retreated list, dead TFs included, §4.7)")
	n := b.maxTaskForces()
	for k := range MaxTaskForces {
		c.victor[k], c.survivors[k] = -1, -1
		if k < n {
			c.victor[k] = cs.Add(partyName(k)+".victor", fmt.Sprintf("1 when task force %d is the victor (%s)", k+1, b.tfPhrase(k)))
		}
	}
	for k := range n {
		c.survivors[k] = cs.Add(partyName(k)+".survivors", fmt.Sprintf("squadrons of task force %d not destroyed at the end", k+1))
	}
	c.tests = -1
	if b.Suite != nil {
		c.tests = cs.Add(CounterTests, "1 per test of the generated suite (§5)")
		for t, name := range SuiteTypes {
			tc := &c.byType[t]
			p := "type." + name + "."
			tc.tests = cs.Add(p+"tests", "tests of type "+name)
			tc.rounds = cs.Add(p+"rounds", "rounds fought in tests of type "+name)
			tc.victor = cs.Add(p+"victor", "tests of type "+name+" with a victor")
			tc.desperation = cs.Add(p+"desperation", "tests of type "+name+" in which desperation fired")
			tc.stalemate = cs.Add(p+"stalemate", "tests of type "+name+" ending in a tactical or forced stalemate")
		}
	}
	b.spec = rules.Spec{Ends: EndNames, Counters: cs.List(), Options: settings, RoundsUnit: "rounds"}
	b.spec.Sides = [2]string{b.tfPhrase(0), b.tfPhrase(1)}
	if b.Suite != nil {
		b.spec.Notes = append(b.spec.Notes, fmt.Sprintf("generated suite (§5): trial i plays test i of generateTestSuite(%d, n); side a is each test's first task force, side b its second", b.Suite.BaseSeed))
	}
	if b.Opt.Nim {
		b.spec.Notes = append(b.spec.Notes, "profile nim-2025-11 reproduces the November 2025 engine with its quirks (§4.9) and its LCG, whose d10 alternates parity: use it to reproduce, not for balance work (§4.1)")
	}
}

// partyName is the first level of task force k's counters (from 0): the
// side a or b for the first two, tf3 … tf12 for the others.
func partyName(k int) string {
	if k < 2 {
		return rules.Side(k + 1).String()
	}
	return "tf" + strconv.Itoa(k+1)
}

// maxTaskForces is the largest number of task forces a trial can have.
func (b *Battle) maxTaskForces() int {
	if b.Suite != nil {
		return MaxTaskForces
	}
	return len(b.TaskForces)
}

// tfPhrase says what task force k is, for Spec.Sides and counter docs.
func (b *Battle) tfPhrase(k int) string {
	if b.Suite != nil {
		return fmt.Sprintf("task force %d of each generated test", k+1)
	}
	tf := &b.TaskForces[k]
	var parts []string
	for i := range tf.Squadrons {
		sq := &tf.Squadrons[i]
		s := sq.Flagship.String()
		for _, e := range sq.Escorts {
			s += "+" + e.String()
		}
		parts = append(parts, s)
	}
	hw := ""
	if tf.Homeworld {
		hw = ", homeworld"
	}
	return fmt.Sprintf("%s%s: %s", tf.House, hw, strings.Join(parts, ", "))
}
