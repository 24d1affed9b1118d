package stratfight

import (
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/crucible-sim/crucible/rules"
)

// End reasons of a duel (§7.8, §8), in Spec order.
const (
	endDeath = iota
	endHelpless
	endConcession
	endRoundCap
)

// duelCounters are the indexes in Outcome.Counters of a duel's counters
// (§8); per-side ones are indexed by side (0 = a, 1 = b).
type duelCounters struct {
	pain, incap, crip, coins, coinsLost, coinsLostCheck, hits, initWins [2]int
	flipoffs                                                            int
	boutsWon                                                            [2]int // present only with bouts > 1
}

// duelBattle is a compiled duel: immutable and safe for concurrent use.
type duelBattle struct {
	spec rules.Spec
	ctr  duelCounters
	opts duelOpts
	side [2]combatant
}

func (b *duelBattle) Spec() rules.Spec { return b.spec }

func (b *duelBattle) NewFighter() rules.Fighter {
	n := 1
	for _, c := range b.side {
		n = max(n, len(c.attacks), len(c.defenses))
	}
	return &duelFighter{
		b:     b,
		perm:  make([]int, n),
		order: [2][2]string{{"A", "B"}, {"B", "A"}},
	}
}

// fstate is one fighter's state during a trial.
type fstate struct {
	pain, incap, crip int // highwater levels (§2.4)
	coins             int // Life Coins (§2.8)
	dead              bool
	// Totals over the trial (§8).
	hits, initWins, coinsLost, coinsLostCheck, boutsWon int64
	checks                                              int64 // Life checks made (for tests and the replay)
}

// duelFighter is one worker's scratch space. Fight allocates nothing.
type duelFighter struct {
	b        *duelBattle
	st       [2]fstate
	perm     []int // S9 openings: indexes of the moves seen
	flipoffs int64
	// order[i] names the players of a contest whose first player is side i,
	// for Flip-Off logs.
	order [2][2]string
	// stop is the run's stop (rules.Stoppable); nil outside a run.
	stop *rules.Stop
}

// SetStop implements rules.Stoppable. A duel neither side can end (no
// damage through the armour, no helplessness, no concession) runs to its
// round cap, up to 10^9 rounds in each of up to 10^4 bouts: about 30 s a
// bout. The duel polls the stop every stopEvery rounds (well under a
// millisecond) and after each bout.
func (f *duelFighter) SetStop(s *rules.Stop) { f.stop = s }

// stopEvery is how many rounds a duel fights between looks at the stop: a
// power of two, so that the look costs one test of the round's low bits.
const stopEvery = 1 << 12

// Fight plays one trial (§7, §8); a duel is the same battle in every trial.
func (f *duelFighter) Fight(_ int64, r *rules.Rand, o *rules.Outcome) { f.play(r, o, nil) }

// Replay plays the same trial with the same draws and logs it to w.
func (f *duelFighter) Replay(_ int64, r *rules.Rand, o *rules.Outcome, w io.Writer) { f.play(r, o, w) }

