package dbd

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Schema is the scenario schema the ruleset reads (§12, D3).
const Schema = "dbd-scn-0.1"

// Unit is one unit of a compiled scenario, as the file gives it (§4, §12),
// with its HP after option hp (G17).
type Unit struct {
	ID      string
	Side    Side
	Type    UnitType
	Quality Quality
	MaxHP   int8
	HP      int8 // at the start of the game
	Hex     Hex
}

// Scenario is a validated dbd-scn-0.1 document (§12).
type Scenario struct {
	Board          *Board
	StandardsToWin int
	Terrain        [NumHexes]Terrain
	Units          []Unit
	// TurnSide, TurnNumber and ActivationsLeft are the file's `turn`.
	TurnSide        Side
	TurnNumber      int
	ActivationsLeft int
	// Meta is the file's free `meta` object, rendered as text for the
	// replay header (§12: echoed, unused); "" when absent.
	Meta string
}

// wrapperDoc is a crucible scenario around a dbd-scn-0.1 blob (§12).
type wrapperDoc struct {
	Scenario *doc.Node `doc:"scenario,required"`
	Options  *doc.Node `doc:"options"`
	Policies *doc.Node `doc:"policies"`
}

// scenarioDoc is dbd-scn-0.1's top level (§12): exactly these keys.
type scenarioDoc struct {
	Schema         *doc.Node `doc:"schema,required"`
	Board          *doc.Node `doc:"board,required"`
	StandardsToWin *doc.Node `doc:"standardsToWin,required"`
	Terrain        *doc.Node `doc:"terrain,required"`
	Units          *doc.Node `doc:"units,required"`
	Turn           *doc.Node `doc:"turn,required"`
	Meta           *doc.Node `doc:"meta"`
}

type unitDoc struct {
	ID      *doc.Node `doc:"id,required"`
	Side    *doc.Node `doc:"side,required"`
	Type    *doc.Node `doc:"type,required"`
	Quality *doc.Node `doc:"quality,required"`
	HP      *doc.Node `doc:"hp,required"`
	Hex     *doc.Node `doc:"hex,required"`
}

type turnDoc struct {
	Side            *doc.Node `doc:"side,required"`
	TurnNumber      *doc.Node `doc:"turnNumber,required"`
	ActivationsLeft *doc.Node `doc:"activationsLeft,required"`
}

type policiesDoc struct {
	Blue *doc.Node `doc:"blue"`
	Red  *doc.Node `doc:"red"`
}

// Compile validates the ruleset's part of a scenario document and returns
// the battle. The document is either a dbd-scn-0.1 blob by itself (it has
// a `schema` field; default options and policies), or a wrapper with the
// blob under `scenario` and `options` and `policies` around it (§12).
func Compile(n *doc.Node) (*Battle, error) {
	n, err := doc.Mapping(n, "expected a mapping: a "+Schema+" scenario (schema, board, standardsToWin, terrain, units, turn) or a wrapper (scenario, options, policies)")
	if err != nil {
		return nil, err
	}
	blob, optNode, polNode := n, (*doc.Node)(nil), (*doc.Node)(nil)
	if n.Get("schema") == nil {
		var w wrapperDoc
		if err := doc.Decode(n, &w); err != nil {
			return nil, err
		}
		if w.Scenario.Kind != doc.Map {
			return nil, w.Scenario.Errorf("expected the %s scenario as a mapping (schema, board, standardsToWin, terrain, units, turn) or the name of a .json file holding it, got %s", Schema, doc.Describe(w.Scenario))
		}
		blob, optNode, polNode = w.Scenario, w.Options, w.Policies
	}
	settings, opt, err := resolveOptions(optNode)
	if err != nil {
		return nil, err
	}
	policies, err := decodePolicies(polNode)
	if err != nil {
		return nil, err
	}
	sc, err := decodeScenario(blob, opt.BoardTemplates)
	if err != nil {
		return nil, err
	}
	sc.apply(opt)
	return newBattle(sc, opt, policies, settings), nil
}

// apply applies option hp and standards-to-win (G17).
func (sc *Scenario) apply(opt Options) {
	if opt.MaxHP {
		for i := range sc.Units {
			sc.Units[i].HP = sc.Units[i].MaxHP
		}
	}
	if opt.StandardsToWin > 0 {
		sc.StandardsToWin = opt.StandardsToWin
	}
}

// PolicyKind is a side's action policy (§14).
type PolicyKind uint8

const (
	PolicyGreedy PolicyKind = iota
	PolicyRandom
	PolicyRollout
	// The search policy's levels (searchBudgets).
	PolicySearch250
	PolicySearch1k
	PolicySearch4k
)

var policyNames = [...]string{"greedy", "random", "rollout", "search:250", "search:1k", "search:4k"}

func (p PolicyKind) String() string { return policyNames[p] }

