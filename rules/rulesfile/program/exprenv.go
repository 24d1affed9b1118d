package program

import (
	"reflect"
	"slices"

	"github.com/crucible-sim/crucible/rules/rulesfile/document"
)

// envType is the struct expr checks the expression against in context c.
func (cp *compiler) envType(c *context) reflect.Type {
	k := envKey{opt: cp.l.optType, unit: cp.l.unitType, side: cp.l.sideType, reads: c.reads}
	// The names are written into the compiler's arrays: envType is asked
	// for every formula of every context.
	names := cp.nameBuf[:0]
	if c.reads&readRegs != 0 {
		for _, r := range c.regs {
			names = append(append(names, r.name...), 0)
		}
	}
	names = append(names, 0)
	stats := cp.statBuf[:0]
	for s := range c.stats {
		stats = append(stats, s)
	}
	slices.Sort(stats)
	for _, s := range stats {
		names = append(append(names, s...), 0)
	}
	cp.nameBuf, cp.statBuf = names, stats
	k.names = string(names)
	if t, ok := envTypes.Load(k); ok {
		return t.(reflect.Type)
	}
	t := cp.makeEnvType(c)
	envTypes.Store(k, t)
	return t
}

// makeEnvType makes the struct of envType.
func (cp *compiler) makeEnvType(c *context) reflect.Type {
	var f []reflect.StructField
	add := func(name string, t reflect.Type) { f = append(f, field(len(f), name, t)) }
	add("options", cp.l.optType)
	for r := range NumRoles {
		if c.reads&(readSelf<<r) != 0 {
			add(roleNames[r], cp.l.unitType)
		}
	}
	if c.reads&readSides != 0 {
		add("side", cp.l.sideType)
		add("enemy", cp.l.sideType)
	}
	if c.reads&readRound != 0 {
		add("round", intT)
	}
	if c.reads&readFace != 0 {
		add("face", intT)
	}
	if c.reads&readRegs != 0 {
		for _, r := range c.regs {
			add(r.name, intT)
		}
	}
	for _, s := range slices.Sorted(mapKeys(c.stats)) {
		add(s, intT)
	}
	return reflect.StructOf(f)
}

// fillStatic sets the fields of the environment that are the same at
// every point: options, stats of the units in each role, side names.
func (cp *compiler) fillStatic(env reflect.Value, c *context) {
	l := cp.l
	opts := env.Field(0)
	for i, o := range l.options {
		switch o.Kind {
		case reflect.Bool:
			opts.Field(i).SetBool(o.Bool)
		case reflect.String:
			opts.Field(i).SetString(o.Str)
		default:
			opts.Field(i).SetInt(o.Int)
		}
	}
	k := 1
	for r := range NumRoles {
		if c.reads&(readSelf<<r) == 0 {
			continue
		}
		u := env.Field(k)
		k++
		t := c.types[r]
		if t < 0 {
			continue
		}
		ut := cp.b.Types[t]
		for i := range l.Stats {
			u.Field(i).SetInt(ut.Stats[i])
		}
		base := len(l.Stats) + len(l.Tracks)
		u.Field(base).SetInt(ut.Stats[0]) // hp: full unless the table reads it
		u.Field(base + 1).SetBool(true)
		u.Field(base + 2).SetString(SideLetters[ut.Side])
		u.Field(base + 3).SetString(ut.Name)
		for i := range l.Tracks {
			if i < len(cp.b.UnitTrk) { // tracks being laid out have no range yet
				lo, _ := cp.b.trackRange(t, i)
				u.Field(len(l.Stats) + i).SetInt(int64(lo))
			}
		}
	}
	if c.reads&readSides != 0 {
		for r, s := range [2]int{c.side, 1 - c.side} {
			sv := env.Field(k + r)
			sv.Field(slices.IndexFunc(document.SideAggregates, func(a struct{ Name, Meaning string }) bool { return a.Name == "start" })).SetInt(int64(cp.b.sideUnits(s)))
			sv.Field(len(document.SideAggregates) + len(l.SideTracks)).SetString(SideLetters[s])
		}
	}
	if c.stats != nil {
		names := slices.Sorted(mapKeys(c.stats))
		for i, s := range names {
			env.Field(env.NumField() - len(names) + i).SetInt(c.stats[s])
		}
	}
}

// fillPoint sets the state values of one point of the table.
func (cp *compiler) fillPoint(env reflect.Value, c *context, vars []VarRef, point []int32) {
	l := cp.l
	at := fieldsOf(c)
	for i, v := range vars {
		x := point[i]
		switch v.Kind {
		case VUnitHP:
			env.Field(at.role[v.Role]).Field(len(l.Stats) + len(l.Tracks)).SetInt(int64(x))
		case VUnitAlive:
			env.Field(at.role[v.Role]).Field(len(l.Stats) + len(l.Tracks) + 1).SetBool(x != 0)
		case VUnitTrack:
			env.Field(at.role[v.Role]).Field(len(l.Stats) + v.Which).SetInt(int64(x))
		case VSideAgg:
			env.Field(at.side + int(v.Role)).Field(v.Which).SetInt(int64(x))
		case VSideTrack:
			env.Field(at.side + int(v.Role)).Field(len(document.SideAggregates) + v.Which).SetInt(int64(x))
		case VSideVal:
			env.Field(at.side + int(v.Role)).Field(len(document.SideAggregates) + len(l.SideTracks) + 1 + v.Which).SetInt(int64(x))
		case VRound:
			env.Field(at.round).SetInt(int64(x))
		case VFace:
			env.Field(at.face).SetInt(c.die[x])
		case VReg:
			env.Field(at.regs + v.Which).SetInt(int64(x))
		}
	}
}

// envFields are the indices of the environment's fields in context c:
// each role's unit, the side (the enemy after it), round, face and the
// first register. makeEnvType lays them in this order, leaving out what
// the context does not read, so a field's index counts those before it.
type envFields struct {
	role                    [NumRoles]int
	side, round, face, regs int
}

func fieldsOf(c *context) envFields {
	var at envFields
	k := 1 // after options
	for r := range NumRoles {
		at.role[r] = k
		if c.reads&(readSelf<<r) != 0 {
			k++
		}
	}
	at.side = k
	if c.reads&readSides != 0 {
		k += 2
	}
	at.round = k
	if c.reads&readRound != 0 {
		k++
	}
	at.face = k
	if c.reads&readFace != 0 {
		k++
	}
	at.regs = k
	return at
}
