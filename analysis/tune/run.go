package tune

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/crucible-sim/crucible/analysis"
	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/scenarios"
	"github.com/crucible-sim/crucible/sim"
)

// RecheckSuffix ends the name of the streams a tune's re-check draws: the
// base scenario's name with it names a stream family no search probe
// draws from.
const RecheckSuffix = "/recheck"

// Run answers t in two phases, fighting as r says.
//
// The search probes values of the field, each probe a sequential test of
// the metric against the target's value (Sequentially: looks after First,
// 2·First, … trials up to Budget, the k-th at α/2^k of the probe's rate),
// all on the base scenario's streams, so that neighbouring values differ
// by the field and not by luck. The two ends give the direction; bisection
// then closes in on the last value on one side of the target and the first
// on the other.
//
// The re-check fights the two values the answer rests on again — the
// bracket's ends, the ends of an unreachable range, or the two probes that
// contradict the direction — on streams of their own (RecheckSuffix), each
// at α/2, its first look sized from its search probe (recheckStart). The answer
// states what the re-check confirms, and its estimates: a value the search
// placed by luck (the tuner's curse: of many probes, one happens to fall on
// the wrong side) is fought on fresh trials, independent of the luck that
// chose it. Since the re-check's two tests hold jointly at 1 − α whatever
// the search did, the answer's statements do too: the search's own rate
// does not enter the guarantee, only its chance of sending the re-check to
// the wrong values (then the re-check contradicts it and the tune is
// Inconclusive). Bonferroni over every probe instead, as a union
// bound over probes the search chose on shared streams, would pay for a
// guarantee the answer does not rest on: it cost 41 % more trials
// (bench/README.md, "tune").
//
// Where the ruleset's solver reaches a probe (t.Exact), its exact value
// decides it, no sampling and no re-check; a probe beyond the solver's
// budget, or whose metric the solver does not give, is fought by Monte
// Carlo, with a note.
//
// When ctx is cancelled, Run returns the probes so far, the result
// marked Interrupted, and ctx's error.
func Run(ctx context.Context, r analysis.Run, t *Tune) (*Result, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	r.Shard = sim.Shard{}
	sections, err := r.Sections("a tune of " + t.Name)
	if err != nil {
		return nil, err
	}
	_, noSolver := rules.LookupSolver(t.Base.Ruleset)
	tn := &tuner{run: r, t: t, exact: t.Exact && noSolver == nil, sections: sections}
	out := &Result{Tune: t, Seed: r.Seed, Version: r.Version,
		Streams: t.Base.Name, RecheckStreams: t.Base.Name + RecheckSuffix}
	s := newSearcher(t.Axis.Last(), func(i int64) (Probe, error) { return tn.search(ctx, i) })
	found, err := s.run()
	out.Probes, out.Direction, out.Notes = s.probes, found.direction, fallbackNotes(s.probes)
	if err != nil {
		return tn.stopped(out, ctx, err)
	}
	if found.status == Inconclusive {
		out.Status, out.Why = Inconclusive, found.why
		return out, nil
	}
	check := tn.recheck
	if found.status == NonMonotonic {
		check = tn.confirmReversal
	}
	confirmed, err := check(ctx, out, s, found.pair)
	if err != nil {
		return tn.stopped(out, ctx, err)
	}
	out.Status = found.status
	if !confirmed {
		out.Status = Inconclusive
		return out, nil
	}
	tn.state(out, s, found)
	return out, nil
}

// stopped marks a tune that stopped on err: interrupted when ctx was
// cancelled.
func (tn *tuner) stopped(out *Result, ctx context.Context, err error) (*Result, error) {
	if ctx.Err() != nil {
		out.Status = Interrupted
		return out, err
	}
	return nil, err
}

// tuner fights the probes of one tune.
type tuner struct {
	run   analysis.Run
	t     *Tune
	exact bool // solve probes where the solver reaches
	// sections keep the checkpoint: a section for each probe fought,
	// named by its phase and value (see section).
	sections *analysis.Sections
}

