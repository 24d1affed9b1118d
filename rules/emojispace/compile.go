package emojispace

import (
	"fmt"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Input bounds beyond the rules: they keep the crew arithmetic (§8's alien
// synergy multiplies two counts) and the degradation counts far from
// overflow. A degradation at or above a subsystem's capacity is RED
// whatever its size, so the bound changes no battle.
const (
	maxShipTags = 64
	maxCrewTags = 16
	maxDeg      = 1_000_000
)

// degRange bounds a degradation_state value (§3); populationRange an npc
// side's population (§19 step 1).
var (
	degRange        = doc.Range{Min: 0, Max: maxDeg, Note: "at or above the subsystem's capacity it is RED"}
	populationRange = doc.Range{Min: 1, Max: MaxPopulation, Note: "the system population"}
)

type scenarioDoc struct {
	Options *doc.Node `doc:"options"`
	A       *doc.Node `doc:"a,required"`
	B       *doc.Node `doc:"b,required"`
}

type sideDoc struct {
	Ship   *doc.Node `doc:"ship"`
	NPC    *doc.Node `doc:"npc"`
	Policy *doc.Node `doc:"policy"`
	// Extra appends copies of one module to the ship: a field a sweep can
	// vary (`--set a.extra-modules.count=3`) while the ship stays a
	// ship_state.
	Extra *doc.Node `doc:"extra-modules"`
}

type shipStateDoc struct {
	HullID  *doc.Node `doc:"hull_id,required"`
	Modules *doc.Node `doc:"module_instances,required"`
	Deg     *doc.Node `doc:"degradation_state"`
	Crew    *doc.Node `doc:"crew"`
	Tags    *doc.Node `doc:"tags"`
}

type moduleDoc struct {
	ModuleID  *doc.Node `doc:"module_id,required"`
	Secondary *doc.Node `doc:"secondary_tags"`
}

type extraDoc struct {
	ModuleID  *doc.Node `doc:"module_id,required"`
	Count     *doc.Node `doc:"count,required"`
	Secondary *doc.Node `doc:"secondary_tags"`
}

type crewDoc struct {
	Role *doc.Node `doc:"crew_role_id,required"`
	Tags *doc.Node `doc:"crew_tags"`
}

type npcDoc struct {
	Subtype    *doc.Node `doc:"subtype,required"`
	Population *doc.Node `doc:"population,required"`
}

// Side is one compiled side: a fixed ship or an NPC draw, and a policy.
type Side struct {
	// Fixed is true for a ship given as a ship_state or a built-in name;
	// State and Ship are then its input and its assembly. Otherwise NPC
	// says what to draw each trial.
	Fixed   bool
	Builtin string // the built-in ship's name, if one was named
	State   ShipState
	Ship    Ship
	NPC     NPCSpec
	Policy  Policy
	fast    fastPolicy
}

// fastPolicy marks the policies the fighter chooses for without walking the
// rules: one constant rule, or the default selector alone.
type fastPolicy uint8

const (
	fastNone fastPolicy = iota
	fastConstant
	fastDefaultSelector
)

func (p Policy) fast() fastPolicy {
	if len(p) != 1 {
		return fastNone
	}
	switch p[0].kind {
	case ruleAlways:
		return fastConstant
	case ruleDefaultSelector:
		return fastDefaultSelector
	}
	return fastNone
}

// Compile validates a scenario (the ruleset's part of the document) and
// returns the battle.
func Compile(n *doc.Node) (*Battle, error) {
	var d scenarioDoc
	if err := doc.DecodeScenario(n, "expected a mapping with sides a and b (fields: options, a, b)", &d); err != nil {
		return nil, err
	}
	settings, opt, err := resolveOptions(d.Options)
	if err != nil {
		return nil, err
	}
	b := &Battle{Opt: opt}
	for s, node := range []*doc.Node{d.A, d.B} {
		side, err := compileSide(node, opt)
		if err != nil {
			return nil, err
		}
		b.Sides[s] = side
	}
	b.finish(settings)
	return b, nil
}

func compileSide(n *doc.Node, opt Options) (Side, error) {
	var d sideDoc
	if err := doc.Decode(n, &d); err != nil {
		return Side{}, err
	}
	var side Side
	switch {
	case doc.Present(d.Ship) && doc.Present(d.NPC):
		return Side{}, d.NPC.Errorf("a side is either a ship or an npc, not both")
	case doc.Present(d.Ship):
		side.Fixed = true
		st, name, err := decodeShip(d.Ship)
		if err != nil {
			return Side{}, err
		}
		side.State, side.Builtin = st, name
		at := shipField(d.Ship, "module_instances")
		if doc.Present(d.Extra) {
			if at, err = addExtra(d.Extra, &side.State); err != nil {
				return Side{}, err
			}
		}
		if e := Assemble(&side.State, opt.Assembly, &side.Ship); e != nil {
			return Side{}, at.Errorf("%v", e)
		}
	case doc.Present(d.NPC):
		if doc.Present(d.Extra) {
			return Side{}, d.Extra.Errorf("extra-modules needs a fixed ship (ship:), not an npc")
		}
		npc, err := decodeNPC(d.NPC)
		if err != nil {
			return Side{}, err
		}
		side.NPC = npc
	default:
		return Side{}, n.Errorf("missing the side's ship: give ship (a ship_state or a built-in ship: %s) or npc: {subtype, population}", strings.Join(builtinShipNames(), ", "))
	}
	if doc.Present(d.Policy) {
		p, err := parsePolicy(d.Policy)
		if err != nil {
			return Side{}, err
		}
		side.Policy = p
	} else {
		p, err := parsePolicy(&doc.Node{Kind: doc.Scalar, Value: defaultPolicy(opt.Profile)})
		if err != nil {
			panic(err) // the defaults are valid rules
		}
		side.Policy = p
	}
	side.fast = side.Policy.fast()
	return side, nil
}

// shipField returns the field of a ship_state mapping, or the ship node
// itself (for a built-in name), to locate assembly errors.
func shipField(ship *doc.Node, key string) *doc.Node {
	if f := ship.Get(key); f != nil {
		return f
	}
	return ship
}

// decodeShip reads a ship_state (§3) or a built-in ship's name (§21).
func decodeShip(n *doc.Node) (ShipState, string, error) {
	if n.Kind == doc.Scalar {
		b, ok := FindBuiltinShip(n.Value)
		if !ok {
			return ShipState{}, "", unknownShip(n)
		}
		return b.State(), b.Name, nil
	}
	var d shipStateDoc
	if err := doc.Decode(n, &d); err != nil {
		return ShipState{}, "", err
	}
	var st ShipState
	id, err := doc.Text(d.HullID)
	if err != nil {
		return ShipState{}, "", err
	}
	if st.Hull = HullIndex(id); st.Hull < 0 {
		return ShipState{}, "", d.HullID.Errorf("unknown hull %q (allowed: %s)%s", id, strings.Join(hullIDs(), ", "), doc.DidYouMean(id, hullIDs()))
	}
	if d.Modules.Kind != doc.Seq {
		return ShipState{}, "", d.Modules.Errorf("expected a list of module instances {module_id, secondary_tags}, got %s", doc.Describe(d.Modules))
	}
	if len(d.Modules.Items) > maxModules {
		return ShipState{}, "", d.Modules.Errorf("%d module instances: no hull holds more than %d (two compact modules in each of %d slots)", len(d.Modules.Items), maxModules, maxSlots)
	}
	for _, it := range d.Modules.Items {
		if it.Kind != doc.Map { // a null item would decode to no fields at all
			return ShipState{}, "", it.Errorf("expected a module instance {module_id, secondary_tags}, got %s", doc.Describe(it))
		}
		var md moduleDoc
		if err := doc.Decode(it, &md); err != nil {
			return ShipState{}, "", err
		}
		m, err := decodeModule(md.ModuleID, md.Secondary)
		if err != nil {
			return ShipState{}, "", err
		}
		st.Modules = append(st.Modules, m)
	}
	if st.Deg, err = decodeDeg(d.Deg); err != nil {
		return ShipState{}, "", err
	}
	if st.Tags, err = decodeStrings(d.Tags, maxShipTags, ""); err != nil {
		return ShipState{}, "", err
	}
	if st.Crew, err = decodeCrew(d.Crew); err != nil {
		return ShipState{}, "", err
	}
	if h := &Hulls[st.Hull]; len(st.Crew) > h.CrewCap {
		return ShipState{}, "", d.Crew.Errorf("%d crew exceed crew capacity %d of %s", len(st.Crew), h.CrewCap, h.ID)
	}
	return st, "", nil
}

func decodeModule(idNode, secNode *doc.Node) (ModuleInstance, error) {
	id, err := doc.Text(idNode)
	if err != nil {
		return ModuleInstance{}, err
	}
	m := ModuleInstance{Module: ModuleIndex(id)}
	if m.Module < 0 {
		return ModuleInstance{}, idNode.Errorf("unknown module %q (allowed: %s)%s", id, strings.Join(moduleIDs(), ", "), doc.DidYouMean(id, moduleIDs()))
	}
	if !doc.Present(secNode) {
		return m, nil
	}
	if secNode.Kind != doc.Seq {
		return ModuleInstance{}, secNode.Errorf("expected a list of secondary tags, got %s", doc.Describe(secNode))
	}
	for _, it := range secNode.Items {
		tag, ok := flowTag(it)
		s := Secondaries(0)
		if ok {
			s, ok = parseSecondary(tag)
		}
		if !ok {
			return ModuleInstance{}, it.Errorf("%s is not a secondary tag (allowed: %s, with or without the secondary: prefix)%s", doc.Describe(it), strings.Join(secondaryNames[:], ", "), doc.DidYouMean(strings.TrimPrefix(tag, "secondary:"), secondaryNames[:]))
		}
		if m.Sec.Has(s) {
			return ModuleInstance{}, it.Errorf("secondary %q repeats on this module", tag)
		}
		m.Sec |= s
	}
	return m, nil
}

// decodeDeg reads degradation_state: keys weapon, defense, engine, integers
// ≥ 0, missing keys 0 (§3).
func decodeDeg(n *doc.Node) ([3]int, error) {
	var deg [3]int
	if !doc.Present(n) {
		return deg, nil
	}
	if n.Kind != doc.Map {
		return deg, n.Errorf("expected a mapping with keys weapon, defense, engine, got %s", doc.Describe(n))
	}
	for k, key := range n.Keys {
		b := -1
		for i, name := range bandNames {
			if key == name {
				b = i
			}
		}
		if b < 0 {
			return deg, n.Vals[k].Errorf("unknown subsystem %q (allowed: weapon, defense, engine)%s", key, doc.DidYouMean(key, bandNames[:]))
		}
		v, err := degRange.Int(n.Vals[k])
		if err != nil {
			return deg, err
		}
		deg[b] = int(v)
	}
	return deg, nil
}

// unknownShip is the error for a ship name that is no built-in ship: the
// nearest names, or, for a hull's id, how to write a ship of that hull.
func unknownShip(n *doc.Node) error {
	hint := doc.DidYouMean(n.Value, builtinShipNames())
	if HullIndex(n.Value) >= 0 {
		hint = fmt.Sprintf("; %s is a hull: write ship: {hull_id: %[1]s, module_instances: [...]}", n.Value)
	}
	return n.Errorf("unknown built-in ship %q (allowed: %s, or a ship_state mapping)%s", n.Value, strings.Join(builtinShipNames(), ", "), hint)
}

// decodeStrings reads a list of at most limit strings, each with the given
// prefix.
func decodeStrings(n *doc.Node, limit int, prefix string) ([]string, error) {
	if !doc.Present(n) {
		return nil, nil
	}
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of strings, got %s", doc.Describe(n))
	}
	if len(n.Items) > limit {
		return nil, n.Errorf("%d entries: at most %d are accepted", len(n.Items), limit)
	}
	out := make([]string, 0, len(n.Items))
	for _, it := range n.Items {
		tag, ok := flowTag(it)
		if !ok {
			return nil, it.Errorf("expected a string, got %s", doc.Describe(it))
		}
		if !strings.HasPrefix(tag, prefix) {
			return nil, it.Errorf("%q does not start with %q", tag, prefix)
		}
		if err := doc.CheckName(tag); err != nil {
			return nil, it.Errorf("tag: %v", err)
		}
		out = append(out, tag)
	}
	return out, nil
}

// decodeCrew reads the crew list: objects {crew_role_id, crew_tags} or
// legacy strings "crew:<role>" (§3, §8).
func decodeCrew(n *doc.Node) ([]CrewEntry, error) {
	if !doc.Present(n) {
		return nil, nil
	}
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of crew entries ({crew_role_id, crew_tags} or \"crew:<role>\"), got %s", doc.Describe(n))
	}
	if len(n.Items) > 5 { // no hull has room for more (§5's crew cap)
		return nil, n.Errorf("%d crew: no hull has room for more than 5", len(n.Items))
	}
	roles := "roles: " + strings.Join(crewRoles[:], ", ")
	var out []CrewEntry
	for _, it := range n.Items {
		if tag, ok := flowTag(it); ok && (it.Kind == doc.Scalar || it.Get("crew") != nil) {
			role, ok := strings.CutPrefix(tag, "crew:")
			if !ok || crewRoleIndex(role) < 0 {
				return nil, it.Errorf("%q is not a crew entry (allowed: {crew_role_id, crew_tags} or \"crew:<role>\"; %s)%s", tag, roles, doc.DidYouMean(role, crewRoles[:]))
			}
			out = append(out, CrewEntry{Role: role, Legacy: true})
			continue
		}
		if it.Kind != doc.Map {
			return nil, it.Errorf("expected a crew entry ({crew_role_id, crew_tags} or \"crew:<role>\"), got %s", doc.Describe(it))
		}
		var d crewDoc
		if err := doc.Decode(it, &d); err != nil {
			return nil, err
		}
		role, err := doc.Text(d.Role)
		if err != nil {
			return nil, err
		}
		if crewRoleIndex(role) < 0 {
			return nil, d.Role.Errorf("unknown crew role %q (allowed %s)%s", role, roles, doc.DidYouMean(role, crewRoles[:]))
		}
		tags, err := decodeStrings(d.Tags, maxCrewTags, "crew:")
		if err != nil {
			return nil, err
		}
		out = append(out, CrewEntry{Role: role, Tags: tags})
	}
	return out, nil
}

