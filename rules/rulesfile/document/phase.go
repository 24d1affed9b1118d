package document

import (
	"slices"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// This file decodes the program of a battle: phases, effects, ends and
// counters.

// EndDecl is a named end of the file's own.
type EndDecl struct {
	Name, Doc string
	When      Expr
	Check     string // round-start, round-end, or "" for an end only `end` statements reach
	Winner    string // other, self, a, b, none
	Victory   bool
	Node      *doc.Node
}

// CounterDecl is a counter of the file's own.
type CounterDecl struct {
	Name, Doc string
	Value     Expr
	PerSide   bool
	Dist      bool
	Node      *doc.Node
}

// PhaseKinds are the kinds of phase, in the reference's order.
var PhaseKinds = []string{"fire", "contest", "each", "hook"}

// Phase is one phase of a round (or of the start).
type Phase struct {
	Kind string
	// fire
	Group      string // the weapons that fire ("" : every group)
	Order      string // initiative, simultaneous, a-first, b-first
	Initiative string // the stat of initiative order
	Ties       string // who fires first on equal initiative across the sides: a, b, simultaneous
	// Contest
	Contest *ContestDecl
	// each
	Who  string // a, b, both
	When Expr
	Do   []*Effect
	// Hook
	Hook string
	Node *doc.Node
}

// ContestDecl is an opposed roll.
type ContestDecl struct {
	Roll    Roll
	Against *Roll  // the other's roll, when it differs (nested contests)
	Ties    string // reroll, a, b, none, coin, fewer-dice, more-dice (phase); reroll, win, lose, coin (nested)
	// Pairs compares the rolls die by die (compare: pairs), as RISK does:
	// each pool sorted from the highest, the highest die against the
	// highest, the second against the second, as far as the smaller pool
	// goes; the effects run once for each pair.
	Pairs bool
	Win   []*Effect
	Lose  []*Effect
	Node  *doc.Node
}

// EffectKinds are the kinds of effect, in the reference's order.
var EffectKinds = []string{"damage", "roll", "set", "add", "raise", "lower", "if", "contest", "end", "hook"}

// Effect is one statement of an effect list.
type Effect struct {
	Kind    string
	Damage  Roll
	To      string // damage: other (default), self
	Rolls   []NamedRoll
	Changes []Change
	If      Expr
	Then    []*Effect
	Else    []*Effect
	Contest *ContestDecl
	End     string
	Hook    string
	Node    *doc.Node
}

// NamedRoll is a roll whose result later expressions read by name.
type NamedRoll struct {
	Name string
	Roll Roll
	Node *doc.Node
}

// Change is one track change: the track (self.pain, side.rerolls) and the
// value.
type Change struct {
	Who, Track string
	Value      Expr
	Node       *doc.Node
}

var PhaseOrders = []string{"initiative", "simultaneous", "a-first", "b-first"}
var PhaseTies = []string{"a", "b", "simultaneous"}
var ContestTies = []string{"reroll", "a", "b", "none", "coin", "fewer-dice", "more-dice"}
var nestedTies = []string{"reroll", "win", "lose", "coin", "fewer-dice", "more-dice"}

func decodePhases(n *doc.Node, required bool) ([]*Phase, error) {
	if !doc.Present(n) {
		return nil, nil
	}
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of phases (each one of %s), got %s", strings.Join(PhaseKinds, ", "), doc.Describe(n))
	}
	if required && len(n.Items) == 0 {
		return nil, n.Errorf("a round needs at least one phase (%s)", strings.Join(PhaseKinds, ", "))
	}
	var out []*Phase
	for _, it := range n.Items {
		p, err := decodePhase(it)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// single returns the one key of a one-key mapping and its value.
func single(n *doc.Node, kinds []string, what string) (string, *doc.Node, error) {
	if n.Kind != doc.Map || len(n.Keys) == 0 {
		return "", nil, n.Errorf("expected %s: a mapping whose key is one of %s, got %s", what, strings.Join(kinds, ", "), doc.Describe(n))
	}
	k := n.Keys[0]
	if !slices.Contains(kinds, k) {
		return "", nil, n.Vals[0].Errorf("unknown %s %q (allowed: %s)%s", what, k, strings.Join(kinds, ", "), doc.DidYouMean(k, kinds))
	}
	return k, n.Vals[0], nil
}

// decodePhase reads one phase: a mapping of its kind to its fields.
func decodePhase(n *doc.Node) (*Phase, error) {
	kind, v, err := single(n, PhaseKinds, "phase")
	if err != nil {
		return nil, err
	}
	if len(n.Keys) > 1 {
		return nil, n.Vals[1].Errorf("a phase is one mapping of one key (%s); %q belongs inside it", kind, n.Keys[1])
	}
	p := &Phase{Kind: kind, Node: v}
	switch kind {
	case "fire":
		err = p.decodeFire(v)
	case "contest":
		p.Contest, err = decodeContest(v, false)
	case "each":
		err = p.decodeEach(v)
	case "hook":
		p.Hook, err = doc.Text(v)
	}
	return p, err
}

// decodeFire reads a fire phase: its weapon group, its order (initiative
// unless written), the stat an initiative order reads and its ties.
func (p *Phase) decodeFire(v *doc.Node) error {
	var raw struct {
		Weapons    string `doc:"weapons"`
		Order      string `doc:"order"`
		Initiative string `doc:"initiative"`
		Ties       string `doc:"ties"`
	}
	if v.Kind != doc.Null {
		if err := doc.Decode(v, &raw); err != nil {
			return err
		}
	}
	p.Group, p.Order, p.Initiative, p.Ties = raw.Weapons, raw.Order, raw.Initiative, raw.Ties
	if p.Order == "" {
		p.Order = "initiative"
	} else if _, err := doc.OneOf(v.Get("order"), PhaseOrders...); err != nil {
		return err
	}
	if p.Ties == "" {
		p.Ties = "simultaneous"
	} else if _, err := doc.OneOf(v.Get("ties"), PhaseTies...); err != nil {
		return err
	}
	if p.Initiative != "" && p.Order != "initiative" {
		return v.Get("initiative").Errorf("initiative names the stat of `order: initiative`; this phase fires %s", p.Order)
	}
	return nil
}

// decodeEach reads an each phase: the side whose units it visits (both
// unless written), the condition a unit must meet and the effects.
func (p *Phase) decodeEach(v *doc.Node) error {
	var raw struct {
		Side string    `doc:"side"`
		When *doc.Node `doc:"when"`
		Do   *doc.Node `doc:"do,required"`
	}
	if err := doc.Decode(v, &raw); err != nil {
		return err
	}
	p.Who = raw.Side
	if p.Who == "" {
		p.Who = "both"
	} else if _, err := doc.OneOf(v.Get("side"), "a", "b", "both"); err != nil {
		return err
	}
	var err error
	if p.When, err = scalarExpr(raw.When, "a condition on the unit"); err != nil {
		return err
	}
	p.Do, err = decodeEffects(raw.Do)
	return err
}

func decodeContest(v *doc.Node, nested bool) (*ContestDecl, error) {
	var raw struct {
		Roll    *doc.Node `doc:"roll,required"`
		Against *doc.Node `doc:"against"`
		Ties    string    `doc:"ties"`
		Compare string    `doc:"compare"`
		Winner  *doc.Node `doc:"winner"`
		Loser   *doc.Node `doc:"loser"`
		Win     *doc.Node `doc:"win"`
		Lose    *doc.Node `doc:"lose"`
	}
	if err := doc.Decode(v, &raw); err != nil {
		return nil, err
	}
	c := &ContestDecl{Node: v, Ties: "reroll"}
	var err error
	if c.Roll, err = decodeRoll(raw.Roll); err != nil {
		return nil, err
	}
	if err := contestKeys(v, nested); err != nil {
		return nil, err
	}
	ties := ContestTies
	win, lose, winKey, loseKey := raw.Winner, raw.Loser, "winner", "loser"
	if nested {
		ties, win, lose, winKey, loseKey = nestedTies, raw.Win, raw.Lose, "win", "lose"
	}
	if raw.Ties != "" {
		if _, err := doc.OneOf(v.Get("ties"), ties...); err != nil {
			return nil, err
		}
		c.Ties = raw.Ties
	}
	if doc.Present(raw.Against) {
		a, err := decodeRoll(raw.Against)
		if err != nil {
			return nil, err
		}
		c.Against = &a
	}
	if err := c.decodeCompare(v, raw.Compare, raw.Ties, ties); err != nil {
		return nil, err
	}
	if c.Win, err = decodeEffects(win); err != nil {
		return nil, err
	}
	if c.Lose, err = decodeEffects(lose); err != nil {
		return nil, err
	}
	if len(c.Win) == 0 && len(c.Lose) == 0 {
		return nil, v.Errorf("a contest needs effects for its %s or its %s: otherwise it changes nothing", winKey, loseKey)
	}
	return c, nil
}

// contestKeys refuses the keys of a contest phase in a contest inside
// effects (winner, loser), and the other way round (win, lose, against).
func contestKeys(v *doc.Node, nested bool) error {
	if nested {
		for _, k := range []string{"winner", "loser"} {
			if v.Get(k) != nil {
				return v.Get(k).Errorf("a contest inside effects says what happens when self wins (win) or loses (lose), not %s", k)
			}
		}
		return nil
	}
	for _, k := range []string{"win", "lose", "against"} {
		if v.Get(k) != nil {
			return v.Get(k).Errorf("a contest phase is the same roll for both sides, and says what its winner and loser do (winner, loser): %s belongs to a contest inside effects", k)
		}
	}
	return nil
}

// contestCompares are how a contest compares its rolls: their results
// (total), or die by die (pairs).
var ContestCompares = []string{"total", "pairs"}

// decodeCompare reads how the contest compares its rolls (compare, given
// as word) and checks a contest of compare: pairs.
func (c *ContestDecl) decodeCompare(v *doc.Node, word, ties string, allowed []string) error {
	if word == "" {
		return nil
	}
	if _, err := doc.OneOf(v.Get("compare"), ContestCompares...); err != nil {
		return err
	}
	c.Pairs = word == "pairs"
	if !c.Pairs {
		return nil
	}
	return c.checkPairs(v, ties, allowed)
}

// checkPairs refuses what a contest of compare: pairs cannot do: a roll
// that is not dice, or whose dice are kept, counted or added to (pairs
// compare the dice themselves), and a tie re-rolled, which pairs leave to
// the rule the contest names.
func (c *ContestDecl) checkPairs(v *doc.Node, ties string, allowed []string) error {
	rolls := []*Roll{&c.Roll}
	if c.Against != nil {
		rolls = append(rolls, c.Against)
	}
	for _, r := range rolls {
		if !r.IsDice() {
			return r.Node.Errorf("compare: pairs compares dice one by one: this roll needs dice (NdX, or {dice: N, die: X}), not %q", r.Value.Src)
		}
		for _, k := range []struct {
			set  bool
			name string
		}{{r.Keep != "", "keep"}, {r.Count.Present(), "count"}, {r.Plus.Present(), "plus"}} {
			if k.set {
				at := r.Node
				if x := r.Node.Get(k.name); x != nil {
					at = x
				}
				return at.Errorf("compare: pairs compares each die as it falls: %s, which makes one result of the dice, does not go with it", k.name)
			}
		}
	}
	others := slices.DeleteFunc(slices.Clone(allowed), func(t string) bool { return t == "reroll" })
	switch ties {
	case "":
		return v.Errorf("compare: pairs needs ties, the rule for a pair of equal dice (ties: %s)", strings.Join(others, ", "))
	case "reroll":
		return v.Get("ties").Errorf("compare: pairs does not re-roll a tied pair: give the rule for a pair of equal dice (ties: %s)", strings.Join(others, ", "))
	}
	return nil
}

func decodeEffects(n *doc.Node) ([]*Effect, error) {
	if !doc.Present(n) {
		return nil, nil
	}
	if n.Kind != doc.Seq {
		return nil, n.Errorf("expected a list of effects (each one of %s), got %s", strings.Join(EffectKinds, ", "), doc.Describe(n))
	}
	var out []*Effect
	for _, it := range n.Items {
		e, err := decodeEffect(it)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// effectExtras are the keys an effect may have beside its kind.
var effectExtras = map[string][]string{"damage": {"to"}, "if": {"then", "else"}}

func decodeEffect(n *doc.Node) (*Effect, error) {
	kind, v, err := single(n, EffectKinds, "effect")
	if err != nil {
		return nil, err
	}
	for _, k := range n.Keys[1:] {
		if !slices.Contains(effectExtras[kind], k) {
			allowed := append([]string{kind}, effectExtras[kind]...)
			return nil, n.Get(k).Errorf("unknown field %q of a %s effect (allowed: %s)%s", k, kind, strings.Join(allowed, ", "), doc.DidYouMean(k, allowed))
		}
	}
	e := &Effect{Kind: kind, Node: v}
	switch kind {
	case "damage":
		e.Damage, err = decodeRoll(v)
		e.To = "other"
		if to := n.Get("to"); to != nil {
			e.To, err = doc.OneOf(to, "other", "self")
		}
	case "roll":
		err = Entries(v, "roll names to rolls", func(name string, x *doc.Node) error {
			if err := checkIdent(x, name, "a roll"); err != nil {
				return err
			}
			r, err := decodeRoll(x)
			e.Rolls = append(e.Rolls, NamedRoll{Name: name, Roll: r, Node: x})
			return err
		})
	case "set", "add", "raise", "lower":
		err = Entries(v, "tracks (self.NAME, other.NAME, side.NAME, enemy.NAME) to values", func(path string, x *doc.Node) error {
			who, track, ok := strings.Cut(path, ".")
			if !ok || !slices.Contains([]string{"self", "other", "target", "side", "enemy"}, who) {
				return x.Errorf("%q is not a track to change: write self.NAME or other.NAME (a unit's track, or hp), side.NAME or enemy.NAME (a side track)", path)
			}
			val, err := scalarExpr(x, "the value")
			e.Changes = append(e.Changes, Change{Who: who, Track: track, Value: val, Node: x})
			return err
		})
	case "if":
		if e.If, err = scalarExpr(v, "a condition"); err != nil {
			return nil, err
		}
		if e.Then, err = decodeEffects(n.Get("then")); err != nil {
			return nil, err
		}
		e.Else, err = decodeEffects(n.Get("else"))
		if err == nil && len(e.Then) == 0 && len(e.Else) == 0 {
			err = v.Errorf("an if needs effects under then or else")
		}
	case "contest":
		e.Contest, err = decodeContest(v, true)
	case "end":
		e.End, err = doc.Text(v)
	case "hook":
		e.Hook, err = doc.Text(v)
	}
	return e, err
}

// endChecks are when a named end's condition is checked.
var EndChecks = []string{"round-start", "round-end"}

// endWinners are who an end gives the battle to: relative to the side
// that meets it, or by name.
var EndWinners = []string{"other", "self", "a", "b", "none"}

// BuiltinEnds are the ends every rules-file battle may report, besides the
// file's own.
var BuiltinEnds = []struct{ Name, Meaning string }{
	{"destroyed", "one side has no unit left: the other side wins"},
	{"mutual-destruction", "the last units of both sides are destroyed in the same phase: nobody wins"},
	{"round-cap", "the round cap is reached: nobody wins"},
}

func decodeEnds(n *doc.Node) ([]EndDecl, error) {
	var out []EndDecl
	err := Entries(n, "end names to ends", func(name string, v *doc.Node) error {
		if err := checkWord(v, name, "an end"); err != nil {
			return err
		}
		for _, b := range BuiltinEnds {
			if b.Name == name {
				return v.Errorf("%s is an end every battle has already (%s)", name, b.Meaning)
			}
		}
		var raw struct {
			When    *doc.Node `doc:"when"`
			Check   string    `doc:"check"`
			Winner  string    `doc:"winner"`
			Victory *bool     `doc:"victory"`
			Doc     string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &raw); err != nil {
			return err
		}
		e := EndDecl{Name: name, Doc: raw.Doc, Check: raw.Check, Winner: raw.Winner, Victory: true, Node: v}
		if raw.Victory != nil {
			e.Victory = *raw.Victory
		}
		var err error
		if e.When, err = scalarExpr(raw.When, "a condition on a side"); err != nil {
			return err
		}
		if e.Winner == "" {
			e.Winner = "other"
		} else if _, err := doc.OneOf(v.Get("winner"), EndWinners...); err != nil {
			return err
		}
		switch {
		case e.Check != "" && !e.When.Present():
			return v.Get("check").Errorf("check says when to test `when`, which this end does not have")
		case e.Check == "" && e.When.Present():
			e.Check = "round-end"
		case e.Check != "":
			if _, err := doc.OneOf(v.Get("check"), EndChecks...); err != nil {
				return err
			}
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

func decodeCounters(n *doc.Node) ([]CounterDecl, error) {
	var out []CounterDecl
	err := Entries(n, "counter names to counters", func(name string, v *doc.Node) error {
		if err := checkWord(v, name, "a counter"); err != nil {
			return err
		}
		var raw struct {
			Value *doc.Node `doc:"value,required"`
			Per   string    `doc:"per"`
			Dist  bool      `doc:"dist"`
			Doc   string    `doc:"doc,required"`
		}
		if err := doc.Decode(v, &raw); err != nil {
			return err
		}
		c := CounterDecl{Name: name, Doc: raw.Doc, Dist: raw.Dist, Node: v}
		if raw.Per != "" {
			per, err := doc.OneOf(v.Get("per"), "side", "battle")
			if err != nil {
				return err
			}
			c.PerSide = per == "side"
		}
		var err error
		c.Value, err = scalarExpr(raw.Value, "an expression over the state at the end")
		out = append(out, c)
		return err
	})
	return out, err
}