func decodePolicies(n *doc.Node) ([2]PolicyKind, error) {
	var p [2]PolicyKind
	if !doc.Present(n) {
		return p, nil
	}
	var d policiesDoc
	if err := doc.Decode(n, &d); err != nil {
		return p, err
	}
	for s, v := range []*doc.Node{d.Blue, d.Red} {
		if !doc.Present(v) {
			continue
		}
		w, err := doc.OneOf(v, policyNames[:]...)
		if err != nil {
			return p, err
		}
		for k, name := range policyNames {
			if name == w {
				p[s] = PolicyKind(k)
			}
		}
	}
	return p, nil
}

// hexKey is a terrain key: a decimal hex id without leading zeros (§12).
var hexKey = regexp.MustCompile(`^(0|[1-9][0-9]{0,2})$`)

// decodeScenario reads and validates a dbd-scn-0.1 blob with the stricter
// of the rules and the schema (§12, G18). Errors name the unit or the hex.
func decodeScenario(n *doc.Node, templates bool) (*Scenario, error) {
	var d scenarioDoc
	if err := doc.Decode(n, &d); err != nil {
		return nil, err
	}
	if _, err := doc.OneOf(d.Schema, Schema); err != nil {
		return nil, err
	}
	sc := &Scenario{}
	allowed := 1
	if templates {
		allowed = len(boardShapes)
	}
	name, err := doc.OneOf(d.Board, boardNamesUpTo(allowed)...)
	if err != nil {
		if !templates && d.Board.Kind == doc.Scalar && boardNamed(d.Board.Value) != nil {
			return nil, d.Board.Errorf("board %s is a template: it needs option board-templates: true (allowed now: %s)", d.Board.Value, boardShapes[0].name)
		}
		return nil, err
	}
	sc.Board = boardNamed(name)
	stw, err := doc.Range{Min: 1, Max: 20}.Int(d.StandardsToWin)
	if err != nil {
		return nil, err
	}
	sc.StandardsToWin = int(stw)
	if err := sc.decodeTerrain(d.Terrain); err != nil {
		return nil, err
	}
	if err := sc.decodeUnits(d.Units); err != nil {
		return nil, err
	}
	if err := sc.decodeTurn(d.Turn); err != nil {
		return nil, err
	}
	if doc.Present(d.Meta) {
		if d.Meta.Kind != doc.Map {
			return nil, d.Meta.Errorf("expected meta as a mapping (free fields, echoed, unused), got %s", doc.Describe(d.Meta))
		}
		sc.Meta = render(d.Meta)
	}
	return sc, nil
}

func (sc *Scenario) decodeTerrain(n *doc.Node) error {
	if n.Kind != doc.Map {
		return n.Errorf("expected a mapping of hex ids to terrain (%s), got %s", strings.Join(terrainNames[:], ", "), doc.Describe(n))
	}
	for i, key := range n.Keys {
		v := n.Vals[i]
		if !hexKey.MatchString(key) {
			return v.Errorf("%q is not a hex id: terrain keys are hex ids 0 to %d in decimal, without leading zeros", key, NumHexes-1)
		}
		h, _ := strconv.Atoi(key)
		if h >= NumHexes {
			return v.Errorf("hex %d is not on %s (hexes 0 to %d)", h, sc.Board.Name, NumHexes-1)
		}
		w, err := doc.OneOf(v, terrainNames[:]...)
		if err != nil {
			return v.Errorf("hex %d: %s is not a terrain (allowed: %s)%s", h, doc.Describe(v), strings.Join(terrainNames[:], ", "), didYouMean(v, terrainNames[:]))
		}
		for t, name := range terrainNames {
			if name == w {
				sc.Terrain[h] = Terrain(t)
			}
		}
	}
	return nil
}

// decodeUnits decodes the units (§12) in order, each checked by itself
// (unitDoc.unit) and against the ones before it: no two share an id or a
// hex.
func (sc *Scenario) decodeUnits(n *doc.Node) error {
	if n.Kind != doc.Seq {
		return n.Errorf("expected a list of units {id, side, type, quality, hp, hex}, got %s", doc.Describe(n))
	}
	var at [NumHexes]int // 1 + index of the unit on each hex
	for i, it := range n.Items {
		if it.Kind != doc.Map {
			return it.Errorf("expected a unit {id, side, type, quality, hp, hex}, got %s", doc.Describe(it))
		}
		var d unitDoc
		if err := doc.Decode(it, &d); err != nil {
			return nameUnit(err, it)
		}
		id, err := doc.Name(d.ID)
		if err != nil {
			return err
		}
		if len(id) < 1 || len(id) > maxIDLen {
			return d.ID.Errorf("a unit id has 1 to %d characters, %q has %d", maxIDLen, id, len(id))
		}
		for j := range i {
			if sc.Units[j].ID == id {
				return d.ID.Errorf("unit id %q repeats (units[%d] has it)", id, j)
			}
		}
		u, err := d.unit(id)
		if err != nil {
			return err
		}
		h, err := doc.ParseInt(d.Hex)
		if err != nil {
			return d.Hex.Errorf("unit %q: hex: %s (hex ids: 0 to %d)", id, err.(*doc.Error).Msg, NumHexes-1)
		}
		if h < 0 || h >= NumHexes {
			return d.Hex.Errorf("unit %q: hex %d is not on %s (hexes 0 to %d)", id, h, sc.Board.Name, NumHexes-1)
		}
		u.Hex = Hex(h)
		if k := at[h]; k > 0 {
			return d.Hex.Errorf("units %q and %q share hex %d", sc.Units[k-1].ID, id, h)
		}
		if sc.Terrain[h] == Water {
			return d.Hex.Errorf("unit %q stands on hex %d, which is WATER", id, h)
		}
		at[h] = i + 1
		sc.Units = append(sc.Units, u)
	}
	return nil
}