// section returns the run of the probe of phase p at value: a section of
// the tune's checkpoint, on the phase's streams. The search never fights a
// value twice, nor the re-check, so the name is the probe's alone.
func (tn *tuner) section(p Phase, value, streams string) analysis.Run {
	r := tn.sections.Section(fmt.Sprintf("%s %s=%s", p, tn.t.Axis.Path, value))
	r.Streams = streams
	return r
}

// search decides point i for the search: exactly where the solver reaches
// it, else by a sequential test on the base scenario's streams at the
// whole rate α (see Tune for why the search's rate is not split).
func (tn *tuner) search(ctx context.Context, i int64) (Probe, error) {
	sc, err := tn.t.scenarioAt(i)
	if err != nil {
		return Probe{}, err
	}
	p := Probe{Index: i, Value: tn.t.Axis.Value(i), Phase: SearchPhase}
	if tn.exact {
		if solved, err := tn.solve(ctx, sc, &p); solved || err != nil {
			return p, err
		}
	}
	first, most := tn.t.budget()
	return tn.fight(ctx, sc, p, tn.t.Base.Name, first, most, tn.t.Alpha())
}

// solve decides p exactly when the solver gives the target's metric at
// sc; solved is false, with p.Note saying why, when it does not.
func (tn *tuner) solve(ctx context.Context, sc *scenarios.Scenario, p *Probe) (solved bool, err error) {
	b, err := sc.Compile()
	if err != nil {
		return false, err
	}
	p.Spec = b.Spec()
	sol, err := analysis.Solve(ctx, sc, tn.t.Rational)
	switch {
	case ctx.Err() != nil:
		return false, ctx.Err()
	case err != nil:
		p.Note = err.Error()
		return false, nil
	}
	v, ok := sol.Metric(tn.t.Target.Metric)
	if !ok {
		p.Note = fmt.Sprintf("the solver gives no exact %s", tn.t.Target.Metric)
		return false, nil
	}
	p.Exact = &v
	p.Decision = exactDecision(v, tn.t.Target)
	p.Estimate = analysis.Estimate{Value: v.F, Lo: v.F, Hi: v.F, Method: "exact (solver)"}
	return true, nil
}

// exactDecision places an exact value against the target. A value equal
// to a one-sided target meets it, and is placed on its side (above a ≥,
// below a ≤); equal to a two-sided target, it is AtTarget.
func exactDecision(v rules.Value, t scenarios.Target) Decision {
	cmp := 0
	if x, ok := new(big.Rat).SetString(v.Rat); v.Rat != "" && ok {
		cmp = t.Cmp(x)
	} else if d := v.F - t.Value; math.Abs(d) > analysis.ExactTolerance*math.Max(1, math.Abs(t.Value)) {
		cmp = int(math.Copysign(1, d))
	}
	switch {
	case cmp < 0 || cmp == 0 && t.Op == "<=":
		return BelowTarget
	case cmp > 0 || cmp == 0 && t.Op == ">=":
		return AboveTarget
	}
	return AtTarget
}

