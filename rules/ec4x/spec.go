package ec4x

// This file is profile spec (§3): operations.md §7 as written, with the
// round of the EC4X desperation-round amendment. Every random number comes
// from the trial's stream f.r: d10 = IntN(10) read 0-9, d20 and d3 = Die,
// target draws = IntN(Σ weights).

// detectLo and detectHi are the detection table of §3.1 step 5, indexed
// [ELI−1][CLK−1]; 0 is "NA" (cannot detect).
var detectLo = [5][5]int{
	{14, 17, 0, 0, 0},
	{10, 14, 17, 0, 0},
	{6, 10, 14, 17, 0},
	{3, 6, 10, 14, 17},
	{1, 3, 6, 10, 14},
}
var detectHi = [5][5]int{
	{16, 19, 0, 0, 0},
	{12, 16, 19, 0, 0},
	{8, 12, 16, 19, 0},
	{5, 8, 12, 16, 19},
	{3, 5, 8, 12, 16},
}

// scoutMesh is the ELI mesh bonus of n scouts (§3.1 step 5).
func scoutMesh(n int) int {
	switch {
	case n >= 6:
		return 3
	case n >= 4:
		return 2
	case n >= 2:
		return 1
	}
	return 0
}

// specSetup plays §3.1 steps 2-6 and reports false when the combat is
// cancelled.
func (f *fighter) specSetup() bool {
	for t := range f.forces {
		fo := &f.forces[t]
		fo.morale, fo.autoCrit, fo.detected = 0, false, false
		if fo.starbase { // §3.1 step 2
			fo.roe, fo.noRetreat = 10, true
		}
		f.moraleCheck(t)
		fo.cloaked = fo.anyRaider && !fo.starbase // §3.1 step 4
	}
	f.detectCloaked()
	return f.engaged()
}

// moraleCheck is §3.1 step 3, the morale check, once per TF (t).
func (f *fighter) moraleCheck(t int) {
	r, fo := f.r, &f.forces[t]
	p := int(fo.prestige)
	roll, need := 0, 0
	switch {
	case p <= 0:
		fo.morale = -1
	case p <= 20:
		roll, need = r.Die(20), 18
	case p <= 40:
		roll, need = r.Die(20), 15
		if roll > need {
			f.bonusOne(fo)
		}
	case p <= 60:
		roll, need = r.Die(20), 12
		if roll > need {
			fo.morale = 1
		}
	case p <= 80:
		roll, need = r.Die(20), 9
		if roll > need {
			fo.morale, fo.autoCrit = 1, true
		}
	default:
		roll, need = r.Die(20), 6
		if roll > need {
			fo.morale = 2
		}
	}
	if f.rec != nil {
		f.rec.morale(f, t, roll, need)
	}
}

// bonusOne gives the bonus of a passed morale check at prestige 21-40 to
// one of fo's units that is not a fighter, drawn at random (§3.1 step 3).
func (f *fighter) bonusOne(fo *force) {
	n := 0
	for i := int(fo.first); i < int(fo.end); i++ {
		if !f.units[i].fighter() {
			n++
		}
	}
	if n == 0 {
		return
	}
	k := f.r.IntN(n)
	for i := int(fo.first); i < int(fo.end); i++ {
		if !f.units[i].fighter() {
			if k == 0 {
				f.units[i].bonus = 1
				return
			}
			k--
		}
	}
}

// detectCloaked is §3.1 step 5: detection of each cloaked TF by each other
// TF's ELI units, in TF order; the first unit that detects it ends the
// rolls.
func (f *fighter) detectCloaked() {
	for c := range f.forces {
		fc := &f.forces[c]
		if !fc.cloaked {
			continue
		}
		clk := int(fc.clk)
		for h := range f.forces {
			if h == c || fc.detected {
				continue
			}
			fh := &f.forces[h]
			if fh.scoutShips > 0 && f.detects(min(5, int(fh.eli)+scoutMesh(int(fh.scoutShips))), clk) {
				fc.detected = true
			}
			for range fh.starbaseNum {
				if !fc.detected && f.detects(min(5, int(fh.eli)+2), clk) {
					fc.detected = true
				}
			}
		}
		if f.rec != nil {
			f.rec.detection(f, c)
		}
	}
}

