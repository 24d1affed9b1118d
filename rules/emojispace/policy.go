package emojispace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crucible-sim/crucible/rules/doc"
)

// Action is one of the combat actions of §11 (contract §3).
type Action uint8

const (
	FocusFire Action = iota
	Reinforce
	Evasive
	Escape
	Surrender
	Repair
	Scan
	numActions
)

// actionNames are §11's names; actionAliases the short forms plans may use
// (§18).
var (
	actionNames   = [numActions]string{"Focus Fire", "Reinforce Shields", "Evasive Maneuvers", "Attempt Escape", "Surrender", "Repair Systems", "Scan"}
	actionAliases = [numActions]string{"focus-fire", "reinforce", "evasive", "escape", "surrender", "repair", "scan"}
)

func (a Action) String() string { return actionNames[a] }

// focus returns the band an action focuses (+1, §11), or noBand.
func (a Action) focus() Band {
	switch a {
	case FocusFire:
		return Weapon
	case Reinforce:
		return Defense
	case Evasive, Escape:
		return Engine
	}
	return noBand
}

// View is what a policy sees when it chooses (§18): the round and its own
// ship's state, as the coded selectors do.
type View struct {
	Round      int
	Hull       int
	HullMax    int
	RepairLeft bool // a repair use is left: Repair Systems is available
	Probe      bool // the ship has a probe array: Scan is available
}

// Available lists the actions available in v (§11): the five always
// available, then Repair Systems and Scan when unlocked.
func Available(v View, buf *[numActions]Action) []Action {
	out := append(buf[:0], FocusFire, Reinforce, Evasive, Escape, Surrender)
	if v.RepairLeft {
		out = append(out, Repair)
	}
	if v.Probe {
		out = append(out, Scan)
	}
	return out
}

// IsAvailable reports whether a is available in v (§11).
func IsAvailable(a Action, v View) bool {
	switch a {
	case Repair:
		return v.RepairLeft
	case Scan:
		return v.Probe
	}
	return a < numActions
}

// ruleKind is one rule of §18.
type ruleKind uint8

const (
	ruleAlways ruleKind = iota // focus-fire, reinforce, evasive
	ruleDefaultSelector
	ruleEscapeBelow
	ruleSurrenderBelow
	ruleRandom
	rulePlan
)

// Rule is one rule of a policy (§18).
type Rule struct {
	kind   ruleKind
	action Action   // ruleAlways
	milli  int      // the fraction f of escape-below and surrender-below, in thousandths
	plan   []Action // rulePlan: the action of round r is plan[r-1]
	text   string
}

func (r Rule) String() string { return r.text }

// Policy is a side's action policy: its rules in order (§18).
type Policy []Rule

