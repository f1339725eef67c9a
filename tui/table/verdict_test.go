package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// The verdict of a deal names the sides there are: at four the other
// team (there is only one), at three each other player; never "each
// other side".
func TestVerdictNamesTheSides(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		for _, out := range []rules.Outcome{rules.Made, rules.Tie, rules.Bete} {
			sc := &Scene{V: rules.View{Players: n}, You: rules.SeatA}
			s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: out}
			got := ansi.Strip(sc.verdict(&ctx, s))
			if strings.Contains(got, "other side") {
				t.Errorf("%d players, %v: %q", n, out, got)
			}
			if n == 4 && !strings.Contains(got, "the other team") {
				t.Errorf("%d players, %v: %q does not name the other team", n, out, got)
			}
		}
	}
}

// At three the verdict names the best opponent first, the one the
// maker's total was measured against, with the other in brackets; two
// best opponents are named together; the share of a maker's total of 0
// is not mentioned.
func TestVerdictNamesTheBestOpponent(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := &Scene{V: rules.View{Players: 3}, You: rules.SeatA,
		Players: []Player{{Name: "You"}, {Name: "Bob"}, {Name: "Bot C"}}}
	for _, c := range []struct {
		out    rules.Outcome
		totals [3]int
		want   string
	}{
		{rules.Bete, [3]int{62, 45, 97}, "Bete! You: 62, less than the best opponent, Bot C 97 (Bob 45). The maker scores nothing; each opponent scores their own total and their share of the maker's 62."},
		{rules.Bete, [3]int{40, 61, 61}, "Bete! You: 40, less than the best opponents, Bob 61 and Bot C 61. The maker scores nothing; each opponent scores their own total and their share of the maker's 40."},
		{rules.Bete, [3]int{0, 120, 42}, "Bete! You: 0, less than the best opponent, Bob 120 (Bot C 42). The maker scores nothing; each opponent scores their own total."},
		{rules.Tie, [3]int{70, 30, 70}, "Equal. You: 70, equal to the best other player, Bot C 70 (Bob 30). The maker scores nothing, the others their own."},
	} {
		s := rules.Score{Players: 3, Maker: rules.SeatA, Outcome: c.out}
		copy(s.SideTotal[:], c.totals[:])
		if got := ansi.Strip(sc.verdict(&ctx, s)); got != c.want {
			t.Errorf("%v %v:\n got %q\nwant %q", c.out, c.totals, got, c.want)
		}
	}
}

// Equal totals are called equal, as the rules call them (docs/rules.md),
// at every seat count, on the deal's result and on the score pad.
func TestVerdictSaysEqual(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc := &Scene{V: rules.View{Players: n}, You: rules.SeatA}
		s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Tie}
		got := ansi.Strip(sc.verdict(&ctx, s))
		if !strings.HasPrefix(got, "Equal. ") || strings.Contains(got, "Tie") {
			t.Errorf("%d players: %q", n, got)
		}
	}
}

// seatAScreen is the screen of the person at seat A at a table of n,
// the seats named as the table names them (You, West, North, East).
func seatAScreen(n int) *Screen {
	s := &Screen{}
	s.snap.Seat = rules.SeatA
	s.snap.View = rules.View{Players: n, Seat: rules.SeatA}
	for _, name := range []string{"You", "West", "North", "East"}[:n] {
		s.snap.Players = append(s.snap.Players, host.SeatInfo{Name: name})
	}
	return s
}

// A refused claim names the seats as the table does (never "seat B"),
// in the same words at every seat count ("West holds A♦"), says who
// could take a trick, and a claim made too early is said whole in the
// note's two lines.
func TestClaimRefusalWords(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := seatAScreen(n)
		vd := claim.Verdict{Players: n, Seat: rules.SeatA}
		vd.Counters[1] = rules.CardSet(0).With(rules.NewCard(rules.Ace, rules.Diamonds))
		s.snap.Claim = &host.ClaimState{Verdict: vd}
		got, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0)
		got = ansi.Strip(got)
		if strings.Contains(got, "seat ") {
			t.Errorf("%d players: %q names a seat by its letter", n, got)
		}
		if !strings.Contains(got, "West holds A♦") {
			t.Errorf("%d players: %q does not name West", n, got)
		}
		who := map[int]string{2: "West can take a trick", 3: "another player can take a trick", 4: "the other team can take a trick"}[n]
		if !strings.Contains(got, who) {
			t.Errorf("%d players: %q lacks %q", n, got, who)
		}
		s.snap.Claim = &host.ClaimState{Verdict: claim.Verdict{Players: n, Seat: rules.SeatA,
			Err: &claim.TooEarlyError{Placements: 64.7e6, Limit: claim.DefaultLimits.Placements}}}
		got, _ = s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0)
		lines := kit.WrapLines(got, 78, maxNoteLines, ctx.Ellipsis())
		if last := lines[len(lines)-1]; strings.HasSuffix(last, "…") || !strings.HasSuffix(last, "left.") {
			t.Errorf("%d players: the too-early refusal is cut at 80 columns: %q", n, lines)
		}
	}
}

// A deal thrown in shows the game's score under the sides' names, as a
// scored deal does: figures alone say nobody's. At every seat count.
func TestThrownInNamesTheColumns(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc := sceneOf(rules.View{Players: n, Options: rules.DefaultOptions()})
		var ending rules.Ending
		lines := sc.ResultLines(&ctx, rules.Score{Players: n, Maker: rules.NoSeat, Outcome: rules.Abandoned}, ending, rules.NoSeat, 80)
		for i, l := range lines {
			if strings.HasPrefix(ansi.Strip(l), " Game ") && (i == 0 || !strings.Contains(ansi.Strip(lines[i-1]), "West")) {
				t.Errorf("%d players: the game's score is not under the sides' names:\n%s", n, ansi.Strip(strings.Join(lines, "\n")))
			}
		}
	}
}

// An accepted schmeiss at two says who accepted whose with each name as
// its person wrote it: "bob accepted ann's schmeiss" to a spectator,
// never "Bob" (another person may go by it); "You accepted ..." for
// the person's own seat.
func TestAcceptedSchmeissKeepsNames(t *testing.T) {
	ctx := kit.NewContext(false)
	thrown := rules.Score{Players: 2, Maker: rules.NoSeat, Outcome: rules.Abandoned}
	sc := sceneOf(rules.View{Players: 2, Options: rules.DefaultOptions()})
	sc.Players = []Player{{Name: "ann"}, {Name: "bob"}}
	sc.You = rules.NoSeat // a spectator
	got := ansi.Strip(strings.Join(sc.ResultLines(&ctx, thrown, rules.SchmeissAccepted, rules.SeatA, 80), "\n"))
	if !strings.Contains(got, "bob accepted ann's schmeiss.") {
		t.Errorf("a spectator reads:\n%s", got)
	}
	sc.You = rules.SeatB
	got = ansi.Strip(strings.Join(sc.ResultLines(&ctx, thrown, rules.SchmeissAccepted, rules.SeatA, 80), "\n"))
	if !strings.Contains(got, "You accepted ann's schmeiss.") {
		t.Errorf("bob reads:\n%s", got)
	}
}

// The notes of a shared table about a seat's person say "you" for the
// person reading them (back after a drop), never "You is back"; one
// away is away, whether they left or lost the connection.
func TestSeatNotesSayYou(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := &Screen{}
		s.snap.Seat = rules.SeatB
		s.snap.View = rules.View{Players: n, Seat: rules.SeatB}
		for i := range n {
			s.snap.Players = append(s.snap.Players, host.SeatInfo{Name: fmt.Sprintf("p%d", i), Human: true})
		}
		sc := s.scene()
		s.snap.Note = host.Note{Kind: host.NoteBack, Seat: rules.SeatB}
		if got := s.lastWords(&ctx, sc); got != "You are back." {
			t.Errorf("%d players, one's own return: %q", n, got)
		}
		s.snap.Note = host.Note{Kind: host.NoteBack, Seat: rules.SeatA}
		if got := s.lastWords(&ctx, sc); got != "p0 is back." {
			t.Errorf("%d players, another's return: %q", n, got)
		}
		// Leaving with q and losing the connection are told alike: the
		// seat is away, not "dropped" by someone who chose to leave.
		s.snap.Note = host.Note{Kind: host.NoteDropped, Seat: rules.SeatA}
		if got := s.lastWords(&ctx, sc); got != "p0 is away: the seat waits for them." {
			t.Errorf("%d players, another away: %q", n, got)
		}
	}
}

