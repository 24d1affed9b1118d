package ec4x

import (
	"io"

	"github.com/crucible-sim/crucible/rules"
)

// Battle is a compiled EC4X battle: fixed task forces or a generated suite,
// and the options in force. It is immutable after Compile.
type Battle struct {
	Opt Options
	// TaskForces are the scenario's task forces; nil for a suite.
	TaskForces []TaskForce
	// Suite, if not nil, makes trial i play test i of a generated suite (§5).
	Suite *Suite
	// Seed, when FixedSeed, is the nim-2025-11 LCG seed of every trial
	// (§4.1: a battle exported from a suite keeps its test's seed).
	Seed      uint64
	FixedSeed bool
	spec      rules.Spec
	c         counterIndex
	tmpl      arena // the loaded task forces of a fixed battle, copied per trial
}

// Spec implements rules.Battle.
func (b *Battle) Spec() rules.Spec { return b.spec }

// NewFighter implements rules.Battle.
func (b *Battle) NewFighter() rules.Fighter {
	f := &fighter{b: b}
	f.forces = make([]force, 0, MaxTaskForces)
	f.units = make([]unit, 0, max(genMaxSquadrons, len(b.tmpl.units)))
	f.main = make([]crEntry, 0, cap(f.units))
	f.fighterSqs = make([]int, 0, cap(f.units))
	f.atk = make([]attack, 0, cap(f.units))
	return f
}

// Population implements rules.Population for a suite (SuiteBattle): its
// size is the number of trials a run plays by default (§2.3 `suite:
// {count}`).
func (b *Battle) Population() int64 {
	if b.Suite != nil {
		return b.Suite.Count
	}
	return 0
}

// attack is one attack of a simultaneous group (§3.3, §4.4), 16 bytes: a
// group's attacks are written by its attackers and read back by every step
// of its damage.
type attack struct {
	att, tgt      int16 // unit indices (at most MaxTaskForces × maxSquadrons)
	natural, mods int8  // the d10 read 0-9 and the modifier sum
	crit          bool
	fr            bool  // spec: a force-reduction crit (§3.6 step 3)
	before        uint8 // the target's state before the attack's group (spec) or the attack (nim)
	hits          int32
}

// result is how a battle ended.
type result struct {
	winner int // index of the victor TF, -1 for none
	end    int
	rounds int
	quiet  int // consecutive rounds without a state change at the end
}

// fighter plays the battles of one worker: the arena, the generator's
// scratch space and the battle's running tallies.
type fighter struct {
	b *Battle
	arena
	gen  generated
	test Test
	r    *rules.Rand // spec: the trial's stream
	lcg  uint64      // nim-2025-11: the LCG's state (§4.1)
	atk  []attack    // the current group's attacks
	rec  *recorder   // the replay log, nil in Fight
	// ambush: nim-2025-11, some task force is cloaked, fixed at setup
	// (§4.2): Phase A has attackers to look for.
	ambush bool

	desperation, success, failed, structural, stalls, stallsStr int
	crits, cripplings, destroyed, retreats                      int
}

// Fight implements rules.Fighter.
//
// How the trial's stream r is used: under profile spec every random number
// is drawn from r (§3). Under nim-2025-11 the battle draws from the original
// engine's LCG (§4.1) and r is not used at all when the LCG's seed is given
// by the trial — test i's seed in a suite, the scenario's `seed` otherwise;
// for any other scenario the LCG is seeded with r's first value (§9 item 7).
// The suite's fleets come from the §5 generator, seeded by the test, never
// from r.
func (f *fighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.rec = nil
	f.play(i, r, o)
}

// Replay implements rules.Fighter: the same battle as Fight, logged.
func (f *fighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	f.rec = &recorder{w: w}
	f.play(i, r, o)
	f.rec = nil
}

// trace plays trial i and returns its log lines (for tests).
func (f *fighter) trace(i int64, r *rules.Rand, o *rules.Outcome) *recorder {
	f.rec = &recorder{keep: true}
	f.play(i, r, o)
	rec := f.rec
	f.rec = nil
	return rec
}