// fight decides p by a sequential test on the named streams, its first
// look after start trials and its last at most trials at most, spending
// alpha over its looks.
func (tn *tuner) fight(ctx context.Context, sc *scenarios.Scenario, p Probe, streams string, start, most int64, alpha float64) (Probe, error) {
	r := tn.section(p.Phase, p.Value, streams)
	if r.Progress != nil {
		progress, label := r.Progress, fmt.Sprintf("%s %s=%s (%s)", tn.t.Name, tn.t.Axis.Path, p.Value, p.Phase)
		r.Progress = func(s analysis.Stage) (func(int64), func()) {
			s.Name = label
			return progress(s)
		}
	}
	grow, end, err := r.Growing(ctx, sc, min(start, most))
	if err != nil {
		return p, err
	}
	defer end()
	v := tn.t.Target.Value
	claim := scenarios.Claim{Metric: tn.t.Target.Metric, Max: &v}
	vs, res, looks, err := analysis.Sequentially([]scenarios.Claim{claim}, grow, min(start, most), most, alpha, nil)
	p.Streams, p.Alpha, p.Looks, p.Exact = streams, alpha, looks, nil
	if res != nil {
		p.Trials, p.Spec = res.Tally.Trials, res.Spec
	}
	var c analysis.ClaimCheck // none when cut short before the first look
	if len(vs) > 0 {
		c = vs[0]
	}
	p.Spent = c.Alpha
	p.Estimate = analysis.Estimate{Value: c.Observed, Lo: c.Lo, Hi: c.Hi, Trials: c.Trials, Method: c.Test}
	switch {
	case err != nil && res != nil && res.Tally.Trials > c.Trials:
		// Cut short: the trials fought so far are a smaller sample, read
		// at the rate of the look that was under way.
		p.Decision, p.Spent = Undecided, alpha/float64(uint64(1)<<min(looks, 62))
		p.Estimate = analysis.EstimateOf(res, tn.t.Target.Metric, p.Spent)
	case err != nil:
		p.Decision = Undecided
	case c.Verdict == analysis.Pass:
		p.Decision = BelowTarget
	case c.Verdict == analysis.Fail:
		p.Decision = AboveTarget
	default:
		p.Decision = AtTarget
	}
	return p, err
}

// recheck fights the search's probes of the pair again on the re-check's
// streams, those the solver did not decide, and for a one-sided target
// the values between them the search left indistinguishable from it (the
// decide phase, up to the decide budget: whether one meets the target
// decides the answer), each at α over their number. It reports whether
// every re-check of the pair agrees with its search probe; out.Why says
// where one does not. A value between is stated as the re-check finds it.
func (tn *tuner) recheck(ctx context.Context, out *Result, s *searcher, pair [2]int64) (bool, error) {
	var sampled []Probe
	for _, i := range pair {
		if p := s.probeAt(i); p.Exact == nil {
			sampled = append(sampled, p)
		}
	}
	var open []Probe
	if tn.t.Target.OneSided() {
		open = s.between(pair, func(p Probe) bool { return p.Exact == nil && p.Decision == AtTarget })
	}
	if len(sampled)+len(open) == 0 {
		return true, nil
	}
	alpha := tn.t.Alpha() / float64(len(sampled)+len(open))
	first, most := tn.t.budget()
	agree := true
	for _, sp := range append(sampled, open...) {
		sc, err := tn.t.scenarioAt(sp.Index)
		if err != nil {
			return false, err
		}
		phase, cap := RecheckPhase, most
		if sp.Decision == AtTarget && sp.Index != pair[0] && sp.Index != pair[1] {
			phase, cap = DecidePhase, tn.t.decideBudget()
		}
		rp := Probe{Index: sp.Index, Value: sp.Value, Phase: phase, Note: sp.Note}
		rp, err = tn.fight(ctx, sc, rp, out.RecheckStreams, recheckStart(sp, tn.t.Target.Value, alpha, first), cap, alpha)
		if rp.Trials > 0 {
			out.Recheck = append(out.Recheck, rp)
		}
		if err != nil {
			return false, err
		}
		if phase == RecheckPhase && rp.Decision != sp.Decision {
			agree = false
			out.Why += fmt.Sprintf("the re-check on fresh streams finds %s=%s %s the target where the search found it %s; ",
				tn.t.Axis.Path, sp.Value, decisionWords(rp.Decision), decisionWords(sp.Decision))
		}
	}
	if !agree {
		out.Why = out.Why[:len(out.Why)-2] + ": the answer is not stated"
	}
	return agree, nil
}

