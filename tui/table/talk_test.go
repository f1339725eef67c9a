package table

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestTalkPanelPromisesNoTalk: at a table nobody can talk at (a game
// against bots, a daily or tournament board), the panel beside it holds
// the bids and declarations and is not headed as talk; at a table with
// a chat it is "Table talk".
func TestTalkPanelPromisesNoTalk(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a card", myCard, true)
		if text := f.text(); strings.Contains(text, "talk") || !strings.Contains(text, "Bids and declarations") {
			t.Errorf("a table without chat promises talk:\n%s", text)
		}
		w := newWatcher(t, f, &fakeTalk{})
		if text := w.text(); !strings.Contains(text, "Table talk") {
			t.Errorf("a table with chat does not say talk:\n%s", text)
		}
	})
}

// TestTalkNamesKeepSpaces: a name too long for the talk column is cut
// with its spaces kept ("Annabelle L…"), a seat's as a spectator's, never
// run together ("AnnabelleLee"), as the talk's lines are sentences.
func TestTalkNamesKeepSpaces(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	sc := &Scene{V: v, You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: "Annabelle Lee"}}}
	sc.Chat = []SceneChat{{ChatLine: ChatLine{Seq: 1, Name: "Ros Foxworthy", Text: "hello", Watching: true}, Deal: sc.DealNo}}
	text := ansi.Strip(strings.Join(sc.rightColumn(&ctx, 15, 40), "\n"))
	for _, want := range []string{"Annabelle L…:", "Ros Foxwo…"} {
		if !strings.Contains(text, want) {
			t.Errorf("the talk column does not name %q:\n%s", want, text)
		}
	}
	if testing.Verbose() {
		t.Logf("the talk column:\n%s", text)
	}
	if strings.Contains(text, "AnnabelleL") || strings.Contains(text, "RosalindF") {
		t.Errorf("the talk column runs a name's words together:\n%s", text)
	}
}

// TestTalkLongLineKeepsTheRest: one line of talk longer than the panel
// (200 letters, or 150 wide ones) takes at most three rows, cut with a
// mark, and the bids and the words before it stay in view.
func TestTalkLongLineKeepsTheRest(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	for _, long := range []string{strings.Repeat("z", 200), strings.Repeat("漢", 150), strings.Repeat("word ", 40)} {
		sc := &Scene{V: v, You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: "Bob"}}}
		sc.Chat = []SceneChat{
			{ChatLine: ChatLine{Seq: 1, Name: "Bob", Text: "short one"}, Deal: sc.DealNo},
			{ChatLine: ChatLine{Seq: 2, Name: "Eve", Text: long, Watching: true}, Deal: sc.DealNo},
		}
		rows := sc.rightColumn(&ctx, 24, 16)
		text := ansi.Strip(strings.Join(rows, "\n"))
		if !strings.Contains(text, "short one") || strings.Count(text, "\n") > 15 {
			t.Errorf("a long line hides the earlier talk:\n%s", text)
		}
		n := 0
		for _, r := range rows {
			if kit.WidthOf(r) > 24 {
				t.Errorf("a row of %d cells in a column of 24: %q", kit.WidthOf(r), ansi.Strip(r))
			}
			if strings.Contains(r, "zzz") || strings.Contains(r, "漢漢") || strings.Contains(r, "word word") {
				n++
			}
		}
		if n > 3 || !strings.Contains(text, "…") {
			t.Errorf("the long line takes %d rows, or is not marked cut:\n%s", n, text)
		}
	}
}

// TestTalkCutSaysEarlierLines: a talk panel too short for every line
// keeps the latest and marks how many earlier lines it left out, as
// lines, not words.
func TestTalkCutSaysEarlierLines(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := &Scene{V: handView(t), You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: "Bob"}}}
	for i := range 12 {
		sc.Chat = append(sc.Chat, SceneChat{ChatLine: ChatLine{Seq: uint64(i + 1), Name: "Bob", Text: fmt.Sprintf("line %d", i+1)}, Deal: sc.DealNo})
	}
	text := ansi.Strip(strings.Join(sc.rightColumn(&ctx, 24, 16), "\n"))
	if !strings.Contains(text, `Bob: "line 12"`) || !regexp.MustCompile(`… \d+ earlier lines\n`).MatchString(text) || strings.Contains(text, "words before") {
		t.Errorf("the cut talk is not marked in earlier lines:\n%s", text)
	}
}

var errQuiet = errors.New("at a rated table nobody talks while a deal is played, spectators neither: talk again when it ends")