// play runs up to `bouts` bouts (§5 S11) and fills o (§8). Every log write is
// guarded by log != nil so that Fight allocates nothing.
// It is a hot loop, run in every trial, and stays whole: its steps share the
// fighter's scratch state and follow the rules' order, which one screen
// shows better than helpers would, and a call per step costs in every trial.
func (f *duelFighter) play(r *rules.Rand, o *rules.Outcome, log io.Writer) {
	b := f.b
	for i := range f.st {
		// §7: before round 1 Crip = carried level; §5 S11 life_coins, crippling.
		f.st[i] = fstate{coins: b.side[i].lifeCoins, crip: b.side[i].crippling}
	}
	f.flipoffs = 0
	if log != nil {
		f.header(log)
	}
	var rounds int64
	end := endRoundCap
	for bout := 1; bout <= b.opts.bouts; bout++ {
		// §5 S11 / §2.5 / §2.6: Pain and Incapacitation start each fight at
		// 0; Crippling level and Life Coins carry over.
		for i := range f.st {
			f.st[i].pain, f.st[i].incap = 0, 0
		}
		if log != nil && b.opts.bouts > 1 {
			fmt.Fprintf(log, "bout %d\n", bout)
		}
		n, e, w := f.bout(r, log)
		rounds += n // §8: rounds fought, summed over bouts
		end = e
		if w != rules.None {
			f.st[w-1].boutsWon++
		}
		if log != nil && b.opts.bouts > 1 {
			fmt.Fprintf(log, "bout %d: winner %s, %d rounds\n", bout, w, n)
		}
		if e == endDeath || f.stop.Requested() { // §5 S11: the trial stops at the first death
			break
		}
	}
	// §8: the survivor if someone died, else the fighter with more bout
	// wins (equal → none). With one bout this is the bout's winner.
	winner := rules.None
	if end == endDeath {
		winner = survivor(f.st[0].dead, f.st[1].dead)
	} else if f.st[0].boutsWon > f.st[1].boutsWon {
		winner = rules.A
	} else if f.st[1].boutsWon > f.st[0].boutsWon {
		winner = rules.B
	}
	o.Winner, o.Rounds, o.End = winner, rounds, end
	c, k := o.Counters, &b.ctr
	for i := range f.st {
		s := &f.st[i]
		c[k.pain[i]] = int64(s.pain)
		c[k.incap[i]] = int64(s.incap)
		c[k.crip[i]] = int64(s.crip)
		c[k.coins[i]] = int64(s.coins)
		c[k.coinsLost[i]] = s.coinsLost
		c[k.coinsLostCheck[i]] = s.coinsLostCheck
		c[k.hits[i]] = s.hits
		c[k.initWins[i]] = s.initWins
		if b.opts.bouts > 1 {
			c[k.boutsWon[i]] = s.boutsWon
		}
	}
	c[k.flipoffs] = f.flipoffs
}

// survivor returns the winner when side a, side b or both meet an end
// condition (death, helplessness, concession): the other side, or none if
// both do (§7.8).
func survivor(deadA, deadB bool) rules.Side {
	switch {
	case deadA && !deadB:
		return rules.B
	case deadB && !deadA:
		return rules.A
	}
	return rules.None
}

// bout plays rounds until an end check fires (§7).
func (f *duelFighter) bout(r *rules.Rand, log io.Writer) (rounds int64, end int, winner rules.Side) {
	b := f.b
	for round := int64(1); ; round++ {
		if log != nil {
			fmt.Fprintf(log, "round %d\n", round)
		}
		if b.opts.checkAtStart {
			// §5 S7 start-of-round: the checks come before initiative; a
			// fighter they kill does not fight this round (crucible's reading).
			f.lifeChecks(r, log)
		}
		if !f.st[0].dead && !f.st[1].dead {
			f.exchange(r, log) // §7.1–§7.6
			// §7.5: a death ends the fight at once, so no Life checks follow.
			if !b.opts.checkAtStart && !f.st[0].dead && !f.st[1].dead {
				f.lifeChecks(r, log) // §7.7, §5 S7 end-of-round
			}
		}
		if log != nil {
			f.logState(log)
		}
		if e, w, ok := f.endCheck(round, log); ok {
			return round, e, w
		}
		if round%stopEvery == 0 && f.stop.Requested() {
			return round, endRoundCap, rules.None // abandoned (rules.Stoppable)
		}
	}
}

// endCheck applies §7.8 in order: death, helpless (S8), concession (S10),
// round-cap. If both fighters meet a condition there is no winner;
// otherwise the other fighter wins. The log says who met it; the end
// reason and the winner are the caller's result line.
func (f *duelFighter) endCheck(round int64, log io.Writer) (int, rules.Side, bool) {
	b := f.b
	s0, s1 := &f.st[0], &f.st[1]
	if s0.dead || s1.dead {
		if log != nil {
			fmt.Fprintf(log, "  %s dead\n", who(s0.dead, s1.dead))
		}
		return endDeath, survivor(s0.dead, s1.dead), true
	}
	if b.opts.helpless {
		// §5 S8: Attack − Incap − Crip ≤ 0 and Defense − Incap − Crip ≤ 0.
		h0 := b.side[0].helpless(s0)
		h1 := b.side[1].helpless(s1)
		if h0 || h1 {
			if log != nil {
				fmt.Fprintf(log, "  %s helpless (§5 S8)\n", who(h0, h1))
			}
			return endHelpless, survivor(h0, h1), true
		}
	}
	// §5 S10: concede at the end of a round.
	c0 := b.opts.concede[0].concedes(s0.crip, s0.coins)
	c1 := b.opts.concede[1].concedes(s1.crip, s1.coins)
	if c0 || c1 {
		if log != nil {
			fmt.Fprintf(log, "  %s conceded (§5 S10)\n", who(c0, c1))
		}
		return endConcession, survivor(c0, c1), true
	}
	if round == b.opts.roundCap { // §5 S8 hard cap
		if log != nil {
			fmt.Fprintf(log, "  round cap of %d reached (§5 S8)\n", round)
		}
		return endRoundCap, rules.None, true
	}
	return 0, rules.None, false
}

