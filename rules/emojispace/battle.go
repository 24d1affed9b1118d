package emojispace

import (
	"io"

	"github.com/crucible-sim/crucible/rules"
)

// End reasons (§16, §23), in Spec order.
const (
	EndDestroyed = iota
	EndMutualDestruction
	EndEscaped
	EndMutualEscape
	EndSurrendered
	EndRoundCap
)

// EndNames are the end reasons in Spec order.
var EndNames = []string{"destroyed", "mutual-destruction", "escaped", "mutual-escape", "surrendered", "round-cap"}

// Battle is a compiled EmojiSpace duel: it implements rules.Battle, and the
// exact solver reads it. It is immutable after Compile.
type Battle struct {
	Opt   Options
	Sides [2]Side
	spec  rules.Spec
	c     counterIndex
}

// counterIndex holds the index of every counter in Outcome.Counters; -1
// for a counter the battle does not declare.
type counterIndex struct {
	hull, deg, repairs, red, escapes, escaped, rcp, tr, tier [2]int
}

// Counter names (§16), one of each per side: "a.hull-left" and so on.
const (
	CounterHull    = "hull-left"
	CounterDeg     = "degradation-events"
	CounterRepairs = "repairs-used"
	CounterRed     = "red-subsystems"
	CounterEscapes = "escape-tries"
	// CounterEscaped counts the fights a ship ended by its escape: the side
	// counters of the non-victory end escaped (rules.NonVictory), named
	// after it.
	CounterEscaped = "escaped"
	CounterRCP     = "rcp"
	CounterTR      = "threat-rating"
	CounterTier    = "npc-tier"
)

// finish declares the battle's spec: its ends, counters and options.
func (b *Battle) finish(settings rules.Settings) {
	var cs rules.Counters
	b.c.hull = cs.Sides(CounterHull, counterDoc(CounterHull))
	b.c.deg = cs.Sides(CounterDeg, counterDoc(CounterDeg))
	b.c.repairs = cs.Sides(CounterRepairs, counterDoc(CounterRepairs))
	b.c.red = cs.Sides(CounterRed, counterDoc(CounterRed))
	b.c.escapes = cs.Sides(CounterEscapes, counterDoc(CounterEscapes))
	b.c.escaped = cs.Sides(CounterEscaped, counterDoc(CounterEscaped))
	for s := range 2 {
		side := rules.Side(s + 1)
		b.c.rcp[s] = cs.Add(rules.SideCounter(side, CounterRCP), counterDoc(CounterRCP))
		if b.Sides[s].Fixed {
			b.c.tr[s] = cs.Add(rules.SideCounter(side, CounterTR), counterDoc(CounterTR))
			b.c.tier[s] = -1
		} else {
			// Tallied per winner: the report gives the win rate by the
			// generated opponent's Threat Rating (issue 12).
			b.c.tr[s] = cs.DistByWinner(rules.SideCounter(side, CounterTR), npcThreatDoc)
			b.c.tier[s] = cs.Dist(rules.SideCounter(side, CounterTier), counterDoc(CounterTier))
		}
	}
	opts := append(rules.Settings{}, settings...)
	opts = append(opts, rules.Setting{Name: "a.policy", Value: b.Sides[0].Policy.String()},
		rules.Setting{Name: "b.policy", Value: b.Sides[1].Policy.String()})
	b.spec = rules.Spec{Ends: EndNames, Counters: cs.List(), Options: opts, RoundsUnit: "rounds", Labels: sideLabels(&b.Sides),
		NonVictories: nonVictories(b.Opt)}
}

// nonVictories declares the end escaped a non-victory (§16): the ship that
// got away has beaten nobody, whether escape-result scores it the winner
// or not.
func nonVictories(opt Options) []rules.NonVictory {
	return []rules.NonVictory{{End: EndNames[EndEscaped], Scored: opt.EscaperWins}}
}

// Spec implements rules.Battle.
func (b *Battle) Spec() rules.Spec { return b.spec }

