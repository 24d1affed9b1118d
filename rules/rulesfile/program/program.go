package program

import (
	"cmp"
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// guardedPool returns the pool an if guards (Effect.Guard), or nil.
func guardedPool(ec *Effect) *Expr {
	if len(ec.Then) == 0 || ec.Then[0].Kind != EfContest || ec.Then[0].Contest.Pairs {
		return nil
	}
	cond, pool := ec.Value, ec.Then[0].Contest.Roll[0].Dice
	if pool == nil || cond.Shape != ShSlots || pool.Shape != ShSlots || len(cond.Vars) != len(pool.Vars) {
		return nil
	}
	for i, v := range cond.Vars {
		w := pool.Vars[i]
		same := v.Kind == w.Kind && v.Role == w.Role && v.Off == w.Off && v.Slot == w.Slot && v.Lo == w.Lo && v.N == w.N && v.Stride == w.Stride
		if !same || v.Kind != VReg && v.Role == RoleTarget { // a nested contest has no target
			return nil
		}
	}
	return pool
}

var tieRules = map[string]TieRule{"reroll": TieReroll, "a": TieSelf, "win": TieSelf, "b": TieOther, "lose": TieOther,
	"none": TieNone, "coin": tieCoin, "fewer-dice": TieFewer, "more-dice": TieMore}

// scope is where effects are compiled: the types of self and other, the
// side of self and the registers in scope.
type scope struct {
	self, other int
	side        int
	regs        []register
	inContest   bool
}

func (s scope) context(reads reads) context {
	c := context{reads: reads | readOptions | readSelf | readSides | readRound | readRegs, types: [NumRoles]int{s.self, -1, s.other}, side: s.side, regs: s.regs}
	if s.other >= 0 {
		c.reads |= readOther
	}
	return c
}

func (b *Battle) compilePhases(cp *compiler, list []*document.Phase) ([]*Phase, error) {
	var out []*Phase
	for _, p := range list {
		pc := &Phase{node: p.Node}
		var err error
		switch p.Kind {
		case "fire":
			pc.Kind = PhFire
			err = b.compileFire(p, pc)
		case "contest":
			pc.Kind = PhContest
			pc.Contest, err = b.compileContestPhase(cp, p.Contest)
		case "each":
			pc.Kind = PhEach
			err = b.compileEach(cp, p, pc)
		case "hook":
			pc.Kind = PhHook
			pc.Hook, err = b.Hooks.lookup(p.Node, p.Hook)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pc)
	}
	return out, nil
}

// compileFire orders the firing types into steps.
func (b *Battle) compileFire(p *document.Phase, pc *Phase) error {
	if err := b.checkGroup(p); err != nil {
		return err
	}
	pc.Group = p.Group
	pc.Fires = make([][]int, len(b.Types))
	for t, ut := range b.Types {
		for k, wu := range ut.Weapons {
			if p.Group == "" || wu.W.Decl.Group == p.Group {
				pc.Fires[t] = append(pc.Fires[t], k)
			}
		}
	}
	var firing [2][]int
	for s := range 2 {
		for _, t := range b.Sides[s].Types {
			if b.fires(t, p.Group) {
				firing[s] = append(firing[s], t)
			}
		}
	}
	switch p.Order {
	case "simultaneous":
		pc.Steps = [][]int{append(slices.Clone(firing[0]), firing[1]...)}
		if len(pc.Steps[0]) == 0 {
			pc.Steps = nil
		}
	case "a-first", "b-first":
		first := 0
		if p.Order == "b-first" {
			first = 1
		}
		for _, s := range []int{first, 1 - first} {
			for _, t := range firing[s] {
				pc.Steps = append(pc.Steps, []int{t})
			}
		}
	default:
		steps, err := b.initiativeSteps(p, firing)
		if err != nil {
			return err
		}
		pc.Steps = steps
	}
	return nil
}

// checkGroup checks that a fire phase's weapon group, if it names one, is
// some weapon's.
func (b *Battle) checkGroup(p *document.Phase) error {
	if p.Group == "" {
		return nil
	}
	known := map[string]bool{}
	for _, w := range b.File.Weapons {
		known[w.Group] = true
	}
	if known[p.Group] {
		return nil
	}
	groups := slices.Sorted(func(yield func(string) bool) {
		for g := range known {
			if !yield(g) {
				return
			}
		}
	})
	return document.ErrUnknown(p.Node.Get("weapons"), "weapon group", p.Group, groups)
}

// initiativeSteps orders the firing types of both sides by an initiative
// stat (initiative unless the phase names another), highest first: ties
// across sides go to the side the phase's ties name or fire together
// (ties: simultaneous), and within a side the larger fires first.
func (b *Battle) initiativeSteps(p *document.Phase, firing [2][]int) ([][]int, error) {
	stat := p.Initiative
	if stat == "" {
		stat = "initiative"
	}
	k := NameIndex(b.Lang.Stats, stat)
	if k < 0 {
		at := p.Node
		if x := p.Node.Get("initiative"); x != nil {
			at = x
		}
		return nil, document.ErrUnknown(at, "stat (the initiative order reads one)", stat, b.Lang.Stats)
	}
	var steps [][]int
	all := append(slices.Clone(firing[0]), firing[1]...)
	sizeK := b.sizeStat()
	slices.SortStableFunc(all, func(x, y int) int {
		tx, ty := b.Types[x], b.Types[y]
		if c := cmp.Compare(ty.Stats[k], tx.Stats[k]); c != 0 {
			return c
		}
		if tx.Side != ty.Side {
			if p.Ties == "a" {
				return cmp.Compare(tx.Side, ty.Side)
			}
			if p.Ties == "b" {
				return cmp.Compare(ty.Side, tx.Side)
			}
			return 0
		}
		return cmp.Compare(ty.Stats[sizeK], tx.Stats[sizeK]) // the larger first within a side
	})
	for i := 0; i < len(all); {
		j := i + 1
		for p.Ties == "simultaneous" && j < len(all) && b.Types[all[j]].Stats[k] == b.Types[all[i]].Stats[k] {
			j++
		}
		steps = append(steps, slices.Clone(all[i:j]))
		i = j
	}
	return steps, nil
}

// fastPaths marks, in every fire phase, the types whose volleys go
// straight to the roster (fighter.fastVolley): one plain weapon fires, and
// the battle and the side's policy allow it. It runs once the policies are
// known.
func (b *Battle) fastPaths() {
	for _, pc := range append(append([]*Phase{}, b.Start...), b.Round...) {
		if pc.Kind != PhFire {
			continue
		}
		pc.fast = make([]FastVolley, len(b.Types))
		for t, ut := range b.Types {
			if f := pc.Fires[t]; len(f) == 1 && b.RosterSafe && b.Policies[ut.Side] == PolKillGreedy {
				if wu := ut.Weapons[f[0]]; wu.W.Plain && wu.W.Volley {
					pc.fast[t] = FastVolley{W: wu.W, T: t, Side: ut.Side, PerUnit: wu.N * int(wu.W.Attacks.K), HpOff: ut.HpOff, Count: int32(ut.Count)}
				}
			}
		}
		pc.FastAt = make([]*FastVolley, len(pc.Steps))
		for i, step := range pc.Steps {
			if len(step) == 1 && pc.fast[step[0]].W != nil {
				pc.FastAt[i] = &pc.fast[step[0]]
			}
		}
	}
}

// fires reports whether type t has a weapon of the group ("" : any).
func (b *Battle) fires(t int, group string) bool {
	for _, wu := range b.Types[t].Weapons {
		if group == "" || wu.W.Decl.Group == group {
			return true
		}
	}
	return false
}

// sizeStat returns the index of the stat targeting calls size (hp when the
// file names none).
func (b *Battle) sizeStat() int {
	if k := NameIndex(b.Lang.Stats, b.File.Targeting.Size); k >= 0 {
		return k
	}
	return 0
}

func (b *Battle) compileContestPhase(cp *compiler, d *document.ContestDecl) (*Contest, error) {
	n := len(b.Types)
	c := &Contest{decl: d, Ties: tieRules[d.Ties], Pairs: d.Pairs, Roll: make([]*Roll, n*(n+1)), Win: make([][]*Effect, n*(n+1)), Lose: make([][]*Effect, n*(n+1))}
	for s := range 2 {
		for _, t := range b.Sides[s].Types {
			for _, u := range b.Sides[1-s].Types {
				sc := scope{self: t, other: u, side: s, inContest: true}
				var err error
				p := b.Pair(t, u)
				if c.Roll[p], err = cp.compileRoll(&d.Roll, sc.context(0)); err != nil {
					return nil, err
				}
				if c.Win[p], err = b.compileEffects(cp, d.Win, sc); err != nil {
					return nil, err
				}
				if c.Lose[p], err = b.compileEffects(cp, d.Lose, sc); err != nil {
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
func (b *Battle) checkContestEnds(d *document.ContestDecl, c *Contest) error {
	if d.Ties != "reroll" {
		return nil
	}
	fixed := func(r *Roll) bool { return r != nil && r.lo == r.hi && (r.Value == nil || r.Value.static()) }
	never := false
	if c.Against != nil {
		never = fixed(c.Roll[0]) && fixed(c.Against[0]) && c.Roll[0].lo == c.Against[0].lo
	} else {
		for s := range 2 {
			for _, t := range b.Sides[s].Types {
				for _, u := range b.Sides[1-s].Types {
					x, y := c.Roll[b.Pair(t, u)], c.Roll[b.Pair(u, t)]
					never = never || fixed(x) && fixed(y) && x.lo == y.lo
				}
			}
		}
	}
	if !never {
		return nil
	}
	return d.Node.Errorf("this contest re-rolls its ties, but its rolls can only tie (a number that never changes, or dice of one face): a tie would be re-rolled for ever; give it dice, or another tie rule (ties: %s)", strings.Join(document.ContestTies, ", "))
}

func (b *Battle) compileEach(cp *compiler, p *document.Phase, pc *Phase) error {
	pc.Who = map[string]int{"a": 0, "b": 1, "both": 2}[p.Who]
	pc.Each = make([]eachPhase, len(b.Types))
	for t, ut := range b.Types {
		if pc.Who != 2 && ut.Side != pc.Who {
			continue
		}
		sc := scope{self: t, other: -1, side: ut.Side}
		var err error
		if p.When.Present() {
			c := sc.context(0)
			if pc.Each[t].When, err = cp.compile(&p.When, &c, true); err != nil {
				return err
			}
		}
		if pc.Each[t].Do, err = b.compileEffects(cp, p.Do, sc); err != nil {
			return err
		}
	}
	for s := range 2 { // side a's units first
		if pc.Who != 2 && pc.Who != s {
			continue
		}
		si := &b.Sides[s]
		for u := si.First; u < si.First+si.N; u++ {
			m := eachMember{U: int32(u), Slot: int32(b.UnitBase + u*b.UnitStride), Side: int32(s), WhenSlot: -1, E: &pc.Each[b.UnitType[u]]}
			if w := m.E.When; w != nil && w.Shape == ShUnitSlot && w.Vars[0].Role == RoleSelf {
				m.WhenSlot = m.Slot + w.Vars[0].Off
				m.WhenTable, m.WhenLo, m.WhenN = w.Table, w.Vars[0].Lo, w.Vars[0].N
			}
			pc.Members = append(pc.Members, m)
		}
	}
	return nil
}

// compileEffects compiles an effect list in scope sc; registers a roll
// declares are in scope for the effects after it.
func (b *Battle) compileEffects(cp *compiler, list []*document.Effect, sc scope) ([]*Effect, error) {
	var out []*Effect
	for _, e := range list {
		ec := &Effect{node: e.Node}
		var err error
		switch e.Kind {
		case "damage":
			ec.Kind, ec.ToSelf = EfDamage, e.To == "self"
			ec.Roll, err = cp.compileRoll(&e.Damage, sc.context(0))
		case "roll":
			rolls, err := b.compileNamedRolls(cp, e.Rolls, &sc)
			if err != nil {
				return nil, err
			}
			out = append(out, rolls...)
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
			ec.Kind = EfIf
			c := sc.context(0)
			if ec.Value, err = cp.compile(&e.If, &c, true); err != nil {
				return nil, err
			}
			if ec.Then, err = b.compileEffects(cp, e.Then, sc); err != nil {
				return nil, err
			}
			ec.Guard = guardedPool(ec)
			ec.Els, err = b.compileEffects(cp, e.Else, sc)
		case "contest":
			ec.Kind = EfContest
			if sc.other < 0 {
				return nil, e.Node.Errorf("a contest inside effects is between self and other, and here there is no other (only inside a contest phase's effects)")
			}
			ec.Contest, err = b.compileNested(cp, e.Contest, sc)
		case "end":
			ec.Kind = EfEnd
			ec.End = slices.IndexFunc(b.File.Ends, func(d document.EndDecl) bool { return d.Name == e.End })
			if ec.End < 0 {
				return nil, document.ErrUnknown(e.Node, "end", e.End, document.Names(b.File.Ends, func(d document.EndDecl) string { return d.Name }))
			}
		case "hook":
			ec.Kind = EfHook
			ec.Hook, err = b.Hooks.lookup(e.Node, e.Hook)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ec)
	}
	return out, nil
}

// compileNamedRolls compiles a roll effect's named rolls, each into a
// register of its own that the effects after it in sc may read (sc's
// registers are extended, never written over: the list is clipped, so an
// enclosing scope keeps its own).
func (b *Battle) compileNamedRolls(cp *compiler, rolls []document.NamedRoll, sc *scope) ([]*Effect, error) {
	var out []*Effect
	for _, nr := range rolls {
		rc, err := cp.compileRoll(&nr.Roll, sc.context(0))
		if err != nil {
			return nil, err
		}
		slot := b.NumRegisters
		b.NumRegisters++
		b.regNames = append(b.regNames, nr.Name)
		out = append(out, &Effect{Kind: EfRoll, Roll: rc, Reg: slot, node: nr.Node})
		sc.regs = append(slices.Clip(sc.regs), register{name: document.ExprName(nr.Name), lo: rc.lo, hi: rc.hi, slot: slot})
	}
	return out, nil
}

// compileNested compiles a contest inside effects: self against other, in
// the scope of the effects.
func (b *Battle) compileNested(cp *compiler, d *document.ContestDecl, sc scope) (*Contest, error) {
	c := &Contest{decl: d, Ties: tieRules[d.Ties], Pairs: d.Pairs, Roll: make([]*Roll, 1), Against: make([]*Roll, 1), Win: make([][]*Effect, 1), Lose: make([][]*Effect, 1)}
	var err error
	if c.Roll[0], err = cp.compileRoll(&d.Roll, sc.context(0)); err != nil {
		return nil, err
	}
	against := &d.Roll
	if d.Against != nil {
		against = d.Against
	}
	if c.Against[0], err = cp.compileRoll(against, sc.context(0)); err != nil {
		return nil, err
	}
	if c.Win[0], err = b.compileEffects(cp, d.Win, sc); err != nil {
		return nil, err
	}
	if c.Lose[0], err = b.compileEffects(cp, d.Lose, sc); err != nil {
		return nil, err
	}
	return c, b.checkContestEnds(d, c)
}

func (b *Battle) compileChange(cp *compiler, kind string, ch document.Change, sc scope) (*Effect, error) {
	ec := &Effect{node: ch.Node, Kind: map[string]uint8{"set": EfSet, "add": EfAdd, "raise": EfRaise, "lower": EfLower}[kind]}
	switch ch.Who {
	case "self":
		ec.Who = 0
	case "other", "target":
		if sc.other < 0 {
			return nil, ch.Node.Errorf("%s.%s: there is no other unit here (only inside a contest's effects)", ch.Who, ch.Track)
		}
		ec.Who = 1
	case "side":
		ec.Who = 2
	case "enemy":
		ec.Who = 3
	}
	if ec.Who <= 1 {
		ec.Track = NameIndex(b.Lang.Tracks, ch.Track)
		if ch.Track == "hp" {
			ec.Track = -1
		} else if ec.Track < 0 {
			return nil, document.ErrUnknown(ch.Node, "unit track", ch.Track, append([]string{"hp"}, b.Lang.Tracks...))
		}
	} else {
		ec.Track = NameIndex(b.Lang.SideTracks, ch.Track)
		if ec.Track < 0 {
			return nil, document.ErrUnknown(ch.Node, "side track", ch.Track, b.Lang.SideTracks)
		}
	}
	c := sc.context(0)
	var err error
	ec.Value, err = cp.compile(&ch.Value, &c, false)
	return ec, err
}