// helpless is §5 S8 for a fighter in state s.
func (c *combatant) helpless(s *fstate) bool {
	return c.attack-s.incap-s.crip <= 0 && c.defense-s.incap-s.crip <= 0
}

// exchange is one round's blows (§7.1–§7.6, §5 S2).
func (f *duelFighter) exchange(r *rules.Rand, log io.Writer) {
	att := f.initiative(r, log)
	f.st[att].initWins++
	f.strike(r, att, log)
	// §7.6 / §5 S2 both-strike: the defender, if alive, strikes back.
	if f.b.opts.bothStrike && !f.st[1-att].dead {
		if log != nil {
			fmt.Fprintf(log, "  %s strikes back\n", sideName[1-att])
		}
		f.strike(r, 1-att, log)
	}
}

// initiative is §7.1 / §5 S1: a contested D2ROLL of the two initiative pools;
// the higher attacks, a tie goes to the tie rule. It returns the attacker.
func (f *duelFighter) initiative(r *rules.Rand, log io.Writer) int {
	pa, pb := f.b.side[0].initPool, f.b.side[1].initPool
	ha := r.Heads(pa) // §10: D2ROLL(pool_A) first, then D2ROLL(pool_B)
	hb := r.Heads(pb)
	if log != nil {
		fmt.Fprintf(log, "  initiative: A D2ROLL(%d) = %d, B D2ROLL(%d) = %d\n", pa, ha, pb, hb)
	}
	att := 0
	switch {
	case hb > ha:
		att = 1
	case ha == hb:
		if !f.tie(r, pa, pb, 0, log) {
			att = 1
		}
	}
	if log != nil {
		fmt.Fprintf(log, "  %s attacks, %s defends\n", sideName[att], sideName[1-att])
	}
	return att
}

// tie resolves a tied contested roll between a first player (side first,
// pool p1) and the other (pool p2) by the tie rule in force; it reports
// whether the first player wins.
func (f *duelFighter) tie(r *rules.Rand, p1, p2, first int, log io.Writer) bool {
	f.flipoffs++
	if f.b.opts.underdog {
		// §2.3 SF2: the side flipping fewer coins wins; equal pools → one
		// coin flip (heads: the first player).
		win := p1 < p2
		if p1 == p2 {
			win = r.Coin()
		}
		if log != nil {
			how := "fewer coins"
			if p1 == p2 {
				how = "equal pools, coin " + headsOrTails(win)
			}
			w := f.order[first][1]
			if win {
				w = f.order[first][0]
			}
			fmt.Fprintf(log, "    tie, underdog rule (%s): %s wins\n", how, w)
		}
		return win
	}
	if log != nil {
		fmt.Fprintf(log, "    tie: Flip-Off\n")
	}
	return flipOff(r, 2, log, f.order[first][:]) == 0
}

// flipOff is the Flip-Off of §2.3 among n tied players (n ≤ 64), in player
// order: (2) each remaining player flips one coin — one draw per remaining
// player per iteration (§10); (3) all tails → repeat; (4) tails are
// eliminated; (5) one left → that player wins; (6) otherwise repeat. It
// returns the winner's index. names label the players in the log.
func flipOff(r *rules.Rand, n int, log io.Writer, names []string) int {
	if n <= 1 {
		return 0 // a single player is not tied: it wins without flipping
	}
	if n == 2 && log == nil {
		// The same procedure and draws, unrolled for two players: HT or TH
		// leaves one player; TT (step 3) and HH (nobody eliminated, step 6)
		// repeat.
		for {
			h0 := r.Coin()
			h1 := r.Coin()
			if h0 != h1 {
				if h0 {
					return 0
				}
				return 1
			}
		}
	}
	remaining := uint64(1)<<uint(n) - 1 // §2.3 (1): the tied players
	if n >= 64 {
		remaining = ^uint64(0)
	}
	for {
		var heads uint64
		for m := remaining; m != 0; m &= m - 1 { // §2.3 (2)
			i := bits.TrailingZeros64(m)
			if r.Coin() {
				heads |= 1 << uint(i)
			}
		}
		if log != nil {
			var sb strings.Builder
			for m := remaining; m != 0; m &= m - 1 {
				i := bits.TrailingZeros64(m)
				fmt.Fprintf(&sb, " %s %s", playerName(names, i), headsOrTails(heads&(1<<uint(i)) != 0))
			}
			fmt.Fprintf(log, "    flip-off:%s\n", sb.String())
		}
		if heads == 0 { // §2.3 (3): everyone flipped tails
			continue
		}
		remaining = heads                 // §2.3 (4): tails are eliminated
		if remaining&(remaining-1) == 0 { // §2.3 (5): one player left
			w := bits.TrailingZeros64(remaining)
			if log != nil {
				fmt.Fprintf(log, "    flip-off won by %s\n", playerName(names, w))
			}
			return w
		}
		// §2.3 (6): repeat from (2)
	}
}