// NewFighter implements rules.Battle.
func (b *Battle) NewFighter() rules.Fighter { return newFighter(b) }

// Stream words (§20): the combat and policy streams are PCGs seeded from a
// value drawn from the trial stream and a fixed second word each.
const (
	combatStreamWord = 0x656d6f6a69636f6d // "emojicom"
	policyStreamWord = 0x656d6f6a69706f6c // "emojipol"
)

// CombatStream returns the combat stream of §20 for a combat_rng_seed: a
// fight replays from this seed, the two ship_states and the actions.
func CombatStream(seed uint64) *rules.Rand { return rules.NewRand(seed, combatStreamWord) }

// sideState is one ship's state during a fight.
type sideState struct {
	ship *Ship
	hull int
	deg  [3]int
	// uses[k] is what is left of the k-th repair module's uses (§14, in
	// use order); next is the first with uses left.
	uses     [maxModules]int
	next     int
	usesLeft int
	rps      int // RPS of this ship's weapon against the opponent's defense
	// counters
	degEvents, repairs, escapes int
	// for the replay: the colour band and scanned flag
	scanned bool
}

// fighter plays the battles of one worker.
type fighter struct {
	b      *Battle
	combat rules.Rand
	policy rules.Rand
	// ships are the NPC sides' generated ships (fixed sides point at the
	// battle's own); states and mods their ship_states.
	ships  [2]Ship
	states [2]ShipState
	mods   [2][maxModules]ModuleInstance
	tier   [2]int
	st     [2]sideState
	seed   uint64 // the trial's combat_rng_seed
	w      io.Writer
}

func newFighter(b *Battle) *fighter { return &fighter{b: b} }

// Fight implements rules.Fighter.
func (f *fighter) Fight(i int64, r *rules.Rand, o *rules.Outcome) {
	f.w = nil
	f.play(r, o)
}

// Replay implements rules.Fighter: the same battle as Fight, logged.
func (f *fighter) Replay(i int64, r *rules.Rand, o *rules.Outcome, w io.Writer) {
	f.w = w
	f.play(r, o)
	f.w = nil
}

// setup draws the trial's NPC ships and stream seeds (§20 steps 1-3) and
// resets both ships' fight state.
func (f *fighter) setup(r *rules.Rand) {
	b := f.b
	for s := range 2 {
		side := &b.Sides[s]
		st := &f.st[s]
		if side.Fixed {
			st.ship = &side.Ship
			continue
		}
		f.tier[s] = side.NPC.Generate(r, &f.states[s], &f.mods[s])
		Assemble(&f.states[s], b.Opt.Assembly, &f.ships[s]) // a generated ship always fits (§19 steps 4-6)
		st.ship = &f.ships[s]
	}
	f.seed = r.Uint64()
	f.combat.Seed(f.seed, combatStreamWord)
	f.policy.Seed(r.Uint64(), policyStreamWord)
	for s := range 2 {
		st := &f.st[s]
		sh := st.ship
		st.hull = sh.HullMax
		st.deg = sh.Deg0
		copy(st.uses[:sh.Repairs], sh.RepairUses[:sh.Repairs])
		st.next, st.usesLeft = 0, sh.TotalUses
		st.advance()
		st.rps = RPS(sh, f.st[1-s].ship)
		st.degEvents, st.repairs, st.escapes = 0, 0, 0
		st.scanned = false
	}
}

// advance moves next past repair modules with no use left.
func (st *sideState) advance() {
	for st.next < st.ship.Repairs && st.uses[st.next] == 0 {
		st.next++
	}
}

func (st *sideState) view(round int) View {
	return View{Round: round, Hull: st.hull, HullMax: st.ship.HullMax, RepairLeft: st.usesLeft > 0, Probe: st.ship.Probe}
}

// band returns side s's effective band b for an action (§12 step 5).
func (f *fighter) band(s int, b Band, act Action) int {
	st := &f.st[s]
	return effBand(st.ship, st.deg[b], b, act, st.rps, f.b.Opt.RedAdditive)
}

