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

// battleCounters are the counters every battle declares (§3.8), in Spec
// order, with what each counts; the reference lists them. dist marks a
// distribution counter.
var battleCounters = []struct {
	name, doc string
	dist      bool
}{
	{CounterDesperation, "desperation rounds played (the amendment's round; §3.2 step 6, §4.3 step 4)", true},
	{CounterSuccess, "desperation rounds that changed a squadron's state: the stalemate broken", false},
	{CounterFailed, "desperation rounds that changed nothing: the tactical stalemate", false},
	{CounterStructural, "failed desperation rounds that were structural: no surviving squadron's current AS reaches any enemy squadron's DS, so no CER (≤ 1.0) could have helped; divide by desperation.failed for the share", false},
	{CounterStalls, "runs of 5 rounds without a state change (desperation's trigger, counted with the option on or off)", false},
	{CounterStallsStr, "stalls that were structural at their fifth round (as desperation.structural)", false},
	{CounterQuietEnd, "consecutive rounds without a state change at the end of the battle (a failed desperation round included)", true},
	{CounterCrits, "critical hits: naturals of 9 on CER rolls (§3.5; nim-2025-11: Phases A and M, §7.2)", false},
	{CounterCripplings, "squadrons crippled (U→C)", false},
	{CounterDestroyed, "squadrons destroyed (U→D or C→D)", false},
	{CounterRetreats, "task forces that retreated (§3.7; nim-2025-11: the retreated list, dead TFs included, §4.7)", false},
}

// typeCounters' names and docs, by the suffix after type.<type>.; "%s"
// is the type.
var typeCounterDocs = [...]rules.Term{
	{Name: "tests", Meaning: "tests of type %s"},
	{Name: "rounds", Meaning: "rounds fought in tests of type %s"},
	{Name: "victor", Meaning: "tests of type %s with a victor"},
	{Name: "desperation", Meaning: "tests of type %s in which desperation fired"},
	{Name: "stalemate", Meaning: "tests of type %s ending in a tactical or forced stalemate"},
}

// finish declares the battle's spec: its ends, counters, options and sides.
func (b *Battle) finish(settings rules.Settings) {
	var cs rules.Counters
	c := &b.c
	idx := make([]int, len(battleCounters))
	for i, k := range battleCounters {
		if k.dist {
			idx[i] = cs.Dist(k.name, k.doc)
		} else {
			idx[i] = cs.Add(k.name, k.doc)
		}
	}
	c.desperation, c.success, c.failed, c.structural = idx[0], idx[1], idx[2], idx[3]
	c.stalls, c.stallsStr, c.quietEnd = idx[4], idx[5], idx[6]
	c.crits, c.cripplings, c.destroyed, c.retreats = idx[7], idx[8], idx[9], idx[10]
	n := b.maxTaskForces()
	for k := range MaxTaskForces {
		c.victor[k], c.survivors[k] = -1, -1
		if k < n {
			c.victor[k] = cs.Add(partyName(k)+".victor", fmt.Sprintf("1 when task force %d is the victor (%s)", k+1, b.tfPhrase(k)))
		}
	}
	for k := range n {
		// A distribution, so that a report draws the chance that at
		// least k squadrons of the task force survive.
		c.survivors[k] = cs.Dist(partyName(k)+".survivors", fmt.Sprintf("squadrons of task force %d not destroyed at the end", k+1))
	}
	c.tests = -1
	if b.Suite != nil {
		c.tests = cs.Add(CounterTests, "1 per test of the generated suite (§5)")
		for t, name := range SuiteTypes {
			var idx [len(typeCounterDocs)]int
			for i, d := range typeCounterDocs {
				idx[i] = cs.Add("type."+name+"."+d.Name, fmt.Sprintf(d.Meaning, name))
			}
			c.byType[t] = typeCounters{tests: idx[0], rounds: idx[1], victor: idx[2], desperation: idx[3], stalemate: idx[4]}
		}
	}
	b.spec = rules.Spec{Ends: EndNames, Counters: cs.List(), Options: settings, RoundsUnit: "rounds"}
	b.spec.Sides = [2]string{b.tfPhrase(0), b.tfPhrase(1)}
	b.spec.Labels = [2]string{b.tfLabel(0), b.tfLabel(1)}
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

// tfLabel is task force k's short name (Spec.Labels): its house, or "TF
// k+1" in a suite, whose tests each have their own houses.
func (b *Battle) tfLabel(k int) string {
	if b.Suite != nil {
		return "TF " + strconv.Itoa(k+1)
	}
	return b.TaskForces[k].House
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
