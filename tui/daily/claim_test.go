package daily

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/table"
)

// claimSaid is claimOnABoard for a board whose end must say the claim:
// what the resumed boards are compared with.
func claimSaid(t *testing.T, f *fixture) (duplicate.BoardResult, string) {
	t.Helper()
	br, said := claimOnABoard(t, f)
	if said == "" {
		t.Fatalf("board %d played straight: its end does not say the claim", br.Board)
	}
	return br, said
}

// claimOnABoard plays the day with the keys a person would press, the
// highest card they may in the card play (a hand of winners late in a
// deal), pressing c at each of their turns there until a claim is
// accepted; it returns that board's line once it is recorded, and what
// the board's end said of the claim (claimLine).
func claimOnABoard(t *testing.T, f *fixture) (duplicate.BoardResult, string) {
	t.Helper()
	tried := map[string]bool{}
	claimed := 0
	said := ""
	for range 20000 {
		switch p := f.s.sub.(type) {
		case *intro:
			f.hs.Press("enter")
		case *between:
			if !p.saved || p.err != nil {
				t.Fatalf("board %d not saved: %v", p.n, p.err)
			}
			if p.n == claimed {
				br, ok := boardOf(f.s.prog.Results.Boards, claimed)
				if !ok {
					t.Fatalf("board %d not recorded", claimed)
				}
				return br, said
			}
			f.hs.Press("enter")
		case *table.Screen:
			snap := p.Snapshot()
			if snap.Claimer == snap.Seat {
				claimed = f.s.board
			}
			if snap.Over && claimed == f.s.board && said == "" {
				said = claimLine(f.text())
			}
			at := fmt.Sprintf("%d/%d", f.s.board, len(snap.View.History()))
			if !snap.Can.Act || snap.View.Phase != rules.PhasePlay || p.Bella != rules.NoCard {
				f.step()
				continue
			}
			if snap.Can.Claim && !tried[at] {
				tried[at] = true
				f.hs.Press("c")
				continue
			}
			f.playHighest(snap)
		default:
			t.Fatalf("no claim accepted on the day: on %s", f.s.Name())
		}
	}
	t.Fatal("no claim accepted on the day")
	return duplicate.BoardResult{}, ""
}

// playHighest plays the highest card the person may, as their hand
// shows it, with the key a person would press.
func (f *fixture) playHighest(snap host.Snapshot) {
	hand, legal := kit.ViewHand(&snap.View, f.s.cfg.Sort), kit.LegalCards(&snap.View)
	for i := len(hand) - 1; i >= 0; i-- {
		if legal.Has(hand[i]) {
			f.hs.Press(fmt.Sprint(i + 1))
			return
		}
	}
}

// TestClaimResumedAtEveryStep: the board claimOnABoard played, left
// after any number of its actions (before the claim, right at it with
// the claim made and not yet, in its play-out) and resumed, its person
// playing as before and claiming at the same point, ends as the board
// played straight: the same actions, claim and result recorded, and its
// end saying the claim in the same words. At every seat count.
func TestClaimResumedAtEveryStep(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		br, want := claimSaid(t, f)
		for mid := 0; mid <= len(br.Steps); mid++ {
			var saves []*gamelog.Claim
			if mid <= br.Claim.Step {
				saves = append(saves, nil) // left before the claim: made after the resume
			}
			if mid >= br.Claim.Step {
				saves = append(saves, br.Claim)
			}
			for _, c := range saves {
				at := fmt.Sprintf("board %d left after %d of its %d actions (claimed: %v)", br.Board, mid, len(br.Steps), c != nil)
				g := newFixture(t, n, t.TempDir(), quickPar)
				g.s.Close()
				day, err := g.files.Day(day1, n, "Tester", g.version)
				if err != nil {
					t.Fatal(err)
				}
				if err := day.SaveDeal(br.Board, gamelog.Deal{Steps: br.Steps[:mid], Claim: c}); err != nil {
					t.Fatal(err)
				}
				g.open()
				said, pressed := "", false
				for range 2000 {
					if _, ok := g.s.sub.(*between); ok {
						break
					}
					p, ok := g.tbl()
					if !ok {
						g.hs.Press("enter")
						continue
					}
					snap := p.Snapshot()
					if snap.Over && said == "" {
						said = claimLine(g.text())
					}
					switch {
					case !snap.Can.Act || snap.View.Phase != rules.PhasePlay || p.Bella != rules.NoCard:
						g.step()
					case c == nil && !pressed && len(snap.View.History()) == br.Claim.Step:
						pressed = true
						g.hs.Press("c")
					default:
						g.playHighest(snap)
					}
				}
				if p, ok := g.s.sub.(*between); !ok || !p.saved || p.err != nil || p.n != br.Board {
					t.Fatalf("%s: the board does not end and save (on %s)", at, g.s.sub.Name())
				}
				again, ok := boardOf(g.s.prog.Results.Boards, br.Board)
				switch {
				case !ok:
					t.Errorf("%s: not recorded", at)
				case !slices.Equal(again.Steps, br.Steps):
					t.Errorf("%s: recorded the actions\n%v\nplayed straight\n%v", at, again.Steps, br.Steps)
				case again.Claim == nil || *again.Claim != *br.Claim || again.Result != br.Result:
					t.Errorf("%s: recorded claim %v result %v, played straight %v %v", at, again.Claim, again.Result, br.Claim, br.Result)
				}
				if said != want {
					t.Errorf("%s: its end says\n%q\nplayed straight\n%q", at, said, want)
				}
			}
		}
	})
}