// TestQuietTalkSaysSoAtOnce: where the person must keep quiet, / says
// so at once (not only once a line is sent) and opens no box, the same
// at every seat count; / again opens it, and it takes a command; the
// screen fits 80×24.
func TestQuietTalkSaysSoAtOnce(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		q := &hushTalk{hush: true}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Talk = q })
		f.hs.Press("/")
		text := kittest.Flat(f.text())
		if f.s.talk.Typing || strings.Contains(text, "_") {
			t.Fatalf("%d players: / opens a box at a quiet table:\n%s", n, f.text())
		}
		if !strings.Contains(text, "At a rated table nobody talks while a deal is played, spectators neither: talk again when it ends.") ||
			!strings.Contains(text, "/ again opens the box for /mute NAME") {
			t.Fatalf("%d players: / does not say the table is quiet:\n%s", n, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		// A line typed as though the box were open neither bids nor
		// plays ("take" would take with t), and the note stays; enter
		// gives the keys back to the deal.
		gen := f.snap().Gen
		for _, k := range []string{"t", "a", "k", "e", "space", "p", "1", "enter"} {
			f.hs.Press(k)
		}
		if f.snap().Gen != gen || f.s.Typing() || !strings.Contains(kittest.Flat(f.text()), "/ again opens the box for /mute NAME") {
			t.Fatalf("%d players: keys typed after / at a quiet table played, or lost the note:\n%s", n, f.text())
		}
		// Once enter gave the keys back, the note says so.
		if text := kittest.Flat(f.text()); strings.Contains(text, "go nowhere") || !strings.Contains(text, "Keys act on the deal again") {
			t.Fatalf("%d players: after enter the note still says keys go nowhere:\n%s", n, f.text())
		}
		f.hs.Press("/")
		if text := kittest.Flat(f.text()); !f.s.Typing() || !strings.Contains(text, "/mute NAME still works") {
			t.Fatalf("%d players: / again does not open the box:\n%s", n, f.text())
		}
		for _, r := range "/mute Bob" {
			if r == ' ' {
				f.hs.Press("space")
			} else {
				f.hs.Press(string(r))
			}
		}
		f.hs.Press("enter")
		if text := kittest.Flat(f.text()); !strings.Contains(text, "no longer see Bob") {
			t.Fatalf("%d players: a command in a quiet box:\n%s", n, f.text())
		}
		// The help's line on talk says when a table is quiet.
		if !helpSays(f, "a rated table of three or four is quiet while a deal is played") {
			t.Errorf("%d players: the help does not say when the table is quiet", n)
		}
	})
}

// TestTalkGameWordsWrapWhole: the game's own words in the talk panel
// (a move taken for the person, with why) wrap at 80 columns' width of
// the panel without being cut, however many rows they take; only the
// chat's lines are cut.
func TestTalkGameWordsWrapWhole(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	why := "your partner's claim is higher: if it stands, yours scores too"
	sc := &Scene{V: v, You: rules.SeatA, Players: []Player{{Name: "You"}, {Name: "Bob"}},
		Forced: func(int) (string, bool) { return why, true }}
	text := ansi.Strip(strings.Join(sc.rightColumn(&ctx, 24, 40), "\n"))
	if strings.Contains(text, "…") || !strings.Contains(text, "scores too)") {
		t.Errorf("the game's words are cut:\n%s", text)
	}
}

// TestTalkBetweenDeals: at a shared table the deal's result and the
// game's end show the table talk's last lines, at every seat count at
// 80×24, and keep what they must: the score, who is ready, what to
// press and the keys. A line said there shows at once.
func TestTalkBetweenDeals(t *testing.T) {
	now := t0 // the tests' clock
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared, c.Tag = talk, true, "table ABCD"
			c.Now = func() time.Time { return now }
		})
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		me := f.s.snap.Seat
		clockAt(f, now, me, 30*time.Second)
		other := &f.s.snap.Players[(me+1)%rules.Seat(n)]
		other.Name, other.Human, other.Ready, other.State = "bob", true, true, host.SeatTakeover
		if text := kittest.Flat(f.text()); strings.Contains(text, "Ready for the next deal: bob") {
			t.Errorf("bob away, his seat a bot's, is said ready:\n%s", f.text())
		}
		other.State = host.SeatHere
		if text := kittest.Flat(f.text()); !strings.Contains(text, "Table talk · / to talk · nothing said yet") {
			t.Errorf("the result does not offer the talk:\n%s", f.text())
		}
		talk.hear("dan", "nice deal", true)
		talk.hear("bob", "thanks dan", false)
		f.hs.Deliver(ChatRefresh{})
		f.say("gg")
		text := f.text()
		keys := kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
		for _, want := range []string{`dan (watching): "nice deal"`, `bob: "thanks dan"`, `You: "gg"`,
			"Ready for the next deal: bob.", "Press enter for the next deal (marked ready in 30s).", keys, "This deal scores", "Game "} {
			if !strings.Contains(kittest.Flat(text), want) {
				t.Errorf("the result does not show %q:\n%s", want, text)
			}
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		kittest.Golden(t, fmt.Sprintf("talkover%d-80x24-1-result", n), text)
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		talk.hear("bob", "well played all", false)
		f.hs.Deliver(ChatRefresh{})
		text = f.text()
		for _, want := range []string{"Game over", `bob: "well played all"`, `You: "gg"`, "sum ", "back to the lobby"} {
			if !strings.Contains(kittest.Flat(text), want) {
				t.Errorf("the game's end does not show %q:\n%s", want, text)
			}
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		kittest.Golden(t, fmt.Sprintf("talkover%d-80x24-2-over", n), text)
	})
}

