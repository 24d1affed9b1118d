package sim

import (
	"context"
	"testing"
)

// The running count of wins ends at the tally's wins, for any number of
// workers, and never counts a chunk before Done sees it finished: when
// Done is called, the wins cover at least the trials Done has seen.
func TestWinsFollowTheRun(t *testing.T) {
	for _, workers := range []int{1, 3} {
		wins := NewWins([3]int64{1, 2, 3})
		var seen int64
		behind := false
		job := Job{Battle: coinBattle{}, Key: Key("coin"), Seed: 9, Trials: 20_000, Chunk: 700, Workers: workers, Wins: wins}
		done, checked := make(chan int64, 64), make(chan struct{})
		job.Done = func(n int64) { done <- n }
		go func() {
			defer close(checked)
			for n := range done {
				seen += n
				w := wins.Load()
				if w[0]+w[1]+w[2]-6 < seen {
					behind = true
				}
			}
		}()
		tally, err := Run(context.Background(), job)
		close(done)
		<-checked
		if err != nil {
			t.Fatal(err)
		}
		if got, want := wins.Load(), [3]int64{tally.Wins[0] + 1, tally.Wins[1] + 2, tally.Wins[2] + 3}; got != want {
			t.Errorf("%d workers: wins counted %v, want the tally's plus the prior %v", workers, got, want)
		}
		if behind {
			t.Errorf("%d workers: Done saw a chunk whose wins were not counted yet", workers)
		}
	}
}
