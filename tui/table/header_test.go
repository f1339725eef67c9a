package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// headerForm is a header line's score with the totals taken out ("us #
// · them #"): what must not change from deal to deal.
func headerForm(text string) string {
	head := strings.SplitN(text, "\n", 2)[0]
	at := strings.LastIndex(head, "   ")
	return regexp.MustCompile(`\d+`).ReplaceAllString(strings.TrimSpace(head[at:]), "#")
}

// TestHeaderKeepsItsForm: at four players at 80×24 the header names the
// teams the same way in every deal, in its play and at its result,
// for the person and for a spectator: the form is chosen on the game's
// longest title, not on this deal's dealer ("you deal" left room for
// "You & North" where "West deals" did not), and a spectator's teams
// keep one spacing.
func TestHeaderKeepsItsForm(t *testing.T) {
	f := newFixture(t, 4, seeds[4], 80, 24)
	w := newWatcher(t, f, nil)
	forms := map[string][]string{}
	see := func(what string) {
		w.catchUp()
		forms["seat"] = append(forms["seat"], what+": "+headerForm(f.text()))
		forms["spectator"] = append(forms["spectator"], what+": "+headerForm(w.text()))
	}
	for deal := 1; deal <= 3; deal++ {
		if !f.reach(func(s host.Snapshot) bool {
			return s.DealNo == deal && s.Can.Act && !s.Between
		}, true) {
			break
		}
		see("deal")
		if !f.reach(func(s host.Snapshot) bool { return s.DealNo == deal && s.Between }, true) {
			break
		}
		see("result")
	}
	for _, who := range []string{"seat", "spectator"} {
		fs := forms[who]
		if len(fs) < 4 {
			t.Fatalf("%s: too few deals seen: %q", who, fs)
		}
		first := strings.SplitN(fs[0], ": ", 2)[1]
		for _, s := range fs[1:] {
			if strings.SplitN(s, ": ", 2)[1] != first {
				t.Errorf("%s: the header's form changes between deals: %q", who, fs)
				break
			}
		}
	}
}

// TestSpectatorHeaderOneSpacing: a spectator's header over a table of
// ann, bob, cid and Bot D names the teams one way whoever deals, in deal
// 1 at 0 to 0 and at deal 2's result: never "ann&cid" in one and "ann &
// cid" in another.
func TestSpectatorHeaderOneSpacing(t *testing.T) {
	ctx := kit.NewContext(false)
	var seen []string
	for _, c := range []struct {
		deal   int
		dealer rules.Seat
		totals [4]int
	}{{1, rules.SeatA, [4]int{}}, {1, rules.Seat(3), [4]int{}}, {2, rules.SeatB, [4]int{44, 320}}, {2, rules.NoSeat, [4]int{44, 320}}} {
		sc := sceneOf(rules.View{Players: 4, Options: options(4), Dealer: c.dealer})
		sc.You, sc.DealNo, sc.Totals, sc.Tag = rules.NoSeat, c.deal, c.totals, "table ABCD"
		for i, name := range []string{"ann", "bob", "cid", "Bot D"} {
			sc.Players[i].Name = name
		}
		seen = append(seen, headerForm(ansi.Strip(sc.Header(&ctx, 80))))
	}
	for _, s := range seen[1:] {
		if s != seen[0] {
			t.Fatalf("the spectator's header changes its form: %q", seen)
		}
	}
}

// At 80 columns the header keeps the seat count at three and four
// players however wide the scores and names are: the tag and the dealer
// give way first, then the target and the count are said in one ("3
// players to 1500"), then long names are shortened.
func TestHeaderKeepsSeatCount(t *testing.T) {
	ctx := kit.NewContext(false)
	names := [][]string{{"You", "West", "North", "East"}, {"Tester", "Westmorland", "Northumberland", "Eastbourne"}}
	scores := [][4]int{{0, 155, 69, 0}, {1234, 1502, 998, 0}, {9999, 9999, 9999, 0}}
	for _, n := range []int{2, 3, 4} {
		for _, nm := range names {
			for _, tot := range scores {
				o := options(n)
				o.Target = 1500
				sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: rules.SeatB}, You: rules.SeatA, DealNo: 12, Totals: tot, Tag: "normal bots"}
				for s := range n {
					sc.Players = append(sc.Players, Player{Name: nm[s]})
				}
				h := ansi.Strip(sc.Header(&ctx, 80))
				if kit.WidthOf(h) > 80 {
					t.Fatalf("%d players: header %d wide: %q", n, kit.WidthOf(h), h)
				}
				count := fmt.Sprintf("%d players", n)
				if n > 2 && !strings.Contains(h, count) {
					t.Errorf("%d players, scores %v: no %q in %q", n, tot[:n], count, h)
				}
				if !strings.Contains(h, "game to 1500") && !strings.Contains(h, count+" to 1500") {
					t.Errorf("%d players, scores %v: no target in %q", n, tot[:n], h)
				}
			}
		}
	}
}

