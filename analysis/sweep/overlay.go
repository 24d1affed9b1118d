package sweep

// MaxOverlaid is the most points whose rounds distributions a sweep's
// report draws on one axis: more curves than this are a tangle.
const MaxOverlaid = 6

// Overlaid reports whether a sweep keeps grid point p's rounds histogram,
// for the figure that draws the rounds of a few points on one axis. The
// points are up to MaxOverlaid values of the first field, evenly spaced
// and both ends among them, at the second field's first value: chosen from
// the grid alone, before any trial, so that a sweep holds only their
// histograms however many points it has (a lifespan's histogram of
// seconds alone is 30 KB).
func (s *Sweep) Overlaid(p GridPoint) bool {
	for k := 1; k < len(p.At); k++ {
		if p.At[k] != 0 {
			return false
		}
	}
	n := len(s.Axes[0].Values)
	if n <= MaxOverlaid {
		return true
	}
	// The j-th chosen value is round(j·(n−1)/(m−1)), j = 0 … m−1.
	i, m := p.At[0], MaxOverlaid
	for j := range m {
		if (2*j*(n-1)+(m-1))/(2*(m-1)) == i {
			return true
		}
	}
	return false
}