// Inside the verdict's sentence the person is "you", never "You": at
// three "(you 55, East 43)", at four "less than you & North".
func TestVerdictLowerYou(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		for _, out := range []rules.Outcome{rules.Made, rules.Tie, rules.Bete} {
			sc := sceneOf(rules.View{Players: n})
			s := rules.Score{Players: n, Maker: rules.SeatB, Outcome: out}
			got := ansi.Strip(sc.verdict(&ctx, s))
			if i := strings.Index(got, "You"); i > 0 && !strings.HasSuffix(got[:i], ". ") {
				t.Errorf("%d players, %v: %q writes You inside a sentence", n, out, got)
			}
			if !strings.Contains(got, "you") {
				t.Errorf("%d players, %v: %q does not name you", n, out, got)
			}
		}
	}
}

// The melds shown after trick one are listed one by one with their
// points: a fifty and a set of kings that shares the K♦ read "A♦ K♦ Q♦
// J♦ (50), K♦ K♣ K♥ (20)", not "A♦ K♦ Q♦ J♦ K♣ K♥ (70)", which shows a
// pair of kings that scores nothing.
func TestShowLinesEachMeld(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(3)
	o.OfAKind = true
	shown, err := rules.ParseCardSet("AD KD QD JD KC KH")
	if err != nil {
		t.Fatal(err)
	}
	sc := &Scene{V: rules.View{Players: 3, Options: o, Trump: rules.Diamonds}, You: rules.SeatA,
		Players: []Player{{Name: "You"}, {Name: "West"}, {Name: "East"}}}
	sc.V.Shown[2] = shown
	got := ansi.Strip(strings.Join(sc.showLines(&ctx), "\n"))
	if !strings.Contains(got, "A♦ K♦ Q♦ J♦ (50)") || !strings.Contains(got, "K♦ K♣ K♥ (20)") && !strings.Contains(got, "K♦ K♥ K♣ (20)") {
		t.Errorf("the melds shown are not listed one by one: %q", got)
	}
}

// The result's row of declarations names those the table plays: at
// three, with cleopatra on in the options, only shlomo (cleopatra needs
// four); at four both.
func TestDeclaredRowNamesTheDeclarations(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		o := options(n)
		o.Shlomo, o.Cleopatra = true, true
		sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs})
		s := rules.Score{Players: n, Maker: rules.SeatB, Outcome: rules.Made}
		s.Declared[2] = 20
		got := resultText(&ctx, sc, s)
		want := map[int]string{3: " Shlomo ", 4: " Shlomo, cleopatra "}[n]
		if !strings.Contains(got, want) || n == 3 && strings.Contains(got, "cleopatra") {
			t.Errorf("%d players: the row of declarations is not %q:\n%s", n, want, got)
		}
	}
}

// A deal in no trumps is titled "No trumps", not "Trump no trumps", in
// the result and above the table.
func TestNoTrumpsTitle(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(4)
	sc := sceneOf(rules.View{Players: 4, Options: o, Trump: rules.NoTrumps, Maker: rules.SeatB})
	s := rules.Score{Players: 4, Maker: rules.SeatB, Trump: rules.NoTrumps, Outcome: rules.Made}
	got := resultText(&ctx, sc, s)
	if strings.Contains(got, "Trump no trumps") || !strings.Contains(got, "No trumps · maker: West") {
		t.Errorf("the result's title:\n%s", got)
	}
	got = ansi.Strip(strings.Join(sc.infoFrags(&ctx), "\n"))
	if strings.Contains(got, "Trump no trumps") || !strings.Contains(got, "No trumps · maker West") {
		t.Errorf("the table's title:\n%s", got)
	}
}

// The result's lines name the person "you" inside a sentence (the
// bimah's "+40 to you & North"), and the row of the bete's split says
// what it holds ("From the maker", not "Share of maker's").
func TestResultBimahAndShareWords(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs})
		s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Made, Bimah: 40}
		got := resultText(&ctx, sc, s)
		if !strings.Contains(got, "Bimah: +40 to you") {
			t.Errorf("%d players: the bimah's line:\n%s", n, got)
		}
		if n == 3 {
			s := rules.Score{Players: n, Maker: rules.SeatB, Outcome: rules.Bete}
			got := resultText(&ctx, sc, s)
			if strings.Contains(got, "Share of maker's") || !strings.Contains(got, " From the maker ") {
				t.Errorf("the bete's split:\n%s", got)
			}
		}
	}
}

// At four the dealer speaking last in round two may name the upcard's
// suit too: the words over the table do not say "(not ♠)" then.
func TestRoundTwoDealerAtFour(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(4)
	up, _ := rules.ParseCard("9S")
	for _, turn := range []rules.Seat{rules.SeatB, rules.Seat(3)} {
		sc := &Scene{V: rules.View{Players: 4, Options: o, Phase: rules.PhaseBid2, Seat: rules.SeatA, Turn: turn, Dealer: rules.Seat(3),
			OrigUpcard: up, Upcard: up, Trump: rules.NoSuit}, You: rules.SeatA,
			Players: []Player{{Name: "You"}, {Name: "West"}, {Name: "North"}, {Name: "East"}}}
		got := ansi.Strip(sc.phaseWords(&ctx))
		if dealer := turn == rules.Seat(3); dealer == strings.Contains(got, "(not ♠)") {
			t.Errorf("turn %v, the dealer's %v: %q", turn, dealer, got)
		}
	}
}

// The header keeps its left words apart from the score on the right:
// at three players with scores of three figures "3 players" gives way
// rather than run into the score ("3 players You 0 · West 155").
func TestHeaderGapsTheScore(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(3)
	sc := &Scene{V: rules.View{Players: 3, Options: o, Dealer: rules.SeatB}, You: rules.SeatA, DealNo: 1,
		Players: []Player{{Name: "You"}, {Name: "West"}, {Name: "East"}}}
	sc.Totals = [4]int{0, 155, 69}
	got := ansi.Strip(sc.Header(&ctx, 80))
	if !strings.Contains(got, "   You 0") {
		t.Errorf("the score runs into the words before it: %q", got)
	}
}

// At four the person's team is "you & North" inside a line, as "you"
// is at two and three: "Sequences of you & North: ...", "sequences: you
// & North".
func TestOwnTeamLowerInLines(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(4)
	sc := sceneOf(rules.View{Players: 4, Options: o, Trump: rules.Clubs, Maker: rules.SeatA, SeqWinner: rules.SeatA, Phase: rules.PhasePlay})
	s := rules.Score{Players: 4, Maker: rules.SeatA, Outcome: rules.Made}
	s.Seqs[0], s.Seqs[2] = 20, 50
	var ending rules.Ending
	got := ansi.Strip(strings.Join(append(sc.ResultLines(&ctx, s, ending, rules.NoSeat, 80), sc.infoFrags(&ctx)...), "\n"))
	if !strings.Contains(got, "Sequences of you & North: you 20 + North 50") || !strings.Contains(got, "sequences: you & North") {
		t.Errorf("the team is not named in lower case inside the lines:\n%s", got)
	}
}

// With of_a_kind on, the result's row of sequences says it holds the
// sets too ("Sequences / sets"), as the row of bella names the menage,
// at every seat count; without it, the row is "Sequences".
func TestResultSequencesRowNamesSets(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, sets := range []bool{false, true} {
			o := options(n)
			o.OfAKind = sets
			sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs})
			s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Made}
			s.Seqs[0], s.Seqs[n-2] = 20, 20
			got := resultText(&ctx, sc, s)
			if has := strings.Contains(got, " Sequences / sets "); has != sets {
				t.Errorf("%d players, of_a_kind %v: row \"Sequences / sets\" %v:\n%s", n, sets, has, got)
			}
			if n == 4 && sets && !strings.Contains(got, "Sequences and sets of you & North: you 20 + North 20") {
				t.Errorf("4 players, of_a_kind: the partners' line:\n%s", got)
			}
		}
	}
}

// At four the end of the game names the winning team inside its
// sentence ("The other team, West & East, wins the game, 204 to
// 200."), not in brackets after the full stop.
func TestWinnerWordsNameTheTeam(t *testing.T) {
	ctx := kit.NewContext(false)
	o := options(4)
	sc := sceneOf(rules.View{Players: 4, Options: o})
	for win, want := range map[int]string{
		0: "Your team, you & North, wins the game, 204 to 200!",
		1: "The other team, West & East, wins the game, 204 to 200.",
	} {
		s := &Screen{snap: host.Snapshot{Seat: rules.SeatA, WinnerSide: win}}
		s.snap.Totals[win], s.snap.Totals[1-win] = 204, 200
		got, _ := s.winnerWords(&ctx, sc)
		if got != want {
			t.Errorf("side %d wins: %q, want %q", win, got, want)
		}
	}
}