// The header keeps its form through a game: from the first deal's
// zeros to scores as wide as the target, what it says left of the
// scores and how it names the sides do not change ("game to 200 · 3
// players" turning "3 players to 200", "You & North" turning "us").
func TestHeaderFormHoldsThroughTheGame(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, target := range []int{200, 500, 1500} {
			form := func(tot [4]int) (left string, sides int) {
				o := options(n)
				o.Target = target
				sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: rules.SeatB}, You: rules.SeatA, DealNo: 3, Totals: tot}
				for _, name := range []string{"You", "West", "North", "East"}[:n] {
					sc.Players = append(sc.Players, Player{Name: name})
				}
				h := ansi.Strip(sc.Header(&ctx, 80))
				i := strings.Index(h, "   ")
				return strings.TrimSpace(h[:i]), strings.Count(h, "us ") + strings.Count(h, "You")
			}
			l0, s0 := form([4]int{0, 0, 0, 0})
			high := target - 1
			l1, s1 := form([4]int{high, high, high, high})
			if l0 != l1 || s0 != s1 {
				t.Errorf("%d players to %d: %q (sides %d) at the start, %q (sides %d) later", n, target, l0, s0, l1, s1)
			}
		}
	}
}

// A board's header that is not saved ends on its mark, with no
// separator after it, and a game's keeps the score after the mark.
func TestUnsavedMarkEndsTheHeader(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 2))))
		sc := &Scene{V: d.View(rules.SeatA), You: rules.SeatA, Unsaved: true}
		for range n {
			sc.Players = append(sc.Players, Player{Name: "ann"})
		}
		game := strings.TrimRight(ansi.Strip(sc.Header(&ctx, 80)), " ")
		if !strings.Contains(game, "! not saved · ") {
			t.Errorf("%d players: a game's header %q has no mark before its score", n, game)
		}
		sc.Board = "Board 1 of 8"
		board := strings.TrimRight(ansi.Strip(sc.Header(&ctx, 80)), " ")
		if !strings.HasSuffix(board, "! not saved") {
			t.Errorf("%d players: a board's header %q does not end on its mark", n, board)
		}
	}
}

// The partner's mark of four stays in one place, left of the partner's
// name, whether or not a long state (on the clock, on its turn) takes
// the room beside its card: for a player and for a spectator.
func TestPartnerMarkKeepsItsPlace(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, watching := range []bool{false, true} {
		var at [][2]int
		for _, clock := range []bool{false, true} {
			v := rules.View{Players: 4, Options: options(4), Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatB,
				DixBy: rules.NoSeat, OrigUpcard: rules.MustCard("8C"), Upcard: rules.NoCard, Bottom: rules.NoCard,
				SeqWinner: rules.NoSeat, Phase: rules.PhaseSequences, LastLeader: rules.NoSeat, Dealer: rules.SeatB, Turn: rules.SeatB}
			v.Counts = [4]int{8, 8, 8, 8}
			sc := sceneOf(v)
			sc.Watching = watching
			if watching {
				sc.You = rules.NoSeat
			}
			sc.Players[0].Name = "ann"
			sc.Players[2].Tag = "normal"
			if clock {
				sc.V.Turn = rules.Seat(2)
				sc.Players[2].Tag = "on the\nclock"
			}
			grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, 55, kit.CardSize{W: 5, H: 3}, false), "\n"))
			found := false
			for r, l := range strings.Split(grid, "\n") {
				if c := strings.Index(l, "partner"); c >= 0 {
					at = append(at, [2]int{r, c})
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("watching %v, clock %v: no partner mark:\n%s", watching, clock, grid)
			}
			if clock && at[0] != at[1] {
				t.Errorf("watching %v: the partner mark moved from %v to %v when on the clock:\n%s", watching, at[0], at[1], grid)
			}
		}
	}
}

