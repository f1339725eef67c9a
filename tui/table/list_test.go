package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// The trick list's cards column has one head in every deal of a game,
// whether this deal's cards are narrow (no 10, nothing said) or wide:
// never "cards" in one deal and "cards, the first led" in the next.
func TestTrickListHeadSameEveryDeal(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		v := playView(n)
		sc := sceneOf(v)
		trick := func(cards ...string) rules.Trick {
			tr := rules.Trick{No: 1, Leader: rules.SeatA, N: n, Winner: rules.SeatA, Points: 10}
			for i := range n {
				tr.Cards[i], tr.Seats[i] = rules.MustCard(cards[i]), rules.Seat(i)
			}
			return tr
		}
		narrow := sc.trickRows(&ctx, 80, []rules.Trick{trick("7C", "8C", "9C", "7D")})
		wide := trick("TC", "TD", "TS", "TH")
		wide.Bella[0] = true
		wider := sc.trickRows(&ctx, 80, []rules.Trick{wide})
		h1, h2 := ansi.Strip(narrow.head), ansi.Strip(wider.head)
		if !strings.Contains(h1, "cards, the first led") || !strings.Contains(h2, "cards, the first led") {
			t.Errorf("%d players: the cards' head differs between deals:\n%s\n%s", n, h1, h2)
		}
		// The rows stand under the heads: "won by" over the winner.
		for _, tt := range []trickTable{narrow, wider} {
			head := ansi.Strip(tt.head)
			col := kit.WidthOf(head[:strings.Index(head, "won by")])
			row := ansi.Strip(tt.lines[0])
			if kit.WidthOf(row) < col || !strings.HasPrefix(string([]rune(row)[col:]), "You") {
				t.Errorf("%d players: the winner does not stand under \"won by\":\n%s\n%s", n, head, row)
			}
		}
	}
}

// The deal's result names the bella row one way in every deal of a game:
// with the menage on "Bella / menage" whether or not anything was said
// this deal, without it "Bella".
func TestBellaRowNamedOneWay(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, menage := range []bool{false, true} {
		for _, said := range []bool{false, true} {
			o := options(3)
			o.Menage = menage
			v := rules.View{Players: 3, Options: o, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA,
				DixBy: rules.NoSeat, SeqWinner: rules.NoSeat, Phase: rules.PhaseOver}
			s := rules.Score{Players: 3, Maker: rules.SeatA, Trump: rules.Hearts}
			if said {
				s.Bella[1] = 20
			}
			got := resultText(&ctx, sceneOf(v), s)
			want := "Bella"
			if menage {
				want = "Bella / menage"
			}
			if !strings.Contains(got, want) || !menage && strings.Contains(got, "menage") {
				t.Errorf("menage %v, said %v: the row is not named %q:\n%s", menage, said, want, got)
			}
		}
	}
}

// gameKeys are keys that act on the game or the hand when no list is
// open: bid, play, choose, sort, take back, claim, the hint, go on.
var gameKeys = []string{"t", "p", "enter", "space", "1", "2", "right", "left", "b", "n", "u", "o", "c", "H", "x"}

// listStaysModal presses gameKeys with the v list open and checks that
// none reached the game: the game has not moved, the hand's order, the
// cursor and the menu are as they were, no hint is open, the list is
// still open and the note says how to close it. v then closes it, the
// note going with it.
func listStaysModal(t *testing.T, f *fixture, what string) {
	t.Helper()
	f.hs.Press("v")
	if !f.s.tricks {
		t.Fatalf("%s: v did not open the list:\n%s", what, f.text())
	}
	played := func() int { s := f.snap(); return len(s.View.History()) }
	gen, hist, order, cursor, menu := f.port.Snapshot().Gen, played(), f.s.order, f.s.Cursor, f.s.Menu
	for _, k := range gameKeys {
		f.hs.Press(k)
		switch {
		case f.port.Snapshot().Gen != gen || played() != hist:
			t.Fatalf("%s: %s reached the game behind the list:\n%s", what, k, f.text())
		case f.s.order != order || f.s.Cursor != cursor || f.s.Menu != menu || f.s.hinting:
			t.Fatalf("%s: %s moved the hand, the menu or the hint behind the list:\n%s", what, k, f.text())
		case !f.s.tricks:
			t.Fatalf("%s: %s closed the list:\n%s", what, k, f.text())
		case !strings.Contains(kittest.Flat(f.text()), "v or esc closes the list first"):
			t.Fatalf("%s: %s says nothing of closing the list:\n%s", what, k, f.text())
		}
	}
	kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	f.hs.Press("v")
	if f.s.tricks || strings.Contains(f.text(), "closes the list first") {
		t.Fatalf("%s: v did not close the list, or its note stays:\n%s", what, f.text())
	}
}