// strike is one blow (§7.2–§7.5) by side att against the other side.
// It is a hot loop, run in every trial, and stays whole: its steps share the
// fighter's scratch state and follow the rules' order, which one screen
// shows better than helpers would, and a call per step costs in every trial.
func (f *duelFighter) strike(r *rules.Rand, att int, log io.Writer) {
	b := f.b
	def := 1 - att
	ca, cd := &b.side[att], &b.side[def]
	sa, sd := &f.st[att], &f.st[def]

	// §7.2 / §5 S9: openings. Under generic each side has one move.
	am, dm := 0, 0
	if b.opts.openings {
		var roll, seen int
		am, roll, seen = f.pick(r, ca.trn, ca.attackScore)
		if log != nil {
			f.logPick(log, att, "attack", ca.trn, roll, seen, ca.attacks[am].name, func(i int) string { return ca.attacks[i].name })
		}
		dm, roll, seen = f.pick(r, cd.trn, cd.defenseScore)
		if log != nil {
			f.logPick(log, def, "defense", cd.trn, roll, seen, cd.defenses[dm].name, func(i int) string { return cd.defenses[i].name })
		}
	}
	mv := &ca.attacks[am]
	dmod := cd.defenses[dm].mod

	// §7.3 attack pool. §2.5: the Pain penalty is rolled after the attacker
	// commits: pain = D2ROLL(Pain level).
	base := ca.attack + mv.mod // §5 S9: mods add before penalties
	pain := r.Heads(sa.pain)
	eff, miss := attackPool(base, pain, sa.incap, sa.crip, b.opts.painOnly)
	if log != nil {
		fmt.Fprintf(log, "  %s attacks (%s): pain penalty D2ROLL(%d) = %d; effAtk = %d Attack %+d move − %d pain − %d incap − %d crip = %d\n",
			sideName[att], mv.name, sa.pain, pain, ca.attack, mv.mod, pain, sa.incap, sa.crip, base-pain-sa.incap-sa.crip)
	}
	if miss {
		if log != nil {
			fmt.Fprintf(log, "    automatic miss\n")
		}
		return
	}

	// §7.4 contest: effDef = max(0, Defense + defense_mod − Incap − Crip);
	// D2ROLL(effAtk) then D2ROLL(effDef); more heads wins, a tie (0–0
	// included) goes to the tie rule; the attacker winning is a hit.
	effDef := max(0, cd.defense+dmod-sd.incap-sd.crip)
	ha := r.Heads(eff)
	hd := r.Heads(effDef)
	if log != nil {
		fmt.Fprintf(log, "    contest: %s D2ROLL(%d) = %d vs %s D2ROLL(%d) = %d\n", sideName[att], eff, ha, sideName[def], effDef, hd)
	}
	hit := ha > hd
	if ha == hd {
		hit = f.tie(r, eff, effDef, att, log)
	}
	if !hit {
		if log != nil {
			fmt.Fprintf(log, "    %s parries\n", sideName[def])
		}
		return
	}
	sa.hits++

	// §7.5 damage, channels in the order Pain, Incapacitation, Crippling;
	// each dealt = D2ROLL(profile value) and sets its highwater (§2.4).
	dp := r.Heads(mv.damage)
	if b.opts.marginToPain { // §5 S5 s5-margin-to-pain
		dp += ha - hd
	}
	di := r.Heads(mv.incap)
	dc := r.Heads(mv.lethality)
	oldPain, oldIncap, oldCrip, oldCoins := sd.pain, sd.incap, sd.crip, sd.coins
	sd.pain = highwater(sd.pain, dp)
	sd.incap = highwater(sd.incap, di)
	sd.crip = highwater(sd.crip, dc)
	// §2.7 Crippling is Lethal damage, removed from Life Coins (§5 S6).
	loseCoins(sd, lethalCoins(oldCrip, sd.crip, dc, b.opts.everyHit))
	if log != nil {
		fmt.Fprintf(log, "    hit: Pain D2ROLL(%d) = %d → level %d (was %d); Incapacitation D2ROLL(%d) = %d → level %d (was %d); Crippling D2ROLL(%d) = %d → level %d (was %d); %s coins %d → %d\n",
			mv.damage, dp, sd.pain, oldPain, mv.incap, di, sd.incap, oldIncap, mv.lethality, dc, sd.crip, oldCrip, sideName[def], oldCoins, sd.coins)
		if sd.dead {
			fmt.Fprintf(log, "    %s dies (0 Life Coins)\n", sideName[def])
		}
	}
}