// At three the end of the game names each other player's total, the
// highest first, as theirs ("576 to West's 342 and your 185"); at two
// and at four the totals alone, the winner's first.
func TestWinnerWordsOrderTheOthers(t *testing.T) {
	ctx := kit.NewContext(false)
	cases := []struct {
		n, win   int
		totals   [4]int
		watching bool
		want     string
	}{
		{3, 2, [4]int{185, 342, 576}, false, "North wins the game, 576 to West's 342 and your 185."},
		{3, 2, [4]int{385, 342, 576}, false, "North wins the game, 576 to your 385 and West's 342."},
		{3, 0, [4]int{576, 185, 342}, false, "You win the game, 576 to North's 342 and West's 185!"},
		{3, 1, [4]int{185, 576, 342}, true, "bob wins the game, 576 to cid's 342 and ann's 185."},
		{2, 1, [4]int{320, 510}, false, "West wins the game, 510 to 320."},
		{2, 0, [4]int{510, 320}, false, "You win the game, 510 to 320!"},
		{4, 1, [4]int{320, 510}, true, "West & East win the game, 510 to 320."},
	}
	for _, c := range cases {
		sc := sceneOf(rules.View{Players: c.n, Options: options(c.n)})
		if c.watching && c.n == 3 {
			sc.You = rules.NoSeat
			for i, name := range []string{"ann", "bob", "cid"} {
				sc.Players[i].Name = name
			}
		}
		s := &Screen{snap: host.Snapshot{Seat: rules.SeatA, WinnerSide: c.win, Totals: c.totals, Watching: c.watching}}
		if got, _ := s.winnerWords(&ctx, sc); got != c.want {
			t.Errorf("%d players, side %d wins: %q, want %q", c.n, c.win, got, c.want)
		}
	}
}

// A person whose seat a bot played at the end (they dropped and did not
// come back) is not told they won: their side did, with a bot in their
// seat (a rated game counts as their loss, which the club's rating line
// says). At every seat count.
func TestWinnerWordsOfASeatABotPlayed(t *testing.T) {
	ctx := kit.NewContext(false)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		sc := sceneOf(rules.View{Players: n, Options: options(n)})
		for _, st := range []host.SeatState{host.SeatHere, host.SeatTakeover, host.SeatBack} {
			s := &Screen{snap: host.Snapshot{Seat: rules.SeatA, WinnerSide: 0, Players: make([]host.SeatInfo, n)}}
			s.snap.Players[0].State = st
			s.snap.Totals[0] = 524
			got, _ := s.winnerWords(&ctx, sc)
			want := map[int]string{
				2: "You win the game, 524 to 0!",
				3: "You win the game, 524 to West's 0 and North's 0!",
				4: "Your team, you & North, wins the game, 524 to 0!",
			}[n]
			if st != host.SeatHere {
				want = map[int]string{
					2: "Your seat wins the game, 524 to 0; a bot played it at the end.",
					3: "Your seat wins the game, 524 to West's 0 and North's 0; a bot played it at the end.",
					4: "Your team, you & North, wins the game, 524 to 0; a bot played your seat at the end.",
				}[n]
			}
			if got != want {
				t.Errorf("seat %v: %q, want %q", st, got, want)
			}
		}
	})
}

// The winner's line wraps within the window whatever the names' width
// (24 cells each, wide characters too): it was cut at 80 columns, the
// score lost, with two long names of a team.
func TestWinnerLinesWrapLongNames(t *testing.T) {
	ctx := kit.NewContext(false)
	long := []string{"日本語日本語日本語日本語", strings.Repeat("W", 24), "🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏", strings.Repeat("M", 24)}
	for _, n := range []int{2, 3, 4} {
		for win := range rules.SidesAt(n) {
			for _, watching := range []bool{false, true} {
				sc := sceneOf(rules.View{Players: n, Options: options(n)})
				for i := range sc.Players {
					sc.Players[i].Name = long[i]
				}
				s := &Screen{snap: host.Snapshot{Seat: rules.SeatA, WinnerSide: win, Watching: watching}}
				s.snap.Totals[win] = 1304
				lines := s.winnerLines(&ctx, sc, 80)
				for _, l := range lines {
					if kit.WidthOf(l) > 80 {
						t.Errorf("%d players, side %d wins: a line of %d cells: %q", n, win, kit.WidthOf(l), l)
					}
				}
				text, _ := s.winnerWords(&ctx, sc)
				if got := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " "); got != strings.Join(strings.Fields(text), " ") {
					t.Errorf("%d players, side %d wins: wrapped %q, want %q", n, win, got, text)
				}
			}
		}
	}
}

// A spectator's face-down hand keeps its label inside its column with a
// space before it, whatever the owner's name: a 24-cell name ran the
// label into the column's edge.
func TestBackLabelFits(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, w := range []int{40, 54, 60} {
			sc := sceneOf(rules.View{Players: n, Options: options(n), Seat: rules.SeatA, Dealer: rules.SeatA, Maker: rules.SeatA})
			sc.Players[0].Name = strings.Repeat("W", 24)
			sc.You = rules.NoSeat
			rows := sc.backBlock(&ctx, w, 8)
			label := ansi.Strip(rows[0])
			if kit.WidthOf(label) > w-1 || !strings.HasPrefix(label, " ") || !strings.Contains(label, "WWWW") {
				t.Errorf("%d players, width %d: label %q", n, w, label)
			}
		}
	}
}

// A spectator's face-down hand whose seat shows a state ("away, waits
// 1m58s") keeps its roles: those with no room beside the state go on
// the row under the label, never left out, inside the column, at every
// seat count, at the widths the table has at 80 columns and more.
func TestBackLabelKeepsRoles(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, w := range []int{54, 60} {
			sc := sceneOf(rules.View{Players: n, Options: options(n), Seat: rules.SeatA, Dealer: rules.SeatA, Maker: rules.SeatA})
			sc.Players[0].Name, sc.Players[0].Tag = "ann", "away,\nwaits 1m58s"
			sc.You = rules.NoSeat
			rows := sc.backBlock(&ctx, w, 8)
			two := ansi.Strip(strings.Join(rows, "\n"))
			for _, want := range []string{"ann's hand", "away, waits 1m58s", "▮▮▮▮▮▮▮▮ 8 cards", "dealer", "maker"} {
				if !strings.Contains(two, want) {
					t.Errorf("%d players, width %d: %q is not said:\n%s", n, w, want, two)
				}
			}
			for _, l := range strings.Split(two, "\n") {
				if kit.WidthOf(l) > w-1 {
					t.Errorf("%d players, width %d: %q is wider than the column", n, w, l)
				}
			}
		}
	}
}

// The list of tricks of a deal thrown in says no trick was played, not
// "yet": none will be. Before the first trick it says "yet".
func TestTrickListOfADealThrownIn(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for phase, want := range map[rules.Phase]string{rules.PhaseBid2: "No trick has been played yet.", rules.PhaseOver: "No trick was played: the deal was thrown in."} {
			sc := &Scene{V: rules.View{Players: n, Phase: phase, Trump: rules.NoSuit}, You: rules.SeatA}
			if got := ansi.Strip(strings.Join(sc.TrickList(&ctx, 78), "\n")); !strings.Contains(got, want) {
				t.Errorf("%d players, phase %v: %q lacks %q", n, phase, got, want)
			}
		}
	}
}

// The list of tricks writes the menage as said ("K♦ menage"), not as
// bella, at every seat count.
func TestTrickListSaysMenage(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		// Take trump at once; announce the menage when offered.
		pick := func(_ uint64, _ rules.View, l rules.Action) bool { return l.Kind == rules.Take || l.Bella }
		playMenageDeals(t, n, 7, "said", pick, func(d *rules.Deal, seed uint64) bool {
			v := d.View(rules.SeatA)
			if v.MenageBy == rules.NoSeat || v.Maker == rules.NoSeat {
				return false
			}
			sc := &Scene{V: v, You: rules.SeatA}
			for i := range n {
				sc.Players = append(sc.Players, Player{Name: fmt.Sprint("P", i)})
			}
			got := ansi.Strip(strings.Join(sc.TrickList(&ctx, 78), "\n"))
			if !strings.Contains(got, " menage") || strings.Contains(got, " bella") {
				t.Errorf("%d players, seed %d: the menage in the list of tricks:\n%s", n, seed, got)
			}
			return true
		})
	}
}