// engaged is §3.1 step 6: when every TF is hidden the combat is cancelled
// (false), unless one of them holds a homeworld: then every TF but the
// homeworld's is detected.
func (f *fighter) engaged() bool {
	hidden, homeworld := 0, false
	for t := range f.forces {
		fo := &f.forces[t]
		if fo.cloaked && !fo.detected {
			hidden++
		}
		homeworld = homeworld || fo.homeworld
	}
	if hidden == len(f.forces) {
		if !homeworld {
			return false
		}
		for t := range f.forces {
			if !f.forces[t].homeworld {
				f.forces[t].detected = true
			}
		}
	}
	return true
}

// detects rolls one ELI unit against a cloak (§3.1 step 5).
func (f *fighter) detects(eli, clk int) bool {
	lo, hi := detectLo[eli-1][clk-1], detectHi[eli-1][clk-1]
	var threshold int
	switch {
	case lo == 0:
		return false // NA
	case eli >= clk+2:
		threshold = lo
	case eli >= clk:
		threshold = lo + f.r.Die(3) - 1
	default:
		threshold = hi
	}
	return f.r.Die(20) >= threshold
}

// playSpec plays a battle under profile spec (§3.2).
func (f *fighter) playSpec() result {
	if !f.specSetup() {
		return result{winner: -1, end: EndCancelled} // §3.1 step 6
	}
	opt := f.b.Opt
	noChange, quiet := 0, 0
	desperate := false
	for r := 1; ; r++ {
		b := 0
		if desperate {
			b = 2 // §3.2 step 1, §3.5: +2 on Phase 1 and 3 rolls
		}
		if f.rec != nil {
			f.rec.round(r, b)
		}
		changed := f.specRound(r, b) // §3.2 step 2 is done as the next round starts
		if changed {
			quiet = 0
		} else {
			quiet++
		}
		// §3.2 step 3.
		if desperate {
			f.desperation++
			if !changed {
				f.failed++
				if f.structuralNow() {
					f.structural++
				}
				return result{winner: -1, end: EndTacticalStalemate, rounds: r, quiet: quiet}
			}
			f.success++
			noChange = 0
		} else if changed {
			noChange = 0
		} else {
			noChange++
		}
		desperate = false
		if f.fighting() <= 1 { // §3.2 step 4
			return f.ending(r, quiet)
		}
		if f.specRetreat() { // §3.2 step 5, §3.7 step 4
			return result{winner: -1, end: EndMutualWithdrawal, rounds: r, quiet: quiet}
		}
		if f.fighting() <= 1 {
			return f.ending(r, quiet)
		}
		if r >= opt.MaxRounds { // §3.2 step 6
			return result{winner: -1, end: EndForcedStalemate, rounds: r, quiet: quiet}
		}
		if noChange == 5 {
			f.stalls++
			if f.structuralNow() {
				f.stallsStr++
			}
			desperate = opt.Desperation
		}
	}
}

