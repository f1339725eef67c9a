package kit

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
)

func TestPossessive(t *testing.T) {
	for name, want := range map[string]string{"You": "your", "Bot": "Bot's", "Random A": "Random A's"} {
		if got := possessive(name); got != want {
			t.Errorf("possessive(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestElideName: a file name too long for the replay header loses its
// ending, then whole words from the middle, never part of a word.
func TestElideName(t *testing.T) {
	const name = "2026-11-29-1431-vs-Bot-normal-lost.klob"
	cases := []struct {
		w    int
		want string
	}{
		{60, name},
		{35, "2026-11-29-1431-vs-Bot-normal-lost"},
		{30, "2026-11-29-1431-vs-Bot-…-lost"},
		{22, "2026-11-29-1431-…-lost"},
		{12, "2026-…-lost"},
		{6, "…"},
		{0, ""},
	}
	for _, c := range cases {
		got := ElideName(name, c.w, "…")
		if got != c.want || WidthOf(got) > max(c.w, 0) {
			t.Errorf("elideName(%d) = %q, want %q", c.w, got, c.want)
		}
	}
}

// TestElideNameKeepsResult: a shared table's name keeps the seats that
// won with "won" ("…-BD-won", never "…-won", which reads as the player's
// win), and a filing's number and a practice's mark stay with the result.
func TestElideNameKeepsResult(t *testing.T) {
	for _, c := range []struct {
		name string
		w    int
		want string
	}{
		{"2026-12-07-0409-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-BD-won.klob", 23, "2026-12-07-…-BD-won"},
		{"2026-11-29-1431-Easy-vs-Hard-A-won.klob", 15, "2026-11-…-A-won"},
		{"2026-11-29-1431-vs-Bot-normal-won-2.klob", 16, "2026-11-…-won-2"},
		{"2026-11-29-1431-vs-Bot-normal-lost-practice.klob", 20, "2026-…-lost-practice"},
		{"2026-11-29-1431-vs-Bot-normal-won.klob", 12, "2026-…-won"},
	} {
		if got := ElideName(c.name, c.w, "…"); got != c.want || WidthOf(got) > c.w {
			t.Errorf("ElideName(%q, %d) = %q, want %q", c.name, c.w, got, c.want)
		}
	}
}

// TestElidePath: a path too long (klob replay FILE) loses its directory
// first, then is elided as a file name: not "…" for want of a date in
// its first word.
func TestElidePath(t *testing.T) {
	const path = "/home/ann/.local/state/klob/history/2026-11-29-1431-vs-Bot-normal-lost.klob"
	for w, want := range map[int]string{100: path, 40: "2026-11-29-1431-vs-Bot-normal-lost.klob", 22: "2026-11-29-1431-…-lost"} {
		if got := ElideName(path, w, "…"); got != want {
			t.Errorf("ElideName(path, %d) = %q, want %q", w, got, want)
		}
	}
}

func TestSigned(t *testing.T) {
	for n, want := range map[int]string{12: "+12", 1: "+1", 0: "±0", -3: "-3"} {
		if got := Signed(n); got != want {
			t.Errorf("Signed(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestBellaWord: a card played with bella says bella, with the menage
// (bella at 50) menage, without either nothing.
func TestBellaWord(t *testing.T) {
	c := rules.MustCard("KH")
	for _, tc := range []struct {
		a    rules.Action
		want string
	}{
		{rules.PlayAction(c), ""},
		{rules.Action{Kind: rules.PlayCard, Card: c, Bella: true}, "bella"},
		{rules.Action{Kind: rules.PlayCard, Card: c, Bella: true, N: 50}, "menage"},
	} {
		if got := BellaWord(tc.a); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.a, got, tc.want)
		}
	}
}

// TestShortNames: names too long for a column are shortened so that
// they stay told apart, never cut to a part they share.
func TestShortNames(t *testing.T) {
	cases := []struct {
		names []string
		w     int
		want  []string
	}{
		{[]string{"You", "West", "East"}, 4, []string{"You", "West", "East"}},
		// A name keeps its spaces: cut with the mark, never squeezed.
		{[]string{"ann", "bob", "Bot C"}, 4, []string{"ann", "bob", "Bot…"}},
		{[]string{"You", "Bot B", "Bot C"}, 4, []string{"You", "Bo…B", "Bo…C"}},
		{[]string{"You", "alexandra", "Bot C"}, 4, []string{"You", "ale…", "Bot…"}},
		{[]string{"normal A1", "normal B1", "normal A2", "normal B2"}, 8, []string{"norma…A1", "norma…B1", "norma…A2", "norma…B2"}},
		{[]string{"You", "alexandra", "alexander"}, 4, []string{"You", "al…a", "al…r"}},
		{[]string{"You", "alexandra", "alexander"}, 5, []string{"You", "ale…a", "ale…r"}},
		{[]string{"You", "annabelle_the_first", "annabelle_the_second"}, 8, []string{"You", "annabe…t", "annabe…d"}},
		{[]string{"aaaa", "aaab"}, 2, nil},
		// A bracketed end that tells the names apart stays whole.
		{[]string{"random (A)", "random (B)"}, 8, []string{"rand…(A)", "rand…(B)"}},
		{[]string{"random (1)", "easy (A)", "random (2)"}, 8, []string{"rand…(1)", "easy (A)", "rand…(2)"}},
		// Last words of unlike length: each name keeps its own, whole.
		{[]string{"normal A", "easy B1", "easy B2"}, 4, []string{"no…A", "e…B1", "e…B2"}},
		// A bot's number follows its cut name as in the names whole
		// ("norm 1" beside "easy 1", not "norm…1"); a name of one word
		// is cut by its start rather than to its first and last letters.
		{[]string{"normal 1", "normal 2", "easy 1", "easy 2"}, 6, []string{"norm 1", "norm 2", "easy 1", "easy 2"}},
		{[]string{"normal 1", "easy 1", "normal 2", "easy 2"}, 4, []string{"no 1", "ea 1", "no 2", "ea 2"}},
		{[]string{"normal", "easy 1", "easy 2"}, 4, []string{"nor…", "ea 1", "ea 2"}},
	}
	for _, c := range cases {
		got := ShortNames(c.names, c.w, "…")
		if len(got) != len(c.want) {
			t.Errorf("ShortNames(%q, %d) = %q, want %q", c.names, c.w, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] || WidthOf(got[i]) > c.w {
				t.Errorf("ShortNames(%q, %d) = %q, want %q", c.names, c.w, got, c.want)
				break
			}
		}
	}
}

// TestAgainstBotsWordsNameNoSeat: the daily challenge's and the
// tournament's intro say who plays with and against whom, never a
// seat's letter, which no screen shows.
func TestAgainstBotsWordsNameNoSeat(t *testing.T) {
	for n, want := range map[int]string{2: "you against the normal bot", 3: "you against two normal bots",
		4: "you with a normal bot as partner, against two normal bots"} {
		if got := AgainstBotsWords(n, "normal"); got != want {
			t.Errorf("%d players: %q, want %q", n, got, want)
		}
	}
}

// TestAcceptedSchmeiss: who accepted whose schmeiss, each name as its
// person wrote it ("bob", never "Bob": another person may be Bob).
func TestAcceptedSchmeiss(t *testing.T) {
	names := map[rules.Seat]string{rules.SeatA: "You", rules.SeatB: "bob"}
	name := func(s rules.Seat) string { return names[s] }
	if got, want := AcceptedSchmeiss(name, rules.SeatA), "bob accepted your schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := AcceptedSchmeiss(name, rules.SeatB), "You accepted bob's schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A percentage reads as the daily's history keeps it: an exact half
// rounds up (13 of 32 is 40.625%: 40.63%, never 40.62% on one screen
// and 40.63% in the history).
func TestPercentRoundsHalvesUp(t *testing.T) {
	for p, want := range map[float64]string{40.625: "40.63%", 59.375: "59.38%", 28.125: "28.13%", 3.125: "3.13%", 50: "50.00%", 0: "0.00%", 100: "100.00%"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}

// TestJoinLists checks the two ways a sentence lists words: choices with
// "or", people with "and", a comma between the others.
func TestJoinLists(t *testing.T) {
	for _, c := range []struct {
		words    []string
		or, and_ string
	}{
		{nil, "", ""},
		{[]string{"you"}, "you", "you"},
		{[]string{"you", "cid"}, "you or cid", "you and cid"},
		{[]string{"you", "cid", "bob (away)"}, "you, cid or bob (away)", "you, cid and bob (away)"},
	} {
		if got := JoinOr(c.words); got != c.or {
			t.Errorf("JoinOr(%q) = %q, want %q", c.words, got, c.or)
		}
		if got := JoinAnd(c.words); got != c.and_ {
			t.Errorf("JoinAnd(%q) = %q, want %q", c.words, got, c.and_)
		}
	}
}

// TestSuitNameInEachGlyphSet: a suit is named with its symbol before
// its name, "♣ clubs"; with the ASCII glyphs by its name alone,
// "clubs", not "C clubs"; no trumps by its name in both. Styled (the
// menus) and plain (the explanations) alike.
func TestSuitNameInEachGlyphSet(t *testing.T) {
	for _, c := range []struct {
		ascii bool
		suit  rules.Suit
		want  string
	}{
		{false, rules.Clubs, "♣ clubs"},
		{false, rules.NoTrumps, "no trumps"},
		{true, rules.Clubs, "clubs"},
		{true, rules.Hearts, "hearts"},
		{true, rules.NoTrumps, "no trumps"},
	} {
		ctx := NewContext(c.ascii)
		if got := ansi.Strip(ctx.Paint.SuitName(c.suit)); got != c.want {
			t.Errorf("ascii %v, %v: %q, want %q", c.ascii, c.suit, got, c.want)
		}
		if got := ctx.Paint.Glyphs.SuitName(c.suit); got != c.want {
			t.Errorf("ascii %v, %v, unstyled: %q, want %q", c.ascii, c.suit, got, c.want)
		}
	}
}
