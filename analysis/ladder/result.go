package ladder

// Ladder is a scenario's rungs, each tested against the one below.
type Ladder struct {
	Scenario string `json:"scenario"`
	Ruleset  string `json:"ruleset"`
	Seed     uint64 `json:"seed"`
	// Fields are the fields that choose how side a and side b play.
	Fields [2]string `json:"fields"`
	Test   Test      `json:"test"`
	// Look is the pairs fought between two looks of a step's test;
	// Budget the most pairs a step fights.
	Look   int64 `json:"look"`
	Budget int64 `json:"budget"`
	// Planned are the rungs to rank, weakest first; Rungs those the steps
	// reached (all of them but on an interrupt), each rated against the
	// first.
	Planned []string `json:"planned"`
	Rungs   []Rating `json:"rungs"`
	// Steps are the tests of each rung against the one below: Steps[i]
	// of Rungs[i+1] against Rungs[i].
	Steps []Step `json:"steps"`
	// Interrupted is set when the ladder was stopped before every step
	// was decided or had spent its budget; the steps not begun are left
	// out.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Rating is a rung's Elo over the bottom rung, with its 95 % interval:
// the steps' estimates added up the ladder, their standard errors in
// quadrature (the steps' pairs are independent).
type Rating struct {
	Policy string  `json:"policy"`
	Elo    float64 `json:"elo"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
}

// Step is one rung tested against the rung below.
type Step struct {
	Lower string `json:"lower"`
	Upper string `json:"upper"`
	// Pairs counts the pairs by the upper rung's points.
	Pairs   Penta   `json:"pairs"`
	Verdict Verdict `json:"verdict"`
	LLR     float64 `json:"llr"`
	// Elo is the upper rung's Elo over the lower, [Lo, Hi] its 95 %
	// interval.
	Elo float64 `json:"elo"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
	// Ends counts the step's games by end reason, in the ruleset's order;
	// Rounds is the rounds of all its games together.
	Ends   []EndCount `json:"ends"`
	Rounds int64      `json:"rounds"`
	// se is Elo's standard error, which the ratings add up.
	se float64
}

// EndCount is how many of a step's games ended for one reason.
type EndCount struct {
	End   string `json:"end"`
	Games int64  `json:"games"`
}

// Games returns the number of games the step played, two a pair.
func (s Step) Games() int64 { return 2 * s.Pairs.N() }

// MeanRounds returns the mean rounds of the step's games.
func (s Step) MeanRounds() float64 {
	if s.Games() == 0 {
		return 0
	}
	return float64(s.Rounds) / float64(s.Games())
}

// EndShare returns the share of the step's games that ended for reason
// end; 0 for an end the ruleset does not have.
func (s Step) EndShare(end string) float64 {
	for _, e := range s.Ends {
		if e.End == end && s.Games() > 0 {
			return float64(e.Games) / float64(s.Games())
		}
	}
	return 0
}

// Ordered reports whether every rung was proved to beat the one below.
func (l *Ladder) Ordered() bool {
	for _, s := range l.Steps {
		if s.Verdict != Beats {
			return false
		}
	}
	return len(l.Steps) == len(l.Rungs)-1
}

// Plan says which rungs a ladder plays and how long each step may go on.
type Plan struct {
	// Rungs are the policies to rank, weakest first; nil takes every
	// rung of the ruleset (rules.PolicyField.Rungs).
	Rungs []string
	Test  Test
	// Look is the pairs between two looks of a test; Budget the most
	// pairs a step fights.
	Look, Budget int64
}

// DefaultLook and DefaultBudget are a step's pairs between looks and
// its budget of pairs.
const (
	DefaultLook   = 10
	DefaultBudget = 1000
)
