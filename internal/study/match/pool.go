package match

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/platform/workpool"
	"github.com/klob/klob/rules"
)

// job is one unit of work: deck i (or calibration deal i), or game i.
type job struct {
	game bool
	i    int
}

// pool says how runPool runs its jobs and shows its progress.
type pool struct {
	workers int
	jobs    iter.Seq[job]
	// partial: a run stopped by its context reports what was finished
	// instead of the context's error.
	partial  bool
	progress *progress.Line
	every    time.Duration
	// line is the progress text from the decks and games finished and
	// the mean of what keep returned for the decks.
	line func(decks, games int, mean float64) string
}

// runPool plays p's jobs on p.workers goroutines (workpool.Run). Each
// worker makes its own play function (newPlay: a worker's state, such
// as its evaluator, is its own); keep gets each finished job's result,
// one at a time and in no set order, and returns a figure for the
// progress line (ignored for games). The first error stops the run and
// is returned, unless the run was stopped by ctx with p.partial: then
// stopped is set, and only the jobs kept count (an error if none was).
func runPool[T any](ctx context.Context, p pool, newPlay func() func(context.Context, job) (T, error), keep func(job, *T) float64) (stopped bool, err error) {
	var (
		mu   sync.Mutex // done and sum, for the progress line
		done [2]int
		sum  float64
	)
	var stopProgress func()
	if p.progress != nil {
		stopProgress = startProgress(p, func() string {
			mu.Lock()
			defer mu.Unlock()
			m := 0.0
			if done[0] > 0 {
				m = sum / float64(done[0])
			}
			return p.line(done[0], done[1], m)
		})
	}
	err = workpool.Run(ctx, p.workers, p.jobs, newPlay, func(j job, out T) {
		mu.Lock()
		defer mu.Unlock()
		m := keep(j, &out)
		if j.game {
			done[1]++
		} else {
			sum += m
			done[0]++
		}
	})
	if stopProgress != nil {
		stopProgress()
	}
	if err != nil && err == ctx.Err() && p.partial && done[0]+done[1] > 0 {
		return true, nil
	}
	return false, err
}

// EachDeal plays deals 0 to n-1 on workers goroutines, each with the
// play function newPlay makes for it (its state is its own), and returns
// their results by deal and how many finished. When ctx ends first, only
// the deals finished count (ctx's error if none did); the first other
// error stops the run and is returned. line, when set, shows "label:
// deals i/n" as they finish.
func EachDeal[T any](ctx context.Context, n, workers int, line *progress.Line, every time.Duration,
	label string, newPlay func() func(ctx context.Context, i int) (T, error)) ([]T, int, error) {
	out := make([]T, n)
	finished := 0
	p := pool{workers: workers, jobs: jobSeq(n, 0), partial: true, progress: line, every: every,
		line: func(done, _ int, _ float64) string { return fmt.Sprintf("%s: deals %d/%d", label, done, n) }}
	_, err := runPool(ctx, p, func() func(context.Context, job) (T, error) {
		play := newPlay()
		return func(ctx context.Context, j job) (T, error) { return play(ctx, j.i) }
	}, func(j job, r *T) float64 {
		out[j.i] = *r
		finished++
		return 0
	})
	return out, finished, err
}

// Workers is the goroutines a run of jobs uses when asked for asked
// (0: GOMAXPROCS): at least one, and never more than the jobs.
func Workers(asked, jobs int) int {
	if asked <= 0 {
		asked = runtime.GOMAXPROCS(0)
	}
	return max(1, min(asked, jobs))
}

// jobSeq yields decks jobs and games jobs one at a time, the games
// interleaved among the decks so that the long games do not all wait
// for the end.
func jobSeq(decks, games int) iter.Seq[job] {
	return func(yield func(job) bool) {
		g := 0
		for i := range decks {
			if !yield(job{i: i}) {
				return
			}
			for g < games && (g+1)*decks <= (i+1)*games {
				if !yield(job{game: true, i: g}) {
					return
				}
				g++
			}
		}
		for ; g < games; g++ {
			if !yield(job{game: true, i: g}) {
				return
			}
		}
	}
}

// startProgress starts a goroutine that rewrites the progress line every
// p.every (default a quarter of a second); the returned function writes
// the last line and a newline.
func startProgress(p pool, line func() string) func() {
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		every := p.every
		if every <= 0 {
			every = 250 * time.Millisecond
		}
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.progress.Update(line())
			case <-stop:
				p.progress.Done(line())
				return
			}
		}
	}()
	return func() {
		close(stop)
		<-finished
	}
}

// Seed streams: each kind of randomness gets its own PCG stream so that,
// say, adding games does not change the decks.
const (
	streamDeck    = 0x6465636b // "deck"
	streamGame    = 0x67616d65 // "game"
	streamBot     = 0x626f7473 // "bots"
	streamGBots   = 0x67626f74 // "gbot"
	streamChance  = 0x6368616e // "chan": the chance steps of a deck
	streamGChance = 0x6763686e // "gchn": the chance steps of a game
)

// mix derives a 64-bit value from the match seed, a stream and an index
// (SplitMix64's output function), so neighbouring indices get unrelated
// values.
func mix(seed uint64, stream, i uint64) uint64 {
	return seedmix.Finalize(seed ^ stream*seedmix.Gamma ^ (i+1)*0xbf58476d1ce4e5b9)
}

// Deck returns deck i of the match (or calibration) seed and its dealer
// at a table of players. The cards do not depend on the seat count, and
// the dealer is seat A or B at every count (the rotations of the
// seatings put every level in every seat relative to the dealer anyway),
// so that two-player decks and dealers stay what they have always been.
func Deck(seed uint64, i, players int) (rules.Deck, rules.Seat) {
	r := newRand(seed, streamDeck, i)
	dealer := rules.Seat(r.IntN(2))
	return rules.Shuffle(r), dealer % rules.Seat(players)
}

// botSeed is the seed of the bot in seat s for deck or game i in stream:
// it follows the seat, not who sits there.
func botSeed(seed, stream uint64, i int, s rules.Seat) uint64 {
	return mix(seed, stream, uint64(i)*8+uint64(s))
}

// newRand returns the generator of stream for deck or game i: its cards,
// a game's decks and first dealer, or the chance steps (the card a
// shlomo declarer draws), the same in every seating.
func newRand(seed, stream uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, mix(seed, stream, uint64(i))))
}