// hushTalk is a chat that keeps the person quiet while hush is set, as
// a rated table does during a deal: lines are refused, commands
// answered.
type hushTalk struct {
	fakeTalk
	hush bool
}

func (q *hushTalk) Quiet() error {
	if q.hush {
		return errQuiet
	}
	return nil
}

func (q *hushTalk) Say(text string) (string, error) {
	if err := q.Quiet(); err != nil && !strings.HasPrefix(text, "/") {
		return "", err
	}
	return q.fakeTalk.Say(text)
}

// TestQuietLineNotSent: a line refused because the table is quiet
// closes its box, so that the keys play the deal again, and says it was
// not sent and that / opens it again; / then shows it, esc clears it,
// and once the table may talk the line kept is sent by / and enter. The
// screen fits 80×24 at every seat count.
func TestQuietLineNotSent(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		q := &hushTalk{hush: true}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Talk = q })
		f.until("a card", myCard, true)
		f.say("psst")
		text := kittest.Flat(f.text())
		if f.s.Typing() || !strings.Contains(text, "Not sent: at a rated table nobody talks") ||
			!strings.Contains(text, "Your line is kept: / opens it again.") || strings.Contains(text, "psst") || len(q.said) != 0 {
			t.Fatalf("%d players: a refused line is not closed and said unsent (said %q):\n%s", n, q.said, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if testing.Verbose() {
			t.Logf("the line refused:\n%s", f.text())
		}
		f.hs.Press("/")
		if !f.s.Typing() || !strings.Contains(f.text(), "psst_") {
			t.Fatalf("%d players: / does not open the line kept:\n%s", n, f.text())
		}
		f.hs.Press("esc")
		if f.s.Typing() || f.s.talk.Input.Len() != 0 {
			t.Fatalf("%d players: esc does not clear the line kept", n)
		}
		f.say("nice deal")
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		q.hush = false
		if text := kittest.Flat(f.text()); !strings.Contains(text, "/ opens your unsent line") {
			t.Errorf("%d players: the result does not say a line waits:\n%s", n, f.text())
		}
		f.hs.Press("/", "enter")
		if len(q.said) != 1 || q.said[0] != "nice deal" || !strings.Contains(f.text(), `You: "nice deal"`) {
			t.Fatalf("%d players: the line kept is not sent between deals (said %q):\n%s", n, q.said, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}

// TestChatRematch: a line said on the game's end, by the person or by
// another, goes before every word of the rematch's first deal, never
// among its bids as though it were said during the deal. At every seat
// count.
func TestChatRematch(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared, c.Tag = talk, true, "table ABCD"
		})
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		game := f.snap().Game
		talk.hear("ann", "psst partner", false)
		f.hs.Deliver(ChatRefresh{})
		f.say("gg")
		f.hs.Press("n")
		f.refresh()
		if f.snap().Game == game {
			t.Fatalf("%d players: n started no rematch:\n%s", n, f.text())
		}
		f.until("a word of the rematch's deal", func(s host.Snapshot) bool {
			return s.HasDeal && s.DealNo == 1 && len(s.View.History()) > 0
		}, true)
		lines, isChat := f.s.scene().talkMarked(&f.hs.Ctx)
		for i, l := range lines {
			if !isChat[i] {
				break
			}
			if strings.Contains(l, `"psst partner"`) {
				lines[i] = ""
			}
			if strings.Contains(l, `"gg"`) {
				lines[i] = ""
			}
		}
		for _, l := range lines {
			if strings.Contains(l, `"psst partner"`) || strings.Contains(l, `"gg"`) {
				t.Fatalf("%d players: a line of the last game's end is among the rematch's words:\n%s\n\n%s",
					n, strings.Join(lines, "\n"), f.text())
			}
		}
	})
}