// TestHeaderKeepsTheDealer: at 80 columns the header names the dealer
// at every seat count, for long targets and tags, at a seat and for a
// spectator, and reads in one order: the deal, who deals, then the
// seat count with the target ("3 players to 2000") or, at two, the
// target alone. A game to 2000 left the dealer out and turned the
// order ("Deal 1 · game to 2000 · 3 players").
func TestHeaderKeepsTheDealer(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, target := range []int{200, 2000} {
			for _, tag := range []string{"", "easy bots"} {
				for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
					for d := range rules.Seat(n) {
						o := options(n)
						o.Target = target
						sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: d}, You: you, DealNo: 1, Tag: tag}
						for _, name := range []string{"You", "West", "North", "East"}[:n] {
							sc.Players = append(sc.Players, Player{Name: name})
						}
						if n == 3 {
							sc.Players[2].Name = "East"
						}
						h := ansi.Strip(sc.Header(&ctx, 80))
						count := fmt.Sprintf("game to %d", target)
						if n > 2 {
							count = fmt.Sprintf("%d players to %d", n, target)
						}
						want := "Deal 1 · " + sc.Verb(d, "deal") + " · " + count
						if kit.WidthOf(h) > 80 || !strings.Contains(h, want) {
							t.Errorf("%d players to %d, tag %q, you %v: want %q in %q", n, target, tag, you, want, h)
						}
					}
				}
			}
		}
	}
}

// TestSharedHeaderKeepsTheCode: at a shared table of 2, 3 or 4 seats
// with short names, the 80-column header keeps the table's code, the
// dealer and one order, the same at every seat count ("Deal 1 · ann
// deals · game to 100 · table CDZG"), for a seat and a spectator; the
// seat count gives way to the code, which the score's names tell.
func TestSharedHeaderKeepsTheCode(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
			for d := range rules.Seat(n) {
				o := options(n)
				o.Target = 100
				sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: d}, You: you, DealNo: 1, Tag: "table CDZG", Code: true}
				for _, name := range []string{"ann", "bob", "cid", "dan"}[:n] {
					sc.Players = append(sc.Players, Player{Name: name})
				}
				h := ansi.Strip(sc.Header(&ctx, 80))
				want := "Deal 1 · " + sc.Verb(d, "deal") + " · game to 100 · table CDZG"
				// The title, "Klob", stays where there is room for it too.
				if kit.WidthOf(h) > 80 || !strings.HasPrefix(strings.TrimPrefix(h, " Klob "), " "+want+" ") {
					t.Errorf("%d players, you %v, dealer %v: want %q in %q", n, you, d, want, h)
				}
			}
		}
	}
}

// TestSharedHeaderKeepsTheCodeAtFourWithABot: a bot's longer name at a
// four-seat shared table ("Bot D deals") turns the teams' names into
// "us" and "them" before the table's code goes, for every seat.
func TestSharedHeaderKeepsTheCodeAtFourWithABot(t *testing.T) {
	ctx := kit.NewContext(false)
	for you := range rules.Seat(4) {
		o := options(4)
		o.Target = 200
		sc := &Scene{V: rules.View{Players: 4, Options: o, Dealer: 3}, You: you, DealNo: 1, Tag: "table DCMT", Code: true}
		for _, name := range []string{"ann", "bob", "cid", "Bot D"} {
			sc.Players = append(sc.Players, Player{Name: name})
		}
		h := ansi.Strip(sc.Header(&ctx, 80))
		if kit.WidthOf(h) > 80 || !strings.Contains(h, "game to 200 · table DCMT") || !strings.Contains(h, "deal") {
			t.Errorf("you %v: the code or the dealer is not in %q", you, h)
		}
	}
}

// TestSpectatorHeaderSpacesTeams: a spectator's 80-column header names
// the teams of four as a person's does, "dan & eve", never "dan&eve":
// for short names with the table's code and without, and for long
// names, which are shortened each, the " & " kept whole, the line
// within 80 columns.
func TestSpectatorHeaderSpacesTeams(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, names := range [][]string{{"cid", "dan", "eve", "fay"}, {"Tester", "West", "North", "East"},
		{"Annabelle", "Bartholomew", "Christabel", "Demetrius"}} {
		for _, code := range []bool{false, true} {
			for _, target := range []int{100, 500, 2000} {
				for d := range rules.Seat(4) {
					o := options(4)
					o.Target = target
					sc := &Scene{V: rules.View{Players: 4, Options: o, Dealer: d}, You: rules.NoSeat, DealNo: 1, Totals: [4]int{target - 1, target - 1}}
					if code {
						sc.Tag, sc.Code = "table ABCD", true
					}
					for _, name := range names {
						sc.Players = append(sc.Players, Player{Name: name})
					}
					h := ansi.Strip(sc.Header(&ctx, 80))
					if kit.WidthOf(h) > 80 || strings.Count(h, " & ") != 2 || strings.Count(h, "&") != 2 {
						t.Errorf("%q, code %v, to %d, dealer %v: the teams are not named spaced in 80 columns: %q", names, code, target, d, h)
					}
					if names[0] == "cid" && !strings.Contains(h, "cid & eve") {
						t.Errorf("%q, code %v, to %d, dealer %v: short names are cut: %q", names, code, target, d, h)
					}
				}
			}
		}
	}
}

