package exactmodel

// Arith is the arithmetic an exact solver computes probabilities in:
// floating point, or exact fractions (math/big.Rat). The Enumerator works in
// either, so that one walk of the program gives both.
//
// Values are treated as immutable: Add and Mul return a new value and
// never change their arguments (a big.Rat implementation allocates).
type Arith[T any] interface {
	Zero() T
	// Frac returns num/den, exactly where T allows.
	Frac(num, den int64) T
	Add(x, y T) T
	Sub(x, y T) T
	Mul(x, y T) T
	Div(x, y T) T
	IsZero(x T) bool
}

// Floats is Arith in float64.
type Floats struct{}

func (Floats) Zero() float64            { return 0 }
func (Floats) Frac(p, q int64) float64  { return float64(p) / float64(q) }
func (Floats) Add(x, y float64) float64 { return x + y }
func (Floats) Sub(x, y float64) float64 { return x - y }
func (Floats) Mul(x, y float64) float64 { return x * y }
func (Floats) Div(x, y float64) float64 { return x / y }
func (Floats) IsZero(x float64) bool    { return x == 0 }

// Pascal caches binomial coefficients C(n, k) in an arithmetic, row by row
// as they are first needed: the multinomial weights of a pool of dice.
type Pascal[T any, A Arith[T]] struct {
	Ar   A
	rows [][]T
}

// Binom returns C(n, k).
func (p *Pascal[T, A]) Binom(n, k int) T {
	for len(p.rows) <= n {
		m := len(p.rows)
		row := make([]T, m+1)
		row[0], row[m] = p.Ar.Frac(1, 1), p.Ar.Frac(1, 1)
		for j := 1; j < m; j++ {
			row[j] = p.Ar.Add(p.rows[m-1][j-1], p.rows[m-1][j])
		}
		p.rows = append(p.rows, row)
	}
	return p.rows[n][k]
}

// Powers caches the powers of fractions k/n in an arithmetic.
type Powers[T any, A Arith[T]] struct {
	Ar  A
	tab map[[2]int64][]T
}

// Pow returns (num/den)^e.
func (p *Powers[T, A]) Pow(num, den int64, e int) T {
	if p.tab == nil {
		p.tab = map[[2]int64][]T{}
	}
	key := [2]int64{num, den}
	row := p.tab[key]
	if len(row) == 0 {
		row = append(row, p.Ar.Frac(1, 1))
	}
	for len(row) <= e {
		row = append(row, p.Ar.Mul(row[len(row)-1], p.Ar.Frac(num, den)))
	}
	p.tab[key] = row
	return row[e]
}