// choose applies a side's policy (§12 step 1, §18): unavailable picks become
// Focus Fire, and with live-action-id-bug A's Repair Systems and Scan do.
func (f *fighter) choose(s, round int) Action {
	side := &f.b.Sides[s]
	st := &f.st[s]
	switch side.fast {
	case fastConstant: // focus-fire, reinforce or evasive: always available
		return side.Policy[0].action
	case fastDefaultSelector:
		if st.usesLeft > 0 && st.hull <= max(1, st.ship.HullMax/3) && !(s == 0 && f.b.Opt.ActionIDBug) {
			return Repair
		}
		return FocusFire
	}
	v := st.view(round)
	a, random := f.b.Sides[s].Policy.Choose(v)
	if random {
		var buf [numActions]Action
		choices := RandomChoices(v, &buf)
		a = choices[f.policy.IntN(len(choices))]
	}
	if !IsAvailable(a, v) {
		a = FocusFire
	}
	if s == 0 && f.b.Opt.ActionIDBug && (a == Repair || a == Scan) {
		a = FocusFire
	}
	return a
}

// EffectiveBands returns a ship's effective bands for a round (§12 step 5)
// from its degradation, its action and its RPS against the opponent.
func EffectiveBands(sh *Ship, deg *[3]int, act Action, rps int, additive bool) [3]int {
	return [3]int{effBand(sh, deg[Weapon], Weapon, act, rps, additive),
		effBand(sh, deg[Defense], Defense, act, rps, additive),
		effBand(sh, deg[Engine], Engine, act, rps, additive)}
}

// effBand is one band of §12 step 5:
//
//	red = deg ≥ cap
//	strict and red: 0 regardless of bonuses
//	else v = (red ? 0 : max(0, pre − deg)) + crew band + focus + crew action
//	     weapon: v = max(0, v + rps)
//	     eff = max(0, v)
func effBand(sh *Ship, deg int, b Band, act Action, rps int, additive bool) int {
	red := deg >= sh.Cap[b]
	if red && !additive {
		return 0
	}
	v := 0
	if !red {
		v = max(0, sh.Pre[b]-deg)
	}
	v += sh.Bonus[act][b]
	if b == Weapon {
		v += rps
	}
	return max(0, v)
}

// EscapeFinal returns the escape test's final value (§15): the engine
// delta plus the fleeing ship's cloak and pilot strings, less the pursuer's
// interdiction and pilot strings. The ship escapes when it is > 0.
func EscapeFinal(flee, pursuer *Ship, fleeEngine, pursuerEngine int) int {
	final := fleeEngine - pursuerEngine + flee.Crew.Pilots - pursuer.Crew.Pilots
	if flee.Cloak {
		final++
	}
	if pursuer.Interdiction {
		final--
	}
	return final
}

// ColourBand returns the hull colour band index of §13: 2 green
// (pct > 66), 1 yellow (pct > 33), 0 red, with pct = floor(100 × hull /
// hull_max).
func ColourBand(hull, hullMax int) int {
	// floor(100·hull/max) > 66 ⇔ 100·hull ≥ 67·max, and likewise for 33:
	// the same bands without a division.
	h := 100 * hull
	b := 0
	if h >= 67*hullMax {
		b++
	}
	if h >= 34*hullMax {
		b++
	}
	return b
}

// RepairHeal returns the heal of a ship's next repair use (§14) given how
// many uses it has spent, and the index of the module it uses.
func RepairHeal(sh *Ship, spent int) (heal, k int) {
	for k = 0; k < sh.Repairs; k++ {
		if spent < sh.RepairUses[k] {
			return sh.RepairHeal[k], k
		}
		spent -= sh.RepairUses[k]
	}
	return 0, -1
}