// TestSharedHeaderKeepsTheCodeAtEverySeatCount: at 80 columns a shared
// table's header keeps its code and the dealer at two, three and four
// seats, for a person at every seat and for a spectator, whoever deals,
// at every target and score: with a bot among short names (at three a
// rematch's "Bot C deals" and scores of three digits made the line 82
// cells and lost the code) and with names as long as a name may be,
// names.Max letters of one cell and of two, alike but for the last.
func TestSharedHeaderKeepsTheCodeAtEverySeatCount(t *testing.T) {
	ctx := kit.NewContext(false)
	alike := func(letter string, ends ...string) []string {
		var out []string
		for _, e := range ends {
			out = append(out, strings.Repeat(letter, names.Max-1)+e)
		}
		return out
	}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		// A seat's bot is named as the hall names it: "Bot", at three
		// and four "Bot C".
		bot := func(s rules.Seat) string {
			if n == 2 {
				return "Bot"
			}
			return "Bot " + s.String()
		}
		sets := [][]string{{"ann", bot(1), bot(2), bot(3)}, {"ann", "bob", bot(2), bot(3)}, {"ann", "bob", "cid", "dan"},
			alike("w", "a", "b", "c", "d"), alike("漢", "甲", "乙", "丙", "丁"), append(alike("w", "a", "b"), bot(2), bot(3))}
		viewers := []rules.Seat{rules.NoSeat}
		for s := range rules.Seat(n) {
			viewers = append(viewers, s)
		}
		for _, set := range sets {
			for _, you := range viewers {
				for _, target := range []int{100, 500, 1000, rules.MaxTarget} {
					for _, tot := range [][4]int{{}, {target - 1, target - 1, target - 1, target - 1}} {
						for _, deal := range []int{1, 99} {
							for d := range rules.Seat(n) {
								o := options(n)
								o.Target = target
								sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: d}, You: you, DealNo: deal, Totals: tot,
									Tag: "table ABCD", Code: true}
								for _, name := range set[:n] {
									sc.Players = append(sc.Players, Player{Name: name})
								}
								h := ansi.Strip(sc.Header(&ctx, 80))
								if kit.WidthOf(h) > 80 || !strings.Contains(h, "table ABCD") ||
									!strings.Contains(h, fmt.Sprintf("Deal %d · ", deal)) || !strings.Contains(h, " deal") {
									t.Fatalf("%q, you %v, to %d, totals %d, dealer %v: the code or the dealer is not in %d cells: %q",
										set[:n], you, target, tot[0], d, kit.WidthOf(h), h)
								}
							}
						}
					}
				}
			}
		}
	})
}

// TestHeaderKeepsDealer: at 80 columns, with no table code in it (a
// local game, a replay), the header names the dealer at every seat
// count, for the person and for a spectator, with short names, "Random
// A" and names of 24 letters, saved or marked "! not saved": the title
// goes before a name is shortened, and the mark takes the room of the
// target, never the dealer's.
func TestHeaderKeepsDealer(t *testing.T) {
	ctx := kit.NewContext(false)
	nameSets := [][]string{{"You", "West", "North", "East"}, {"Random A", "Random B", "Random C", "Random D"},
		{"alexandra_of_the_norther", "bartholomew_the_third_xx", "cassandra_of_the_seventh", "dimitrios_the_eleventh_x"}}
	for _, n := range []int{2, 3, 4} {
		for _, names := range nameSets {
			for _, unsaved := range []bool{false, true} {
				for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
					for _, dealer := range []rules.Seat{rules.SeatA, rules.SeatB} {
						o := options(n)
						o.Target = 300
						sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: dealer}, You: you, DealNo: 1, Unsaved: unsaved}
						for s := range n {
							sc.Players = append(sc.Players, Player{Name: names[s]})
						}
						h := ansi.Strip(sc.Header(&ctx, 80))
						what := fmt.Sprintf("%d players, names %q, unsaved %v, seat %v, dealer %v", n, names[1], unsaved, you, dealer)
						if kit.WidthOf(h) > 80 {
							t.Errorf("%s: header %d wide: %q", what, kit.WidthOf(h), h)
						}
						left, _, _ := strings.Cut(h, "   ")
						if !strings.Contains(left, " deals") && !strings.Contains(left, "you deal") {
							t.Errorf("%s: no dealer in %q", what, h)
						}
						if unsaved && !strings.Contains(h, "! not saved") {
							t.Errorf("%s: no mark in %q", what, h)
						}
						if strings.Contains(h, "Klob") && strings.Contains(h, "…") {
							t.Errorf("%s: a name is shortened where the title could go: %q", what, h)
						}
					}
				}
			}
		}
	}
}