// unit decodes what unit id is (its side, type and quality, §4) and its
// HP, from 1 to its max.
func (d *unitDoc) unit(id string) (Unit, error) {
	u := Unit{ID: id}
	s, err := unitWord(d.Side, id, sideNames[:])
	if err != nil {
		return u, err
	}
	t, err := unitWord(d.Type, id, typeNames[:])
	if err != nil {
		return u, err
	}
	q, err := unitWord(d.Quality, id, qualityNames[:])
	if err != nil {
		return u, err
	}
	u.Side, u.Type, u.Quality = Side(s), UnitType(t), Quality(q)
	u.MaxHP = int8(MaxHP(u.Type, u.Quality))
	hp, err := doc.ParseInt(d.HP)
	if err != nil {
		return u, d.HP.Errorf("unit %q: hp: %s (allowed: 1 to %d for %s %s)", id, err.(*doc.Error).Msg, u.MaxHP, u.Type, u.Quality)
	}
	switch {
	case hp > int64(u.MaxHP):
		return u, d.HP.Errorf("unit %q: hp %d exceeds max %d for %s %s", id, hp, u.MaxHP, u.Type, u.Quality)
	case hp < 1:
		return u, d.HP.Errorf("unit %q: hp %d is below 1 (allowed: 1 to %d for %s %s)", id, hp, u.MaxHP, u.Type, u.Quality)
	}
	u.HP = int8(hp)
	return u, nil
}

// unitWord returns the index in names of the word n, a field of unit id.
func unitWord(n *doc.Node, id string, names []string) (int, error) {
	w, err := doc.OneOf(n, names...)
	if err != nil {
		return 0, n.Errorf("unit %q: %s is not allowed (allowed: %s)%s", id, doc.Describe(n), strings.Join(names, ", "), didYouMean(n, names))
	}
	for k, name := range names {
		if name == w {
			return k, nil
		}
	}
	panic("unreachable")
}

// nameUnit adds the unit's id, when the item has one, to an error about
// the item's fields.
func nameUnit(err error, it *doc.Node) error {
	de, ok := err.(*doc.Error)
	id := it.Get("id")
	if !ok || id == nil || id.Kind != doc.Scalar {
		return err
	}
	c := *de
	c.Msg = fmt.Sprintf("unit %q: %s", id.Value, de.Msg)
	return &c
}

func (sc *Scenario) decodeTurn(n *doc.Node) error {
	var d turnDoc
	if err := doc.Decode(n, &d); err != nil {
		return err
	}
	s, err := doc.OneOf(d.Side, sideNames[:]...)
	if err != nil {
		return err
	}
	if s == "RED" {
		sc.TurnSide = Red
	}
	tn, err := doc.Range{Min: 1, Max: 9999}.Int(d.TurnNumber)
	if err != nil {
		return err
	}
	acts, err := doc.Range{Min: 0, Max: 3, Note: "3 activations a turn"}.Int(d.ActivationsLeft)
	if err != nil {
		return err
	}
	sc.TurnNumber, sc.ActivationsLeft = int(tn), int(acts)
	return nil
}

// render writes a node in YAML flow style, for the replay header.
func render(n *doc.Node) string {
	var b strings.Builder
	var walk func(n *doc.Node)
	walk = func(n *doc.Node) {
		switch n.Kind {
		case doc.Null:
			b.WriteString("null")
		case doc.Scalar:
			b.WriteString(strconv.Quote(n.Value))
		case doc.Seq:
			b.WriteString("[")
			for i, it := range n.Items {
				if i > 0 {
					b.WriteString(", ")
				}
				walk(it)
			}
			b.WriteString("]")
		case doc.Map:
			b.WriteString("{")
			for i, k := range n.Keys {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s: ", k)
				walk(n.Vals[i])
			}
			b.WriteString("}")
		}
	}
	walk(n)
	return b.String()
}

// didYouMean suggests the known names nearest a scalar's value, for the
// errors that name a unit's side, type and quality and a hex's terrain.
func didYouMean(n *doc.Node, names []string) string {
	if n.Kind != doc.Scalar {
		return ""
	}
	return doc.DidYouMean(n.Value, names)
}
