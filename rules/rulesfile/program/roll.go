package program

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// compileFaceTest compiles a condition on the face of die in context c.
func (cp *compiler) compileFaceTest(e *document.Expr, c context, die []int64) (FaceTest, error) {
	if !e.Present() {
		return FaceTest{}, nil
	}
	c.reads |= readFace
	c.die = die
	ce, err := cp.compile(e, &c, true)
	if err != nil {
		return FaceTest{}, err
	}
	ft := FaceTest{Set: true}
	if len(ce.Vars) == 1 && ce.Vars[0].Kind == VFace {
		ft.Mask = make([]bool, len(die))
		for i := range die {
			ft.Mask[i] = ce.Table[i] != 0
		}
		return ft, nil
	}
	if ce.static() {
		ft.Mask = make([]bool, len(die))
		for i := range die {
			ft.Mask[i] = ce.K != 0
		}
		return ft, nil
	}
	ft.E = ce
	return ft, nil
}

// compileRoll compiles a roll in context c.
func (cp *compiler) compileRoll(r *document.Roll, c context) (*Roll, error) {
	rc := &Roll{Src: r}
	if !r.IsDice() {
		v, err := cp.compile(&r.Value, &c, false)
		if err != nil {
			return nil, err
		}
		rc.Value = v
		rc.lo, rc.hi = v.Bounds()
		return rc, nil
	}
	var err error
	if rc.Dice, err = cp.compile(&r.Dice, &c, false); err != nil {
		return nil, err
	}
	dlo, dhi := rc.Dice.Bounds()
	if dhi > document.MaxDice {
		return nil, exprError(&r.Dice, 1, 0, "a roll of up to "+Itoa(int(dhi))+" dice: at most "+Itoa(document.MaxDice)+" are allowed")
	}
	dlo = max(dlo, 0)
	if r.Faces.Present() {
		if err := cp.compileFaces(r, &c, rc, dlo, dhi); err != nil {
			return nil, err
		}
		return rc, nil
	}
	rc.Die = r.Die.Faces
	if rc.Reroll, err = cp.compileFaceTest(&r.Reroll, c, rc.Die); err != nil {
		return nil, err
	}
	if rc.Explode, err = cp.compileFaceTest(&r.Explode, c, rc.Die); err != nil {
		return nil, err
	}
	rc.Depth = int(r.ExplodeDepth)
	if rc.Count, err = cp.compileFaceTest(&r.Count, c, rc.Die); err != nil {
		return nil, err
	}
	if r.Plus.Present() {
		if rc.Plus, err = cp.compile(&r.Plus, &c, false); err != nil {
			return nil, err
		}
	}
	switch r.Keep {
	case "highest":
		rc.Keep = 1
	case "lowest":
		rc.Keep = 2
	}
	rc.KeepN = int(r.KeepN)
	rc.Coins = len(rc.Die) == 2 && rc.Die[0] == 0 && rc.Die[1] == 1 && rc.Keep == 0 && !rc.Reroll.Set && !rc.Explode.Set && !rc.Count.Set
	rc.Flips = rc.Coins && rc.Plus == nil
	rc.lo, rc.hi = rc.bounds(int(dlo), int(dhi))
	return rc, nil
}

// compileFaces compiles the rest of a roll of dice whose faces are an
// expression (faces: F, each die 1 to F), given the bounds of its number
// of dice: its faces, its plus and its bounds.
func (cp *compiler) compileFaces(r *document.Roll, c *context, rc *Roll, dlo, dhi int32) error {
	var err error
	if rc.Faces, err = cp.compile(&r.Faces, c, false); err != nil {
		return err
	}
	flo, fhi := rc.Faces.Bounds()
	if fhi > document.MaxFaces {
		return exprError(&r.Faces, 1, 0, "dice of up to "+Itoa(int(fhi))+" faces: at most "+Itoa(document.MaxFaces)+" are allowed")
	}
	if r.Plus.Present() {
		if rc.Plus, err = cp.compile(&r.Plus, c, false); err != nil {
			return err
		}
	}
	lo, hi := int64(dlo)*int64(min(max(flo, 0), 1)), int64(dhi)*int64(max(fhi, 0))
	if rc.Plus != nil {
		plo, phi := rc.Plus.Bounds()
		lo, hi = lo+int64(plo), hi+int64(phi)
	}
	rc.lo, rc.hi = clamp32(lo), clamp32(hi)
	return nil
}