// keptWants is what the header must say of the upcard and the bottom
// card in the card play of v: the words stay as long as they are true.
func keptWants(ctx *kit.Context, sc *Scene, v *rules.View) []string {
	card := func(c rules.Card) string { return ansi.Strip(ctx.Paint.StyledCard(c)) }
	var want []string
	switch by := v.UpcardTaker(); {
	case v.DixBy != rules.NoSeat:
		if v.Known(v.DixBy).Has(v.OrigUpcard) {
			want = append(want, " took "+card(v.OrigUpcard)+" for the "+card(rules.Dix(v.OrigUpcard.Suit())))
		}
	case by == rules.NoSeat:
		want = append(want, "pcard "+card(v.OrigUpcard))
	case v.Known(by).Has(v.OrigUpcard):
		want = append(want, "pcard "+card(v.OrigUpcard)+" (in "+sc.whose(by)+" hand)")
	}
	if v.Bottom != rules.NoCard {
		want = append(want, "ottom "+card(v.Bottom))
	}
	return want
}

// TestUpcardKeptInHeader: through the bidding and the card play at
// 80×24, with declarations, sets and menage making the rows short and
// under notes and prompts of two lines, the header names trump and its
// maker in every frame of the card play, and says what every player
// knows of the upcard and the bottom card for as long as it is true: in
// the bidding the upcard; at four that the maker holds the upcard until
// it plays it (not only until the first card) and no longer, at two and
// three the upcard and the bottom card, or who took the upcard for the
// dix while it is in that hand. Only a table a row short, its info on
// one line saying trump and who holds the sequences, leaves these out.
func TestUpcardKeptInHeader(t *testing.T) {
	games := uint64(3)
	if testing.Short() {
		games = 1
	}
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		o.Shlomo, o.Cleopatra, o.Menage, o.OfAKind, o.DealerForced, o.Bimah = n > 2, n == 4, true, true, true, true
		held := 0
		for k := range games {
			f := newFixture(t, n, 29+k, 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
			for range 600 {
				s := f.snap()
				if s.Over {
					break
				}
				v := &s.View
				if bidding := v.Trump == rules.NoSuit && v.Phase != rules.PhaseOver; s.HasDeal && !s.Between && bidding {
					// The bidding's line over the table names the upcard
					// whatever the prompt under it takes.
					head := strings.Join(strings.SplitN(f.text(), "\n", 4)[:3], "\n")
					if w := "pcard " + ansi.Strip(f.hs.Ctx.Paint.StyledCard(v.OrigUpcard)); !strings.Contains(head, w) {
						t.Fatalf("%d players: the header leaves out %q in the bidding:\n%s", n, w, f.text())
					}
				}
				if s.HasDeal && !s.Between && v.Phase == rules.PhasePlay {
					lines := strings.SplitN(f.text(), "\n", 6)
					head := strings.Join(lines[:5], "\n")
					if w := ansi.Strip(trumpTitle(f.hs.Ctx.Paint, v.Trump, nil)) + " · maker "; !strings.Contains(head, w) {
						t.Fatalf("%d players: the header leaves out %q:\n%s", n, w, f.text())
					}
					short := strings.HasPrefix(lines[3], " Trick ") && strings.Contains(lines[2], "equences")
					if by := v.UpcardTaker(); n == 4 && !v.Known(by).Has(v.OrigUpcard) && strings.Contains(head, " hand)") {
						t.Fatalf("%d players: the header says the upcard is in a hand after it was played:\n%s", n, f.text())
					}
					for _, w := range keptWants(&f.hs.Ctx, f.s.scene(), v) {
						if strings.Contains(w, " hand)") {
							held++
						}
						if !strings.Contains(head, w) && !short {
							t.Fatalf("%d players: the header leaves out %q:\n%s", n, w, f.text())
						}
					}
				}
				f.step(false)
			}
		}
		if n == 4 && held == 0 {
			t.Errorf("%d players: the maker never held the upcard in the play", n)
		}
	}
}