// TestListIsModal: while the v list covers the table, no key meant for
// the game acts behind it (it would bid or play unseen), as the key
// line says only v or esc work: in the bidding, in the card play and
// on a deal's result. A click on a card under the list plays nothing
// either.
func TestListIsModal(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		listStaysModal(t, f, "the bidding")
		f.until("a card", myCard, true)
		listStaysModal(t, f, "the card play")

		f.hs.Press("v")
		gen := f.port.Snapshot().Gen
		_, hits := f.s.render(&f.hs.Ctx)
		for _, h := range hits {
			if h.Kind == kit.HitCard {
				f.hs.Click(h.Rect.X+h.Rect.W/2, h.Rect.Y)
			}
		}
		if f.port.Snapshot().Gen != gen {
			t.Fatalf("a click played a card under the list:\n%s", f.text())
		}
		f.hs.Press("esc")

		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		listStaysModal(t, f, "the result")
	})
}

// TestListFootCountsLines: the v list's last line counts the lines
// above in the singular when there is one ("↑ 1 line above"), never
// "1 lines".
func TestListFootCountsLines(t *testing.T) {
	f := newFixture(t, 3, seeds[3], 80, 24)
	f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
	f.hs.Press("v")
	m := regexp.MustCompile(`↑ (\d+) lines above`).FindStringSubmatch(f.text())
	if m == nil {
		t.Fatalf("the list does not scroll at 80×24:\n%s", f.text())
	}
	n, _ := strconv.Atoi(m[1])
	for range n - 1 {
		f.hs.Press("up")
	}
	text := kittest.Flat(f.text())
	if !strings.Contains(text, "↑ 1 line above · ") || strings.Contains(text, "1 lines") {
		t.Errorf("one line above is not \"↑ 1 line above\":\n%s", f.text())
	}
}

// Read in order, as a screen reader reads it, the list of tricks and
// the last trick during play name each card's player, at every seat
// count, in ASCII too, within 80 columns: no card is told by its place
// in the row alone.
func TestTricksNameWhoPlayed(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		for _, n := range []int{2, 3, 4} {
			d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(3, 9))))
			// Two tricks and a card of the third.
			for d.Phase() != rules.PhaseOver {
				if v := d.View(rules.SeatA); v.Phase == rules.PhasePlay && len(v.CompletedTricks()) == 2 && v.InTrick == 1 {
					break
				}
				tv := d.View(d.Turn())
				if err := d.Apply(takeOrFirst(tv.Legal())); err != nil {
					t.Fatal(err)
				}
			}
			names := []string{"West", "ann", "North", "Bea"}[:n]
			sc := &Scene{V: d.View(rules.SeatA), You: rules.SeatA}
			for _, name := range names {
				sc.Players = append(sc.Players, Player{Name: name})
			}
			v := &sc.V
			require := func(ok bool, format string, args ...any) {
				t.Helper()
				if !ok {
					t.Fatalf("%d players, ascii %v: "+format, append([]any{n, ascii}, args...)...)
				}
			}
			require(v.InTrick == 1 && v.LastLeader != rules.NoSeat, "the deal is not in its third trick")
			card := func(c rules.Card) string { return ctx.Paint.Glyphs.CardText(c) }

			list := sc.TrickList(&ctx, 80)
			for _, l := range list {
				require(kit.WidthOf(l) <= 80, "%q is wider than 80", ansi.Strip(l))
			}
			text := ansi.Strip(strings.Join(list, "\n"))
			for _, tr := range v.CompletedTricks() {
				var want []string
				for i := range tr.N {
					want = append(want, sc.Name(tr.Seats[i])+" +"+card(tr.Cards[i]))
				}
				row := strings.Join(strings.Fields(ansi.Strip(list[1+tr.No])), " ")
				require(matches(row, want), "trick %d does not name its players: %q in\n%s", tr.No, row, text)
			}
			row := strings.Join(strings.Fields(ansi.Strip(list[4])), " ")
			require(matches(row, []string{sc.Name(v.Leader) + " +" + card(v.Trick[0])}), "the trick on the table is not named: %q", row)

			// The last trick under the table, in two lines and in one.
			var want []string
			for i := range n {
				s := rules.Seat((int(v.LastLeader) + i) % n)
				want = append(want, sc.Lower(s)+" "+card(v.LastTrick[i])+",?")
			}
			for _, w := range []int{80, 54} {
				// The last trick's line may wrap to a second row.
				two := sc.statusLines(&ctx, w)
				for _, l := range two {
					require(kit.WidthOf(l) <= w, "at %d %q is wider", w, ansi.Strip(l))
				}
				last := strings.Join(strings.Fields(ansi.Strip(strings.Join(two[1:], " "))), " ")
				require(matches(last, want), "at %d the last trick's line does not name its players: %q", w, last)
				one := sc.statusLine(&ctx, w)
				require(len(one) == 1, "at %d no one line", w)
				l := ansi.Strip(one[0])
				require(kit.WidthOf(l) <= w && matches(l, want), "at %d the one line does not name the last trick's players: %q", w, l)
			}
		}
	}
}