// Asked whether to say the menage, the menu and the keys under the
// table name the menage, not bella ("n no menage", "play K♦ without the
// menage"), at every seat count.
func TestMenageQuestionSaysMenage(t *testing.T) {
	ctx := kit.NewContext(false)
	keys := kit.DefaultKeys()
	for _, n := range []int{2, 3, 4} {
		found := false
		pick := func(seed uint64, tv rules.View, l rules.Action) bool {
			if l.Bella && l.N == 50 {
				found = true
				s := &Screen{}
				s.Bella = l.Card
				s.snap.View, s.snap.Seat, s.snap.HasDeal = tv, tv.Seat, true
				s.snap.Can.Act = true
				var words []string
				for i, it := range s.bellaItems() {
					words = append(words, ansi.Strip(s.itemLabel(&ctx, it, i, fullLabel)))
				}
				for _, kb := range s.KeyHelp(&keys).ShortHelp() {
					words = append(words, kb.Help().Key+" "+kb.Help().Desc)
				}
				s.Bella = rules.NoCard // before the card is chosen: b is offered
				for _, kb := range s.KeyHelp(&keys).ShortHelp() {
					words = append(words, kb.Help().Key+" "+kb.Help().Desc)
				}
				got := strings.Join(words, " | ")
				if strings.Contains(got, "bella") || !strings.Contains(got, "no menage") || !strings.Contains(got, "b menage") {
					t.Errorf("%d players, seed %d: the menage's question reads %q", n, seed, got)
				}
			}
			return l.Kind == rules.Take
		}
		playMenageDeals(t, n, 9, "offered", pick, func(*rules.Deal, uint64) bool { return found })
	}
}

// playMenageDeals plays deals with the menage on at n players, seed
// after seed from 1 (the shuffles' PCG stream given), each to its end,
// every seat taking the last legal action pick likes (the first legal
// one when it likes none), until done says the deal is the one sought;
// it fails the test when 3000 deals do not give one, the menage not
// what (said, offered).
func playMenageDeals(t *testing.T, n int, stream uint64, what string, pick func(seed uint64, tv rules.View, l rules.Action) bool, done func(d *rules.Deal, seed uint64) bool) {
	t.Helper()
	o := options(n)
	o.Menage = true
	for seed := uint64(1); seed <= 3000; seed++ {
		d := rules.NewDeal(o, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, stream))))
		for d.Phase() != rules.PhaseOver {
			tv := d.View(d.Turn())
			legal := tv.Legal()
			a := legal[0]
			for _, l := range legal {
				if pick(seed, tv, l) {
					a = l
				}
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if done(&d, seed) {
			return
		}
	}
	t.Errorf("%d players: no menage %s in 3000 deals", n, what)
}

// A claim refused at the last card, the others' cards all played to the
// trick on the table, does not read "if West holds nothing and East
// holds nothing": it says the trick on the table is lost whatever the
// person plays. At every seat count.
func TestClaimRefusedWithNothingHidden(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := seatAScreen(n)
		s.snap.Claim = &host.ClaimState{Verdict: claim.Verdict{Players: n, Seat: rules.SeatA}}
		got, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0)
		got = ansi.Strip(got)
		want := map[bool]string{false: "the trick on the table is not yours whatever you play", true: "the trick on the table is not your team's whatever you play"}[n == 4]
		if strings.Contains(got, " nothing") || !strings.Contains(got, want) {
			t.Errorf("%d players: %q, want %q", n, got, want)
		}
	}
}

// A claim refused where no card the person may play wins the trick on
// the table for its side (an opponent's ace led, no trump to ruff it)
// says so, not "if West holds …": that trick is lost whatever the
// hidden cards. At every seat count, in a deal where cards are hidden.
func TestClaimRefusedTrickLost(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		var v rules.View
		for seed := uint64(1); v.Players == 0 && seed < 500; seed++ {
			r := rand.New(rand.NewPCG(seed, 3))
			d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(r))
			for !d.Over() && v.Players == 0 {
				if tv := d.View(rules.SeatA); d.Phase() == rules.PhasePlay && tv.Turn == rules.SeatA && tv.Hand.Count() > 1 && tv.TrickLost() {
					v = tv
					break
				}
				l := d.Legal()
				d.ApplyUnchecked(l[r.IntN(len(l))])
			}
		}
		require.NotZero(t, v.Players, "%d players: no trick lost whatever seat A plays", n)
		s := seatAScreen(n)
		s.snap.View = v
		s.snap.Claim = &host.ClaimState{Verdict: claim.Verdict{Players: n, Seat: rules.SeatA, Counters: [4]rules.CardSet{1: rules.SetOf(rules.Card(3))}}}
		got, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0)
		got = ansi.Strip(got)
		want := map[bool]string{false: "the trick on the table is not yours whatever you play", true: "the trick on the table is not your team's whatever you play"}[n == 4]
		assert.Contains(t, got, want, "%d players", n)
		assert.NotContains(t, got, " holds ", "%d players", n)
	}
}

// A side that won the sequence right but took no trick scores no
// sequences (melds_need_trick): the result says why its 0, at every
// seat count; with the option off, or a trick taken, it says nothing.
func TestResultSaysNoTrickNoSequences(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, tookOne := range []bool{false, true} {
			o := options(n)
			sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs, SeqWinner: rules.SeatA})
			s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Bete}
			s.Tricks[1] = 9
			if tookOne {
				s.Tricks[0], s.Seqs[0] = 1, 50
			}
			got := resultText(&ctx, sc, s)
			who := map[bool]string{false: "You took no trick", true: "You & North took no trick"}[n == 4]
			want := who + ": the sequences won in the dialogue do not score."
			if has := strings.Contains(got, want); has == tookOne {
				t.Errorf("%d players, a trick taken %v: %q shown %v:\n%s", n, tookOne, want, has, got)
			}
		}
	}
}

// With a name of 24 letters, the most a name holds, every line of the
// result built around a name wraps at 80 columns and keeps its words:
// the side that took no trick after winning the sequences, the maker in
// the title, the bimah, at every seat count.
func TestResultNameLinesWrapAt80(t *testing.T) {
	ctx := kit.NewContext(false)
	long := "Cidney_Longbottomley_XYZ"
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs, SeqWinner: rules.SeatB})
		sc.Players[1].Name = long
		s := rules.Score{Players: n, Maker: rules.SeatB, Outcome: rules.Bete, Forced: true, Bimah: 40}
		s.Tricks[0] = 9
		lines := sc.ResultLines(&ctx, s, rules.NotEnded, rules.NoSeat, 80)
		for _, l := range lines {
			if w := kit.WidthOf(l); w > 80 {
				t.Errorf("%d players: a line of %d cells: %q", n, w, ansi.Strip(l))
			}
		}
		got := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, "\n"))), " ")
		for _, want := range []string{"took no trick: the sequences won in the dialogue do not score.",
			"maker: " + long + " (forced dealer)", "the forced dealer's side."} {
			if !strings.Contains(got, want) {
				t.Errorf("%d players: %q lost:\n%s", n, want, got)
			}
		}
	}
}

// The score pad explains its star only when a row has one: after a deal
// thrown in, and nothing else, no "* maker" under it.
func TestPadStarExplainedWhenShown(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		sc := &Scene{V: rules.View{Players: n, Options: o}, You: rules.SeatA,
			Pad: []rules.Score{{Players: n, Maker: rules.NoSeat, Outcome: rules.Abandoned}}}
		for i := range n {
			sc.Players = append(sc.Players, Player{Name: fmt.Sprint("P", i)})
		}
		if got := ansi.Strip(strings.Join(sc.scorePad(&ctx, 24, 10), "\n")); strings.Contains(got, "* maker") {
			t.Errorf("%d players: a pad without a star explains it:\n%s", n, got)
		}
		sc.Pad = append(sc.Pad, rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Made})
		if got := ansi.Strip(strings.Join(sc.scorePad(&ctx, 24, 10), "\n")); !strings.Contains(got, "* maker") {
			t.Errorf("%d players: a pad with a star does not explain it:\n%s", n, got)
		}
	}
}

