package ec4x

// This file is profile nim-2025-11 (§4): the November 2025 Nim engine
// (src/engine/combat_*.nim @b619269f) with every quirk of §4.9, drawing
// from its 64-bit LCG (§4.1).

// LCG multiplier and increment of §4.1.
const (
	lcgMul = 6364136223846793005
	lcgInc = 1442695040888963407
)

// next advances the LCG and returns its new state (§4.1).
func (f *fighter) next() uint64 {
	f.lcg = f.lcg*lcgMul + lcgInc
	return f.lcg
}

// nimMorale is the CER modifier of §4.2 step 2 (§4.9 row 8): the ROE
// morale table read by prestige, on every roll.
func nimMorale(prestige int) int { return moraleROE(prestige) }

// nimSetup plays §4.2: morale, the scout bonus and the cloak, fixed for the
// battle (§4.9 rows 8-10).
func (f *fighter) nimSetup() {
	f.ambush = false
	for t := range f.forces {
		fo := &f.forces[t]
		fo.morale = int8(nimMorale(int(fo.prestige)))
		if fo.hasMorale {
			fo.morale = fo.givenMorale
		}
		fo.scouts = fo.anyELI      // starbases count as scouts (§4.9 row 10)
		fo.cloaked = fo.allRaiders // every squadron has a raider (§4.9 row 9)
		fo.nimMods = fo.morale + int8(b2u(fo.scouts))
		f.ambush = f.ambush || fo.cloaked
	}
}

// playNim plays a battle under nim-2025-11 (§4.3).
// It is a hot loop, run in every trial, and stays whole: its steps share the
// fighter's scratch state and follow the rules' order, which one screen
// shows better than helpers would, and a call per step costs in every trial.
func (f *fighter) playNim() result {
	f.nimSetup()
	if f.rec != nil {
		f.rec.nimSetup(f)
	}
	opt := f.b.Opt
	noChange, quiet := 0, 0
	victor, total, stalemate := -1, 0, false
	decided := false // step 2 or 5 set the victor (possibly none) and stopped
	for r := 1; r <= opt.MaxRounds; r++ {
		total = r
		if f.fighting() <= 1 { // step 2
			victor, decided = f.soleFighter(), true
			break
		}
		if f.rec != nil {
			f.rec.round(r, 0)
		}
		changed := f.nimRound(r, 0) // step 3
		if changed {
			noChange, quiet = 0, 0
		} else {
			noChange++
			quiet++
		}
		if noChange == 5 {
			f.stalls++
			if f.structuralNow() {
				f.stallsStr++
			}
		}
		if opt.Desperation && noChange == 5 { // step 4 (§4.9 row 15)
			f.desperation++
			if f.rec != nil {
				f.rec.round(r+1, 2)
			}
			changed = f.nimRound(r+1, 2)
			total++
			if changed {
				noChange, quiet = 0, 0
				f.success++
			} else {
				quiet++
				f.failed++
				if f.structuralNow() {
					f.structural++
				}
				stalemate = true
				break
			}
		}
		if f.fighting() <= 1 { // step 5
			victor, decided = f.soleFighter(), true
			break
		}
		if noChange >= 20 {
			stalemate = true
			break
		}
		if r > 1 { // step 6: no retreat after round 1 (§4.9 row 11)
			f.nimRetreat()
		}
	}
	if victor < 0 && !decided {
		// After the loop: a single TF left in the list is the victor.
		n, last := 0, -1
		for t := range f.forces {
			if !f.forces[t].out {
				n, last = n+1, t
			}
		}
		if n == 1 {
			victor = last
		}
	}
	return f.nimResult(victor, total, stalemate, quiet)
}

// soleFighter returns the one TF in the list with a squadron not destroyed,
// or -1 if there is none.
func (f *fighter) soleFighter() int {
	for t := range f.forces {
		if !f.forces[t].out && f.alive(t) {
			return t
		}
	}
	return -1
}