// TestClaimKeptOnADailyBoard: a claim made with c on a daily board is
// in the board's line and its replay's log; a board left in the middle
// of a claim's play-out goes on with it, the person playing no card of
// it, and is recorded as played straight, claim and all.
func TestClaimKeptOnADailyBoard(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		br, _ := claimOnABoard(t, f)
		if br.Claim == nil || br.Claim.Seat != f.s.set.Seat || !br.Claim.PlayedOut {
			t.Fatalf("board %d: the claim is not in its line: %+v", br.Board, br.Claim)
		}
		rf, err := f.s.day.Results()
		if err != nil {
			t.Fatal(err)
		}
		text, err := rf.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), fmt.Sprintf("board %d result ", br.Board)) ||
			!strings.Contains(string(text), " "+duplicate.FormatClaim(br.Claim)+" play ") {
			t.Fatalf("the exported file has no claim on board %d:\n%s", br.Board, text)
		}
		b, _ := f.s.set.Board(br.Board)
		l, err := f.s.boardLog(b, br.Steps, br.Claim, "Tester", gamelog.Human)
		if err != nil {
			t.Fatal(err)
		}
		logText, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(logText), "\nclaim "+f.s.set.Seat.String()+" trick ") {
			t.Fatalf("board %d's replay has no claim line:\n%s", br.Board, logText)
		}
		if len(br.Steps)-br.Claim.Step < 2 {
			t.Fatalf("board %d: the claim came before the last card: nothing to leave in the middle", br.Board)
		}

		// The same board left one card into the claim's play-out, in a
		// state directory of its own: it goes on with the play-out.
		g := newFixture(t, n, t.TempDir(), quickPar)
		g.s.Close()
		day, err := g.files.Day(day1, n, "Tester", g.version)
		if err != nil {
			t.Fatal(err)
		}
		mid := br.Claim.Step + 1
		if err := day.SaveDeal(br.Board, gamelog.Deal{Steps: br.Steps[:mid], Claim: br.Claim}); err != nil {
			t.Fatal(err)
		}
		g.open()
		if g.s.prog.Board != br.Board || g.s.prog.Claim == nil {
			t.Fatalf("board %d left mid-claim: read back as board %d, claim %v", br.Board, g.s.prog.Board, g.s.prog.Claim)
		}
		g.hs.Press("enter")
		tb, ok := g.tbl()
		if !ok {
			t.Fatalf("board %d left mid-claim does not resume: on %s", br.Board, g.s.sub.Name())
		}
		snap := tb.Snapshot()
		if !snap.Over {
			t.Fatalf("board %d resumed mid-claim: the person is asked to play on\n%s", br.Board, g.text())
		}
		for i := mid; i < len(snap.Moves); i++ {
			if m := snap.Moves[i]; m.Seat == snap.Seat && m.By != host.ByClaim {
				t.Errorf("board %d resumed: move %d, the person's, is not played for the claim (by %v)", br.Board, i+1, m.By)
			}
		}
		if !strings.Contains(g.text(), "You claimed the rest of the deal") {
			t.Errorf("board %d resumed: the claim is not said\n%s", br.Board, g.text())
		}
		g.hs.Press("enter")
		if p, ok := g.s.sub.(*between); !ok || !p.saved || p.err != nil {
			t.Fatalf("board %d resumed mid-claim: not saved (on %s)", br.Board, g.s.sub.Name())
		}
		again, ok := boardOf(g.s.prog.Results.Boards, br.Board)
		if !ok || again.Claim == nil || *again.Claim != *br.Claim || again.Result != br.Result || len(again.Steps) != len(br.Steps) {
			t.Fatalf("board %d resumed: recorded %+v, played straight %+v", br.Board, again, br)
		}
	})
}