// The score pad names a deal of equal totals as the rules do, "equal"
// (the log's word "tie" is not for the screen), whole at every seat
// count, in the pad's width at 80 columns and wider, with long names.
func TestPadSaysEqual(t *testing.T) {
	ctx := kit.NewContext(false)
	// Apart from the cells, whole; beside the maker's star in the
	// narrowest pad, "eq.".
	equal := regexp.MustCompile(`(?m)^ *1 .*( equal|\* eq\.) *$`)
	for _, n := range []int{2, 3, 4} {
		for _, name := range []string{"P", "alexandra"} {
			for maker := range rules.Seat(n) {
				sc := &Scene{V: rules.View{Players: n, Options: options(n)}, You: rules.NoSeat,
					Pad: []rules.Score{{Players: n, Maker: maker, Outcome: rules.Tie}}}
				for i := range n {
					sc.Players = append(sc.Players, Player{Name: fmt.Sprint(name, i)})
				}
				for _, w := range []int{23, 24, 30} { // 23: the pad at 80 columns
					got := ansi.Strip(strings.Join(sc.scorePad(&ctx, w, 10), "\n"))
					if !equal.MatchString(got) || strings.Contains(got, "tie") {
						t.Errorf("%d players, maker %v, %d wide: the deal is not said to be equal:\n%s", n, maker, w, got)
					}
				}
			}
		}
	}
}

// The score pad's sums never run into the "sum" before them, with four
// digits in the narrowest pad (a game to 2000), at every seat count,
// and each stays whole.
func TestPadSumsApart(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc := &Scene{V: rules.View{Players: n, Options: options(n)}, You: rules.SeatA,
			Pad: []rules.Score{{Players: n, Maker: rules.SeatA, Outcome: rules.Made}}}
		for i := range n {
			sc.Players = append(sc.Players, Player{Name: fmt.Sprint("P", i)})
		}
		sc.Totals = [4]int{1244, 881, 653, 1999}
		for _, w := range []int{23, 24, 30} { // 23: the pad at 80 columns
			got := ansi.Strip(strings.Join(sc.scorePad(&ctx, w, 10), "\n"))
			var sum string
			for l := range strings.SplitSeq(got, "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "sum") {
					sum = l
				}
			}
			if !regexp.MustCompile(`sum +1244\b`).MatchString(sum) || !strings.Contains(sum, " 881") {
				t.Errorf("%d players, %d wide: the sums run together or are cut:\n%s", n, w, got)
			}
		}
	}
}

// playView is the card play of a game of n seen from seat A, which
// made hearts trump: no card or seat yet named elsewhere.
func playView(n int) rules.View {
	return rules.View{Players: n, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA, DixBy: rules.NoSeat,
		OrigUpcard: rules.MustCard("8C"), Upcard: rules.NoCard, Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
		MenageBy: rules.NoSeat, BellaBy: rules.NoSeat, Phase: rules.PhasePlay, LastLeader: rules.NoSeat}
}

// sceneOf is a scene of v seen from seat A, its players named You,
// West, North and East in seat order, as many as v has.
func sceneOf(v rules.View) *Scene {
	sc := &Scene{V: v, You: rules.SeatA}
	for i := range v.Players {
		sc.Players = append(sc.Players, Player{Name: []string{"You", "West", "North", "East"}[i]})
	}
	return sc
}

// resultText is sc's result of the deal s in 80 columns, without
// styles, the game going on.
func resultText(ctx *kit.Context, sc *Scene, s rules.Score) string {
	var ending rules.Ending
	return ansi.Strip(strings.Join(sc.ResultLines(ctx, s, ending, rules.NoSeat, 80), "\n"))
}

// A line of the trump info that starts with a player's name keeps the
// name's own case ("bob took 9♠ for the 7♠"), as every sentence does;
// other fragments starting a line take a capital ("Bottom K♦").
func TestInfoLineKeepsNamesCase(t *testing.T) {
	ctx := kit.NewContext(false)
	v := rules.View{Players: 3, Seat: rules.SeatA, Trump: rules.Spades, Maker: rules.Seat(2), DixBy: rules.SeatB,
		OrigUpcard: rules.NewCard(rules.Nine, rules.Spades), Upcard: rules.NoCard, Bottom: rules.NewCard(rules.King, rules.Diamonds),
		SeqWinner: rules.NoSeat, Phase: rules.PhasePlay}
	sc := sceneOf(v)
	sc.Players[1].Name, sc.Players[2].Name = "bob", "Bot C"
	// At every width the fragments wrap differently: each starts a line
	// once.
	for w := 20; w <= 80; w++ {
		got := ansi.Strip(strings.Join(sc.packLine(&ctx, sc.infoFrags(&ctx), w, 9), "\n"))
		if strings.Contains(got, "Bob") || strings.HasPrefix(got, " bottom") || strings.Contains(got, "\n bottom") {
			t.Errorf("width %d: a name changed its case, or a line starts in lower case:\n%s", w, got)
		}
		if !strings.Contains(got, "bob took") {
			t.Errorf("width %d: the dix is not said:\n%s", w, got)
		}
	}
}

// The score pad's column heads keep the names' case and spaces ("West",
// "Bot C") and a name's last word, its tag ("norm…B");
// a spectator's teams of four are their partners' names, a partner a
// row (the seats' letters are shown nowhere). Each head is apart from
// the one before it.
func TestPadHeadsKeepCase(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, tc := range []struct {
		n     int
		you   rules.Seat
		names []string
		heads []string
	}{
		{2, rules.SeatA, []string{"You", "West"}, []string{"You", "West"}},
		// Names of five fit whole at three (the outcomes then
		// lettered); a name never loses its spaces.
		{3, rules.SeatA, []string{"You", "Bot B", "Bot C"}, []string{"You", "Bot B", "Bot C"}},
		{3, rules.SeatA, []string{"You", "bob", "Bot C"}, []string{"You", "bob", "Bot C"}},
		// A name's last word is its tag among alike names, as a bot
		// match names its seats: kept, as the header keeps it; at two
		// a name of eight is whole, the outcomes lettered, as at three.
		{2, rules.NoSeat, []string{"easy A", "normal B"}, []string{"easy A", "normal B"}},
		{3, rules.NoSeat, []string{"easy A", "normal B1", "normal B2"}, []string{"ea…A", "n…B1", "n…B2"}},
		// Long names keep what tells them apart, marked as cut.
		{3, rules.SeatA, []string{"You", "alexandra", "alexander"}, []string{"You", "al…a", "al…r"}},
		{2, rules.SeatA, []string{"You", "alexandra"}, []string{"You", "alexa…"}},
		{4, rules.NoSeat, []string{"alexandra", "Bot B", "alexander", "Bot D"}, []string{"alex…a", "Bot B", "alex…r", "Bot D"}},
		{3, rules.NoSeat, []string{"Ann", "Bob", "Cid"}, []string{"Ann", "Bob", "Cid"}},
		{4, rules.NoSeat, []string{"Ann", "Bob", "Cid", "Dan"}, []string{"Ann", "Bob", "Cid", "Dan"}},
		{4, rules.SeatA, []string{"You", "Bot B", "Bot C", "Bot D"}, []string{"us", "them"}},
		// A head as wide as its column's room keeps its gap before it,
		// never touching "#" or the head to its left.
		{2, rules.NoSeat, []string{"Tester", "Bot"}, []string{"Tester", "Bot"}},
		{3, rules.NoSeat, []string{"Tester", "Westie", "Eastie"}, []string{"Tes…", "Wes…", "Eas…"}},
	} {
		sc := &Scene{V: rules.View{Players: tc.n, Options: options(tc.n)}, You: tc.you}
		for _, name := range tc.names {
			sc.Players = append(sc.Players, Player{Name: name})
		}
		// The heads' rows run down to the one marked "#".
		var heads []string
		for _, l := range sc.scorePad(&ctx, 23, 10)[1:] {
			l = ansi.Strip(l)
			heads = append(heads, strings.TrimPrefix(strings.TrimSpace(l), "# "))
			if strings.HasPrefix(strings.TrimSpace(l), "#") {
				break
			}
		}
		head := strings.Join(heads, " | ")
		if got := strings.Join(strings.Fields(strings.Join(heads, " ")), " "); got != strings.Join(tc.heads, " ") {
			t.Errorf("%d players, you %v: heads %q, want %q", tc.n, tc.you, head, tc.heads)
		}
	}
}

// A forced dealer's result says so in one wording, whether it named a
// suit or chose no trumps (four players): never "forced to name trump"
// for a deal without trump.
func TestForcedDealerWords(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, trump := range []rules.Suit{rules.Hearts, rules.NoTrumps} {
			if trump == rules.NoTrumps && n < 4 {
				continue
			}
			o := rules.DefaultOptions()
			o.Players, o.DealerForced = n, true
			sc := sceneOf(rules.View{Players: n, Options: o})
			got := resultText(&ctx, sc, rules.Score{Players: n, Maker: rules.SeatA, Trump: trump, Forced: true, Outcome: rules.Made})
			want := "maker: you (forced dealer)"
			if !strings.Contains(got, want) || strings.Contains(got, "name trump") {
				t.Errorf("%d players, trump %v: no %q:\n%s", n, trump, want, got)
			}
		}
	}
}