// play fights one trial (§12), logging to f.w when it is set.
// It is a hot loop, run in every trial, and stays whole: its steps share the
// fighter's scratch state and follow the rules' order, which one screen
// shows better than helpers would, and a call per step costs in every trial.
func (f *fighter) play(r *rules.Rand, o *rules.Outcome) {
	b := f.b
	opt := &b.Opt
	f.setup(r)
	if f.w != nil {
		f.logSetup()
	}
	a, bb := &f.st[0], &f.st[1]
	rnd := &f.combat
	end, winner := EndRoundCap, rules.None
	fled := -1 // the ship that escaped, if one did
	round := 1
	for ; ; round++ {
		// Step 1: actions.
		act := [2]Action{f.choose(0, round), f.choose(1, round)}
		if f.w != nil {
			f.logActions(round, act)
		}
		// Step 2: surrender, A first.
		if act[0] == Surrender {
			end, winner = EndSurrendered, rules.B
			break
		}
		if act[1] == Surrender {
			end, winner = EndSurrendered, rules.A
			break
		}
		// Step 3: repair, A then B.
		for s := range 2 {
			if act[s] == Repair {
				f.repair(s)
			}
		}
		// Step 4: scan, A then B (information only).
		for s := range 2 {
			if act[s] == Scan {
				roll := rnd.IntN(2)
				if roll == 1 {
					f.st[s].scanned = true
				}
				if f.w != nil {
					f.logScan(s, roll)
				}
			}
		}
		// Step 5: effective bands (the engine's only for escape tests).
		if f.w != nil {
			f.logBands(EffectiveBands(a.ship, &a.deg, act[0], a.rps, opt.RedAdditive), EffectiveBands(bb.ship, &bb.deg, act[1], bb.rps, opt.RedAdditive))
		}
		// Step 6: mutual escape (live).
		if opt.MutualEscapeAuto && act[0] == Escape && act[1] == Escape {
			end, winner = EndMutualEscape, rules.None
			break
		}
		// Step 7: escape tests, A fleeing B first.
		if act[0] == Escape && f.escape(0, f.band(0, Engine, act[0]), f.band(1, Engine, act[1])) {
			end, winner, fled = EndEscaped, f.escaper(rules.A), 0
			break
		}
		if act[1] == Escape && f.escape(1, f.band(1, Engine, act[1]), f.band(0, Engine, act[0])) {
			end, winner, fled = EndEscaped, f.escaper(rules.B), 1
			break
		}
		// Step 8: attacks, A→B then B→A.
		toB := f.attack(0, f.band(0, Weapon, act[0])-f.band(1, Defense, act[1]), act[1] == Evasive)
		toA := f.attack(1, f.band(1, Weapon, act[1])-f.band(0, Defense, act[0]), act[0] == Evasive)
		// Step 9: damage and degradation, A then B.
		f.damage(0, toA)
		f.damage(1, toB)
		// Step 10: destruction.
		if a.hull == 0 && bb.hull == 0 {
			end, winner = EndMutualDestruction, rules.None
			break
		}
		if a.hull == 0 {
			end, winner = EndDestroyed, rules.B
			break
		}
		if bb.hull == 0 {
			end, winner = EndDestroyed, rules.A
			break
		}
		// Step 11: the round cap.
		if round == opt.MaxRounds {
			end, winner = EndRoundCap, rules.None
			break
		}
	}
	o.Winner, o.End, o.Rounds = winner, end, int64(round)
	f.count(o, fled)
	if f.w != nil {
		f.logEnd()
	}
}

func (f *fighter) escaper(s rules.Side) rules.Side {
	if f.b.Opt.EscaperWins {
		return s
	}
	return rules.None
}

// repair spends one repair use of side s (§14): the first module with uses
// left heals its magnitude, capped at hull_max; the use is spent even at
// full hull.
func (f *fighter) repair(s int) {
	st := &f.st[s]
	k := st.next
	heal := st.ship.RepairHeal[k]
	before := st.hull
	st.hull = min(st.ship.HullMax, st.hull+heal)
	st.uses[k]--
	st.usesLeft--
	st.repairs++
	st.advance()
	if f.w != nil {
		f.logRepair(s, k, heal, before)
	}
}

