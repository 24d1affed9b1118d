package exact

import "github.com/crucible-sim/crucible/rules/emojispace"

// endState is what the counters read of a ship's state when the combat
// ends: its hull, repair uses spent and RED subsystems.
type endState struct{ hull, spent, red int32 }

// A move is one action a ship takes in a round with what it does to the
// ship before the attacks: the state after a repair (§12 step 3, §14) and
// the effective bands (step 5). Both depend only on the ship's own state
// and action, so they are worked out once per state, not at every visit of
// a pair of states.
type move struct {
	act  emojispace.Action
	calm bool     // neither a surrender nor an escape: the round goes on to the attacks
	eff  [3]int   // effective weapon, defense and engine bands
	post uint32   // the state after step 3
	end  endState // the state after step 3, for an escape that ends the combat
	// The outcome list of an attack on this ship depends on the other
	// ship only through its weapon band: byW[w] is the list against band
	// w, once the float walk's hot loop has looked it up.
	byW []*outList
}

// against returns the outcome list, from table t, of an attack on a ship
// that made move m by a weapon band w.
func (m *move) against(t *outTable, w int) *outList {
	if w < len(m.byW) && m.byW[w] != nil {
		return m.byW[w]
	}
	return m.lookUp(t, w)
}

func (m *move) lookUp(t *outTable, w int) *outList {
	if w >= len(m.byW) {
		m.byW = append(m.byW, make([]*outList, w+1-len(m.byW))...)
	}
	m.byW[w] = t.get(m.post, w-m.eff[emojispace.Defense], m.act == emojispace.Evasive)
	return m.byW[w]
}

// turn is one ship state's moves in a round (§12 step 1, §18): one move, or
// the uniform mixture of a `random` rule.
type turn struct {
	stamp    int32 // the generation the moves were chosen in (turns.gen); 0: never
	first, n int32 // the moves are turns.moves[first : first+n]
	pre      endState
}

// turns keeps one ship's turns by state. A policy sees the round number
// only through a plan (emojispace.Policy.PlanRounds): after the longest
// plan a state's turn is the same every round, and is chosen once. The
// rounds from there on share one key; a new key, in a round of a plan or
// in a new walk, starts a new generation of turns.
type turns struct {
	sd     *side
	s      int // 0 for ship a, 1 for ship b
	opt    *emojispace.Options
	plan   int   // the policy's PlanRounds
	key    int   // the round key begun
	round  int   // the first round of that key
	gen    int32 // the generation begun
	byX    []turn
	moves  []move
	actBuf [7]emojispace.Action
}

func newTurns(m *model, s int) *turns {
	sd := &m.sides[s]
	return &turns{sd: sd, s: s, opt: &m.b.Opt, plan: sd.policy.PlanRounds()}
}

// begin starts a round; the moves of an older generation are dropped.
func (t *turns) begin(round int) {
	if key := min(round, t.plan+1); key != t.key {
		t.key, t.round, t.gen, t.moves = key, round, t.gen+1, t.moves[:0]
	}
}

// get returns state i's turn in the round begun.
func (t *turns) get(i uint32) *turn {
	if int(i) < len(t.byX) && t.byX[i].stamp == t.gen {
		return &t.byX[i]
	}
	return t.choose(i)
}

// movesOf returns a turn's moves.
func (t *turns) movesOf(tu *turn) []move { return t.moves[tu.first : tu.first+tu.n] }

// choose works out the moves of state i in the round begun: the policy's
// action, or the available actions of a `random` rule (§18), each made Focus Fire
// when unavailable or, for ship a in `live-action-id-bug`, a Repair or a
// Scan (§12 step 1); then its repair and bands.
func (t *turns) choose(i uint32) *turn {
	if int(i) >= len(t.byX) { // room for the states numbered since
		t.byX = append(t.byX, make([]turn, t.sd.reached()-len(t.byX))...)
	}
	tu, round := &t.byX[i], t.round
	tu.stamp = t.gen
	sd, sh := t.sd, t.sd.ship
	x := sd.state(i)
	v := emojispace.View{Round: round, Hull: x.hull, HullMax: sh.HullMax, RepairLeft: x.spent < sh.TotalUses, Probe: sh.Probe}
	acts := t.actBuf[:0]
	if a, random := sd.policy.Choose(v); random {
		var buf [7]emojispace.Action
		acts = append(acts, emojispace.RandomChoices(v, &buf)...)
	} else {
		acts = append(acts, a)
	}
	tu.first, tu.n = int32(len(t.moves)), int32(len(acts))
	tu.pre = sd.endState(x)
	for _, a := range acts {
		if !emojispace.IsAvailable(a, v) {
			a = emojispace.FocusFire
		}
		if t.s == 0 && t.opt.ActionIDBug && (a == emojispace.Repair || a == emojispace.Scan) {
			a = emojispace.FocusFire
		}
		y := x
		if a == emojispace.Repair { // §14: the use is spent even at full hull
			heal, _ := emojispace.RepairHeal(sh, y.spent)
			y.hull = min(sh.HullMax, y.hull+heal)
			y.spent++
		}
		// The bands read the degradation, which a repair leaves alone.
		eff := emojispace.EffectiveBands(sh, &y.deg, a, sd.rps, t.opt.RedAdditive)
		calm := a != emojispace.Surrender && a != emojispace.Escape
		t.moves = append(t.moves, move{act: a, calm: calm, eff: eff, post: sd.id(y), end: sd.endState(y)})
	}
	return tu
}
