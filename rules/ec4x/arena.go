package ec4x

// Squadron states (§3.6, §4.6): undamaged, crippled, destroyed. The order
// matters: a state only ever moves up.
const (
	stateU uint8 = iota
	stateC
	stateD
)

var stateLetters = [3]byte{'U', 'C', 'D'}

// unit is one squadron during a battle: its figures, resolved from the
// ship table, and its state. Both profiles play on the same units.
type unit struct {
	// as and ds are the squadron's AS and DS, Σ over its ships (§2.2): at
	// most 65 ships of at most 117 (AS or DS 50 at WEP 10), below 2¹⁵.
	as, ds int16
	cur    int16 // its current AS, asIn its state, kept by transition
	alias  int16 // the first unit with this unit's id, which takes the damage aimed at it under nim-2025-11 (§4.6)
	dmg    int32 // the round damage counter c (§3.6, §4.6)
	cr     int16 // the flagship's CR (§2.2)
	tf     int8  // index of its task force
	// bucket is its flagship's (§2.2), which gives its base weight (never
	// changed under nim-2025-11, §4.9 row 5). A fighter squadron (flagship
	// Fighter) is binary under spec (§3.6 step 2), crippled like any
	// squadron under nim-2025-11 (§4.9 row 6). A Raider flagship is an
	// ambusher in Phase 1 (§3.3, §4.4).
	bucket Bucket
	bonus  int8  // the morale +1 of one squadron (§3.1 step 3, prestige 21-40)
	scouts uint8 // its Scout ships (scout bonus, §3.5; ELI mesh, §3.1 step 5)
	// starbase: flagship Starbase: +2 CER and the crit re-roll (§3.5, spec).
	starbase  bool
	state, s0 uint8 // state now and at the start of the round (§3.6)
	crit      bool  // the round crit flag k (§3.6)
	fired     bool  // fired in Phase 1 this round (§3.3)
	// fellInM: nim-2025-11, destroyed in this round's Phase M, where it
	// still attacks (§4.9 row 13).
	fellInM bool
}

// fighter reports whether u is a fighter squadron.
func (u *unit) fighter() bool { return u.bucket == BucketFighter }

// force is one task force during a battle: a battle copies its arena, and
// its rules read the task force's figures from here rather than from the
// TaskForce, which is kept for its house and the replay.
type force struct {
	first, end int32 // its units
	living     int32 // its units not destroyed
	as         int32 // Σ current AS of its units (§3.7 step 3, §4.7)
	prestige   int32 // TaskForce.Prestige
	// scoutShips and starbaseNum are its Scout and Starbase ships (§3.1
	// step 5 mesh and ELI units); scouting its units not destroyed with a
	// Scout ship (§3.5 Scouts).
	scoutShips, starbaseNum, scouting int16
	morale                            int8 // CER modifier from morale (§3.1 step 3; §4.2 step 2)
	nimMods                           int8 // nim-2025-11: morale and scout bonus, fixed at setup (§4.2, §4.4)
	roe                               int8 // ROE (10 with a Starbase, §3.1 step 2)
	eli, clk                          int8 // TaskForce.ELI and CLK
	givenMorale                       int8 // TaskForce.Morale, if hasMorale
	hasMorale                         bool // TaskForce.HasMorale
	out                               bool // retreated: no longer in the battle (§3.7, §4.7)
	autoCrit                          bool // spec, prestige 61-80: the first CER attack is a natural 9
	homeworld                         bool // TaskForce.Homeworld
	noRetreat                         bool // a homeworld defender or a TF with a Starbase (§3.7 step 1)
	starbase                          bool // has a Starbase ship
	cloaked                           bool // §3.1 step 4; §4.2 step 2
	detected                          bool // §3.1 steps 5-6
	scouts                            bool // nim-2025-11: the scout bonus, fixed at setup (§4.2)
	// cands are its candidates by bucket, bit j for unit first+j (at most
	// maxSquadrons = 64), candN their number and candW their weight: its
	// part of the candidate index (pools).
	cands [numBuckets]uint64
	candW [numBuckets]int16
	candN [numBuckets]uint8
	// Facts of its squadrons, found as they are loaded: some ship is a
	// Raider (§3.1 step 4); every squadron has a Raider ship (§4.9 row 9);
	// some squadron has an ELI ship (§4.9 row 10).
	anyRaider, allRaiders, anyELI bool
}

// arena is the battlefield of one trial: the task forces and their units.
// Unit i of task force t is squadron i − first of tfs[t], and forces[t] is
// tfs[t]: forces and units hold no pointers, so that copying them is a
// plain copy of a few hundred bytes.
//
// The rest is what a battle keeps instead of recomputing, built by index
// as the arena is loaded, so that a battle on a copy of the arena starts
// from it: the candidate index and the number of task forces fighting,
// kept up to date by transition and leave; and two orders that never
// change, since CRs and buckets do not (battles only read them).
type arena struct {
	tfs       []TaskForce
	forces    []force
	units     []unit
	nim       bool    // profile nim-2025-11: crippled AS and weights (asIn, weightOf)
	factor    [4]int8 // the profile's weight factors by state (weightOf)
	pools     pools   // the candidates (§3.4 step 1, §4.5 step 1)
	nFighting int     // the task forces fighting
	// main is every squadron but the fighter squadrons by descending
	// flagship CR, stably: the Phase 3/M order (§3.3, §4.4).
	main []crEntry
	// fighterSqs are the fighter squadrons in TF then squadron order: the
	// attackers of Phase 2/I (§3.3, §4.4).
	fighterSqs []int
}