// escape makes side s's escape test (§15) and reports success. The
// escape_roll is drawn and logged; it has no influence, as coded.
func (f *fighter) escape(s, fleeEngine, pursuerEngine int) bool {
	st := &f.st[s]
	st.escapes++
	roll := 1 + f.combat.IntN(100)
	final := EscapeFinal(st.ship, f.st[1-s].ship, fleeEngine, pursuerEngine)
	if f.w != nil {
		f.logEscape(s, fleeEngine, pursuerEngine, final, roll)
	}
	return final > 0
}

// attack resolves side s's attack (§12 step 8): the damage roll for the
// band delta and the defender's mitigation if it chose Evasive Maneuvers,
// drawn even when the roll is 0.
func (f *fighter) attack(s, delta int, evasive bool) int {
	rnd := &f.combat
	roll := 0
	switch {
	case delta > 0:
		roll = 1 + rnd.IntN(delta)
	case delta == 0:
		roll = rnd.IntN(2)
	}
	mit := 0
	if evasive {
		mit = rnd.IntN(2)
	}
	dmg := max(0, roll-mit)
	if f.w != nil {
		f.logAttack(s, delta, roll, mit, evasive, dmg)
	}
	return dmg
}

// damage applies damage to side s and makes its degradation rolls (§13):
// one per colour band dropped, each adding 1 to a uniformly drawn
// subsystem, even if the ship was just destroyed.
func (f *fighter) damage(s, dmg int) {
	st := &f.st[s]
	before := ColourBand(st.hull, st.ship.HullMax)
	from := st.hull
	st.hull = max(0, st.hull-dmg)
	after := ColourBand(st.hull, st.ship.HullMax)
	if f.w != nil {
		f.logHull(s, from, dmg)
	}
	for range before - after {
		sub := f.combat.IntN(3)
		st.deg[sub]++
		st.degEvents++
		if f.w != nil {
			f.logDegradation(s, Band(sub))
		}
	}
}

// count fills the outcome's counters (§16); fled is the ship that escaped
// (0 or 1), or -1.
func (f *fighter) count(o *rules.Outcome, fled int) {
	c := &f.b.c
	for s := range 2 {
		st := &f.st[s]
		sh := st.ship
		o.Counters[c.hull[s]] = int64(st.hull)
		o.Counters[c.deg[s]] = int64(st.degEvents)
		o.Counters[c.repairs[s]] = int64(st.repairs)
		o.Counters[c.escapes[s]] = int64(st.escapes)
		if s == fled {
			o.Counters[c.escaped[s]] = 1
		}
		red := 0
		for b := range 3 {
			if st.deg[b] >= sh.Cap[b] {
				red++
			}
		}
		o.Counters[c.red[s]] = int64(red)
		o.Counters[c.rcp[s]] = int64(sh.RCP)
		o.Counters[c.tr[s]] = int64(sh.TR)
		if c.tier[s] >= 0 {
			o.Counters[c.tier[s]] = int64(f.tier[s])
		}
	}
}

// DamageWeights gives the distribution of the damage of one attack (§12
// step 8) for a band delta, with or without the defender's Evasive
// Maneuvers mitigation: weights[d] / den is P(damage = d), for d from 0 to
// len(weights) − 1. The roll is uniform on 1..delta for delta > 0, on {0,
// 1} for delta = 0 and 0 for delta < 0; the mitigation uniform on {0, 1};
// damage = max(0, roll − mitigation). buf is reused for the weights.
func DamageWeights(delta int, evasive bool, buf []int64) (weights []int64, den int64) {
	lo, hi := 0, 0 // the roll's range
	switch {
	case delta > 0:
		lo, hi = 1, delta
	case delta == 0:
		lo, hi = 0, 1
	}
	weights = buf[:0]
	for range hi + 1 {
		weights = append(weights, 0)
	}
	mits := 1
	if evasive {
		mits = 2
	}
	for roll := lo; roll <= hi; roll++ {
		for mit := range mits {
			weights[max(0, roll-mit)]++
		}
	}
	return weights, int64((hi - lo + 1) * mits)
}
