package stratfight

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"

	"github.com/crucible-sim/crucible/rules"
	"github.com/crucible-sim/crucible/rules/doc"
)

func init() { rules.RegisterSolver(ID, solver{}) }

// solver gives the closed forms of the lifespan model (§9): waits are
// independent geometric variables with p = 2^−k for k coins, so the time
// from start to stop coins has mean Σ 2^k, variance Σ (4^k − 2^k) and
// minimum start − stop. Duels have no exact solution here.
type solver struct{}

func (solver) Solve(_ context.Context, n *doc.Node, rational bool) (rules.Solution, error) {
	b, err := ruleset{}.Compile(n)
	if err != nil {
		return nil, err
	}
	lb, ok := b.(*lifespanBattle)
	if !ok {
		return nil, errors.New("stratfight solves lifespan scenarios exactly (closed forms of §9); duels need Monte Carlo")
	}
	if lb.oldAge {
		return nil, errors.New("the lifespan closed forms assume old-age: off; with old age, use Monte Carlo")
	}
	return &lifespanSolution{start: lb.start, stop: lb.stop, rational: rational, spec: lb.spec}, nil
}

type lifespanSolution struct {
	start, stop int
	rational    bool
	spec        rules.Spec
}

func (s *lifespanSolution) InForce() ([]rules.Setting, []string) { return s.spec.Options, s.spec.Notes }

// meanSeconds is Σ_{k=stop+1..start} 2^k exactly.
func (s *lifespanSolution) meanSeconds() *big.Int {
	m := new(big.Int)
	for k := s.stop + 1; k <= s.start; k++ {
		m.Add(m, new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	return m
}

func (s *lifespanSolution) Metric(name string) (float64, bool) {
	death := 0.0
	if s.stop == 0 {
		death = 1
	}
	switch name {
	case "rounds.mean":
		return LifespanMean(s.start, s.stop), true
	case "rounds.min":
		return float64(LifespanMin(s.start, s.stop)), true
	case "win.none":
		return 1, true
	case "win.a", "win.b":
		return 0, true
	case "end.death":
		return death, true
	case "end.stopped":
		return 1 - death, true
	}
	return 0, false
}

func (s *lifespanSolution) WriteTable(w io.Writer) error {
	mean := LifespanMean(s.start, s.stop)
	_, err := fmt.Fprintf(w, "from %d coins to %d: mean %s s (%.6g hours, %.6g years), sd %.6g s, minimum %d s\n",
		s.start, s.stop, s.meanSeconds(), mean/3600, mean/Year, math.Sqrt(LifespanVariance(s.start, s.stop)), LifespanMin(s.start, s.stop))
	return err
}

func (s *lifespanSolution) MarshalJSON() ([]byte, error) {
	mean := LifespanMean(s.start, s.stop)
	v := struct {
		A          float64           `json:"a"`
		B          float64           `json:"b"`
		Draw       float64           `json:"draw"`
		RoundsMean float64           `json:"rounds_mean"`
		RoundsSD   float64           `json:"rounds_sd"`
		RoundsMin  int64             `json:"rounds_min"`
		Rational   map[string]string `json:"rational,omitempty"`
	}{Draw: 1, RoundsMean: mean, RoundsSD: math.Sqrt(LifespanVariance(s.start, s.stop)), RoundsMin: LifespanMin(s.start, s.stop)}
	if s.rational {
		v.Rational = map[string]string{"a": "0", "b": "0", "draw": "1", "rounds_mean": s.meanSeconds().String(),
			"rounds_min": strconv.FormatInt(LifespanMin(s.start, s.stop), 10)}
	}
	return json.Marshal(v)
}