// TestRefusedLineOutlastsMoves: why a line of talk was refused stays on
// the screen while the bots move, whether the box stays open (a line
// refused by the talk) or closes (a line the quiet of a rated deal kept
// back), until the person presses a key; the move after that key takes
// it. So does a note held by the screen's owner (HoldNote: a board dealt
// again). At every seat count.
func TestRefusedLineOutlastsMoves(t *testing.T) {
	for _, c := range []struct {
		name, said  string
		quiet, hold bool // hold: a note the screen's owner holds (HoldNote), no line typed
	}{{"refused", "Slow down: wait 2 s.", false, false}, {"quiet", "Not sent: at a rated table nobody talks", true, false},
		{"held", "The board is dealt again from its start.", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			testkit.EachSeatCount(t, func(t *testing.T, n int) {
				q := &hushTalk{hush: c.quiet}
				if !c.quiet {
					q.refuse = errors.New("slow down: wait 2 s")
				}
				f := newFixture(t, n, seeds[n], 80, 24, gated(), func(_ *host.Config, cf *Config) { cf.Talk = q })
				// To a bot's turn, with more of them to come.
				botsToCome := func() bool {
					s := f.snap()
					return s.Thinking != rules.NoSeat && !s.Between && !s.Over
				}
				for range 500 {
					if botsToCome() {
						break
					}
					f.step(true)
				}
				if !botsToCome() {
					t.Fatalf("%d players: no bot's turn:\n%s", n, f.text())
				}
				if c.hold {
					f.s.HoldNote(c.said, true)
				} else {
					f.say("psst")
				}
				if !strings.Contains(kittest.Flat(f.text()), c.said) {
					t.Fatalf("%d players: the refusal is not said:\n%s", n, f.text())
				}
				gen := f.snap().Gen
				for botsToCome() {
					f.release()
					f.refresh()
					if !strings.Contains(kittest.Flat(f.text()), c.said) {
						t.Fatalf("%d players: a bot's move took the refusal away:\n%s", n, f.text())
					}
				}
				if f.snap().Gen == gen {
					t.Fatalf("%d players: no bot moved", n)
				}
				if !c.quiet {
					return // the box is open: its keys are tested with it
				}
				f.hs.Press("v") // the trick list, and back
				f.hs.Press("v")
				if f.snap().Can.Act {
					f.step(true)
				}
				if strings.Contains(kittest.Flat(f.text()), c.said) {
					t.Errorf("%d players: the refusal stays after a key and a move:\n%s", n, f.text())
				}
			})
		})
	}
}

// TestQuietRefusalGoesWithTheQuiet: a spectator's line refused while a
// rated deal is played says so, and the note stays through the deal's
// moves (a spectator presses no key to let it go); once the table may
// talk again it goes, the talk's heading saying a line waits. At every
// seat count.
func TestQuietRefusalGoesWithTheQuiet(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		q := &hushTalk{hush: true}
		w := watchAtCard(t, f, q)
		openTalk(w.d)
		for _, k := range "psst" {
			w.d.Press(string(k))
		}
		w.d.Press("enter")
		if !strings.Contains(kittest.Flat(w.text()), "Not sent: at a rated table") {
			t.Fatalf("%d players: the spectator's refused line is not said unsent:\n%s", n, w.text())
		}
		f.step(true)
		w.catchUp()
		if !strings.Contains(kittest.Flat(w.text()), "Not sent: at a rated table") {
			t.Fatalf("%d players: the refusal went with the next move, before the quiet did:\n%s", n, w.text())
		}
		q.hush = false
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		w.catchUp()
		text := kittest.Flat(w.text())
		if strings.Contains(text, "Not sent:") || !strings.Contains(text, "/ opens your unsent line") {
			t.Errorf("%d players: after the deal the spectator still reads why the line was not sent, or not that it waits:\n%s", n, w.text())
		}
		kittest.CheckSize(t, w.d.Frame(), 80, 24)
	})
}