// copyFrom makes a a copy of src, ready for a battle: src is not changed
// by the battle.
func (a *arena) copyFrom(src *arena) {
	a.tfs, a.nim, a.factor, a.nFighting = src.tfs, src.nim, src.factor, src.nFighting
	a.forces = append(a.forces[:0], src.forces...)
	a.units = append(a.units[:0], src.units...)
	a.pools = src.pools
	a.main = append(a.main[:0], src.main...)
	a.fighterSqs = append(a.fighterSqs[:0], src.fighterSqs...)
}

// load fills the arena from task forces with the ship table and, under
// spec, WEP scaling (§2.1, §2.2, §4.2 step 1). It allocates only while the
// arena's slices grow to size.
func (a *arena) load(tfs []TaskForce, opt Options) {
	a.tfs, a.forces, a.units, a.nim, a.factor = tfs, a.forces[:0], a.units[:0], opt.Nim, specFactor
	if opt.Nim {
		a.factor = nimFactor
	}
	ships := opt.Ships
	for t := range tfs {
		tf := &tfs[t]
		f := force{first: int32(len(a.units)), prestige: int32(tf.Prestige), roe: int8(tf.ROE),
			eli: int8(tf.ELI), clk: int8(tf.CLK), givenMorale: int8(tf.Morale), hasMorale: tf.HasMorale,
			homeworld: tf.Homeworld, noRetreat: tf.Homeworld, allRaiders: true}
		for k := range tf.Squadrons {
			sq := &tf.Squadrons[k]
			u := unit{tf: int8(t), bucket: BucketOf(sq.Flagship), alias: int16(len(a.units))}
			u.starbase = sq.Flagship == Starbase
			u.cr = int16(ships.Stats[sq.Flagship].CR)
			var n shipTally
			u.add(sq.Flagship, ships, sq.Tech, opt.Nim, &n)
			for _, c := range sq.Escorts {
				u.add(c, ships, sq.Tech, opt.Nim, &n)
			}
			f.scoutShips += int16(u.scouts)
			f.starbaseNum += int16(n.starbases)
			f.anyRaider = f.anyRaider || n.raiders > 0
			f.allRaiders = f.allRaiders && n.raiders > 0
			f.anyELI = f.anyELI || n.eli
			f.living++
			if opt.Nim {
				u.alias = int16(a.firstWithID(t, k, int(f.first)))
			}
			a.units = append(a.units, u)
		}
		f.end = int32(len(a.units))
		f.starbase = f.starbaseNum > 0
		a.forces = append(a.forces, f)
	}
	a.index()
}

// firstWithID returns, while task force t is loaded (its units from first
// on), the first unit whose squadron has the id of its squadron k: that
// squadron's own unit if no earlier one has it. Under nim-2025-11 damage
// aimed at an id lands on the first squadron of that id (§4.6; merged
// fleets repeat ids, §5.3). Generated ids (`{house}-sq-{K}`) are compared
// without being built: one names its house, unique in a test, so only its
// own TF can repeat it.
func (a *arena) firstWithID(t, k, first int) int {
	sqs := a.tfs[t].Squadrons
	id := sqs[k].ID
	if id == "" {
		for j := range k {
			if sqs[j].ID == "" && sqs[j].K == sqs[k].K {
				return first + j
			}
		}
		return first + k
	}
	for j := range first { // the task forces loaded before
		if a.squadron(j).ID == id {
			return j
		}
	}
	for j := range k {
		if sqs[j].ID == id {
			return first + j
		}
	}
	return first + k
}

// shipTally counts the ships of a squadron that its task force's facts
// need: Starbases (ELI units, no retreat, no cloak), Raiders (cloak), and
// whether one has an ELI special, Scout or Starbase (§4.2 step 2).
type shipTally struct {
	starbases, raiders int
	eli                bool
}

// add counts one ship of class c into the squadron's figures and n.
func (u *unit) add(c Class, ships *Table, tech int, nim bool, n *shipTally) {
	s := ships.Stats[c]
	if nim {
		u.as += int16(s.AS) // §4.9: nim-2025-11 ignores tech levels
		u.ds += int16(s.DS)
	} else {
		u.as += int16(WEP(s.AS, tech))
		u.ds += int16(WEP(s.DS, tech))
	}
	switch c {
	case Scout:
		u.scouts++
		n.eli = true
	case Starbase:
		n.starbases++
		n.eli = true
	case Raider:
		n.raiders++
	}
}

// alive reports whether task force t has a squadron not destroyed.
func (a *arena) alive(t int) bool { return a.forces[t].living > 0 }

// squadron returns unit i's squadron.
func (a *arena) squadron(i int) *Squadron {
	t := a.units[i].tf
	return &a.tfs[t].Squadrons[i-int(a.forces[t].first)]
}

// name returns unit i's squadron id.
func (a *arena) name(i int) string { return a.squadron(i).Name(&a.tfs[a.units[i].tf]) }
