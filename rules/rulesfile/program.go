package rulesfile

import (
	"cmp"
	"slices"

	"github.com/crucible-sim/crucible/rules/doc"
	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// Phase kinds compiled.
const (
	phFire uint8 = iota
	phContest
	phEach
	phHook
)

// phaseC is a compiled phase.
type phaseC struct {
	kind  uint8
	steps [][]int // fire: the types that fire together, step by step
	group string
	fires [][]int // fire: per type, its weapons (indexes) that fire
	// fast: per type, the one plain weapon it fires when its side plays
	// kill-greedy on the roster (fighter.fastVolley); w nil when it does
	// not fire so
	fast []fastVolley
	// fastAt: per step, the one type's fast volley when it fires so, or nil
	fastAt []*fastVolley
	// contest
	contest *contestC
	// each
	who  int // 0 a, 1 b, 2 both
	each []eachC
	// members are the units the each phase goes through, in order, with
	// what eachPhase needs of them at hand
	members []eachMember
	hook    *hookFn
	node    *doc.Node
}

// fastVolley is what fighter.fastVolley needs of a firing type, packed.
type fastVolley struct {
	w       *weaponC
	t, side int
	perUnit int // dice a unit not destroyed rolls
	hpOff   int
	count   int32
}

// eachC is an each phase's work for one unit type.
type eachC struct {
	when *cexpr
	do   []*effectC
	prog []instr // do as a flat program (flat.go)
}

// eachMember is a unit an each phase goes through: its index, the slot of
// its hit points, its side and its type's effects; whenSlot is the slot of
// the one value of its own the condition reads (self.hp, self.TRACK), or −1
// when the condition is read otherwise: eachPhase then reads it with no
// context made.
type eachMember struct {
	u, slot, side, whenSlot int32
	e                       *eachC
	// the condition's table, when whenSlot is a slot: whenTable[v − whenLo]
	// for the value v, nearest end past its whenN entries
	whenTable     []int32
	whenLo, whenN int32
}

// contestC is a compiled contest. The rolls and effects are compiled for
// each pair of unit types (self, other): pair(t, u).
type contestC struct {
	roll, against []*rollC
	ties          tieRule
	pairs         bool // compare: pairs
	win, lose     [][]*effectC
	decl          *document.ContestDecl
	// the Monte Carlo battle's (flat.go): win and lose as flat programs,
	// and a contest phase's pools of coins when their sizes are known at
	// compile (nil otherwise)
	winP, loseP [][]instr
	sizes       []int32
}

// Effect kinds compiled.
const (
	efDamage uint8 = iota
	efRoll
	efSet
	efAdd
	efRaise
	efLower
	efIf
	efContest
	efEnd
	efHook
)

// effectC is a compiled effect.
type effectC struct {
	kind    uint8
	roll    *rollC // damage, roll
	toSelf  bool   // damage to self
	reg     int    // roll: the register
	who     int8   // change: 0 self, 1 other/target, 2 side, 3 enemy
	track   int    // change: the track, −1 for hp
	value   *cexpr
	then    []*effectC
	els     []*effectC
	contest *contestC // nested: compiled for the one pair in context
	end     int
	hook    *hookFn
	node    *doc.Node
	// guard is, for an if, the size of the pool that the contest its
	// effects begin with rolls first, when it reads the same values as
	// the condition (if: pool > 0, then: contest, roll: pool): the
	// condition's index is the pool's (fighter.guardIdx)
	guard *cexpr
}

// guardedPool returns the pool an if guards (effectC.guard), or nil.
func guardedPool(ec *effectC) *cexpr {
	if len(ec.then) == 0 || ec.then[0].kind != efContest || ec.then[0].contest.pairs {
		return nil
	}
	cond, pool := ec.value, ec.then[0].contest.roll[0].dice
	if pool == nil || cond.shape != shSlots || pool.shape != shSlots || len(cond.vars) != len(pool.vars) {
		return nil
	}
	for i, v := range cond.vars {
		w := pool.vars[i]
		same := v.kind == w.kind && v.role == w.role && v.off == w.off && v.slot == w.slot && v.lo == w.lo && v.n == w.n && v.stride == w.stride
		if !same || v.kind != vReg && v.role == roleTarget { // a nested contest has no target
			return nil
		}
	}
	return pool
}

// tieRule is what a contest's tie does.
type tieRule uint8

const (
	tieReroll tieRule = iota
	tieSelf           // a (phase) or win (nested): self's side wins
	tieOther          // b or lose
	tieNone
	tieCoin
	tieFewer
	tieMore
)

var tieRules = map[string]tieRule{"reroll": tieReroll, "a": tieSelf, "win": tieSelf, "b": tieOther, "lose": tieOther,
	"none": tieNone, "coin": tieCoin, "fewer-dice": tieFewer, "more-dice": tieMore}

// pair indexes per-pair tables.
func (b *Battle) pair(t, u int) int {
	if u < 0 {
		u = len(b.types)
	}
	return t*(len(b.types)+1) + u
}

// scope is where effects are compiled: the types of self and other, the
// side of self and the registers in scope.
type scope struct {
	self, other int
	side        int
	regs        []register
	inContest   bool
}

func (s scope) context(reads reads) context {
	c := context{reads: reads | readOptions | readSelf | readSides | readRound | readRegs, types: [nRoles]int{s.self, -1, s.other}, side: s.side, regs: s.regs}
	if s.other >= 0 {
		c.reads |= readOther
	}
	return c
}

func (b *Battle) compilePhases(cp *compiler, list []*document.Phase) ([]*phaseC, error) {
	var out []*phaseC
	for _, p := range list {
		pc := &phaseC{node: p.Node}
		var err error
		switch p.Kind {
		case "fire":
			pc.kind = phFire
			err = b.compileFire(p, pc)
		case "contest":
			pc.kind = phContest
			pc.contest, err = b.compileContestPhase(cp, p.Contest)
		case "each":
			pc.kind = phEach
			err = b.compileEach(cp, p, pc)
		case "hook":
			pc.kind = phHook
			pc.hook, err = b.hooks.lookup(p.Node, p.Hook)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pc)
	}
	return out, nil
}

// compileFire orders the firing types into steps.
func (b *Battle) compileFire(p *document.Phase, pc *phaseC) error {
	pc.group = p.Group
	if p.Group != "" {
		known := map[string]bool{}
		for _, w := range b.file.Weapons {
			known[w.Group] = true
		}
		if !known[p.Group] {
			groups := slices.Sorted(func(yield func(string) bool) {
				for g := range known {
					if !yield(g) {
						return
					}
				}
			})
			return document.ErrUnknown(p.Node.Get("weapons"), "weapon group", p.Group, groups)
		}
	}
	pc.fires = make([][]int, len(b.types))
	for t, ut := range b.types {
		for k, wu := range ut.weapons {
			if p.Group == "" || wu.w.decl.Group == p.Group {
				pc.fires[t] = append(pc.fires[t], k)
			}
		}
	}
	var firing [2][]int
	for s := range 2 {
		for _, t := range b.sides[s].types {
			if b.fires(t, p.Group) {
				firing[s] = append(firing[s], t)
			}
		}
	}
	switch p.Order {
	case "simultaneous":
		pc.steps = [][]int{append(slices.Clone(firing[0]), firing[1]...)}
		if len(pc.steps[0]) == 0 {
			pc.steps = nil
		}
	case "a-first", "b-first":
		first := 0
		if p.Order == "b-first" {
			first = 1
		}
		for _, s := range []int{first, 1 - first} {
			for _, t := range firing[s] {
				pc.steps = append(pc.steps, []int{t})
			}
		}
	default:
		stat := p.Initiative
		if stat == "" {
			stat = "initiative"
		}
		k := nameIndex(b.lang.stats, stat)
		if k < 0 {
			at := p.Node
			if x := p.Node.Get("initiative"); x != nil {
				at = x
			}
			return document.ErrUnknown(at, "stat (the initiative order reads one)", stat, b.lang.stats)
		}
		all := append(slices.Clone(firing[0]), firing[1]...)
		sizeK := b.sizeStat()
		slices.SortStableFunc(all, func(x, y int) int {
			tx, ty := b.types[x], b.types[y]
			if c := cmp.Compare(ty.stats[k], tx.stats[k]); c != 0 {
				return c
			}
			if tx.side != ty.side {
				if p.Ties == "a" {
					return cmp.Compare(tx.side, ty.side)
				}
				if p.Ties == "b" {
					return cmp.Compare(ty.side, tx.side)
				}
				return 0
			}
			return cmp.Compare(ty.stats[sizeK], tx.stats[sizeK]) // the larger first within a side
		})
		for i := 0; i < len(all); {
			j := i + 1
			for p.Ties == "simultaneous" && j < len(all) && b.types[all[j]].stats[k] == b.types[all[i]].stats[k] {
				j++
			}
			pc.steps = append(pc.steps, slices.Clone(all[i:j]))
			i = j
		}
	}
	return nil
}

// fastPaths marks, in every fire phase, the types whose volleys go
// straight to the roster (fighter.fastVolley): one plain weapon fires, and
// the battle and the side's policy allow it. It runs once the policies are
// known.
func (b *Battle) fastPaths() {
	for _, pc := range append(append([]*phaseC{}, b.start...), b.round...) {
		if pc.kind != phFire {
			continue
		}
		pc.fast = make([]fastVolley, len(b.types))
		for t, ut := range b.types {
			if f := pc.fires[t]; len(f) == 1 && b.rosterSafe && b.policies[ut.side] == polKillGreedy {
				if wu := ut.weapons[f[0]]; wu.w.plain && wu.w.volley {
					pc.fast[t] = fastVolley{w: wu.w, t: t, side: ut.side, perUnit: wu.n * int(wu.w.attacks.k), hpOff: ut.hpOff, count: int32(ut.count)}
				}
			}
		}
		pc.fastAt = make([]*fastVolley, len(pc.steps))
		for i, step := range pc.steps {
			if len(step) == 1 && pc.fast[step[0]].w != nil {
				pc.fastAt[i] = &pc.fast[step[0]]
			}
		}
	}
}

// fires reports whether type t has a weapon of the group ("" : any).
func (b *Battle) fires(t int, group string) bool {
	for _, wu := range b.types[t].weapons {
		if group == "" || wu.w.decl.Group == group {
			return true
		}
	}
	return false
}

// sizeStat returns the index of the stat targeting calls size (hp when the
// file names none).
func (b *Battle) sizeStat() int {
	if k := nameIndex(b.lang.stats, b.file.Targeting.Size); k >= 0 {
		return k
	}
	return 0
}

func (b *Battle) compileContestPhase(cp *compiler, d *document.ContestDecl) (*contestC, error) {
	n := len(b.types)
	c := &contestC{decl: d, ties: tieRules[d.Ties], pairs: d.Pairs, roll: make([]*rollC, n*(n+1)), win: make([][]*effectC, n*(n+1)), lose: make([][]*effectC, n*(n+1))}
	for s := range 2 {
		for _, t := range b.sides[s].types {
			for _, u := range b.sides[1-s].types {
				sc := scope{self: t, other: u, side: s, inContest: true}
				var err error
				p := b.pair(t, u)
				if c.roll[p], err = cp.compileRoll(&d.Roll, sc.context(0)); err != nil {
					return nil, err
				}
				if c.win[p], err = b.compileEffects(cp, d.Win, sc); err != nil {
					return nil, err
				}
				if c.lose[p], err = b.compileEffects(cp, d.Lose, sc); err != nil {
					return nil, err
				}
			}
		}
	}
	return c, b.checkContestEnds(d, c)
}

// checkContestEnds refuses a contest that re-rolls its ties and whose
// rolls can only tie (numbers that never change, or dice of one face): it
// would never end.
func (b *Battle) checkContestEnds(d *document.ContestDecl, c *contestC) error {
	if d.Ties != "reroll" {
		return nil
	}
	fixed := func(r *rollC) bool { return r != nil && r.lo == r.hi && (r.value == nil || r.value.static()) }
	never := false
	if c.against != nil {
		never = fixed(c.roll[0]) && fixed(c.against[0]) && c.roll[0].lo == c.against[0].lo
	} else {
		for s := range 2 {
			for _, t := range b.sides[s].types {
				for _, u := range b.sides[1-s].types {
					x, y := c.roll[b.pair(t, u)], c.roll[b.pair(u, t)]
					never = never || fixed(x) && fixed(y) && x.lo == y.lo
				}
			}
		}
	}
	if !never {
		return nil
	}
	return d.Node.Errorf("this contest re-rolls its ties, but its rolls can only tie (a number that never changes, or dice of one face): a tie would be re-rolled for ever; give it dice, or another tie rule (ties: %s)", joinWords(document.ContestTies))
}

func joinWords(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

func (b *Battle) compileEach(cp *compiler, p *document.Phase, pc *phaseC) error {
	pc.who = map[string]int{"a": 0, "b": 1, "both": 2}[p.Who]
	pc.each = make([]eachC, len(b.types))
	for t, ut := range b.types {
		if pc.who != 2 && ut.side != pc.who {
			continue
		}
		sc := scope{self: t, other: -1, side: ut.side}
		var err error
		if p.When.Present() {
			c := sc.context(0)
			if pc.each[t].when, err = cp.compile(&p.When, &c, true); err != nil {
				return err
			}
		}
		if pc.each[t].do, err = b.compileEffects(cp, p.Do, sc); err != nil {
			return err
		}
	}
	for s := range 2 { // side a's units first
		if pc.who != 2 && pc.who != s {
			continue
		}
		si := &b.sides[s]
		for u := si.first; u < si.first+si.n; u++ {
			m := eachMember{u: int32(u), slot: int32(b.unitBase + u*b.stride), side: int32(s), whenSlot: -1, e: &pc.each[b.unitType[u]]}
			if w := m.e.when; w != nil && w.shape == shUnitSlot && w.vars[0].role == roleSelf {
				m.whenSlot = m.slot + w.vars[0].off
				m.whenTable, m.whenLo, m.whenN = w.table, w.vars[0].lo, w.vars[0].n
			}
			pc.members = append(pc.members, m)
		}
	}
	return nil
}

// compileEffects compiles an effect list in scope sc; registers a roll
// declares are in scope for the effects after it.
func (b *Battle) compileEffects(cp *compiler, list []*document.Effect, sc scope) ([]*effectC, error) {
	var out []*effectC
	for _, e := range list {
		ec := &effectC{node: e.Node}
		var err error
		switch e.Kind {
		case "damage":
			ec.kind, ec.toSelf = efDamage, e.To == "self"
			ec.roll, err = cp.compileRoll(&e.Damage, sc.context(0))
		case "roll":
			for _, nr := range e.Rolls {
				rc, err := cp.compileRoll(&nr.Roll, sc.context(0))
				if err != nil {
					return nil, err
				}
				slot := b.nregs
				b.nregs++
				b.regNames = append(b.regNames, nr.Name)
				out = append(out, &effectC{kind: efRoll, roll: rc, reg: slot, node: nr.Node})
				sc.regs = append(slices.Clip(sc.regs), register{name: document.ExprName(nr.Name), lo: rc.lo, hi: rc.hi, slot: slot})
			}
			continue
		case "set", "add", "raise", "lower":
			for _, ch := range e.Changes {
				c, err := b.compileChange(cp, e.Kind, ch, sc)
				if err != nil {
					return nil, err
				}
				out = append(out, c)
			}
			continue
		case "if":
			ec.kind = efIf
			c := sc.context(0)
			if ec.value, err = cp.compile(&e.If, &c, true); err != nil {
				return nil, err
			}
			if ec.then, err = b.compileEffects(cp, e.Then, sc); err != nil {
				return nil, err
			}
			ec.guard = guardedPool(ec)
			ec.els, err = b.compileEffects(cp, e.Else, sc)
		case "contest":
			ec.kind = efContest
			if sc.other < 0 {
				return nil, e.Node.Errorf("a contest inside effects is between self and other, and here there is no other (only inside a contest phase's effects)")
			}
			ec.contest, err = b.compileNested(cp, e.Contest, sc)
		case "end":
			ec.kind = efEnd
			ec.end = slices.IndexFunc(b.file.Ends, func(d document.EndDecl) bool { return d.Name == e.End })
			if ec.end < 0 {
				return nil, document.ErrUnknown(e.Node, "end", e.End, document.Names(b.file.Ends, func(d document.EndDecl) string { return d.Name }))
			}
		case "hook":
			ec.kind = efHook
			ec.hook, err = b.hooks.lookup(e.Node, e.Hook)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ec)
	}
	return out, nil
}

// compileNested compiles a contest inside effects: self against other, in
// the scope of the effects.
func (b *Battle) compileNested(cp *compiler, d *document.ContestDecl, sc scope) (*contestC, error) {
	c := &contestC{decl: d, ties: tieRules[d.Ties], pairs: d.Pairs, roll: make([]*rollC, 1), against: make([]*rollC, 1), win: make([][]*effectC, 1), lose: make([][]*effectC, 1)}
	var err error
	if c.roll[0], err = cp.compileRoll(&d.Roll, sc.context(0)); err != nil {
		return nil, err
	}
	against := &d.Roll
	if d.Against != nil {
		against = d.Against
	}
	if c.against[0], err = cp.compileRoll(against, sc.context(0)); err != nil {
		return nil, err
	}
	if c.win[0], err = b.compileEffects(cp, d.Win, sc); err != nil {
		return nil, err
	}
	if c.lose[0], err = b.compileEffects(cp, d.Lose, sc); err != nil {
		return nil, err
	}
	return c, b.checkContestEnds(d, c)
}

func (b *Battle) compileChange(cp *compiler, kind string, ch document.Change, sc scope) (*effectC, error) {
	ec := &effectC{node: ch.Node, kind: map[string]uint8{"set": efSet, "add": efAdd, "raise": efRaise, "lower": efLower}[kind]}
	switch ch.Who {
	case "self":
		ec.who = 0
	case "other", "target":
		if sc.other < 0 {
			return nil, ch.Node.Errorf("%s.%s: there is no other unit here (only inside a contest's effects)", ch.Who, ch.Track)
		}
		ec.who = 1
	case "side":
		ec.who = 2
	case "enemy":
		ec.who = 3
	}
	if ec.who <= 1 {
		ec.track = nameIndex(b.lang.tracks, ch.Track)
		if ch.Track == "hp" {
			ec.track = -1
		} else if ec.track < 0 {
			return nil, document.ErrUnknown(ch.Node, "unit track", ch.Track, append([]string{"hp"}, b.lang.tracks...))
		}
	} else {
		ec.track = nameIndex(b.lang.sideTracks, ch.Track)
		if ec.track < 0 {
			return nil, document.ErrUnknown(ch.Node, "side track", ch.Track, b.lang.sideTracks)
		}
	}
	c := sc.context(0)
	var err error
	ec.value, err = cp.compile(&ch.Value, &c, false)
	return ec, err
}