// TestTieNoteOnlyWhereTheTieDecided: "same" is a tie settled by the rule
// on ties, and the talk says who it gave the right to; at four players a
// later claim can take the right from there, and then the tie's note
// must not name the dialogue's final winner as the tie's. The deal is
// docs/rules.md's four-player dialogue: C's king-high twenty in trump
// ties B's, then D's fifty wins (or D concedes and C keeps it).
func TestTieNoteOnlyWhereTheTieDecided(t *testing.T) {
	hands := [4]string{"QD JD TD 7C 9C AH 8D 7S", "KC QC JC AD 9D 7D 8S 8C", "KS QS JS KH QH TC AC", "TH 9H 8H 7H AS TS KD JH"}
	var deck rules.Deck
	at := 24
	for s, h := range hands { // the dealer is D: A is eldest
		cs := strings.Fields(h)
		for j := range 3 {
			deck[3*s+j] = rules.MustCard(cs[j])
			deck[12+3*s+j] = rules.MustCard(cs[3+j])
		}
		for _, c := range cs[6:] {
			deck[at] = rules.MustCard(c)
			at++
		}
	}
	deck[31] = rules.MustCard("9S")
	for _, tc := range []struct {
		last, want string // D's last word; the tie's note or none
	}{
		{"announce 50", ""},
		{"good", " (a tie: cid has the right by the rule on ties)"},
	} {
		g := rules.NewGame(options(4), rules.Seat(3))
		if err := g.StartDeal(deck); err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{"pass", "pass", "take", "announce 20", "how-high", "top q", "not-good",
			"how-high", "top k", "same", tc.last} {
			a, err := rules.ParseAction(w)
			if err == nil {
				err = g.Apply(a)
			}
			if err != nil {
				t.Fatalf("%s: %v", w, err)
			}
		}
		s := &Screen{}
		s.snap = host.Snapshot{View: g.Deal().View(rules.SeatA), Seat: rules.SeatA, HasDeal: true, DealNo: 1,
			Players: []host.SeatInfo{{Name: "ann"}, {Name: "bob"}, {Name: "cid"}, {Name: "dan"}}}
		ctx := kittest.Context(80, 24)
		talk := ansi.Strip(strings.Join(s.scene().talkLines(&ctx), "\n"))
		if want := "cid: same" + tc.want + "\n"; !strings.Contains(talk, want) {
			t.Errorf("D says %q: the talk has no line %q:\n%s", tc.last, want, talk)
		}
	}
}

// A note on the deal's result (a refusal, "Welcome back" after a resume)
// stands over what to press and the keys, which end the screen, at
// every seat count and at 80×24.
func TestResultNoteAboveTheKeys(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		f.s.SetNote("Welcome back: deal 1.", false)
		lines := strings.Split(f.text(), "\n")
		note, keys := -1, -1
		for i, l := range lines {
			switch {
			case strings.Contains(l, "Welcome back: deal 1."):
				note = i
			case strings.Contains(l, "Press enter for the next deal"):
				keys = i
			}
		}
		if note < 0 || keys < 0 || note > keys {
			t.Errorf("the note (line %d) is not over what to press (line %d):\n%s", note, keys, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}

// errQuietLong is the longest reason a table is quiet for, in the
// lobby's words (quietPlayedError in tui/lobby): a player who began a
// board of a club tournament still running, named as a sentence names
// it (tourney.Info.Named, at four players), its end weeks away and so
// written with its date (kit.When), a two-digit day. A daily's name is
// longer, but its end, the next midnight, is written without a date.
var errQuietLong = errors.New("you began a board of tournament KQXPRT for 4 players, which others may still play: until it ends, Wed 30 Dec 23:59 UTC, you talk nowhere and keep your name")

// quietTalk is a chat that keeps the person quiet for why while it is
// set, as a running tournament does: lines are refused, commands run
// as ever. /mute knows only who talked: another name is refused, as
// the lobby's talk refuses it, and so is a command it does not know.
type quietTalk struct {
	fakeTalk
	why error
}

func (q *quietTalk) Quiet() error { return q.why }

func (q *quietTalk) Say(text string) (string, error) {
	if cmd, name, _ := strings.Cut(text, " "); strings.HasPrefix(cmd, "/") {
		if cmd != "/mute" {
			return "", fmt.Errorf("%s is no command: /mute NAME hides a player's lines", cmd)
		}
		for _, l := range q.lines {
			if l.Name == name {
				return q.fakeTalk.Say(text)
			}
		}
		return "", fmt.Errorf("nobody called %q has talked here", name)
	}
	if q.why != nil {
		return "", q.why
	}
	return q.fakeTalk.Say(text)
}

// typeLine opens the box on d and types text, without enter.
func typeLine(d *kittest.Driver, text string) {
	openTalk(d)
	for _, r := range text {
		if r == ' ' {
			d.Press("space")
		} else {
			d.Press(string(r))
		}
	}
}

// openTalk opens the talk's box: with one /, or where the person may not
// talk now, with the second (the first says why).
func openTalk(d *kittest.Driver) {
	d.Press("/")
	if s, ok := d.Screen.(*Screen); ok && !s.talk.Typing {
		d.Press("/")
	}
}

// TestQuietTalkTakesCommands: while the person is quiet, seated or
// watching, a command is handled as when they may talk: one refused
// says what is wrong with it and leaves the box open to correct it,
// one that works says so; only a line to say is refused for the quiet.
// At every seat count.
func TestQuietTalkTakesCommands(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		q := &quietTalk{why: errQuiet}
		q.hear("Bob", "hi", false)
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Talk = q })
		w := watchAtCard(t, f, &quietTalk{why: errQuietLong, fakeTalk: fakeTalk{lines: q.lines}})
		for _, who := range []struct {
			name string
			d    *kittest.Driver
			s    *Screen
		}{{"seated", f.hs, f.s}, {"watching", w.d, w.screen()}} {
			for _, c := range []struct{ line, want string }{
				{"/mute zed", `Nobody called "zed" has talked here.`},
				{"/shout hi", "/shout is no command"},
			} {
				typeLine(who.d, c.line)
				who.d.Press("enter")
				text := kittest.Flat(screenText(who.d))
				if !who.s.Typing() || !strings.Contains(text, c.want) || strings.Contains(text, "Not sent") {
					t.Errorf("%d players, %s: %q refused while quiet does not say %q in the open box:\n%s", n, who.name, c.line, c.want, screenText(who.d))
				}
				who.d.Press("esc")
			}
			typeLine(who.d, "/mute Bob")
			who.d.Press("enter")
			if text := kittest.Flat(screenText(who.d)); who.s.Typing() || !strings.Contains(text, "You no longer see Bob's lines") {
				t.Errorf("%d players, %s: /mute Bob while quiet:\n%s", n, who.name, screenText(who.d))
			}
			typeLine(who.d, "psst")
			who.d.Press("enter")
			if text := kittest.Flat(screenText(who.d)); who.s.Typing() || !strings.Contains(text, "Not sent") {
				t.Errorf("%d players, %s: a line said while quiet is not refused for it:\n%s", n, who.name, screenText(who.d))
			}
		}
	})
}