// TestThrownInLosesTheShlomo: at three and four, a deal in which a
// shlomo was declared and that everyone then passed says that the
// shlomo's 20 is lost with it, as the rules have it; a deal thrown in
// without one does not speak of it.
func TestThrownInLosesTheShlomo(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		found := map[bool]bool{}
		for seed := uint64(1); seed < 400 && !(found[true] && found[false]); seed++ {
			o := rules.DefaultOptions().WithPlayers(n)
			o.Shlomo = true
			d := rules.NewDeal(o, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, 7))))
			declared := false
			for !d.Over() {
				legal := d.Legal()
				a := legal[0]
				for _, l := range legal {
					if l.Kind == rules.Shlomo || l.Kind == rules.Pass && a.Kind != rules.Shlomo {
						a = l
					}
				}
				declared = declared || a.Kind == rules.Shlomo
				require.NoError(t, d.Apply(a))
			}
			if d.Ending() != rules.AllPassed || found[declared] {
				continue
			}
			found[declared] = true
			got := kittest.Flat(ansi.Strip(strings.Join(sceneOf(d.View(rules.SeatA)).ResultLines(&ctx, d.Score(), d.Ending(), rules.NoSeat, 80), "\n")))
			const lost = "The 20 of the shlomo declared is lost too."
			if !strings.Contains(got, "nobody scores") || strings.Contains(got, lost) != declared {
				t.Errorf("%d players, seed %d, shlomo declared %v:\n%s", n, seed, declared, got)
			}
		}
		require.True(t, found[true] && found[false], "%d players: no deal thrown in with and without a shlomo", n)
	}
}

// TestSequencesOfLongNamesWrap: at four, the line naming whose
// sequences a team scored wraps when the names are long (24 wide
// letters, the most a name holds), so that the points stay on screen.
func TestSequencesOfLongNamesWrap(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := sceneOf(rules.View{Players: 4, Options: options(4), Trump: rules.Clubs, Maker: rules.SeatB, SeqWinner: rules.SeatB, Phase: rules.PhasePlay})
	long := strings.Repeat("漢", 24)
	sc.Players = []Player{{Name: "You"}, {Name: "bob"}, {Name: "North"}, {Name: long}}
	s := rules.Score{Players: 4, Maker: rules.SeatB, Outcome: rules.Made}
	s.Seqs[1], s.Seqs[3] = 20, 50
	lines := sc.ResultLines(&ctx, s, rules.NotEnded, rules.NoSeat, 80)
	got := ansi.Strip(strings.Join(lines, "\n"))
	joined := strings.Join(strings.Fields(got), " ")
	if !strings.Contains(joined, "bob 20 + "+long+" 50") {
		t.Errorf("the team's sequences lose their points:\n%s", got)
	}
	for _, l := range lines {
		if kit.WidthOf(l) > 80 {
			t.Errorf("a line of %d cells: %q", kit.WidthOf(l), ansi.Strip(l))
		}
	}
}

// After the dix exchange the header says who took the upcard (J♥) for
// the 7, with no "Upcard J♥" for a card now in a hand, and the card at
// the upcard's place, the 7♥, is labelled the dix: no two places call
// different cards the upcard.
func TestDixSlotIsNotTheUpcard(t *testing.T) {
	ctx := kit.NewContext(false)
	jack, seven := rules.MustCard("JH"), rules.MustCard("7H")
	v := rules.View{Players: 2, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA, DixBy: rules.SeatA,
		OrigUpcard: jack, Upcard: seven, Bottom: rules.NoCard, SeqWinner: rules.NoSeat, Phase: rules.PhaseSequences,
		LastLeader: rules.NoSeat, Hand: rules.SetOf(jack)}
	sc := sceneOf(v)
	grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, 80, kit.CardSize{W: 5, H: 3}, false), "\n"))
	if strings.Contains(grid, "Upcard") || !strings.Contains(grid, "The dix") {
		t.Errorf("after the exchange the 7 at the upcard's place is labelled:\n%s", grid)
	}
	info := ansi.Strip(strings.Join(sc.infoFrags(&ctx), " · "))
	if !strings.Contains(info, "you took J♥ for the 7") || strings.Contains(info, "Upcard") {
		t.Errorf("the header does not say the upcard J♥ was taken for the 7, or still calls a card the upcard: %s", info)
	}
}

// A replay's open partner of four is named whole, spaces kept, left of
// its hand, its level after it on the next line: never "normal
// normalA2", the level read as part of a squeezed name.
func TestOpenPartnerNamedWhole(t *testing.T) {
	ctx := kit.NewContext(false)
	v := rules.View{Players: 4, Seat: rules.SeatA, Trump: rules.NoSuit, Maker: rules.NoSeat, DixBy: rules.NoSeat,
		OrigUpcard: rules.MustCard("QC"), Upcard: rules.MustCard("QC"), Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
		Phase: rules.PhaseBid1, LastLeader: rules.NoSeat, Dealer: rules.SeatA, Turn: rules.SeatB}
	sc := &Scene{V: v, You: rules.SeatA}
	for _, n := range []string{"normal A1", "normal B1", "normal A2", "normal B2"} {
		sc.Players = append(sc.Players, Player{Name: n, Tag: "normal"})
	}
	sc.Open[2] = rules.SetOf(rules.MustCard("KS"), rules.MustCard("QS"), rules.MustCard("JH"), rules.MustCard("TC"),
		rules.MustCard("KD"), rules.MustCard("9D"))
	for _, w := range []int{55, 80} {
		grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, w, kit.CardSize{W: 5, H: 3}, false), "\n"))
		if strings.Contains(grid, "normalA") || strings.Contains(grid, "normal normal") || !strings.Contains(grid, "normal A2") {
			t.Errorf("width %d: the open partner is named:\n%s", w, grid)
		}
		if !strings.Contains(grid, "normal A2 · normal") || !strings.Contains(grid, "partner") {
			t.Errorf("width %d: the partner's level and role are not said:\n%s", w, grid)
		}
	}
}

// The list of tricks of a replay of four at 80 columns reads whole: the
// column of tricks won is headed "won" and the legend names the teams,
// rather than "won (no" cut at the edge; at three the names fit.
func TestTrickListHeadFits(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 7))))
		for d.Phase() != rules.PhaseOver {
			tv := d.View(d.Turn())
			if err := d.Apply(takeOrFirst(tv.Legal())); err != nil {
				t.Fatal(err)
			}
		}
		sc := &Scene{V: d.View(rules.SeatA), You: rules.NoSeat}
		for _, name := range []string{"normal A1", "normal B1", "normal A2", "normal B2"}[:n] {
			sc.Players = append(sc.Players, Player{Name: name})
		}
		lines := sc.TrickList(&ctx, 78)
		text := ansi.Strip(strings.Join(lines, "\n"))
		head := ansi.Strip(lines[1])
		if !strings.HasSuffix(strings.TrimSpace(head), "won") && !strings.HasSuffix(strings.TrimSpace(head), ")") {
			t.Errorf("%d players: the head is cut: %q", n, head)
		}
		for _, l := range lines {
			if kit.WidthOf(l) > 78 {
				t.Errorf("%d players: %q is wider than 78", n, ansi.Strip(l))
			}
		}
		if n == 4 && !strings.Contains(strings.Join(strings.Fields(text), " "), "won: the tricks won so far, normal A1 & normal A2 – normal B1 & normal B2") {
			t.Errorf("4 players: the teams of the won column are not named:\n%s", text)
		}
	}
}