// TestClaimResumedCountsItsTricks: a board left at any point of a
// claim's play-out (right after the claim, after each card of it)
// resumes saying what the board played straight says: how many of the
// last tricks were played for the claimer's side, not only those after
// the resume. Claims made later on the same play count as theirs, at
// the person's turn and at a bot's (c pressed while a bot is to play):
// from the first card played for the side, none when none is left. At
// every seat count.
func TestClaimResumedCountsItsTricks(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		br, want := claimSaid(t, f)
		for k := br.Claim.Step; k < len(br.Steps); k++ {
			c := *br.Claim
			c.Step = k
			for mid := k; mid <= len(br.Steps); mid++ {
				g := newFixture(t, n, t.TempDir(), quickPar)
				g.s.Close()
				day, err := g.files.Day(day1, n, "Tester", g.version)
				if err != nil {
					t.Fatal(err)
				}
				if err := day.SaveDeal(br.Board, gamelog.Deal{Steps: br.Steps[:mid], Claim: &c}); err != nil {
					t.Fatal(err)
				}
				g.open()
				g.hs.Press("enter")
				if _, ok := g.tbl(); !ok {
					t.Fatalf("board %d left %d actions in: does not resume (on %s)", br.Board, mid, g.s.sub.Name())
				}
				got := claimLine(g.text())
				if k == br.Claim.Step && got != want {
					t.Errorf("board %d left after %d of its %d actions (claim after %d): resumed it says\n%q\nplayed straight\n%q",
						br.Board, mid, len(br.Steps), k, got, want)
				}
				if w := lastTricks(br.Steps, k, n, c.Seat); !strings.HasSuffix(got, w) {
					t.Errorf("board %d left after %d of its %d actions (claim after %d, %s to play): resumed it says\n%q\nwant it to end %q",
						br.Board, mid, len(br.Steps), k, br.Steps[k].Seat, got, w)
				}
			}
		}
	})
}

// lastTricks is how the end of a deal played with steps ends the line
// of a claim by seat made before step k: the tricks from the one of the
// first card played for seat's side from k on to the last, or none
// when no card of the side came after the claim.
func lastTricks(steps []rules.Step, k, players int, seat rules.Seat) string {
	cards, first := 0, -1
	for i, st := range steps {
		if st.Action.Kind != rules.PlayCard {
			continue
		}
		if first < 0 && i >= k && rules.SideOfSeat(players, st.Seat) == rules.SideOfSeat(players, seat) {
			first = cards / players
		}
		cards++
	}
	switch n := cards/players - first; {
	case first < 0:
		return "claimed the rest of the deal."
	case n == 1:
		return ": the last trick was played for " + sideWords(players)
	default:
		return fmt.Sprintf(": the last %d tricks were played for %s", n, sideWords(players))
	}
}

// sideWords names the person's side at the end of a deal: "you", or
// "you & North" with a partner.
func sideWords(players int) string {
	if players == 4 {
		return "you & North."
	}
	return "you."
}

// claimLine is the line of text that says who claimed the rest of the
// deal, its wrapped rest joined on.
func claimLine(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.Contains(l, "claimed the rest of the deal") {
			s := strings.TrimSpace(l)
			for j := i + 1; j < len(lines) && !strings.HasSuffix(s, ".") && strings.TrimSpace(lines[j]) != ""; j++ {
				s += " " + strings.TrimSpace(lines[j])
			}
			return s
		}
	}
	return ""
}

// TestKeyLinesFit: every page of a day played at 80×24 shows its keys'
// line whole, "[q] quit" with all its words (between boards, that the
// daily is kept), wrapped rather than cut at the screen's edge; the
// last board's page, whose next is the day's results, too. At every
// seat count.
func TestKeyLinesFit(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		seen := map[string]bool{}
		f.frames = func(text string) {
			for _, l := range strings.Split(text, "\n") {
				_, after, ok := strings.Cut(l, "[q] quit")
				if ok && after != "" && after != ", the daily kept" {
					t.Errorf("on %s, a key line is cut: %q\n%s", f.s.sub.Name(), l, text)
				}
				if ok && strings.Contains(text, "the day's results") {
					seen["last"] = true
				}
			}
		}
		f.until("the results", f.resultsRead)
		if !seen["last"] {
			t.Error("the last board's page was never shown with its keys")
		}
	})
}