// attackPool is §7.3 / §5 S4: effAtk = Attack (+ attack_mod) − pain penalty −
// Incap − Crip (§2.5–§2.7). Under total, effAtk ≤ 0 is an automatic miss.
// Under pain-only, the attack misses automatically only when the pain
// penalty ≥ the Attack Ability (§2.5); otherwise effAtk is floored at 0.
func attackPool(base, pain, incap, crip int, painOnly bool) (eff int, miss bool) {
	eff = base - pain - incap - crip
	if painOnly {
		if pain >= base {
			return eff, true
		}
		return max(0, eff), false
	}
	return eff, eff <= 0
}

// highwater is §2.4: level = max(level, amount of this hit).
func highwater(level, dealt int) int { return max(level, dealt) }

// lethalCoins is the number of Life Coins a hit removes (§5 S6): the rise of
// the Crippling level (highwater-increase) or the full amount dealt
// (every-hit).
func lethalCoins(oldLevel, newLevel, dealt int, everyHit bool) int {
	if everyHit {
		return dealt
	}
	return newLevel - oldLevel
}

// loseCoins removes n Life Coins; 0 coins is death (§2.7, §2.8).
func loseCoins(s *fstate, n int) {
	n = min(n, s.coins)
	s.coins -= n
	s.coinsLost += int64(n)
	if s.coins == 0 {
		s.dead = true
	}
}

// lifeChecks is §7.7 / §2.9: each living fighter with 1..threshold coins
// flips all of them (one AllTails draw, §10); all tails → −1 coin; 0 → death.
// A is checked before B.
func (f *duelFighter) lifeChecks(r *rules.Rand, log io.Writer) {
	for i := range f.st {
		s := &f.st[i]
		if s.dead || s.coins < 1 || s.coins > f.b.opts.threshold {
			continue
		}
		s.checks++
		tails := r.AllTails(s.coins)
		if tails {
			s.coins--
			s.coinsLost++
			s.coinsLostCheck++
			if s.coins == 0 {
				s.dead = true
			}
		}
		if log != nil {
			if tails {
				fmt.Fprintf(log, "  life check %s: %d coins all tails → %d coins\n", sideName[i], s.coins+1, s.coins)
				if s.dead {
					fmt.Fprintf(log, "    %s dies (0 Life Coins)\n", sideName[i])
				}
			} else {
				fmt.Fprintf(log, "  life check %s: %d coins, not all tails\n", sideName[i], s.coins)
			}
		}
	}
}

// pick is the S9 openings choice (§5 S9): the fighter sees
// max(1, D2ROLL(training)) of its moves (all of them if it has no more),
// drawn uniformly without replacement by a partial Fisher–Yates shuffle with
// IntN, and takes the seen move with the largest score, the first listed on
// ties. It returns the move, the roll and the number seen; f.perm[:seen]
// holds the moves seen.
func (f *duelFighter) pick(r *rules.Rand, training int, score []int) (best, roll, seen int) {
	roll = r.Heads(training)
	n := len(score)
	seen = min(max(1, roll), n)
	perm := f.perm[:n]
	for i := range perm {
		perm[i] = i
	}
	if seen < n { // seeing all n moves needs no draw
		for i := 0; i < seen; i++ {
			j := i + r.IntN(n-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
	}
	best = perm[0]
	for _, m := range perm[1:seen] {
		if score[m] > score[best] || score[m] == score[best] && m < best {
			best = m
		}
	}
	return best, roll, seen
}