func (f *fighter) play(i int64, r *rules.Rand, o *rules.Outcome) {
	b := f.b
	if b.Suite != nil {
		f.test = b.Suite.Test(i)
		f.gen.Generate(f.test, b.Opt.Ships)
		f.load(f.gen.TaskForces(), b.Opt)
	} else {
		f.copyFrom(&b.tmpl)
	}
	f.resolve(r, o)
}

// resolve plays the battle loaded in the arena (§3 or §4) and reports it.
func (f *fighter) resolve(r *rules.Rand, o *rules.Outcome) {
	b := f.b
	f.desperation, f.success, f.failed, f.structural, f.stalls, f.stallsStr = 0, 0, 0, 0, 0, 0
	f.crits, f.cripplings, f.destroyed, f.retreats = 0, 0, 0, 0
	var res result
	if b.Opt.Nim {
		seed := uint64(0)
		switch {
		case b.Suite != nil:
			seed = uint64(f.test.Seed) // §4.1: the test's seed
		case b.FixedSeed:
			seed = b.Seed
		default:
			seed = r.Uint64() // §4.1, §9 item 7
		}
		f.lcg = seed
		if f.rec != nil {
			f.header(seed)
		}
		res = f.playNim()
	} else {
		f.r = r
		if f.rec != nil {
			f.header(0)
		}
		res = f.playSpec()
		f.r = nil
	}
	f.report(res, o)
}

// report fills the outcome and the counters.
func (f *fighter) report(res result, o *rules.Outcome) {
	b, c := f.b, &f.b.c
	o.Rounds, o.End = int64(res.rounds), res.end
	switch res.winner {
	case 0:
		o.Winner = rules.A
	case 1:
		o.Winner = rules.B
	default:
		// No victor, or a victor among TFs 3-12: its tfK.victor says which.
		o.Winner = rules.None
	}
	k := o.Counters
	k[c.desperation], k[c.success], k[c.failed], k[c.structural] = int64(f.desperation), int64(f.success), int64(f.failed), int64(f.structural)
	k[c.stalls], k[c.stallsStr], k[c.quietEnd] = int64(f.stalls), int64(f.stallsStr), int64(res.quiet)
	k[c.crits], k[c.cripplings], k[c.destroyed], k[c.retreats] = int64(f.crits), int64(f.cripplings), int64(f.destroyed), int64(f.retreats)
	if res.winner >= 0 {
		k[c.victor[res.winner]] = 1
	}
	for t := range f.forces {
		k[c.survivors[t]] = int64(f.forces[t].living)
	}
	if b.Suite != nil {
		tc := &c.byType[f.test.Type]
		k[c.tests], k[tc.tests], k[tc.rounds] = 1, 1, int64(res.rounds)
		if res.winner >= 0 {
			k[tc.victor] = 1
		}
		if f.desperation > 0 {
			k[tc.desperation] = 1
		}
		if res.end == EndTacticalStalemate || res.end == EndForcedStalemate {
			k[tc.stalemate] = 1
		}
	}
}

// transition records that unit j's state changed from before to its state
// now (§3.2 step 1: U→C, C→D, U→D): the counters, its task force's tallies
// and, while its task force fights, the candidate index (its weight moves
// by its base weight times the change of its factor: ×2 crippled under
// spec, §3.4 step 3; it leaves the candidates destroyed).
func (f *fighter) transition(j int, before uint8) {
	v := &f.units[j]
	fo := &f.forces[v.tf]
	after := v.state
	cur := int16(f.asIn(v, after))
	fo.as += int32(cur - v.cur)
	v.cur = cur
	if !fo.out {
		p := &f.pools
		dw := v.bucket.BaseWeight() * int(f.factor[after]-f.factor[before])
		fo.candW[v.bucket] += int16(dw)
		p.totalW[v.bucket] += dw
		if after == stateD {
			fo.cands[v.bucket] &^= 1 << ((j - int(fo.first)) & 63)
			p.units[v.bucket] &^= 1 << (j & 63)
			p.total[v.bucket]--
			if fo.candN[v.bucket]--; fo.candN[v.bucket] == 0 {
				p.present &^= pair(v.bucket, v.tf)
			}
		}
	}
	if after == stateC {
		f.cripplings++
		return
	}
	f.destroyed++
	if fo.living--; fo.living == 0 && !fo.out {
		f.nFighting--
	}
	if v.scouts > 0 {
		fo.scouting--
	}
}

