package chat

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// cases is n, or a tenth of it in -short mode.
func cases(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

// removable are pieces the cleaner takes out whole, leaving nothing:
// complete escape sequences and single invisible characters.
var removable = []string{
	"\x1b[31m", "\x1b[0m", "\x1b[2J", "\x1b[?1049h", "\x1b[38;2;1;2;3m", "\x1b[3\n1m",
	"\x1b]0;title\x07", "\x1b]8;;http://x\x1b\\", "\x1b]52;c;AAAA\x07", "\x1bPq#0\x1b\\", "\x1b_G\x1b\\",
	"\x1bc", "\x1b7", "\x1b(B", "\x1b#8", "\u009b1m", "\u009d0;t\u009c", "\u0090x\u009c",
	"\x00", "\x07", "\x08", "\x7f", "\u0084", "\u008e", "\x9b", "\xff",
	"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
	"\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff", "\u00ad", "\u061c",
	"\U000e0001", "\U000e0041", "\u3164", "\u115f", "\ue000", "\ufffd", "\uffff",
}

// words are plain text that comes through as it is.
var words = []string{
	"hi", "good", "game", "Klaverjas", "ça", "va", "schön", "你好", "مرحبا", "नमस्ते", "👍🏽", "🇳🇱", "9♥", "!?", "—",
}

// TestCleanRemovesExactly: plain words with single spaces, with
// removable pieces put anywhere, clean back to the plain words.
func TestCleanRemovesExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 1))
	for range cases(20000) {
		var plain, mixed strings.Builder
		for i := range 1 + rng.IntN(8) {
			if i > 0 {
				plain.WriteByte(' ')
				mixed.WriteByte(' ')
			}
			w := words[rng.IntN(len(words))]
			plain.WriteString(w)
			for _, r := range w {
				if rng.IntN(3) == 0 {
					mixed.WriteString(removable[rng.IntN(len(removable))])
				}
				mixed.WriteRune(r)
			}
			if rng.IntN(3) == 0 {
				mixed.WriteString(removable[rng.IntN(len(removable))])
			}
		}
		require.Equal(t, plain.String(), cleanAll(mixed.String()), "cleanAll(%+q)", mixed.String())
	}
}

// TestCleanProperties builds lines from pieces of every kind (text,
// removable pieces, cut escape sequences, whitespace, marks,
// compatibility forms, random code points and bytes) and checks each
// output as the fuzz test does.
func TestCleanProperties(t *testing.T) {
	pieces := append(append([]string{}, removable...), words...)
	pieces = append(pieces, " ", "  ", "\t", "\n", "\u2028", "\u00a0", "\u3000",
		"\u0301", "\u0308", "\u034f", "\u20dd", "\ufe0f", "\u0e31", "ｆ", "ﬁ", "①", "\ufdfa", "ﾞ",
		"\x1b", "\x1b[", "\x1b]", "\x1bP", "\x1b(", "\u009b", "\u009d", "\x1b\\", "\u009c")
	rng := rand.New(rand.NewPCG(27, 2))
	for range cases(50000) {
		var b strings.Builder
		for range rng.IntN(24) {
			switch rng.IntN(6) {
			case 0:
				b.WriteRune(rng.Int32N(0x110000))
			case 1:
				b.WriteByte(byte(rng.IntN(256)))
			default:
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		in := b.String()
		out := cleanAll(in)
		require.Empty(t, cleanProblem(out), "cleanAll(%+q) = %+q", in, out)
	}
}

// TestCleanUpTo: stopping before NFKC refuses only lines that would be
// too long anyway, and otherwise gives what cleanAll gives, with its
// Length. Lines are built around the limit, of pieces that NFKC
// lengthens (U+FDFA: 18 characters) or shortens (Hangul jamo: three
// make one syllable).
func TestCleanUpTo(t *testing.T) {
	pieces := []string{"a", "é", "e\u0301", " ", "\ufdfa", "\u3392", "\u1100\u1161\u11a8", "\u1100\u1161", "한", "\x1b[1m", "\u200b"}
	rng := rand.New(rand.NewPCG(27, 5))
	for range cases(5000) {
		most := 1 + rng.IntN(40)
		var b strings.Builder
		for range rng.IntN(5 * most) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := b.String()
		want := cleanAll(in)
		got, n := cleanUpTo(in, most)
		if got == "" && n > 0 {
			require.Greater(t, Length(want), most, "cleanUpTo(%+q, %d) gave up", in, most)
			require.Greater(t, n, most)
			continue
		}
		require.Equal(t, want, got, "cleanUpTo(%+q, %d)", in, most)
		require.Equal(t, Length(want), n)
	}
}

// bucket is the token bucket the limiter must behave as, in
// nanoseconds of credit: full at burst*every, a line costs every.
type bucket struct {
	credit, full, cost time.Duration
	last               time.Duration
}

func (b *bucket) take(t time.Duration) time.Duration {
	b.credit = min(b.full, b.credit+t-b.last)
	b.last = t
	if b.credit < b.cost {
		return b.cost - b.credit
	}
	b.credit -= b.cost
	return 0
}

// TestLimiterIsATokenBucket compares the limiter with a plain token
// bucket over random arrivals and limits: the same lines pass, the same
// waits are told, and in any stretch of time d at most burst +
// d/every lines pass.
func TestLimiterIsATokenBucket(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 3))
	base := time.Unix(1_800_000_000, 0)
	for range cases(2000) {
		burst := 1 + rng.IntN(8)
		every := time.Duration(1+rng.IntN(2000)) * time.Millisecond
		l := NewLimiter(burst, every, base)
		ref := &bucket{credit: time.Duration(burst) * every, full: time.Duration(burst) * every, cost: every}
		var t0 time.Duration
		var passed []time.Duration
		for range 200 {
			t0 += time.Duration(rng.Int64N(int64(2 * every)))
			wait := l.Take("k", base.Add(t0))
			require.Equal(t, ref.take(t0), wait, "burst %d every %s at %s", burst, every, t0)
			if wait == 0 {
				passed = append(passed, t0)
			}
		}
		for i := range passed {
			for j := i; j < len(passed); j++ {
				if n, most := j-i+1, burst+int((passed[j]-passed[i])/every); n > most {
					t.Fatalf("burst %d every %s: %d lines passed in %s, at most %d may", burst, every, n, passed[j]-passed[i], most)
				}
			}
		}
	}
}

// TestLimiterHonestSenderNeverWaits: lines at most one every Every,
// from any number of senders in any order, all pass.
func TestLimiterHonestSenderNeverWaits(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 4))
	base := time.Unix(1_800_000_000, 0)
	l := NewLimiter(DefaultBurst, DefaultEvery, base)
	next := map[string]time.Duration{}
	var now time.Duration
	for range 100000 {
		now += time.Duration(rng.IntN(20)) * time.Millisecond
		k := string(rune('a' + rng.IntN(26)))
		if now < next[k] {
			continue
		}
		require.Zero(t, l.Take(k, base.Add(now)), "sender %s at %s", k, now)
		next[k] = now + DefaultEvery
	}
	require.LessOrEqual(t, l.Len(), 2*26+minSweep)
}