// specRound plays round r with desperation bonus b (§3.3) and reports
// whether any squadron's state changed.
func (f *fighter) specRound(r, b int) bool {
	for i := range f.units {
		// §3.2 step 2: the round damage counters and crit flags are reset
		// between rounds, here before each round (nothing reads them in
		// between, and a battle's units start with them clear).
		u := &f.units[i]
		u.s0, u.fired, u.dmg, u.crit = u.state, false, 0, false
	}
	changed := false
	// Phase 1, Ambush: uncrippled raider-led squadrons of cloaked,
	// undetected TFs; surprise +3 and ambush +4 in round 1.
	f.atk = f.atk[:0]
	ambush := 0
	if r == 1 {
		ambush = 7
	}
	for t := range f.forces {
		fo := &f.forces[t]
		if fo.out || !fo.cloaked || fo.detected {
			continue
		}
		for i := int(fo.first); i < int(fo.end); i++ {
			if u := &f.units[i]; u.bucket == BucketRaider && u.state == stateU {
				if f.specAttack(i, ambush+b) {
					u.fired = true
				}
			}
		}
	}
	changed = f.specApply('A', r) || changed
	// Phase 2, Intercept: fighter squadrons deal their full AS.
	f.atk = f.atk[:0]
	for _, i := range f.fighterSqs {
		if u := &f.units[i]; u.state != stateD && !f.forces[u.tf].out {
			if tgt := f.specTarget(i); tgt >= 0 {
				f.atk = append(f.atk, attack{att: int16(i), tgt: int16(tgt), hits: int32(f.curAS(u)), before: f.units[tgt].state})
			}
		}
	}
	changed = f.specApply('I', r) || changed
	// Phase 3, Main Engagement: by flagship CR tiers, descending, each
	// tier's group applied before the next tier picks; a squadron
	// destroyed by a higher tier does not attack. main holds the tiers as
	// runs (the eligibility of the others cannot change during the phase).
	f.atk = f.atk[:0]
	tier := noTier
	for _, e := range f.main {
		i := e.unit()
		u := &f.units[i]
		if e.tier() != tier && len(f.atk) > 0 {
			changed = f.specApply('M', r) || changed
			f.atk = f.atk[:0]
		}
		tier = e.tier()
		if !u.fired && u.state != stateD && !f.forces[u.tf].out {
			f.specAttack(i, b)
		}
	}
	return f.specApply('M', r) || changed
}

// specAttack picks attacker i's target and rolls its CER with the extra
// modifier bonus (§3.4, §3.5); it reports whether there was a target.
func (f *fighter) specAttack(i, bonus int) bool {
	tgt := f.specTarget(i)
	if tgt < 0 {
		return false
	}
	u := &f.units[i]
	fo := &f.forces[u.tf]
	mods := int(fo.morale) + int(u.bonus) + bonus
	if f.scoutsNow(int(u.tf)) {
		mods++
	}
	if u.starbase {
		mods += 2
	}
	var natural int
	if fo.autoCrit { // §3.1 step 3, prestige 61-80: no die, no re-roll
		natural, fo.autoCrit = 9, false
	} else {
		natural = f.r.IntN(10)
		if natural == 9 && f.units[tgt].starbase { // §3.5 starbase crit protection
			natural = f.r.IntN(10)
		}
	}
	k := cerK(natural + mods)
	hits := (f.curAS(u)*k + 3) / 4 // ceil(AS × k / 4), §3.5
	crit := natural == 9
	if crit {
		f.crits++
	}
	f.atk = append(f.atk, attack{att: int16(i), tgt: int16(tgt), natural: int8(natural), mods: int8(mods), hits: int32(hits), crit: crit,
		fr: crit && hits < int(f.units[tgt].ds), before: f.units[tgt].state})
	return true
}

// scoutsNow reports whether task force t has a squadron not destroyed that
// contains a Scout (§3.5 Scouts).
func (f *fighter) scoutsNow(t int) bool { return f.forces[t].scouting > 0 }

