package chat

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// benchLines are lines of each kind the cleaner meets, up to the worst
// a Say lets through to it: MaxBytes of escape sequences and controls.
var benchLines = []struct{ name, text string }{
	{"plain", "good game, well played! again?"},
	{"accents", "Très bien joué, à la prochaine — ça va?"},
	{"emoji", "👍🏽 nice 🇳🇱 ❤️ 9♥"},
	{"escapes", "\x1b[31mred\x1b[0m \x1b]0;title\x07text\u202e with \u200bbidi"},
	{"max plain", strings.Repeat("abcd ", 40)[:DefaultMaxChars]},
	{"max bytes escapes", strings.Repeat("\x1b[31mx\u202e", DefaultMaxBytes/9)},
	{"max bytes marks", strings.Repeat("e\u0301\u0302\u0303\u0304\u0305", DefaultMaxBytes/11)},
	{"max bytes compat", strings.Repeat("\ufdfa", DefaultMaxBytes/3)},
}

// BenchmarkClean is the cost of cleaning one line.
//
//	go test -run '^$' -bench Clean -benchmem ./internal/serve/chat
func BenchmarkClean(b *testing.B) {
	for _, l := range benchLines {
		b.Run(l.name, func(b *testing.B) {
			b.SetBytes(int64(len(l.text)))
			for b.Loop() {
				cleanAll(l.text)
			}
		})
	}
}

// fastClock is a clock a benchmark moves without a lock: each call to
// Now moves it on by step.
type fastClock struct {
	ns   atomic.Int64
	step int64
}

func (c *fastClock) Now() time.Time { return time.Unix(0, c.ns.Add(c.step)) }

// BenchmarkSay is the cost of one line accepted and delivered to a
// room of 0, 4, 50 or 200 listeners (their feeds never read: each push
// drops the oldest line, the most it costs), the clock moving one
// second a line so that the bucket always has a token.
//
//	go test -run '^$' -bench 'Say$' -benchmem ./internal/serve/chat
func BenchmarkSay(b *testing.B) {
	for _, listeners := range []int{0, 4, 50, 200} {
		b.Run(fmt.Sprint("listeners=", listeners), func(b *testing.B) {
			c := &fastClock{step: int64(time.Second)}
			h, _ := New(Config{Now: c.Now})
			room := h.NewRoom()
			for i := range listeners {
				room.Subscribe(fmt.Sprint("l", i))
			}
			for b.Loop() {
				if _, err := room.Say(alice, "good game, well played! again?"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSayRefused is the cost of a line refused: over the rate (a
// sender's flood), and a 1 MB paste.
//
//	go test -run '^$' -bench SayRefused -benchmem ./internal/serve/chat
func BenchmarkSayRefused(b *testing.B) {
	for _, tc := range []struct{ name, text string }{
		{"rate", "spam \x1b[5m!!!"},
		{"rate max bytes", strings.Repeat("\x1b[31mx\u202e", DefaultMaxBytes/9)},
		{"paste 1MB", strings.Repeat("A", 1<<20)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			c := &fastClock{}
			h, _ := New(Config{Now: c.Now})
			room := h.NewRoom()
			room.Subscribe(bob.Key)
			for range DefaultBurst {
				_, _ = room.Say(alice, "x")
			}
			for b.Loop() {
				if _, err := room.Say(alice, tc.text); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

// BenchmarkSayDuringFlood is the cost of another sender's accepted line
// while a flooder on another goroutine says lines as fast as it can
// into the same room (its bucket refills one line for each of the
// honest sender's, so it also gets as many lines through). Compare with
// BenchmarkSay/listeners=4: the difference is what a flood costs
// others.
//
//	go test -run '^$' -bench SayDuringFlood -benchmem ./internal/serve/chat
func BenchmarkSayDuringFlood(b *testing.B) {
	c := &fastClock{}
	h, _ := New(Config{Now: c.Now, Burst: 1})
	room := h.NewRoom()
	for i := range 4 {
		room.Subscribe(fmt.Sprint("l", i))
	}
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				done <- n
				return
			default:
			}
			_, _ = room.Say(carol, "spam \x1b[5m!!!")
			n++
		}
	}()
	for b.Loop() {
		c.ns.Add(int64(time.Second))
		if _, err := room.Say(alice, "good game, well played! again?"); err != nil {
			b.Fatal(err)
		}
	}
	close(stop)
	b.ReportMetric(float64(<-done)/float64(b.N), "flood-lines/op")
}

// BenchmarkSayLine is the whole cost of a line that reaches the
// cleaner, for each kind of line, the worst included (lines over the
// limits are refused after cleaning, and cost the most); the bucket
// always has a token and nobody listens.
//
//	go test -run '^$' -bench SayLine -benchmem ./internal/serve/chat
func BenchmarkSayLine(b *testing.B) {
	for _, l := range benchLines {
		b.Run(l.name, func(b *testing.B) {
			c := &fastClock{step: int64(time.Second)}
			h, _ := New(Config{Now: c.Now})
			room := h.NewRoom()
			b.SetBytes(int64(len(l.text)))
			for b.Loop() {
				_, _ = room.Say(alice, l.text)
			}
		})
	}
}