func (p Policy) String() string {
	if len(p) == 1 {
		return p[0].text
	}
	parts := make([]string, len(p))
	for i, r := range p {
		parts[i] = r.text
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Random reports whether the policy has a `random` rule, the only one that
// draws from the policy stream (§20).
func (p Policy) Random() bool {
	for _, r := range p {
		if r.kind == ruleRandom {
			return true
		}
	}
	return false
}

// PlanRounds returns the number of rounds through which the policy's choice
// can depend on the round number: the length of its longest `plan` rule,
// 0 without one (§18). Every other rule sees only the ship's own state, and
// a plan gives Focus Fire once it has ended, so from round PlanRounds()+1
// on a state's choice is the same every round.
func (p Policy) PlanRounds() int {
	n := 0
	for _, r := range p {
		if r.kind == rulePlan {
			n = max(n, len(r.plan))
		}
	}
	return n
}

// below reports hull ≤ f × hull_max in integers (§18).
func below(v View, milli int) bool { return v.Hull*1000 <= milli*v.HullMax }

// Choose returns the action of the first rule that fires, Focus Fire if none
// does (§18), and whether that rule is `random`, in which case the action is
// to be drawn uniformly from the available actions except Surrender (the
// caller draws; the exact solver mixes). A chosen action that is not
// available becomes Focus Fire (§11).
func (p Policy) Choose(v View) (a Action, random bool) {
	for i := range p {
		r := &p[i]
		switch r.kind {
		case ruleAlways:
			return r.action, false
		case ruleDefaultSelector:
			// Repair if hull ≤ max(1, floor(hull_max/3)) and available.
			if v.RepairLeft && v.Hull <= max(1, v.HullMax/3) {
				return Repair, false
			}
			return FocusFire, false
		case ruleEscapeBelow:
			if below(v, r.milli) {
				return Escape, false
			}
		case ruleSurrenderBelow:
			if below(v, r.milli) {
				return Surrender, false
			}
		case ruleRandom:
			return FocusFire, true
		case rulePlan:
			if v.Round-1 < len(r.plan) {
				if a := r.plan[v.Round-1]; IsAvailable(a, v) {
					return a, false
				}
			}
			return FocusFire, false
		}
	}
	return FocusFire, false
}

// RandomChoices lists the actions a `random` rule draws among in v: the
// available ones except Surrender (§18), in §11 order.
func RandomChoices(v View, buf *[numActions]Action) []Action {
	out := buf[:0]
	for a := range numActions {
		if a != Surrender && IsAvailable(a, v) {
			out = append(out, a)
		}
	}
	return out
}

// parsePolicy reads a side's policy: one rule or a list of rules; a rule is
// a word, `escape-below:F`, `surrender-below:F` or `{plan: [actions]}`.
func parsePolicy(n *doc.Node) (Policy, error) {
	if n.Kind == doc.Seq {
		if len(n.Items) == 0 {
			return nil, n.Errorf("expected at least one rule (%s)", policyForms)
		}
		p := make(Policy, 0, len(n.Items))
		for _, it := range n.Items {
			r, err := parseRule(it)
			if err != nil {
				return nil, err
			}
			p = append(p, r)
		}
		return p, nil
	}
	r, err := parseRule(n)
	if err != nil {
		return nil, err
	}
	return Policy{r}, nil
}

// ruleNames are the names a policy rule starts with (§18), for "did you
// mean" after an unknown one.
var ruleNames = []string{"focus-fire", "reinforce", "evasive", "default-selector", "escape-below", "surrender-below", "random", "plan"}

const policyForms = "focus-fire, reinforce, evasive, default-selector, escape-below:F, surrender-below:F (F a decimal from 0 to 1 with at most 3 places), random, {plan: [actions]}, or a list of these"

// maxPlan bounds a plan's length (it can outlast no round cap).
const maxPlan = MaxRounds

func parseRule(n *doc.Node) (Rule, error) {
	switch n.Kind {
	case doc.Map:
		// YAML reads `escape-below:0.25` inside a flow list as the mapping
		// {escape-below: 0.25}: both forms are the same rule.
		if len(n.Keys) != 1 {
			return Rule{}, n.Errorf("expected one rule (%s)", policyForms)
		}
		key, v := n.Keys[0], n.Vals[0]
		switch key {
		case "escape-below", "surrender-below":
			if v.Kind != doc.Scalar {
				return Rule{}, v.Errorf("expected a fraction, a decimal from 0 to 1 with at most 3 places")
			}
			return parseRule(&doc.Node{Kind: doc.Scalar, Pos: v.Pos, Path: v.Path, Value: key + ":" + v.Value})
		case "plan":
			return parsePlan(v)
		}
		return Rule{}, v.Errorf("unknown policy rule %q (allowed: %s)%s", key, policyForms, doc.DidYouMean(key, ruleNames))
	case doc.Scalar:
	default:
		return Rule{}, n.Errorf("expected a policy rule (%s)", policyForms)
	}
	v := n.Value
	switch v {
	case "focus-fire":
		return Rule{kind: ruleAlways, action: FocusFire, text: v}, nil
	case "reinforce":
		return Rule{kind: ruleAlways, action: Reinforce, text: v}, nil
	case "evasive":
		return Rule{kind: ruleAlways, action: Evasive, text: v}, nil
	case "default-selector":
		return Rule{kind: ruleDefaultSelector, text: v}, nil
	case "random":
		return Rule{kind: ruleRandom, text: v}, nil
	}
	for _, k := range []struct {
		prefix string
		kind   ruleKind
	}{{"escape-below:", ruleEscapeBelow}, {"surrender-below:", ruleSurrenderBelow}} {
		if f, ok := strings.CutPrefix(v, k.prefix); ok {
			milli, ok := parseMilli(f)
			if !ok {
				return Rule{}, n.Errorf("%q: the fraction must be a decimal from 0 to 1 with at most 3 places, e.g. %s0.25", v, k.prefix)
			}
			return Rule{kind: k.kind, milli: milli, text: k.prefix + formatMilli(milli)}, nil
		}
	}
	name, _, _ := strings.Cut(v, ":")
	return Rule{}, n.Errorf("unknown policy rule %q (allowed: %s)%s", v, policyForms, doc.DidYouMean(name, ruleNames))
}

// parsePlan reads a plan's list of actions (§18).
func parsePlan(n *doc.Node) (Rule, error) {
	if n.Kind != doc.Seq {
		return Rule{}, n.Errorf("expected a list of actions (%s)", planForms())
	}
	if len(n.Items) > maxPlan {
		return Rule{}, n.Errorf("%d actions: a plan has at most %d (the largest max-rounds)", len(n.Items), maxPlan)
	}
	r := Rule{kind: rulePlan}
	words := make([]string, len(n.Items))
	for i, it := range n.Items {
		a, ok := parseAction(it)
		if !ok {
			return Rule{}, it.Errorf("%s is not an action (allowed: %s)%s", doc.Describe(it), planForms(), actionHint(it))
		}
		r.plan = append(r.plan, a)
		words[i] = actionAliases[a]
	}
	r.text = "plan:[" + strings.Join(words, ", ") + "]"
	return r, nil
}

func planForms() string {
	return strings.Join(actionAliases[:], ", ") + ", or the action names " + strings.Join(actionNames[:], ", ")
}

// actionHint is the "did you mean" for a plan entry that is no action.
func actionHint(n *doc.Node) string {
	if n.Kind != doc.Scalar {
		return ""
	}
	return doc.DidYouMean(n.Value, append(actionAliases[:], actionNames[:]...))
}

func parseAction(n *doc.Node) (Action, bool) {
	if n.Kind != doc.Scalar {
		return 0, false
	}
	for a := range numActions {
		if n.Value == actionAliases[a] || n.Value == actionNames[a] {
			return a, true
		}
	}
	return 0, false
}

// parseMilli reads a decimal in [0, 1] with at most three places as
// thousandths (§18).
func parseMilli(s string) (int, bool) {
	whole, frac, dotted := strings.Cut(s, ".")
	if whole != "0" && whole != "1" || dotted && (frac == "" || len(frac) > 3) {
		return 0, false
	}
	milli := 1000 * int(whole[0]-'0')
	for i := range 3 {
		d := 0
		if i < len(frac) {
			if frac[i] < '0' || frac[i] > '9' {
				return 0, false
			}
			d = int(frac[i] - '0')
		}
		milli += d * []int{100, 10, 1}[i]
	}
	return milli, milli <= 1000
}

func formatMilli(m int) string {
	if m%1000 == 0 {
		return strconv.Itoa(m / 1000)
	}
	return strings.TrimRight(fmt.Sprintf("%d.%03d", m/1000, m%1000), "0")
}
