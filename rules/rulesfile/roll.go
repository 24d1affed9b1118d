package rulesfile

import (
	"math"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// faceTest is a compiled condition on a die's face: a table of the faces
// that meet it, when it reads nothing else of the state, or the
// expression.
type faceTest struct {
	set  bool   // a condition was given
	mask []bool // per face index, when e is nil
	e    *cexpr
}

// compileFaceTest compiles a condition on the face of die in context c.
func (cp *compiler) compileFaceTest(e *document.Expr, c context, die []int64) (faceTest, error) {
	if !e.Present() {
		return faceTest{}, nil
	}
	c.reads |= readFace
	c.die = die
	ce, err := cp.compile(e, &c, true)
	if err != nil {
		return faceTest{}, err
	}
	ft := faceTest{set: true}
	if len(ce.vars) == 1 && ce.vars[0].kind == vFace {
		ft.mask = make([]bool, len(die))
		for i := range die {
			ft.mask[i] = ce.table[i] != 0
		}
		return ft, nil
	}
	if ce.static() {
		ft.mask = make([]bool, len(die))
		for i := range die {
			ft.mask[i] = ce.k != 0
		}
		return ft, nil
	}
	ft.e = ce
	return ft, nil
}

// rollC is a compiled roll.
type rollC struct {
	value   *cexpr // no dice: this value
	dice    *cexpr // how many dice
	die     []int64
	faces   *cexpr // dice of faces 1..faces (die nil), when the roll says so
	keep    int8   // 0 none, 1 highest, 2 lowest
	keepN   int
	reroll  faceTest
	explode faceTest
	depth   int
	count   faceTest // set: the result counts the faces that meet it
	plus    *cexpr
	lo, hi  int32 // the range of the result
	coins   bool  // coins (faces 0 and 1) summed, nothing else: heads counted
	// flips: coins with no modifier (plus), which a contest flips itself
	flips bool
	// dist caches the result's distribution for rolls that read nothing
	// of the state (see Dist).
	src *document.Roll
}

// compileRoll compiles a roll in context c.
func (cp *compiler) compileRoll(r *document.Roll, c context) (*rollC, error) {
	rc := &rollC{src: r}
	if !r.IsDice() {
		v, err := cp.compile(&r.Value, &c, false)
		if err != nil {
			return nil, err
		}
		rc.value = v
		rc.lo, rc.hi = v.bounds()
		return rc, nil
	}
	var err error
	if rc.dice, err = cp.compile(&r.Dice, &c, false); err != nil {
		return nil, err
	}
	dlo, dhi := rc.dice.bounds()
	if dhi > document.MaxDice {
		return nil, exprError(&r.Dice, 1, 0, "a roll of up to "+itoa(int(dhi))+" dice: at most "+itoa(document.MaxDice)+" are allowed")
	}
	dlo = max(dlo, 0)
	if r.Faces.Present() {
		if rc.faces, err = cp.compile(&r.Faces, &c, false); err != nil {
			return nil, err
		}
		flo, fhi := rc.faces.bounds()
		if fhi > document.MaxFaces {
			return nil, exprError(&r.Faces, 1, 0, "dice of up to "+itoa(int(fhi))+" faces: at most "+itoa(document.MaxFaces)+" are allowed")
		}
		if r.Plus.Present() {
			if rc.plus, err = cp.compile(&r.Plus, &c, false); err != nil {
				return nil, err
			}
		}
		lo, hi := int64(dlo)*int64(min(max(flo, 0), 1)), int64(dhi)*int64(max(fhi, 0))
		if rc.plus != nil {
			plo, phi := rc.plus.bounds()
			lo, hi = lo+int64(plo), hi+int64(phi)
		}
		rc.lo, rc.hi = clamp32(lo), clamp32(hi)
		return rc, nil
	}
	rc.die = r.Die.Faces
	if rc.reroll, err = cp.compileFaceTest(&r.Reroll, c, rc.die); err != nil {
		return nil, err
	}
	if rc.explode, err = cp.compileFaceTest(&r.Explode, c, rc.die); err != nil {
		return nil, err
	}
	rc.depth = int(r.ExplodeDepth)
	if rc.count, err = cp.compileFaceTest(&r.Count, c, rc.die); err != nil {
		return nil, err
	}
	if r.Plus.Present() {
		if rc.plus, err = cp.compile(&r.Plus, &c, false); err != nil {
			return nil, err
		}
	}
	switch r.Keep {
	case "highest":
		rc.keep = 1
	case "lowest":
		rc.keep = 2
	}
	rc.keepN = int(r.KeepN)
	rc.coins = len(rc.die) == 2 && rc.die[0] == 0 && rc.die[1] == 1 && rc.keep == 0 && !rc.reroll.set && !rc.explode.set && !rc.count.set
	rc.flips = rc.coins && rc.plus == nil
	rc.lo, rc.hi = rc.bounds(int(dlo), int(dhi))
	return rc, nil
}

// bounds works out the range of the roll's result from the range of its
// dice.
func (rc *rollC) bounds(dlo, dhi int) (lo, hi int32) {
	fmin, fmax := int64(math.MaxInt32), int64(math.MinInt32)
	for _, f := range rc.die {
		fmin, fmax = min(fmin, f), max(fmax, f)
	}
	per := 1
	if rc.explode.set {
		per += rc.depth
	}
	var l, h int64
	switch {
	case rc.count.set:
		l, h = 0, int64(dhi*per)
	default:
		nlo, nhi := int64(dlo), int64(dhi)
		if rc.keep != 0 { // a kept die is the sum of its chain
			nlo, nhi = min(nlo, int64(rc.keepN)), min(nhi, int64(rc.keepN))
		}
		nhi *= int64(per)
		l, h = min(nlo*fmin, nhi*fmin), max(nlo*fmax, nhi*fmax)
		if fmin < 0 {
			l = min(l, nhi*fmin)
		}
	}
	if rc.plus != nil {
		plo, phi := rc.plus.bounds()
		l, h = l+int64(plo), h+int64(phi)
	}
	return clamp32(l), clamp32(h)
}

func clamp32(v int64) int32 { return int32(max(min(v, math.MaxInt32/4), math.MinInt32/4)) }

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// weaponC is a weapon as one unit type fires it, compiled against every
// target type of the enemy.
type weaponC struct {
	decl    *document.WeaponDecl
	die     []int64
	attacks *cexpr
	reroll  faceTest
	budget  int // the side track re-rolls spend, or -1
	explode faceTest
	crit    faceTest
	// per global target type (nil or unset for the firing side's own)
	hit       []faceTest
	wound     []faceTest
	critWound []faceTest
	save      []faceTest
	damage    []*rollC
	reduce    []*cexpr
	// volley marks a weapon whose hits go to targets as a whole volley:
	// no wound or save step, damage the same against every target, no
	// reduction, no spill-over, hits decided by the face alone.
	volley bool
	dmg    int32 // the damage of a volley weapon
	// faceMask[fi] has the bit of every target type a die showing face
	// index fi hits whatever the state; dynMask those types whose hit test
	// reads the state, tested target by target.
	faceMask  []uint64
	dynMask   uint64
	policyDmg int32 // the damage a policy counts a hit as doing: the most it can do
	// plain marks a weapon whose dice only hit or miss, decided by the
	// face alone: a fixed number of attacks, no re-roll, explosion or
	// critical, no hit test that reads the state.
	plain bool
	// groups are the distinct sets of targets the faces of a plain weapon
	// reach, and faceGroup[fi] is 1 + the group of face fi (0: a miss);
	// thresh is 2¹⁶ mod the die's faces (die).
	groups       []uint64
	faceGroup    []uint8
	groupWeights []int64 // the faces of each class: misses, then each group
	groupOrder   []int   // the groups in the order kill-greedy takes them: the fewest targets first
	thresh       uint64
}

// sixFaces is the die of wound and save rolls.
var sixFaces = []int64{1, 2, 3, 4, 5, 6}

// compileWeapons compiles every weapon every type carries.
func (b *Battle) compileWeapons(cp *compiler) error {
	for t, ut := range b.types {
		for _, wu := range ut.weapons {
			if err := b.compileWeapon(cp, t, wu.w); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *Battle) compileWeapon(cp *compiler, t int, w *weaponC) error {
	d := w.decl
	ut := b.types[t]
	w.die = d.Die.Faces
	self := context{reads: readOptions | readSelf | readSides | readRound, types: [nRoles]int{t, -1, -1}, side: ut.side}
	if err := b.compileWeaponDice(cp, w, self); err != nil {
		return err
	}
	n := len(b.types)
	w.hit, w.wound, w.critWound, w.save = make([]faceTest, n), make([]faceTest, n), make([]faceTest, n), make([]faceTest, n)
	w.damage, w.reduce = make([]*rollC, n), make([]*cexpr, n)
	w.volley = !d.Wound.Present() && !d.Save.Present() && !d.Reduce.Present() && !d.Spill && !d.Damage.IsDice()
	for i, u := range b.sides[1-ut.side].types {
		if err := b.compileWeaponAgainst(cp, w, self, u, i == 0); err != nil {
			return err
		}
	}
	w.plain = w.attacks.static() && !w.reroll.set && !w.explode.set && !w.crit.set
	b.weaponFaces(w, ut.side)
	return nil
}

// compileWeaponDice compiles what a weapon's dice do whatever they are
// fired at: how many, re-rolls (and the side track they spend),
// explosions, criticals.
func (b *Battle) compileWeaponDice(cp *compiler, w *weaponC, self context) error {
	d := w.decl
	var err error
	if d.Attacks.Present() {
		if w.attacks, err = cp.compile(&d.Attacks, &self, false); err != nil {
			return err
		}
	} else {
		w.attacks = &cexpr{k: 1}
	}
	if w.reroll, err = cp.compileFaceTest(&d.Reroll.When, self, w.die); err != nil {
		return err
	}
	w.budget = -1
	if d.Reroll.Budget != "" {
		w.budget = nameIndex(b.lang.sideTracks, d.Reroll.Budget)
		if w.budget < 0 {
			return document.ErrUnknown(d.Reroll.Node.Get("budget"), "side track", d.Reroll.Budget, b.lang.sideTracks)
		}
	}
	if w.explode, err = cp.compileFaceTest(&d.Explode, self, w.die); err != nil {
		return err
	}
	w.crit, err = cp.compileFaceTest(&d.Crit, self, w.die)
	return err
}

// compileWeaponAgainst compiles a weapon's hit, wound, save, damage and
// reduction against the enemy's unit type u (first: the first of them),
// and keeps it a volley weapon only while its damage is the same number
// against every target and its hits are decided by the face alone.
func (b *Battle) compileWeaponAgainst(cp *compiler, w *weaponC, self context, u int, first bool) error {
	d := w.decl
	at := self
	at.reads |= readTarget
	at.types[roleTarget] = u
	hit := d.Hit
	if !hit.Present() {
		hit = document.Expr{Src: "true", Node: d.Node}
	}
	var err error
	if w.hit[u], err = cp.compileFaceTest(&hit, at, w.die); err != nil {
		return err
	}
	w.volley = w.volley && w.hit[u].e == nil
	if w.wound[u], err = cp.compileFaceTest(&d.Wound, at, sixFaces); err != nil {
		return err
	}
	if w.critWound[u], err = cp.compileFaceTest(&d.CritWound, at, sixFaces); err != nil {
		return err
	}
	if w.save[u], err = cp.compileFaceTest(&d.Save, at, sixFaces); err != nil {
		return err
	}
	if w.damage[u], err = cp.compileRoll(&d.Damage, at); err != nil {
		return err
	}
	if d.Reduce.Present() {
		if w.reduce[u], err = cp.compile(&d.Reduce, &at, false); err != nil {
			return err
		}
	}
	dm := w.damage[u]
	if dm.value == nil || !dm.value.static() || (!first && dm.value.k != w.dmg) {
		w.volley = false
	} else {
		w.dmg = dm.value.k
	}
	return nil
}

// weaponFaces works out, for a weapon of a unit type of side, which
// enemy types each face hits whatever the state (faceMask), those whose
// hit reads the state (dynMask), the damage policies count a hit as, and
// for a plain weapon the groups of targets its faces reach.
func (b *Battle) weaponFaces(w *weaponC, side int) {
	w.faceMask = make([]uint64, len(w.die))
	w.policyDmg = 0
	for _, u := range b.sides[1-side].types {
		ht := &w.hit[u]
		if ht.e != nil {
			w.dynMask |= 1 << uint(u)
		} else {
			for fi, ok := range ht.mask {
				if ok {
					w.faceMask[fi] |= 1 << uint(u)
				}
			}
		}
		w.plain = w.plain && ht.e == nil && len(w.die) <= 255
		w.policyDmg = max(w.policyDmg, w.damage[u].hi)
	}
	w.thresh = 65536 % uint64(len(w.die))
	w.faceGroup = make([]uint8, len(w.die))
	for fi, m := range w.faceMask {
		if m == 0 {
			continue
		}
		g := slicesIndexU(w.groups, m)
		if g < 0 {
			g = len(w.groups)
			w.groups = append(w.groups, m)
		}
		w.faceGroup[fi] = uint8(g + 1)
	}
	w.groupOrder = make([]int, len(w.groups))
	for g := range w.groupOrder {
		w.groupOrder[g] = g
	}
	slices.SortStableFunc(w.groupOrder, func(x, y int) int { return bits.OnesCount64(w.groups[x]) - bits.OnesCount64(w.groups[y]) })
	w.groupWeights = make([]int64, len(w.groups)+1)
	for _, g := range w.faceGroup {
		w.groupWeights[g]++
	}
}

func slicesIndexU(s []uint64, x uint64) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}