// confirmReversal fights the two values of a reversal the search saw
// again on the re-check's streams (those the solver did not decide), side
// by side, in looks that double from the trials their search probes
// fought, the k-th look's intervals at α/2^(k+1) for each value (α/2 each
// over all looks), until the intervals are apart: in the order the search
// saw them (the reversal is confirmed), in the other (it is not), or the
// budget is spent (not confirmed).
func (tn *tuner) confirmReversal(ctx context.Context, out *Result, s *searcher, pair [2]int64) (bool, error) {
	first, most := tn.t.budget()
	pi, pj := s.probeAt(pair[0]), s.probeAt(pair[1])
	start := min(max(first, pi.Trials, pj.Trials), most)
	var grows [2]func(int64) (*analysis.Result, error)
	for k, p := range []Probe{pi, pj} {
		if p.Exact != nil {
			continue
		}
		sc, err := tn.t.scenarioAt(p.Index)
		if err != nil {
			return false, err
		}
		grow, end, err := tn.section(RecheckPhase, p.Value, out.RecheckStreams).Growing(ctx, sc, start)
		if err != nil {
			return false, err
		}
		defer end()
		grows[k] = grow
	}
	alpha := tn.t.Alpha() / 2
	for n, look := start, 1; ; n, look = min(2*n, most), look+1 {
		spend := alpha / float64(uint64(1)<<min(look, 62))
		probes := [2]Probe{pi, pj}
		for k := range probes {
			if grows[k] == nil {
				continue
			}
			res, err := grows[k](n)
			probes[k] = tn.sampled(probes[k], res, look, alpha, spend, out.RecheckStreams)
			if err != nil {
				probes[k].Decision = Undecided
				out.Recheck = appendFought(out.Recheck, probes[:]...)
				return false, err
			}
		}
		e0, e1 := probes[0].Estimate, probes[1].Estimate
		apart := analysis.Reversed(e0, e1, out.Direction) || analysis.Reversed(e0, e1, -out.Direction)
		if apart || n == most {
			out.Recheck = appendFought(out.Recheck, probes[:]...)
			if !analysis.Reversed(e0, e1, out.Direction) {
				out.Why = fmt.Sprintf("the search saw %s fall against the direction between %s and %s, which the re-check on fresh streams does not confirm", tn.t.Target.Metric, pi.Value, pj.Value)
				return false, nil
			}
			return true, nil
		}
	}
}

// sampled returns the re-check probe of p after a look at res.
func (tn *tuner) sampled(p Probe, res *analysis.Result, look int, alpha, spend float64, streams string) Probe {
	e := analysis.EstimateOf(res, tn.t.Target.Metric, spend)
	p.Phase, p.Streams, p.Trials, p.Looks, p.Alpha, p.Spent, p.Spec = RecheckPhase, streams, res.Tally.Trials, look, alpha, spend, res.Spec
	p.Estimate = e
	switch v := tn.t.Target.Value; {
	case e.NoInterval != "" || e.Lo <= v && v <= e.Hi:
		p.Decision = AtTarget
	case e.Hi < v:
		p.Decision = BelowTarget
	default:
		p.Decision = AboveTarget
	}
	return p
}

// appendFought appends the probes that fought trials.
func appendFought(to []Probe, ps ...Probe) []Probe {
	for _, p := range ps {
		if p.Phase == RecheckPhase && p.Trials > 0 {
			to = append(to, p)
		}
	}
	return to
}

// recheckStart sizes a re-check's first look from its search probe: the
// trials at which the re-check's interval (at its first look's rate,
// alpha/2) would just leave the target if the value lay where the search
// saw it, as a multiple of first, at least first (fight caps it at the
// budget). Where the search saw the value too far from the target (it
// stopped when the value first looked apart from it: the tuner's curse),
// the first look falls short and the next, twice as large, decides;
// where it saw it too near, the first look has room. Over seeds 1 to 20
// of stratfight/armor-fair and eclipse/interceptors-for-70 by Monte Carlo
// (bench/README.md, "tune"), a tune fought 14,125 and 12,262 trials on
// average; sizing the first look to decide at half the distance (4× the
// trials), 19,325 and 19,800; starting it at first, 17,937 and 15,250;
// at the search probe's trials, 17,000 and 15,537. The size comes from
// the search's trials alone, which the re-check's streams are independent
// of, so the re-check keeps its level.
func recheckStart(sp Probe, v, alpha float64, first int64) int64 {
	e := sp.Estimate
	dist, half := math.Abs(e.Value-v), (e.Hi-e.Lo)/2
	if sp.Trials == 0 || dist == 0 || half <= 0 || sp.Spent <= 0 {
		return first
	}
	zSearch, zFirst := -analysis.NormalQuantile(sp.Spent/2), -analysis.NormalQuantile(alpha/4)
	k := zFirst * half / (zSearch * dist)
	n := float64(sp.Trials) * k * k
	if n > float64(sim.MaxTrials) {
		return sim.MaxTrials
	}
	return max(first, int64(math.Ceil(n/float64(first)))*first)
}