// TestQuietNoteReadWhole: why the person may not talk is read whole at
// 80×24, the longest reason too (a tournament's, its end with its
// date): as / opens the box, with "/mute NAME still works", and once a
// line is refused, with "Your line is kept: / opens it again". Seated
// at the person's card, over the move clock's last seconds too, and
// watching, during a deal and at its result; what to press and the
// keys stay in view. At every seat count.
func TestQuietNoteReadWhole(t *testing.T) {
	now := t0
	opened := kit.Capital(errQuietLong.Error()) + ". Keys typed now go nowhere until enter or esc; / again opens the box for /mute NAME."
	refused := "Not sent: " + errQuietLong.Error() + ". Your line is kept: / opens it again."
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared = &quietTalk{why: errQuietLong}, true
			c.Now = func() time.Time { return now }
		})
		w := watchAtCard(t, f, &quietTalk{why: errQuietLong})
		check := func(what string, d *kittest.Driver, keep ...string) {
			t.Helper()
			d.Press("/")
			text := screenText(d)
			kittest.CheckSize(t, d.Frame(), 80, 24)
			opened := opened
			if strings.HasPrefix(what, "watching") {
				// A spectator's keys have no deal to act on.
				opened = strings.Replace(opened, "Keys typed now go nowhere until enter or esc;", "Enter or esc takes this note away;", 1)
			}
			if !strings.Contains(kittest.Flat(text), opened) {
				t.Errorf("%d players, %s: / does not say the quiet whole:\n%s", n, what, text)
			}
			d.Press("/", "esc")
			typeLine(d, "psst")
			d.Press("enter")
			text = screenText(d)
			kittest.CheckSize(t, d.Frame(), 80, 24)
			if !strings.Contains(kittest.Flat(text), refused) {
				t.Errorf("%d players, %s: the refused line is not said whole:\n%s", n, what, text)
			}
			for _, k := range keep {
				if !strings.Contains(kittest.Flat(text), k) {
					t.Errorf("%d players, %s: %q is lost to the note:\n%s", n, what, k, text)
				}
			}
			if testing.Verbose() {
				t.Logf("%d players, %s:\n%s", n, what, text)
			}
			d.Press("/", "esc") // the line kept goes
		}
		check("seated", f.hs, "Your turn", "? help")
		clockAt(f, now, f.s.snap.Seat, 5*time.Second)
		check("seated, the clock running out", f.hs, "A bot plays for you in 5s", "Your turn", "? help")
		check("watching", w.d, "? help")
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		w.catchUp()
		check("seated, the result", f.hs, "This deal scores", "Press enter for the next deal", "? help")
		check("watching, the result", w.d, "This deal scores", "Waiting for Tester", "? help")
	})
}