// TestBiddingKeepsTheUpcard: at 80×24 through the bidding, in both
// rounds and with schmeiss and declarations on, under a note and a
// prompt of one or two lines each, the line over the table names the
// upcard at every seat count, whoever speaks.
func TestBiddingKeepsTheUpcard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ctx := kit.NewContext(false)
		ctx.Width, ctx.Height = 80, 24
		o := options(n)
		o.Shlomo, o.Cleopatra, o.Menage, o.OfAKind, o.DealerForced, o.Bimah = n > 2, n == 4, true, true, true, true
		for seed := range uint64(4) {
			d := rules.NewDeal(o, rules.Seat(seed)%rules.Seat(n), rules.Shuffle(rand.New(rand.NewPCG(seed, 7))))
			for step := 0; step < 12 && d.Phase() != rules.PhasePlay && d.Phase() != rules.PhaseOver; step++ {
				v := d.View(rules.SeatA)
				if v.Trump == rules.NoSuit {
					sc := sceneOf(v)
					card := ansi.Strip(ctx.Paint.StyledCard(v.OrigUpcard))
					for extra := range 4 {
						bottom := []string{kit.Rule(&ctx, 80)}
						for range 3 + extra {
							bottom = append(bottom, " a line under the table")
						}
						out, _ := Render(&ctx, sc, Hand{Cards: kit.ViewHand(&v, kit.ByStrength), Cursor: -1}, bottom)
						head := strings.Join(strings.SplitN(ansi.Strip(out), "\n", 4)[:3], "\n")
						if !strings.Contains(head, "pcard "+card) {
							t.Fatalf("seed %d, %v, %d lines under the table: the upcard %s is not said over it:\n%s",
								seed, v.Phase, len(bottom), card, ansi.Strip(out))
						}
					}
				}
				legal := d.Legal()
				if err := d.Apply(legal[int(seed+uint64(step))%len(legal)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// TestSharedHeaderGivesWayInOneOrder: a shared table's header (its
// code and dealer kept) at 80 columns leaves nothing out while room
// remains for it, at every seat count, for the person and a spectator,
// in Unicode and in ASCII alike. The header holds its form through the
// game, so room is what is left at the game's widest line: deal 99,
// scores as wide as the target, the longest dealer; there the padding
// beyond the three spaces before the score is narrower than the title
// or the target left out. The title gives way before a name is cut, as
// in a header without a code; a part left out comes back where it fits
// once a part more needed has given way. ASCII keeps what Unicode keeps.
func TestSharedHeaderGivesWayInOneOrder(t *testing.T) {
	long := []string{"Westmorland", "Northumbria", "Eastbourne1", "Southampton"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		bot := func(s int) string { return "Bot " + rules.Seat(s).String() }
		sets := [][]string{{"ann", "bob", "cid", "dan"}, {"You", "bob", "cid", "dan"}, {"ann", bot(1), bot(2), bot(3)},
			{"ann", "bob", "cid", bot(3)}, {"ann", "bob", bot(2), "dan"}, long, {"ann", long[1], bot(2), long[3]},
			{"annabel", "bobbyjoe", "cidneyxx", "danielle"}}
		for _, set := range sets {
			for _, you := range []rules.Seat{rules.SeatA, rules.NoSeat} {
				for _, target := range []int{100, 500, 1000} {
					kept := map[bool]string{}
					for _, ascii := range []bool{false, true} {
						ctx := kit.NewContext(ascii)
						o := options(n)
						o.Target = target
						sc := &Scene{V: rules.View{Players: n, Options: o}, You: you, DealNo: 99, Tag: "table ZAZS", Code: true}
						for s, name := range set[:n] {
							sc.Players = append(sc.Players, Player{Name: name})
							sc.Totals[s] = target - 1
						}
						// The dealer whose words are the longest.
						for s := range rules.Seat(n) {
							if kit.WidthOf(sc.Verb(s, "deal")) > kit.WidthOf(sc.Verb(sc.V.Dealer, "deal")) {
								sc.V.Dealer = s
							}
						}
						h := strings.TrimRight(ansi.Strip(sc.Header(&ctx, 80)), " ")
						what := fmt.Sprintf("%d players %q, you %v, to %d, ascii %v: %q", n, set[:n], you, target, ascii, h)
						if kit.WidthOf(h) > 80 || !strings.Contains(h, "table ZAZS") || !strings.Contains(h, " deal") {
							t.Fatalf("%s: too wide, or the code or the dealer left out", what)
						}
						room := 80 - kit.WidthOf(h) // the padding beyond the three spaces
						title := strings.HasPrefix(h, " Klob ")
						to := fmt.Sprintf("game to %d", target)
						if !title && room >= kit.WidthOf("Klob  ") {
							t.Errorf("%s: the title is left out, %d cells to spare", what, room)
						}
						if set[0] == "annabel" && you == rules.SeatA && title && strings.Contains(h, shortMark(&ctx)) {
							// Left out, the title makes room for these names.
							t.Errorf("%s: a name is cut before the title gives way", what)
						}
						if !strings.Contains(h, to) && !strings.Contains(h, fmt.Sprintf("to %d", target)) && room >= kit.WidthOf(" · "+to) {
							t.Errorf("%s: the target is left out, %d cells to spare", what, room)
						}
						kept[ascii] = fmt.Sprintf("title %v, target %v, count %v, us %v", title,
							strings.Contains(h, fmt.Sprint(target)), strings.Contains(h, " players"), strings.Contains(h, " us "))
					}
					if kept[false] != kept[true] {
						t.Errorf("%d players %q, you %v: Unicode keeps %s, ASCII %s", n, set[:n], you, kept[false], kept[true])
					}
				}
			}
		}
	})
}

// TestInfoAlwaysSaysTrump: the lines over the table name trump and its
// maker, the maker's name whole or shortened but never cut, in the card
// play at every seat count, in one to three lines of the table's width
// at 80 columns, whoever made trump and holds the sequences, trump made
// as usual, forced or after a refused schmeiss, with short names and
// names of 24 letters, the upcard in the maker's hand or not: short of
// room the upcard's whereabouts and the sequences give way, never
// trump.
func TestInfoAlwaysSaysTrump(t *testing.T) {
	ctx := kit.NewContext(false)
	nameSets := [][]string{{"You", "West", "North", "East"},
		{"alexandra_of_the_norther", "bartholomew_the_third_xx", "cassandra_of_the_seventh", "dimitrios_the_eleventh_x"}}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		// A view of a real deal's card play (no schmeiss), and one made
		// by hand, whose empty deal reads as a refused schmeiss.
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 2))))
		for d.Phase() != rules.PhasePlay {
			if err := d.Apply(takeOrFirst(d.Legal())); err != nil {
				t.Fatal(err)
			}
		}
		for _, how := range []string{"made", "forced", "schmeiss refused"} {
			for _, names := range nameSets {
				for maker := range rules.Seat(n) {
					for _, seqs := range []rules.Seat{rules.NoSeat, rules.SeatA, rules.SeatB} {
						for _, held := range []bool{false, true} {
							v := d.View(rules.SeatA)
							if how == "schmeiss refused" {
								v = rules.View{Players: n, Options: options(n), Seat: rules.SeatA, Phase: rules.PhasePlay, Hand: v.Hand}
							}
							v.Trump, v.Maker, v.SeqWinner, v.Forced = rules.Hearts, maker, seqs, how == "forced"
							v.OrigUpcard, v.Upcard, v.DixBy, v.Bottom = rules.MustCard("7H"), rules.NoCard, rules.NoSeat, rules.NoCard
							v.Hand = v.Hand.Without(v.OrigUpcard)
							if held {
								v.Hand = v.Hand.With(v.OrigUpcard)
							}
							sc := sceneOf(v)
							for s := range n {
								sc.Players[s].Name = names[s]
							}
							if strings.Contains(ansi.Strip(sc.trumpFrag(&ctx, true)), how) != (how != "made") {
								t.Fatalf("%d players: trump %s reads %q", n, how, ansi.Strip(sc.trumpFrag(&ctx, true)))
							}
							word := ansi.Strip(trumpTitle(ctx.Paint, v.Trump, nil)) + " · maker "
							for rows := 1; rows <= 3; rows++ {
								got := ansi.Strip(strings.Join(sc.infoLines(&ctx, 54, rows), "\n"))
								whole := false
								for _, nw := range []int{0, 12, 6} {
									whole = whole || strings.Contains(got, word+sc.shortTo(&ctx, nw).Lower(maker))
								}
								if !whole {
									t.Errorf("%d players, trump %s, maker %v, sequences %v, upcard held %v, %d rows: trump and its maker are not said:\n%s",
										n, how, maker, seqs, held, rows, got)
								}
							}
						}
					}
				}
			}
		}
	})
}

