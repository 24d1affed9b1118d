package eclipse

import (
	"strings"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

// Compile validates a scenario for the Monte Carlo engine: `optimal` is an
// error there (§5 rule 6).
func Compile(n *doc.Node) (*Compiled, error) { return compile(n, false) }

// CompileExact validates a scenario for the exact solver, which also
// accepts `policy: optimal` (§6). It reads the same document as Compile.
func CompileExact(n *doc.Node) (*Compiled, error) { return compile(n, true) }

func compile(n *doc.Node, exact bool) (*Compiled, error) {
	var sd scenarioDoc
	if err := doc.DecodeScenario(n, "expected a mapping with attacker and defender (fields: options, parts, blueprints, attacker, defender)", &sd); err != nil {
		return nil, err
	}
	settings, err := globalOptions.Resolve(sd.Options)
	if err != nil {
		return nil, err
	}
	k := &catalog{parts: Parts(), blueprints: Blueprints(), bpNode: make([]*doc.Node, len(builtinBlueprints))}
	if err := k.addParts(sd.Parts); err != nil {
		return nil, err
	}
	if err := k.addBlueprints(sd.Blueprints); err != nil {
		return nil, err
	}
	c := &Compiled{StalemateDraw: settings.Get("stalemate") == "draw"}
	var sides [2]sideDoc
	for s, node := range []*doc.Node{sd.Attacker, sd.Defender} {
		if err := doc.Decode(node, &sides[s]); err != nil {
			return nil, err
		}
		if err := c.addShips(k, s, node, &sides[s]); err != nil {
			return nil, err
		}
	}
	opts := []rules.Setting(settings)
	for s, node := range []*doc.Node{sd.Attacker, sd.Defender} {
		set, err := c.sideOptions(s, node, &sides[s], exact)
		if err != nil {
			return nil, err
		}
		opts = append(opts, set...)
	}
	c.finish(settings.Get("same-side-ties") == "listed")
	c.spec.Options = opts
	return c, nil
}

type scenarioDoc struct {
	Options    *doc.Node `doc:"options"`
	Parts      *doc.Node `doc:"parts"`
	Blueprints *doc.Node `doc:"blueprints"`
	Attacker   *doc.Node `doc:"attacker,required"`
	Defender   *doc.Node `doc:"defender,required"`
}

type diceDoc struct {
	Yellow int `doc:"yellow"`
	Orange int `doc:"orange"`
	Blue   int `doc:"blue"`
	Red    int `doc:"red"`
}

type partDoc struct {
	Name       string   `doc:"name,required"`
	Cannon     *diceDoc `doc:"cannon"`
	Missile    *diceDoc `doc:"missile"`
	Computer   int      `doc:"computer"`
	Shield     int      `doc:"shield"`
	Hull       int      `doc:"hull"`
	Initiative int      `doc:"initiative"`
	Energy     int      `doc:"energy"`
	Drive      bool     `doc:"drive"`
	Slot       *bool    `doc:"slot"`
}

type blueprintDoc struct {
	Name       string    `doc:"name,required"`
	Base       *doc.Node `doc:"base,required"`
	Slots      *int      `doc:"slots"`
	Initiative *int      `doc:"initiative"`
	Energy     *int      `doc:"energy"`
	Computer   *int      `doc:"computer"`
	Hull       *int      `doc:"hull"`
	Parts      *doc.Node `doc:"parts"`
	Cannons    *diceDoc  `doc:"cannons"`
	Missiles   *diceDoc  `doc:"missiles"`
	Shield     *int      `doc:"shield"`
}

type sideDoc struct {
	Kind     *doc.Node `doc:"kind"`
	Ships    *doc.Node `doc:"ships,required"`
	Policy   *doc.Node `doc:"policy"`
	Priority *doc.Node `doc:"priority"`
	Retreat  *doc.Node `doc:"retreat"`
	Splitter *doc.Node `doc:"antimatter-splitter"`
}

// checkRange checks the integer field name of mapping parent.
func checkRange(parent *doc.Node, name string, v, lo, hi int) error {
	return doc.Range{Min: int64(lo), Max: int64(hi)}.Check(field(parent, name), int64(v))
}

func diceFrom(parent *doc.Node, name string, d *diceDoc, limit int) (Dice, error) {
	var out Dice
	if d == nil {
		return out, nil
	}
	node := field(parent, name)
	for col, v := range []int{d.Yellow, d.Orange, d.Blue, d.Red} {
		if err := checkRange(node, colourNames[col], v, 0, limit); err != nil {
			return out, err
		}
		out[col] = int8(v)
	}
	return out, nil
}

// field returns the node of a field of mapping n, or n itself when the
// field is absent, so that an error is always located.
func field(n *doc.Node, name string) *doc.Node {
	if f := n.Get(name); f != nil {
		return f
	}
	return n
}

func checkName(n *doc.Node, name, what string) error {
	if strings.TrimSpace(name) == "" {
		return field(n, "name").Errorf("a %s needs a non-empty name", what)
	}
	if err := doc.CheckName(name); err != nil {
		return field(n, "name").Errorf("%s name: %v", what, err)
	}
	if strings.ContainsAny(name, ".=") {
		return field(n, "name").Errorf("%s name %q may not contain '.' or '=' (it becomes part of counter and option paths)", what, name)
	}
	return nil
}