// decisionWords says a decision as a phrase about the target.
func decisionWords(d Decision) string {
	switch d {
	case BelowTarget:
		return "below"
	case AboveTarget:
		return "above"
	case AtTarget:
		return "indistinguishable from"
	}
	return "undecided against"
}

// state fills in the statements of a confirmed outcome: the bracket (see
// bracket) or the pair an unreachable or non-monotonic outcome rests on,
// each the re-check's probe where there is one.
func (tn *tuner) state(out *Result, s *searcher, found searchOutcome) {
	stated := func(i int64) Probe {
		for _, p := range slices.Backward(out.Recheck) {
			if p.Index == i {
				return p
			}
		}
		return s.probeAt(i)
	}
	if found.status != Bracketed {
		out.Pair = []Probe{stated(found.pair[0]), stated(found.pair[1])}
		return
	}
	var line []Probe // the pair and the values between, as stated
	for _, p := range s.between(found.pair, func(Probe) bool { return true }) {
		line = append(line, stated(p.Index))
	}
	line = append(append([]Probe{stated(found.pair[0])}, line...), stated(found.pair[1]))
	tn.bracket(out, line)
}

// bracket states the bracket from line, the stated probes from the
// search's last value on the low side of the crossing to its first on
// the high side, in axis order: its ends are the last value the re-check
// places on the low side and the first it places on the high side, the
// values between them indistinguishable from the target. For a one-sided
// target, the answer is the end that meets it when the ends are
// neighbours; else every point between the ends, and the end that meets
// it, may be the answer (OneOf), and none is stated. A value placed on
// the low side after one on the high side contradicts the direction: the
// tune is Inconclusive.
func (tn *tuner) bracket(out *Result, line []Probe) {
	dir := out.Direction
	low, high := 0, len(line)-1
	for k, p := range line {
		switch side(p.Decision, dir) {
		case -1:
			low = k
		case +1:
			high = min(high, k)
		}
	}
	if low > high {
		out.Status = Inconclusive
		out.Why = fmt.Sprintf("the re-check on fresh streams finds %s=%s %s the target and %s=%s, past it, %s: the response is not monotonic there, and the answer is not stated",
			tn.t.Axis.Path, line[high].Value, decisionWords(line[high].Decision), tn.t.Axis.Path, line[low].Value, decisionWords(line[low].Decision))
		return
	}
	lo, hi := line[low], line[high]
	for _, p := range []*Probe{&lo, &hi} {
		if p.Decision == BelowTarget {
			out.Below = p
		} else {
			out.Above = p
		}
	}
	out.Between = slices.Clone(line[low+1 : high])
	if !tn.t.Target.OneSided() {
		return
	}
	meets := AboveTarget // the decision of a value that meets the target
	if tn.t.Target.Op == "<=" {
		meets = BelowTarget
	}
	answer, from, to := &hi, lo.Index+1, hi.Index // the smallest that meets it
	if side(meets, dir) < 0 {
		answer, from, to = &lo, lo.Index, hi.Index-1 // the largest
	}
	if hi.Index-lo.Index == 1 {
		out.Answer = answer
		return
	}
	out.OneOf = &[2]int64{from, to}
}

// fallbackNotes says, once per reason, why probes the solver was asked
// for were fought by Monte Carlo.
func fallbackNotes(probes []Probe) []string {
	var order []string
	count := map[string]int{}
	for _, p := range probes {
		if p.Note == "" {
			continue
		}
		if count[p.Note] == 0 {
			order = append(order, p.Note)
		}
		count[p.Note]++
	}
	var out []string
	for _, n := range order {
		out = append(out, fmt.Sprintf("%d of %d probes fought by Monte Carlo: %s", count[n], len(probes), n))
	}
	return out
}