// TestHeaderSameForEverySeat: at 80 columns every person at a table
// sees the header in one form, decided by the room, not by who looks:
// the title "Klob", the target and the seat count are there for all of
// them or for none. At every seat count, with and without a table code,
// whoever deals, with a name of 11 to 13 letters that is "you deal" on
// its own screen and "alexandrina deals" on the others'. A game against
// bots alone, where nobody else reads the header, measures it as its
// one person reads it ("you deal").
func TestHeaderSameForEverySeat(t *testing.T) {
	ctx := kit.NewContext(false)
	sets := [][]string{{"alexandrina", "bob", "Bot C", "Bot D"}, {"ann", "bob", "Bot C", "bartholomew_x"},
		{"bob", "eve", "cid", "dan"}, {"Westmorland", "Northumbria", "Eastbourne1", "Southampton"}, {"al", "alexandrina", "Jo", "Bot D"}}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, set := range sets {
			for _, tag := range []string{"", "table SWMB"} {
				for _, target := range []int{100, 500, 1000} {
					for dealer := range rules.Seat(n) {
						forms := map[string][]rules.Seat{}
						for you := range rules.Seat(n) {
							o := options(n)
							o.Target = target
							sc := &Scene{V: rules.View{Players: n, Options: o, Dealer: dealer}, You: you, DealNo: 1, Tag: tag, Code: tag != ""}
							for _, name := range set[:n] {
								sc.Players = append(sc.Players, Player{Name: name, Person: !strings.HasPrefix(name, "Bot ")})
							}
							h := ansi.Strip(sc.Header(&ctx, 80))
							form := fmt.Sprintf("title %v, target %v, count %v", strings.HasPrefix(h, " Klob "),
								strings.Contains(h, fmt.Sprint(target)), strings.Contains(h, " players"))
							forms[form] = append(forms[form], you)
						}
						if len(forms) > 1 {
							t.Errorf("%d players %q, tag %q, to %d, %v deals: the seats see the header in %d forms: %v",
								n, set[:n], tag, target, dealer, len(forms), forms)
						}
						// Alone with bots, the person's own long name
						// takes no room: the title stays where "you
						// deal" leaves room for it.
						o := options(n)
						o.Target = target
						alone := &Scene{V: rules.View{Players: n, Options: o, Dealer: dealer}, You: rules.SeatA, DealNo: 1, Tag: tag, Code: tag != ""}
						mine := &Scene{V: alone.V, You: rules.SeatA, DealNo: 1, Tag: tag, Code: tag != ""}
						for s, name := range set[:n] {
							alone.Players = append(alone.Players, Player{Name: name, Person: s == 0})
							mine.Players = append(mine.Players, Player{Name: map[bool]string{true: "You", false: name}[s == 0], Person: s == 0})
						}
						if a, m := ansi.Strip(alone.Header(&ctx, 80)), ansi.Strip(mine.Header(&ctx, 80)); strings.HasPrefix(a, " Klob ") != strings.HasPrefix(m, " Klob ") {
							t.Errorf("%d players %q alone with bots: the person's name changes the header: %q, as \"You\" %q", n, set[:n], a, m)
						}
					}
				}
			}
		}
	})
}