func Itoa(i int) string {
	if i < 0 {
		return "-" + Itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return Itoa(i/10) + string(rune('0'+i%10))
}

// sixFaces is the die of wound and save rolls.
var sixFaces = []int64{1, 2, 3, 4, 5, 6}

// compileWeapons compiles every weapon every type carries.
func (b *Battle) compileWeapons(cp *compiler) error {
	for t, ut := range b.Types {
		for _, wu := range ut.Weapons {
			if err := b.compileWeapon(cp, t, wu.W); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *Battle) compileWeapon(cp *compiler, t int, w *Weapon) error {
	d := w.Decl
	ut := b.Types[t]
	w.Die = d.Die.Faces
	self := context{reads: readOptions | readSelf | readSides | readRound, types: [NumRoles]int{t, -1, -1}, side: ut.Side}
	if err := b.compileWeaponDice(cp, w, self); err != nil {
		return err
	}
	n := len(b.Types)
	w.Hit, w.Wound, w.CritWound, w.Save = make([]FaceTest, n), make([]FaceTest, n), make([]FaceTest, n), make([]FaceTest, n)
	w.Damage, w.Reduce = make([]*Roll, n), make([]*Expr, n)
	w.Volley = !d.Wound.Present() && !d.Save.Present() && !d.Reduce.Present() && !d.Spill && !d.Damage.IsDice()
	for i, u := range b.Sides[1-ut.Side].Types {
		if err := b.compileWeaponAgainst(cp, w, self, u, i == 0); err != nil {
			return err
		}
	}
	w.Plain = w.Attacks.static() && !w.Reroll.Set && !w.Explode.Set && !w.Crit.Set
	b.weaponFaces(w, ut.Side)
	return nil
}

// compileWeaponDice compiles what a weapon's dice do whatever they are
// fired at: how many, re-rolls (and the side track they spend),
// explosions, criticals.
func (b *Battle) compileWeaponDice(cp *compiler, w *Weapon, self context) error {
	d := w.Decl
	var err error
	if d.Attacks.Present() {
		if w.Attacks, err = cp.compile(&d.Attacks, &self, false); err != nil {
			return err
		}
	} else {
		w.Attacks = &Expr{K: 1}
	}
	if w.Reroll, err = cp.compileFaceTest(&d.Reroll.When, self, w.Die); err != nil {
		return err
	}
	w.Budget = -1
	if d.Reroll.Budget != "" {
		w.Budget = NameIndex(b.Lang.SideTracks, d.Reroll.Budget)
		if w.Budget < 0 {
			return document.ErrUnknown(d.Reroll.Node.Get("budget"), "side track", d.Reroll.Budget, b.Lang.SideTracks)
		}
	}
	if w.Explode, err = cp.compileFaceTest(&d.Explode, self, w.Die); err != nil {
		return err
	}
	w.Crit, err = cp.compileFaceTest(&d.Crit, self, w.Die)
	return err
}

// compileWeaponAgainst compiles a weapon's hit, wound, save, damage and
// reduction against the enemy's unit type u (first: the first of them),
// and keeps it a volley weapon only while its damage is the same number
// against every target and its hits are decided by the face alone.
func (b *Battle) compileWeaponAgainst(cp *compiler, w *Weapon, self context, u int, first bool) error {
	d := w.Decl
	at := self
	at.reads |= readTarget
	at.types[RoleTarget] = u
	hit := d.Hit
	if !hit.Present() {
		hit = document.Expr{Src: "true", Node: d.Node}
	}
	var err error
	if w.Hit[u], err = cp.compileFaceTest(&hit, at, w.Die); err != nil {
		return err
	}
	w.Volley = w.Volley && w.Hit[u].E == nil
	if w.Wound[u], err = cp.compileFaceTest(&d.Wound, at, sixFaces); err != nil {
		return err
	}
	if w.CritWound[u], err = cp.compileFaceTest(&d.CritWound, at, sixFaces); err != nil {
		return err
	}
	if w.Save[u], err = cp.compileFaceTest(&d.Save, at, sixFaces); err != nil {
		return err
	}
	if w.Damage[u], err = cp.compileRoll(&d.Damage, at); err != nil {
		return err
	}
	if d.Reduce.Present() {
		if w.Reduce[u], err = cp.compile(&d.Reduce, &at, false); err != nil {
			return err
		}
	}
	dm := w.Damage[u]
	if dm.Value == nil || !dm.Value.static() || (!first && dm.Value.K != w.dmg) {
		w.Volley = false
	} else {
		w.dmg = dm.Value.K
	}
	return nil
}

// weaponFaces works out, for a weapon of a unit type of side, which
// enemy types each face hits whatever the state (faceMask), those whose
// hit reads the state (dynMask), the damage policies count a hit as, and
// for a plain weapon the groups of targets its faces reach.
func (b *Battle) weaponFaces(w *Weapon, side int) {
	w.FaceMask = make([]uint64, len(w.Die))
	w.PolicyDmg = 0
	for _, u := range b.Sides[1-side].Types {
		ht := &w.Hit[u]
		if ht.E != nil {
			w.DynMask |= 1 << uint(u)
		} else {
			for fi, ok := range ht.Mask {
				if ok {
					w.FaceMask[fi] |= 1 << uint(u)
				}
			}
		}
		w.Plain = w.Plain && ht.E == nil && len(w.Die) <= 255
		w.PolicyDmg = max(w.PolicyDmg, w.Damage[u].hi)
	}
	w.Thresh = 65536 % uint64(len(w.Die))
	w.FaceGroup = make([]uint8, len(w.Die))
	for fi, m := range w.FaceMask {
		if m == 0 {
			continue
		}
		g := slicesIndexU(w.Groups, m)
		if g < 0 {
			g = len(w.Groups)
			w.Groups = append(w.Groups, m)
		}
		w.FaceGroup[fi] = uint8(g + 1)
	}
	w.GroupOrder = make([]int, len(w.Groups))
	for g := range w.GroupOrder {
		w.GroupOrder[g] = g
	}
	slices.SortStableFunc(w.GroupOrder, func(x, y int) int { return bits.OnesCount64(w.Groups[x]) - bits.OnesCount64(w.Groups[y]) })
	w.GroupWeights = make([]int64, len(w.Groups)+1)
	for _, g := range w.FaceGroup {
		w.GroupWeights[g]++
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

func RollWords(r document.Roll) string {
	if !r.IsDice() {
		return r.Value.Src
	}
	s := fmt.Sprintf("%sd%d", r.Dice.Src, len(r.Die.Faces))
	if r.Faces.Present() {
		s = fmt.Sprintf("%sd(%s)", r.Dice.Src, r.Faces.Src)
	}
	if r.Plus.Present() {
		s += " + " + r.Plus.Src
	}
	return s
}