// The game row after a deal says what the totals mean once one reaches
// the target: who won, or, equal at the top, that play goes on (RULES
// §9), at every seat count, within 80 columns; below the target, only
// the target.
func TestGameRowSaysTheEnd(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		o.Target = 150
		v := rules.View{Players: n, Options: o, Seat: rules.SeatA, SeqWinner: rules.NoSeat, LastLeader: rules.NoSeat}
		sc := sceneOf(v)
		score := rules.Score{Players: n, Maker: rules.SeatA, Trump: rules.Hearts, Outcome: rules.Made}
		for _, tc := range []struct {
			totals [4]int
			want   string
		}{
			{[4]int{100, 140, 20}, "(game to 150)"},
			{[4]int{162, 162, 20}, "(game to 150: equal at the top, so play goes on)"},
			{[4]int{170, 162, 20}, "(game to 150: won by you"},
		} {
			sc.Totals = tc.totals
			lines := sc.ResultLines(&ctx, score, rules.NotEnded, rules.NoSeat, 80)
			got := ansi.Strip(strings.Join(lines, "\n"))
			if !strings.Contains(strings.Join(strings.Fields(got), " "), tc.want) {
				t.Errorf("%d players, totals %v: no %q in\n%s", n, tc.totals[:sc.Sides()], tc.want, got)
			}
			for _, l := range lines {
				if kit.WidthOf(l) > 80 {
					t.Errorf("%d players: a line of %d cells: %q", n, kit.WidthOf(l), ansi.Strip(l))
				}
			}
		}
	}
}

// A deal at no trumps has no bella, so its result has no bella row.
func TestNoTrumpsResultHasNoBellaRow(t *testing.T) {
	ctx := kit.NewContext(false)
	v := rules.View{Players: 4, Options: options(4), Seat: rules.SeatA, SeqWinner: rules.NoSeat, LastLeader: rules.NoSeat}
	sc := sceneOf(v)
	for _, trump := range []rules.Suit{rules.NoTrumps, rules.Hearts} {
		score := rules.Score{Players: 4, Maker: rules.SeatA, Trump: trump, Outcome: rules.Made}
		got := ansi.Strip(strings.Join(sc.ResultLines(&ctx, score, rules.NotEnded, rules.NoSeat, 80), "\n"))
		if has := strings.Contains(got, "\n Bella"); has != (trump != rules.NoTrumps) {
			t.Errorf("trump %v: a bella row %v, want %v:\n%s", trump, has, trump != rules.NoTrumps, got)
		}
	}
}

// A deal thrown in says why over the table: everyone passed, or (at two
// players) a schmeiss was accepted.
func TestThrownInSaysWhy(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"schmeiss", "accept"}, "thrown in: the schmeiss was accepted"},
		{[]string{"pass", "pass", "pass", "pass"}, "thrown in: nobody named trump"},
	} {
		g := rules.NewGame(options(2), rules.SeatB)
		if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(3, 3)))); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.words {
			a, err := rules.ParseAction(w)
			if err == nil {
				err = g.Apply(a)
			}
			if err != nil {
				t.Fatalf("%s: %v", w, err)
			}
		}
		sc := &Scene{V: g.Deal().View(rules.SeatA), You: rules.SeatA, Players: []Player{{Name: "You"}, {Name: "Bot"}}}
		if got := ansi.Strip(sc.phaseWords(&ctx)); got != tc.want {
			t.Errorf("after %v: %q, want %q", tc.words, got, tc.want)
		}
	}
}

// The score pad heads its columns with the seats' letters only when the
// names cannot be told apart in them, and then says under it which
// letter stands for whom, within the pad's height.
func TestPadLettersHaveALegend(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := &Scene{V: rules.View{Players: 3, Options: options(3)}, You: rules.Seat(2),
		Players: []Player{{Name: "Mariabella"}, {Name: "Marinella"}, {Name: "You"}}}
	narrow := ansi.Strip(strings.Join(sc.scorePad(&ctx, 23, 10), "\n"))
	for _, want := range []string{" #  You    A    B", " A Mariabella", " B Marinella"} {
		if !strings.Contains(narrow, want) {
			t.Errorf("the pad at 23 cells lacks %q:\n%s", want, narrow)
		}
	}
	if n := len(sc.scorePad(&ctx, 23, 6)); n > 6 {
		t.Errorf("the pad with its legend takes %d lines of 6", n)
	}
	wide := ansi.Strip(strings.Join(sc.scorePad(&ctx, 30, 10), "\n"))
	if strings.Contains(wide, "Mariabella") || !strings.Contains(wide, "Maria…") {
		t.Errorf("names that fit cut need no legend:\n%s", wide)
	}
}

// acesRefuse is seat A's screen at n seats with its claim refused: each
// other seat could hold the ace of its own suit and take a trick.
func acesRefuse(n int) *Screen {
	s := seatAScreen(n)
	vd := claim.Verdict{Players: n, Seat: rules.SeatA}
	for o := 1; o < n; o++ {
		vd.Counters[o] = rules.CardSet(0).With(rules.NewCard(rules.Ace, rules.Suit(o)))
	}
	s.snap.Claim = &host.ClaimState{Verdict: vd}
	return s
}

// A refused claim's hands are said as one way the cards may lie ("if,
// for instance, West holds …"), not as the hands held: a list of nine
// cards read as all of them held. At every seat count, in every form
// the note may take.
func TestClaimRefusalIsAnInstance(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := acesRefuse(n)
		for _, r := range s.claimReasons(&ctx, s.sceneFor(&ctx)) {
			if strings.Contains(r, " holds ") && !strings.Contains(r, "if, for instance, ") {
				t.Errorf("%d players: %q says the hands as held", n, r)
			}
		}
		if got := ansi.Strip(func() string { t, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0); return t }()); !strings.Contains(got, "can take a trick if, for instance, West holds ") {
			t.Errorf("%d players: %q", n, got)
		}
	}
}

// Every refusal the note can show for a claim whose hands the others
// may hold opens the same way, "Claim refused: <who> can take a trick",
// whichever form fits the note's lines, from one card a hand to the
// most the others hold, at every seat count; no form leads with a
// phrase the others lack.
func TestClaimRefusalsShareOneForm(t *testing.T) {
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	for _, n := range []int{2, 3, 4} {
		who := map[int]string{2: "West", 3: "another player", 4: "the other team"}[n]
		lead := "! Claim refused: " + who + " can take a trick"
		r := rand.New(rand.NewPCG(uint64(n), 11))
		for k := 1; k*(n-1) < 32 && k <= 10; k++ {
			s := refusedAt(n, k, r)
			// The forms the note picks from, and what it shows at its
			// every height.
			var shown []string
			for _, reason := range s.claimReasons(&ctx, s.sceneFor(&ctx)) {
				shown = append(shown, "! Claim refused: "+reason+".")
			}
			for _, limit := range []int{0, maxNoteLines, 1} {
				text, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, limit)
				shown = append(shown, ansi.Strip(text))
			}
			for _, text := range shown {
				if !strings.HasPrefix(ansi.Strip(text), lead) {
					t.Errorf("%d players, %d cards a hand: %q does not open with %q", n, k, ansi.Strip(text), lead)
				}
			}
		}
	}
}

// A claim refused, the person goes on to decide: selecting the card of
// a bella question opens a new decision, and the refusal, which spoke
// of the claim, leaves the screen. At every seat count.
func TestClaimRefusalGoesAtQuestion(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, bellaSeeds[n], 80, 24, gated())
		card := announcing(t, f, 0)
		f.hs.Press("c")
		f.refresh()
		if c := f.snap().Claim; c == nil || c.Pending || (c.Err == nil && c.Verdict.OK) {
			t.Fatalf("the claim was not refused, so the test sees no refusal: %+v", c)
		}
		if !strings.Contains(f.text(), "Claim refused") {
			t.Fatalf("no refusal shown:\n%s", f.text())
		}
		f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
		if f.s.Bella != card {
			t.Fatalf("no question on %v:\n%s", card, f.text())
		}
		if text := f.text(); strings.Contains(text, "Claim refused") {
			t.Fatalf("the refusal stays at the bella question:\n%s", text)
		}
		// A new claim shows its verdict again.
		f.hs.Press("esc")
		f.hs.Press("c")
		f.refresh()
		if !strings.Contains(f.text(), "Claim refused") {
			t.Fatalf("a new claim's refusal is not shown:\n%s", f.text())
		}
	})
}

// A refused claim's note at 80×24 is never cut mid-sentence: whatever
// the hands it names (one card to the most the others can hold, suits
// as symbols or letters), its last line ends with its full stop, not
// the ellipsis, and it says who can take a trick. Also when the move
// clock leaves the note one line. At every seat count.
func TestClaimRefusalNoteWhole(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		for _, n := range []int{2, 3, 4} {
			who := map[int]string{2: "West can take a trick", 3: "another player can take a trick", 4: "the other team can take a trick"}[n]
			r := rand.New(rand.NewPCG(uint64(n), 7))
			for k := 1; k*(n-1) < 32 && k <= 10; k++ {
				for try := 0; try < 20; try++ {
					s := refusedAt(n, k, r)
					for _, limit := range []int{maxNoteLines, 1} {
						text, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, limit)
						lines := kit.WrapLines(text, 78, limit, ctx.Ellipsis())
						last := ansi.Strip(lines[len(lines)-1])
						flat := ansi.Strip(strings.Join(lines, " "))
						if !strings.HasSuffix(last, ".") || strings.HasSuffix(last, ctx.Ellipsis()) || !strings.Contains(flat, who) {
							t.Fatalf("%d players, %d cards a hand, %d lines: %q", n, k, limit, flat)
						}
					}
				}
			}
		}
	}
}