// nimResult maps the engine's result to crucible's end reasons (§4.8).
func (f *fighter) nimResult(victor, rounds int, stalemate bool, quiet int) result {
	res := result{winner: victor, rounds: rounds, quiet: quiet}
	inList, living := 0, 0
	for t := range f.forces {
		if !f.forces[t].out {
			inList++
			if f.alive(t) {
				living++
			}
		}
	}
	switch {
	case stalemate:
		res.winner, res.end = -1, EndTacticalStalemate
	case victor >= 0 && f.retreats > 0:
		res.end = EndRetreat
	case victor >= 0:
		res.end = EndDestroyed
	case inList == 0:
		res.end = EndMutualWithdrawal // the harness's "mutual_destruction"
	case living == 0:
		res.end = EndMutualDestruction
	default:
		res.end = EndForcedStalemate // the loop ran out; the code sets no flag
	}
	return res
}

// nimRound plays one round with bonus b (§4.4) and reports whether any
// state changed; then every round damage counter is reset.
// It is a hot loop, run in every trial, and stays whole: its steps share the
// fighter's scratch state and follow the rules' order, which one screen
// shows better than helpers would, and a call per step costs in every trial.
func (f *fighter) nimRound(r, b int) bool {
	changed := false
	surprise := 0
	if r == 1 {
		surprise = 3 // §4.9 row 7: every roll of every TF in round 1
	}
	// Phase A: raider-led squadrons of cloaked TFs (+4 ambush in round 1).
	// A phase's attackers all pick before its damage, so that each can be
	// judged eligible as it attacks.
	ambush := 0
	if r == 1 {
		ambush = 4
	}
	f.atk = f.atk[:0]
	if f.ambush {
		for t := range f.forces {
			if fo := &f.forces[t]; !fo.out && fo.cloaked {
				for i := int(fo.first); i < int(fo.end); i++ {
					if u := &f.units[i]; u.bucket == BucketRaider && u.state != stateD {
						f.nimAttack(i, surprise+ambush+b, true)
					}
				}
			}
		}
		if len(f.atk) > 0 {
			changed = f.nimApply(r, 'A')
		}
	}
	// Phase I: fighter squadrons, full current AS, no roll.
	f.atk = f.atk[:0]
	for _, i := range f.fighterSqs {
		if u := &f.units[i]; u.state != stateD && !f.forces[u.tf].out {
			f.nimAttack(i, 0, false)
		}
	}
	if len(f.atk) > 0 {
		changed = f.nimApply(r, 'I') || changed
	}
	// Phase M: every other squadron, by CR tiers (runs of main), each
	// tier's group applied before the next tier picks; an entry destroyed
	// by a higher tier still picks and rolls (§4.9 row 13): nimApply marks
	// it fellInM.
	f.atk = f.atk[:0]
	tier := noTier
	for _, e := range f.main {
		i := e.unit()
		u := &f.units[i]
		if e.tier() != tier && len(f.atk) > 0 {
			changed = f.nimApply(r, 'M') || changed
			f.atk = f.atk[:0]
		}
		tier = e.tier()
		if (u.state != stateD || u.fellInM) && !f.forces[u.tf].out {
			f.nimAttack(i, surprise+b, true)
		}
	}
	if len(f.atk) > 0 {
		changed = f.nimApply(r, 'M') || changed
	}
	for i := range f.units {
		f.units[i].dmg, f.units[i].fellInM = 0, false
	}
	return changed
}