// leave takes task force t out of the battle (a retreat, §3.7, §4.7).
func (f *fighter) leave(t int) {
	if f.alive(t) {
		f.nFighting--
	}
	f.poolsLeft(t)
	f.forces[t].out = true
	f.retreats++
	if f.rec != nil {
		f.rec.retreat(f, t)
	}
}

// structuralNow reports whether the battle is structurally stuck: no
// surviving squadron's current AS reaches the DS of any enemy squadron
// still fighting, so that no CER (at most 1.0) lets one attack cripple or
// destroy anything (§7.3).
func (f *fighter) structuralNow() bool {
	for i := range f.units {
		u := &f.units[i]
		if u.state == stateD || f.forces[u.tf].out {
			continue
		}
		hits := f.curAS(u)
		for j := range f.units {
			v := &f.units[j]
			if v.tf != u.tf && v.state != stateD && !f.forces[v.tf].out && hits >= int(v.ds) {
				return false
			}
		}
	}
	return true
}

// ending classifies the end of a battle in which at most one task force
// still fights (§3.8): destroyed, retreat or mutual-destruction.
func (f *fighter) ending(rounds, quiet int) result {
	winner := -1
	for t := range f.forces {
		if !f.forces[t].out && f.alive(t) {
			winner = t
		}
	}
	switch {
	case winner < 0:
		return result{winner: -1, end: EndMutualDestruction, rounds: rounds, quiet: quiet}
	case f.retreats > 0:
		return result{winner: winner, end: EndRetreat, rounds: rounds, quiet: quiet}
	}
	return result{winner: winner, end: EndDestroyed, rounds: rounds, quiet: quiet}
}

// fighting counts the task forces still in the battle with a squadron not
// destroyed.
func (a *arena) fighting() int { return a.nFighting }

// ownAS is Σ current AS of task force t's squadrons, kept by transition.
func (f *fighter) ownAS(t int) int { return int(f.forces[t].as) }

// curAS is a squadron's current AS.
func (a *arena) curAS(u *unit) int { return int(u.cur) }

// asIn is a squadron's AS in state s: its AS undamaged, half of it crippled
// (rounded up under spec, §3.5; down under nim-2025-11, §4.9 row 2), 0
// destroyed, found without branches on the state. Fighter squadrons are
// binary under spec (§3.6 step 2).
func (a *arena) asIn(u *unit, s uint8) int {
	half := uint(s & 1) // stateC
	up := int(b2u(!a.nim)) & int(half)
	return (int(u.as) + up) >> half * int(b2u(s != stateD))
}

// cerK returns k of CER = k/4 for a modified roll (§3.5 table): 1 up to
// 2, 2 for 3-4, 3 for 5-6, 4 from 7, that is (m+1)/2 for the roll clamped
// to 2-7. The clamp is two conditional moves, where the table's tests on a
// random roll mispredicted.
func cerK(modified int) int {
	return (min(max(modified, 2), 7) + 1) / 2
}

// moraleROE is the morale ROE modifier by prestige (§3.7 step 2; the §4.2
// table is the same one read as a CER modifier).
func moraleROE(prestige int) int {
	switch {
	case prestige <= 0:
		return -2
	case prestige <= 20:
		return -1
	case prestige <= 60:
		return 0
	case prestige <= 80:
		return 1
	}
	return 2
}

// Retreat thresholds by effective ROE (§3.7 step 3) as fractions num/den:
// own/hostile < num/den. ROE 0 always retreats under spec (and never under
// nim-2025-11, §4.7); ROE 10 never.
var retreatNum = [11]int{0, 999, 4, 3, 2, 3, 1, 67, 1, 33, 0}
var retreatDen = [11]int{1, 1, 1, 1, 1, 2, 1, 100, 2, 100, 1}

// nimThreshold is the float64 threshold of nim-2025-11 (§4.7).
var nimThreshold = [11]float64{0.0, 999.0, 4.0, 3.0, 2.0, 1.5, 1.0, 0.67, 0.5, 0.33, 0.0}

func clampROE(v int) int { return min(10, max(0, v)) }