// addExtra appends extra-modules' copies to the ship, returning the node to
// locate a slot overflow at.
func addExtra(n *doc.Node, st *ShipState) (*doc.Node, error) {
	var d extraDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	m, err := decodeModule(d.ModuleID, d.Secondary)
	if err != nil {
		return nil, err
	}
	count, err := doc.Range{Min: 0, Max: int64(maxModules - len(st.Modules)), Note: fmt.Sprintf("the ship has %d module instances; no hull holds more than %d", len(st.Modules), maxModules)}.Int(d.Count)
	if err != nil {
		return nil, err
	}
	mods := make([]ModuleInstance, 0, len(st.Modules)+int(count))
	mods = append(mods, st.Modules...)
	for range count {
		mods = append(mods, m)
	}
	st.Modules = mods
	return d.Count, nil
}

func decodeNPC(n *doc.Node) (NPCSpec, error) {
	var d npcDoc
	if err := doc.Decode(n, &d); err != nil {
		return NPCSpec{}, err
	}
	sub, err := doc.OneOf(d.Subtype, npcSubtypeNames()...)
	if err != nil {
		return NPCSpec{}, err
	}
	pop, err := populationRange.Int(d.Population)
	if err != nil {
		return NPCSpec{}, err
	}
	spec := NPCSpec{Subtype: sub, Population: int(pop)}
	for i := range npcSubtypes {
		if npcSubtypes[i].name == sub {
			spec.subtype = i
		}
	}
	return spec, nil
}

// flowTag reads a tag such as "crew:pilot". Inside a YAML flow list
// ("[crew:pilot]") the parser reads it as the one-key mapping
// {crew: pilot}; both forms are the same tag.
func flowTag(n *doc.Node) (string, bool) {
	switch {
	case n.Kind == doc.Scalar:
		return n.Value, true
	case n.Kind == doc.Map && len(n.Keys) == 1 && n.Vals[0].Kind == doc.Scalar:
		return n.Keys[0] + ":" + n.Vals[0].Value, true
	}
	return "", false
}