// nimAttack plays attacker i's attack (§4.4): its target, then, with
// roll, its CER roll with modifiers scouts + morale + extra for hits = CER
// × current AS rounded half up (§4.9 row 1); without (a fighter squadron
// in Phase I), its full current AS.
//
// The target (§4.5) is the unit the damage lands on: the first with the
// picked id (§4.6). One candidate takes no draw; otherwise u = (next() mod
// 10⁶) / 10⁶ × W in float64, W the weights summed in pool order (TF order
// then squadron order), and the first candidate whose cumulative weight
// reaches u (fallback: the last, which u < W never needs). Weights never
// change under nim-2025-11 (§4.9 row 5), so every candidate of the pool
// weighs its bucket's base weight: the candidate is found by its position
// in the pool (nimPosition), then in the pool's set of units or, in a
// battle of more than 64 units, by skipping the task forces before it by
// their counts and picking its squadron from its task force's set; no
// walk over the squadrons.
func (f *fighter) nimAttack(i, extra int, roll bool) {
	u := &f.units[i]
	b, tfs := f.pool(u)
	if b == numBuckets {
		return // no candidate
	}
	k := 0
	own := &f.forces[u.tf]
	if n := f.pools.total[b] - own.count(b); n > 1 {
		k = nimPosition(f.next(), n, b)
	}
	var tgt int
	if f.pools.narrow {
		tgt = nthBit(f.pools.units[b]&^span(own.first, own.end), k)
	} else {
		for s := tfs; ; s &= s - 1 {
			fo := &f.forces[s.first()]
			if c := fo.count(b); k >= c {
				k -= c // beyond this task force's candidates
				continue
			}
			tgt = int(fo.first) + nthBit(fo.cands[b], k)
			break
		}
	}
	a := attack{att: int16(i), tgt: f.units[tgt].alias, hits: int32(u.cur)}
	if roll {
		mods := int(own.nimMods) + extra
		natural := int(f.next() % 10)
		a.natural, a.mods, a.crit = int8(natural), int8(mods), natural == 9
		a.hits = int32((int(u.cur)*cerK(natural+mods) + 2) / 4)
		f.crits += int(b2u(a.crit))
	}
	f.atk = append(f.atk, a)
}

// nimApply applies the group's attacks one after another (§4.6) and
// reports whether a state changed. A squadron's new state is found without
// branches, as specLevel does under spec: one step up when its counter
// reaches its DS, two from undamaged with a crit and twice its DS, none if
// it was destroyed (its counter is not read again this round).
func (f *fighter) nimApply(r int, phase byte) bool {
	changed := false
	for k := range f.atk {
		a := &f.atk[k]
		t := &f.units[a.tgt]
		before := t.state
		a.before = before
		t.dmg += a.hits
		ds := int32(t.ds)
		steps := b2u(t.dmg >= ds) * (1 + b2u(before == stateU)&b2u(t.dmg >= 2*ds)&b2u(a.crit))
		t.state = before + steps*b2u(before != stateD)
		if t.state != before {
			f.transition(int(a.tgt), before)
			t.fellInM = phase == 'M' && t.state == stateD
			changed = true
		}
		if f.rec != nil {
			f.rec.attack(f, r, phase, *a, t.state)
		}
	}
	return changed
}

// nimRetreat plays §4.7: every TF in the list decides on the list as it
// stands; then, in order of own AS and house id, those that want to leave
// (only they are sorted: the others keep their places).
func (f *fighter) nimRetreat() {
	var own [MaxTaskForces]int
	var order [MaxTaskForces]int // those that want to leave
	n, total := 0, 0
	for t := range f.forces {
		if !f.forces[t].out {
			own[t] = f.ownAS(t)
			total += own[t]
		}
	}
	for t := range f.forces {
		fo := &f.forces[t]
		if fo.out {
			continue
		}
		enemy := total - own[t] // the other TFs in the list
		// The TF's ROE (only spec raises it, §3.1 step 2), and prestige
		// read as ROE × 10 (§4.9 row 11).
		roe := clampROE(int(fo.roe) + moraleROE(int(fo.roe)*10))
		if !fo.homeworld && (own[t] == 0 || enemy > 0 && float64(own[t])/float64(enemy) < nimThreshold[roe]) {
			order[n] = t
			n++
		}
	}
	// Stable insertion sort by (own AS, house id).
	for i := 1; i < n; i++ {
		x := order[i]
		j := i
		for j > 0 && (own[order[j-1]] > own[x] || own[order[j-1]] == own[x] && f.tfs[order[j-1]].House > f.tfs[x].House) {
			order[j] = order[j-1]
			j--
		}
		order[j] = x
	}
	for _, t := range order[:n] {
		f.leave(t)
	}
}