// matches is whether the words of want, in order, each a regular
// expression's piece ("ann +8♦"), follow one another in s.
func matches(s string, want []string) bool {
	i := 0
	for _, w := range want {
		loc := regexp.MustCompile(w).FindStringIndex(s[i:])
		if loc == nil {
			return false
		}
		i += loc[1]
	}
	return true
}

// TestTrickGridNamesWhoPlayed: between tricks, the trick just played
// lies on the table until the next card; at 80×24, at every seat
// count, in ASCII too, a line under it names each card's player in
// play order, as the last trick is said during the next: the grid
// alone tells a card only by its place around the table.
func TestTrickGridNamesWhoPlayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.HoldTricks = true })
			f.drawASCII(ascii)
			f.until("a trick held", func(s host.Snapshot) bool { return s.Hold }, true)
			f.refresh()
			v := f.snap().View
			names := map[int][]string{2: {"you", "Bot"}, 3: {"you", "West", "East"}, 4: {"you", "West", "North", "East"}}[n]
			var want []string
			for i := range n {
				s := rules.SeatAfter(v.LastLeader, i, n)
				want = append(want, names[s]+" "+regexp.QuoteMeta(f.hs.Ctx.Paint.Glyphs.CardText(v.LastTrick[i]))+",?")
			}
			text := f.text()
			_, played, ok := strings.Cut(text, "Played: ")
			if !ok {
				t.Fatalf("ascii %v: no line names the trick on the table:\n%s", ascii, text)
			}
			played, _, _ = strings.Cut(played, "\n")
			if !matches(played, want) {
				t.Errorf("ascii %v: the trick on the table is named %q, want %q:\n%s", ascii, played, want, text)
			}
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			if !ascii {
				kittest.Golden(t, fmt.Sprintf("held%d-80x24", n), text)
			}
		}
	})
}

// listRows are the rows of the v list shown at the top of the screen,
// under the header and its rule, down to its last line (its foot).
func listRows(text string) []string {
	var rows []string
	for _, l := range strings.Split(text, "\n")[2:] {
		rows = append(rows, l)
		if strings.Contains(l, "closes the list") {
			break
		}
	}
	return rows
}

// TestListHomeEnd: in a list longer than its room (the deal's words,
// its tricks, the score pad of the game), home goes to its first line
// and end to its last, as in the help, and page down comes back down;
// no key is refused. In the card play the list opens at the tricks, as
// it always has; in the bidding, with no trick to show, at the deal's
// words. At every seat count, 80×24.
func TestListHomeEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.Target = 5000
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
		f.until("a bid after another's, deals in", func(s host.Snapshot) bool {
			return len(s.Deals) >= 2 && s.Can.Act && (s.View.Phase == rules.PhaseBid1 || s.View.Phase == rules.PhaseBid2) &&
				len(s.View.History()) > 0
		}, false)
		f.hs.Press("v")
		if rows := listRows(f.text()); !strings.Contains(rows[0], "This deal's words") {
			t.Errorf("in the bidding the list opens below the deal's words:\n%s", f.text())
		}
		f.hs.Press("esc")
		f.until("the card play, tricks in", func(s host.Snapshot) bool {
			return myCard(s) && len(s.View.CompletedTricks()) >= 2
		}, true)
		f.hs.Press("v")
		if rows := listRows(f.text()); !strings.Contains(rows[0], "This deal's tricks") {
			t.Errorf("in the card play the list opens elsewhere than at the tricks:\n%s", f.text())
		}
		for _, step := range []struct {
			key, first, last string
		}{{"end", "", "sum "}, {"home", "This deal's words", "below"}, {"pgdown", "", "above"}, {"end", "", "sum "}} {
			f.hs.Press(step.key)
			text := f.text()
			rows := listRows(text)
			if strings.Contains(text, "closes the list first") {
				t.Errorf("%s is refused:\n%s", step.key, text)
			}
			if !strings.Contains(rows[0], step.first) || !strings.Contains(strings.Join(rows[len(rows)-3:], "\n"), step.last) {
				t.Errorf("after %s the list does not show %q first and %q last:\n%s", step.key, step.first, step.last, text)
			}
		}
	})
}