// specApply applies the current group's attacks at once (§3.6) and reports
// whether a state changed.
func (f *fighter) specApply(phase byte, r int) bool {
	if len(f.atk) == 0 {
		return false
	}
	// Step 1: hits and crit flags.
	reductions := false
	for _, a := range f.atk {
		reductions = reductions || a.fr
		t := &f.units[a.tgt]
		if t.state == stateD {
			continue // hits on a squadron already destroyed are lost
		}
		if !a.fr {
			t.dmg += a.hits
		}
		if a.crit {
			t.crit = true
		}
	}
	changed := false
	// Step 2: states, with destruction protection across the round.
	for _, a := range f.atk {
		t := &f.units[a.tgt]
		before := t.state
		next := max(before, specLevel(t))
		if next != before {
			t.state = next
			f.transition(int(a.tgt), before)
			changed = true
		}
	}
	if reductions && f.reduceForces(r) {
		changed = true
	}
	if f.rec != nil {
		for _, a := range f.atk {
			f.rec.attack(f, r, phase, a, f.units[a.tgt].state)
		}
		for _, x := range f.rec.pending {
			f.rec.reduction(f, x)
		}
		f.rec.pending = f.rec.pending[:0]
	}
	return changed
}

// specLevel returns the state that squadron t's round damage puts it in at
// least (§3.6 step 2): none (stateU) below its DS; at its DS, destroyed if
// it is a fighter squadron (binary), was crippled at the start of the
// round, or took twice its DS with a crit, else crippled (destruction
// protection: a squadron undamaged at the start of the round is at worst
// crippled without them). It is computed without branches: the damage is
// random, and tests on it mispredicted.
func specLevel(t *unit) uint8 {
	ds := int32(t.ds)
	kill := b2u(t.fighter()) | b2u(t.s0 == stateC) | b2u(t.dmg >= 2*ds)&b2u(t.crit)
	return b2u(t.dmg >= ds) * (stateC + kill)
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// reduceForces plays §3.6 step 3, force reduction, for the group's
// force-reduction crits in attack order, ignoring protection, and reports
// whether a state changed.
func (f *fighter) reduceForces(r int) bool {
	changed := false
	for _, a := range f.atk {
		if !a.fr {
			continue
		}
		fo := &f.forces[f.units[a.tgt].tf]
		low := -1
		for i := int(fo.first); i < int(fo.end); i++ {
			if v := &f.units[i]; v.state != stateD && (low < 0 || v.ds < f.units[low].ds) {
				low = i
			}
		}
		if low < 0 {
			continue
		}
		v := &f.units[low]
		before := v.state
		if v.fighter() || before == stateC {
			v.state = stateD
		} else {
			v.state = stateC
		}
		f.transition(low, before)
		changed = true
		if f.rec != nil {
			f.rec.pending = append(f.rec.pending, reduction{r, int(a.att), low, before, v.state})
		}
	}
	return changed
}

// specRetreat plays §3.7 and reports a mutual withdrawal.
func (f *fighter) specRetreat() bool {
	var own [MaxTaskForces]int
	for {
		total := 0
		for t := range f.forces {
			own[t] = 0
			if !f.forces[t].out {
				own[t] = f.ownAS(t)
				total += own[t]
			}
		}
		wanting, fighting, pick := 0, 0, -1
		for t := range f.forces {
			fo := &f.forces[t]
			if fo.out || !f.alive(t) {
				continue
			}
			fighting++
			if !f.specWants(t, own[t], total-own[t]) {
				continue
			}
			wanting++
			if pick < 0 || own[t] < own[pick] || own[t] == own[pick] && f.tfs[t].House < f.tfs[pick].House {
				pick = t
			}
		}
		switch {
		case wanting == 0:
			return false
		case wanting == fighting: // §3.7 step 4: all leave
			for t := range f.forces {
				if !f.forces[t].out && f.alive(t) {
					f.leave(t)
				}
			}
			return true
		}
		// §3.7 step 5: the weakest leaves; the rest re-evaluate.
		f.leave(pick)
	}
}

// specWants reports whether task force t, with own and hostile current AS,
// wants to retreat (§3.7 steps 1-3).
func (f *fighter) specWants(t, own, hostile int) bool {
	fo := &f.forces[t]
	if fo.noRetreat {
		return false
	}
	roe := clampROE(int(fo.roe) + moraleROE(int(fo.prestige)))
	if roe == 0 {
		return true
	}
	return hostile > 0 && own*retreatDen[roe] < retreatNum[roe]*hostile
}