// TestQuietTalkNotOffered: while the table is quiet (a rated deal in
// play) the keys line offers no "/ talk", which enter would refuse, and
// the talk panel's heading says the table is quiet; once it may talk
// again (between deals) the keys and the heading offer the talk. At
// every seat count, for a seat and for a spectator.
func TestQuietTalkNotOffered(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		q := &hushTalk{hush: true}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared, c.Tag = q, true, "table ABCD"
		})
		for _, when := range []struct {
			what string
			ok   func(host.Snapshot) bool
		}{
			{"the bidding", func(s host.Snapshot) bool { return s.HasDeal && s.Can.Act && s.View.Phase != rules.PhasePlay }},
			{"a card", myCard},
			{"another's card", func(s host.Snapshot) bool { return s.HasDeal && !s.Can.Act && s.View.Phase == rules.PhasePlay }},
		} {
			if !f.reach(when.ok, false) {
				continue
			}
			keys := kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
			text := kittest.Flat(f.text())
			if strings.Contains(keys, "talk") || !strings.Contains(text, "Table talk · quiet now") {
				t.Errorf("%d players, %s: the quiet table offers the talk, or does not say it is quiet (keys %q):\n%s",
					n, when.what, keys, f.text())
			}
			// Who watches stays in the heading at 80x24 while the
			// table is quiet: the keys line says the quiet already.
			f.s.snap.Watchers = 2
			if text := kittest.Flat(f.text()); !strings.Contains(text, "Table talk · 2 watching") {
				t.Errorf("%d players, %s: the heading does not say who watches:\n%s", n, when.what, f.text())
			}
			f.s.snap.Watchers = 0
			f.s.snap.Watching = true
			keys = kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
			if strings.Contains(keys, "talk") {
				t.Errorf("%d players, %s: a spectator of the quiet table is offered the talk: %q", n, when.what, keys)
			}
			f.s.snap.Watching = false
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		}
		q.hush = false
		keys := kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
		if !strings.Contains(keys, "/ talk") || strings.Contains(f.text(), "quiet now") {
			t.Errorf("%d players: the table may talk, the keys do not offer it (keys %q):\n%s", n, keys, f.text())
		}
	})
}

// longTalk is a spectator's line longer than a row of the talk.
const longTalk = "go Cidney, you can still catch up with a long message that wraps around the line"

// TestTalkPanelLongLineWholeWithRoom: a line of talk longer than three
// rows of the panel is read whole when the rows below are free; the
// newest is given the rows first.
func TestTalkPanelLongLineWholeWithRoom(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := &Scene{V: handView(t), You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: "Bob"}}}
	sc.Chat = []SceneChat{{ChatLine: ChatLine{Seq: 1, Name: "eve", Text: longTalk, Watching: true}, Deal: sc.DealNo}}
	text := ansi.Strip(strings.Join(sc.rightColumn(&ctx, 24, 40), "\n"))
	if !strings.Contains(kittest.Flat(text), `eve (watching): "`+longTalk+`"`) {
		t.Errorf("the line is cut with rows free below:\n%s", text)
	}
}

// TestTalkBetweenDealsWrapsLongLine: between deals, at every seat count
// at 80×24, a line of talk longer than the window wraps onto the rows
// free under the result instead of being cut at the window's edge.
func TestTalkBetweenDealsWrapsLongLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared = talk, true
		})
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		talk.hear("bob", "nice", false)
		talk.hear("eve", longTalk, true)
		f.hs.Deliver(ChatRefresh{})
		text := f.text()
		if !strings.Contains(kittest.Flat(text), `eve (watching): "`+longTalk+`"`) {
			t.Errorf("the long line is cut:\n%s", text)
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}

// TestTalkReadBackInVList: the v list ends with the table talk, every
// line whole, and end goes to it, at every seat count at 80×24, while
// a deal is played (the panel cuts a long line) and between deals.
func TestTalkReadBackInVList(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared = talk, true
		})
		f.until("a card", myCard, true)
		for i := range 6 {
			talk.hear("bob", fmt.Sprintf("line %d", i+1), false)
		}
		talk.hear("eve", longTalk, true)
		f.hs.Deliver(ChatRefresh{})
		f.hs.Press("v")
		f.hs.Press("end")
		text := f.text()
		for _, want := range []string{"Table talk", `bob: "line 6"`, `eve (watching): "` + longTalk + `"`} {
			if !strings.Contains(kittest.Flat(text), want) {
				t.Errorf("the v list's end does not read %q:\n%s", want, text)
			}
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}