// TestListKeysSayAsTheList: with the v list open, its foot and the key
// line under the table word v and esc alike: "v or esc closes the
// list", at every seat count.
func TestListKeysSayAsTheList(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a card", myCard, true)
		f.hs.Press("v")
		text := f.text()
		if strings.Contains(text, "close the list") || strings.Count(text, "v or esc closes the list") < 2 {
			t.Errorf("the list's foot and the key line word it differently:\n%s", text)
		}
	})
}

// TestTrickListSidesApart: the trick list's count of tricks won is
// headed by the sides' names, a dash between them; where a name holds a
// space (a spectator's "ann & cid", a rematch's "Bot C") the dash is
// spaced too, never "cid–bob" read as one name, and the head stays
// within 80 columns. At every seat count, to a player and a spectator.
func TestTrickListSidesApart(t *testing.T) {
	ctx := kit.NewContext(false)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(3, 9))))
		for d.Phase() != rules.PhaseOver {
			if v := d.View(rules.SeatA); v.Phase == rules.PhasePlay && len(v.CompletedTricks()) == 2 {
				break
			}
			tv := d.View(d.Turn())
			if err := d.Apply(takeOrFirst(tv.Legal())); err != nil {
				t.Fatal(err)
			}
		}
		bot := "Bot"
		if n > 2 {
			bot = "Bot " + rules.Seat(n-1).String()
		}
		sets := [][]string{[]string{"ann", "bob", "cid", "dan"}[:n], append([]string{"ann", "bob", "cid"}[:n-1], bot)}
		for k, you := range []rules.Seat{rules.SeatA, rules.NoSeat, rules.SeatA, rules.NoSeat} {
			sc := &Scene{V: d.View(rules.SeatA), You: you}
			for _, name := range sets[k/2] {
				sc.Players = append(sc.Players, Player{Name: name})
			}
			list := sc.TrickList(&ctx, 80)
			text := ansi.Strip(strings.Join(list, "\n"))
			head := ""
			for _, l := range strings.Split(text, "\n") {
				if strings.Contains(l, "won by") {
					head = l
				}
			}
			if head == "" || kit.WidthOf(head) > 80 {
				t.Errorf("you %v: the head is lost or too wide:\n%s", you, text)
			}
			for _, i := range sc.SideOrder() {
				if name := sc.sideShort(i); strings.Contains(name, " ") && (strings.Contains(text, name+"–") || strings.Contains(text, "–"+name)) {
					t.Errorf("you %v: a dash runs into %q:\n%s", you, name, text)
				}
			}
		}
	})
}

// TestLastTrickSaidInFull: with a trick under way after the first, the
// line under the tricks won says the last trick in the long form,
// "Last trick: …; won by …", on two rows where one is too short and a
// row is free (four players in 80×28), not "Last: … → …". At 80×24
// four players have no row to spare, and the short form is said.
func TestLastTrickSaidInFull(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, h := range []int{24, 28} {
			f := newFixture(t, n, seeds[n], 80, h)
			f.until("a trick under way after the first", func(s host.Snapshot) bool {
				return s.View.Phase == rules.PhasePlay && s.View.InTrick > 0 && s.View.LastLeader != rules.NoSeat && s.Can.Act
			}, true)
			f.refresh()
			txt := strings.Join(strings.Fields(f.text()), " ")
			long := strings.Contains(txt, "Last trick: ") && !strings.Contains(txt, "Last: ")
			if want := n < 4 || h > 24; long != want {
				t.Errorf("80×%d: the last trick said in full %v, want %v:\n%s", h, long, want, f.text())
			}
		}
	})
}
