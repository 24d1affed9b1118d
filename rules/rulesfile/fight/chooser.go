package fight

// Chooser answers a battle's random events, in the order the battle meets
// them. The Monte Carlo battle draws each from the trial's stream; a
// solver enumerates the outcomes (each event's distribution is given by
// the method: every outcome has a probability that is a ratio of small
// integers).
type Chooser interface {
	// Uniform returns an outcome from 0 to n−1, each with chance 1/n: a
	// die's face index, a random target among n.
	Uniform(n int) int
	// Heads returns how many of n fair coins show heads: a binomial
	// (n, 1/2) count, a pool of coins summed.
	Heads(n int) int
	// Multinomial fills counts[g], for each class g, with how many of n
	// dice fall into it, each die independently into class g with
	// probability weights[g] / Σ weights: a volley of dice sorted by the
	// targets each face reaches (class 0 the misses).
	Multinomial(n int, weights []int64, counts []int32)
}