// The note drawn for a refused claim whose hands fill more than its two
// lines keeps the conclusion and ends with the full stop.
func TestClaimRefusalNoteDrawn(t *testing.T) {
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	s := seatAScreen(4)
	vd := claim.Verdict{Players: 4, Seat: rules.SeatA}
	for o, cards := range [][]string{1: {"TC", "QC", "TH", "JH", "KH"}, 2: {"9C", "KC", "9D", "JD", "QD"}, 3: {"KD", "AD", "7H", "8H", "9H"}} {
		for _, c := range cards {
			vd.Counters[o] = vd.Counters[o].With(rules.MustCard(c))
		}
	}
	s.snap.Claim = &host.ClaimState{Verdict: vd}
	lines := s.noteLines(&ctx, s.scene(), 80)
	flat := ansi.Strip(strings.Join(lines, " "))
	if len(lines) > maxNoteLines || !strings.HasSuffix(strings.TrimSpace(ansi.Strip(lines[len(lines)-1])), ".") || !strings.Contains(flat, "the other team can take a trick") {
		t.Errorf("the note: %q", lines)
	}
}

// TestStatusSequencesWordsAsResult: the status line names who won the
// sequences' right in the words of the result's row, which the deal's
// options decide: "sequences / sets: you" with of_a_kind (three aces
// win it then), "sequences: you" without. At every seat count, at the
// status line's width at 80 columns, one row or two.
func TestStatusSequencesWordsAsResult(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, sets := range []bool{false, true} {
			o := options(n)
			o.OfAKind = sets
			for _, winner := range []rules.Seat{rules.SeatA, rules.SeatB} {
				sc := sceneOf(rules.View{Players: n, Options: o, Trump: rules.Clubs, Maker: rules.SeatA,
					SeqWinner: winner, Phase: rules.PhasePlay, OrigUpcard: rules.MustCard("7C"), Upcard: rules.MustCard("7C")})
				s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: rules.Made}
				s.Seqs[winner] = 20
				row := " Sequences "
				if sets {
					row = " Sequences / sets "
				}
				if got := resultText(&ctx, sc, s); !strings.Contains(got, row) {
					t.Fatalf("%d players, of_a_kind %v: the result's row is not %q:\n%s", n, sets, row, got)
				}
				want := strings.ToLower(strings.TrimSpace(row)) + ": "
				for rows := 1; rows <= 2; rows++ {
					got := ansi.Strip(strings.Join(sc.infoLines(&ctx, 54, rows), "\n"))
					if !strings.Contains(strings.ToLower(got), want) {
						t.Errorf("%d players, of_a_kind %v, %d rows: the status line does not say %q:\n%s", n, sets, rows, want, got)
					}
				}
			}
		}
	}
}

// TestStatusSequencesSayWhatTheyMean: the status line says who scores
// the sequences in a sentence, at every seat count, in the status
// line's width at 80 columns: "sequences: West scores them" (in one
// row short of room "sequences: West's"), never a bare "Sequences:
// West" that reads as cut off.
func TestStatusSequencesSayWhatTheyMean(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, c := range []struct {
			winner rules.Seat
			want   string
		}{{rules.SeatA, "you score them"}, {rules.SeatB, map[int]string{2: "West scores them", 3: "West scores them", 4: "West & East score them"}[n]},
			{rules.NoSeat, "nobody"}} {
			if n == 4 && c.winner == rules.SeatA {
				c.want = "you & North score them"
			}
			sc := sceneOf(rules.View{Players: n, Options: options(n), Trump: rules.Clubs, Maker: rules.SeatA,
				SeqWinner: c.winner, Phase: rules.PhasePlay, OrigUpcard: rules.MustCard("7C"), Upcard: rules.MustCard("7C"),
				DixBy: rules.NoSeat, Bottom: rules.NoCard})
			for rows := 1; rows <= 2; rows++ {
				got := strings.ToLower(ansi.Strip(strings.Join(sc.infoLines(&ctx, 54, rows), "\n")))
				// Short of room a team is "ours" or "theirs", a seat
				// "yours" or "West's": a whole word, never a bare name.
				short := rows == 1 && (strings.Contains(got, "sequences: ours") || strings.Contains(got, "sequences: theirs") ||
					strings.Contains(got, "sequences: yours") || strings.Contains(got, "sequences: west's"))
				if !short && !strings.Contains(got, "sequences: "+strings.ToLower(c.want)) {
					t.Errorf("%d players, %d rows: the status line does not say %q:\n%s", n, rows, "sequences: "+c.want, got)
				}
			}
		}
	}
}

// The winner's line never breaks inside a name: "Bot C's 0" stays on
// one line where the wrap falls between "Bot" and "C's".
func TestWinnerLinesKeepNamesWhole(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := sceneOf(rules.View{Players: 3, Options: options(3)})
	sc.Players[1].Name, sc.Players[2].Name = "dan", "Bot C"
	s := &Screen{snap: host.Snapshot{Seat: rules.SeatA, WinnerSide: 0, Totals: [4]int{181, 15, 0}}}
	text, _ := s.winnerWords(&ctx, sc)
	at := strings.Index(text, "Bot C") + len("Bot ")
	// The window in which a wrap at spaces ends the first line after "Bot".
	lines := s.winnerLines(&ctx, sc, at+2)
	for _, l := range lines {
		if l = strings.TrimSpace(ansi.Strip(l)); strings.HasSuffix(l, "Bot") || strings.HasPrefix(l, "C's") {
			t.Fatalf("the line breaks inside \"Bot C\": %q", lines)
		}
	}
	if got := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " "); got != text {
		t.Fatalf("wrapped %q, want %q", got, text)
	}
}

// A spectator reads whose seat a bot played at the game's end, as the
// players do, at every seat count.
func TestWinnerWordsTellSpectatorsOfTheBot(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		sc := sceneOf(rules.View{Players: n, Options: options(n)})
		sc.You = rules.NoSeat
		for i, name := range []string{"ann", "bob", "cid", "dan"}[:n] {
			sc.Players[i].Name = name
		}
		s := &Screen{snap: host.Snapshot{Seat: rules.NoSeat, WinnerSide: 0, Watching: true, Players: make([]host.SeatInfo, n)}}
		s.snap.Totals[0] = 524
		for i := range s.snap.Players {
			s.snap.Players[i].Human = true
		}
		s.snap.Players[0].State = host.SeatTakeover
		got, _ := s.winnerWords(&ctx, sc)
		if !strings.Contains(got, "wins the game") && !strings.Contains(got, "win the game") || !strings.HasSuffix(got, "A bot played ann's seat at the end.") {
			t.Errorf("%d players: the spectator reads %q", n, got)
		}
	}
}

// A refused claim's hands are those of the other side: at four the
// partner's hand, which the claimer cannot see either, is not named in
// the note's first form; at two and three every other seat is.
func TestClaimRefusalNamesTheOtherSide(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := acesRefuse(n)
		got, _ := s.claimWords(&ctx, s.sceneFor(&ctx), 78, 0)
		got = ansi.Strip(got)
		named := map[string]bool{"West": true, "North": n == 3, "East": n == 4}
		if n == 2 {
			named = map[string]bool{"West": true}
		}
		for name, want := range named {
			if has := strings.Contains(got, name+" holds "); has != want {
				t.Errorf("%d players: %q names %s's hand: %v, want %v", n, got, name, has, want)
			}
		}
	}
}

// refusedAt is seat A's screen at n seats with a claim refused by a
// verdict whose counter-example gives each other seat k cards dealt at
// random from r.
func refusedAt(n, k int, r *rand.Rand) *Screen {
	deck := r.Perm(32)
	vd := claim.Verdict{Players: n, Seat: rules.SeatA}
	for o := 1; o < n; o++ {
		for _, c := range deck[(o-1)*k : o*k] {
			vd.Counters[o] = vd.Counters[o].With(rules.Card(c))
		}
	}
	s := seatAScreen(n)
	s.snap.Claim = &host.ClaimState{Verdict: vd}
	return s
}