// A board's header names its seat count at every count, two players
// included ("Board 1 of 8 · you deal · 2 players · daily …"): a game's
// header leaves the default two unsaid, but a board has no target to
// say the game's form either.
func TestBoardHeaderNamesItsSeatCount(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 2))))
		sc := &Scene{V: d.View(rules.SeatA), You: rules.SeatA, Board: "Board 1 of 8", Tag: "daily 2026-12-07"}
		for range n {
			sc.Players = append(sc.Players, Player{Name: "ann"})
		}
		h := ansi.Strip(sc.Header(&ctx, 80))
		if want := fmt.Sprintf("%d players", n); !strings.Contains(h, want) {
			t.Errorf("%d players: a board's header %q does not say %q", n, h, want)
		}
	}
}

// TestInfoKeepsTheBottomCard: in the card play at 80×24 the upcard and
// the bottom card, said nowhere else then, stay in the info over the
// table on every frame that keeps the row marking the person's
// sequences, which their cards show. Each frame is drawn with 3 to 5
// lines under the table (a note or a question wraps). Four players
// have no bottom card.
func TestInfoKeepsTheBottomCard(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3} {
		checked := 0
		for seed := uint64(1); seed <= 40; seed++ {
			f := newFixture(t, n, seed, 80, 24)
			for range 200 {
				s := f.settle()
				f.refresh()
				if s.View.Phase == rules.PhaseOver || s.Over {
					break
				}
				if s.View.Phase == rules.PhasePlay && s.View.Bottom != rules.NoCard {
					sc, hand := f.s.sceneFor(&ctx), f.s.tableHand()
					// "Bottom J♥" where it starts a line.
					bottom := strings.ToLower("bottom " + ansi.Strip(ctx.Paint.StyledCard(s.View.Bottom)))
					for under := 3; under <= 5; under++ {
						out, _ := Render(&ctx, sc, hand, make([]string, under))
						plain := strings.ToLower(ansi.Strip(out))
						spare := markedRow.MatchString(plain)
						if spare && !strings.Contains(plain, bottom) {
							t.Fatalf("%d players, seed %d, %d lines under: %q left out while a row could give way:\n%s", n, seed, under, bottom, ansi.Strip(out))
						}
						checked++
					}
				}
				if !s.Can.Act && !s.Can.Ready {
					break
				}
				f.step(true)
			}
		}
		if checked == 0 {
			t.Fatalf("%d players: no frame of the card play with a bottom card", n)
		}
	}
}

// markedRow finds the row marking the person's sequences and bella pair:
// "└──bella──┘", "└───50───┘"; a card's lower edge is "└───┘".
var markedRow = regexp.MustCompile(`└─+[^─┘]`)