// TestTalkBotOfLongNameNotBroken: a step made by the bot in a person's
// seat is named "NAME's bot"; with a long name the side pane shortens
// the name with the mark, so that "NAME's" is one word on one row, never
// broken mid-word ("Bartholomew_Fitzgerald" over "_M's bot: pass").
func TestTalkBotOfLongNameNotBroken(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	long := "Bartholomew_Fitzgerald_M"
	for _, name := range []string{long, "Bartholomew_Fitzgeral"} {
		sc := &Scene{V: v, You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: name}}}
		hist := v.History()
		sc.Who = func(i int) string {
			if hist[i].Seat == rules.SeatB {
				return name + "'s bot"
			}
			return ""
		}
		rows := sc.rightColumn(&ctx, 24, 40)
		text := ansi.Strip(strings.Join(rows, "\n"))
		n := 0
		for _, r := range rows {
			r = ansi.Strip(r)
			if kit.WidthOf(r) > 24 {
				t.Errorf("%s: a row of %d cells: %q", name, kit.WidthOf(r), r)
			}
			if strings.Contains(r, "'s") {
				n++
				if !strings.Contains(r, "Bartho") {
					t.Errorf("%s: the bot's name is broken mid-word:\n%s", name, text)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no step of the bot's:\n%s", name, text)
		}
	}
}

// TestLateSpectatorReadsTalkInOrder: a spectator who joins after the
// first trick, ann having said five lines, then a sixth, reads the
// latest of them in the talk pane in the order said, the five before
// the sixth with no word of the game between them, not hidden above
// the deal's words as earlier lines. At every seat count.
func TestLateSpectatorReadsTalkInOrder(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the second trick", func(s host.Snapshot) bool {
			return s.View.Phase == rules.PhasePlay && len(s.View.CompletedTricks()) >= 1 && s.Can.Act
		}, true)
		talk := &fakeTalk{}
		for i := 1; i <= 5; i++ {
			talk.hear("ann", fmt.Sprintf("line %d", i), false)
		}
		w := newWatcher(t, f, talk)
		w.catchUp()
		talk.hear("ann", "line 6", false)
		w.d.Deliver(ChatRefresh{})
		var pane []string
		for _, l := range strings.Split(w.text(), "\n") {
			if _, right, ok := strings.Cut(l, "│ "); ok {
				pane = append(pane, strings.TrimSpace(right))
			}
		}
		at := func(text string) int {
			return slices.IndexFunc(pane, func(l string) bool { return strings.Contains(l, `"`+text+`"`) })
		}
		five, six := at("line 5"), at("line 6")
		if five < 0 || six < 0 || six != five+1 {
			t.Fatalf("%d players: ann's lines 5 and 6 do not stand together in the pane:\n%s", n, w.text())
		}
		for i := 4; i >= 1; i-- {
			if j := at(fmt.Sprintf("line %d", i)); j >= 0 && j != five-(5-i) {
				t.Fatalf("%d players: ann's line %d out of order in the pane:\n%s", n, i, w.text())
			}
		}
	})
}

// droppedKeys stands for the server's message that keys came too fast
// and some were dropped (kit.InputDropped).
type droppedKeys struct{}

func (droppedKeys) InputDropped() {}

// TestDroppedKeysLeaveNoLineToSend: keys the server drops while a line
// is typed at the table leave that line unsent by enter, and the rest
// of the burst is not added to it; edited, it is sent. At every seat
// count.
func TestDroppedKeysLeaveNoLineToSend(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &hushTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Talk = talk })
		f.hs.Press("/", "h", "i")
		if !f.s.talk.Typing {
			t.Fatalf("%d players: / opens no box:\n%s", n, f.text())
		}
		f.hs.Send(droppedKeys{})
		f.hs.Press("x", "y", "enter")
		if len(talk.said) != 0 || !strings.Contains(kittest.Flat(f.text()), "some were dropped") {
			t.Fatalf("%d players: a line lacking dropped keys was sent (%q):\n%s", n, talk.said, f.text())
		}
		f.hs.Press("backspace", "o", "enter")
		if !slices.Equal(talk.said, []string{"ho"}) {
			t.Fatalf("%d players: the edited line was not sent as typed: %q", n, talk.said)
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}
