package table

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// fakeTalk is a table's chat in memory: what is said is kept (commands
// are answered), a refusal can be set.
type fakeTalk struct {
	lines  []ChatLine
	said   []string
	refuse error
}

func (f *fakeTalk) Lines() []ChatLine { return f.lines }
func (f *fakeTalk) Limit() int        { return 200 }
func (f *fakeTalk) Say(text string) (string, error) {
	if f.refuse != nil {
		return "", f.refuse
	}
	if strings.HasPrefix(text, "/mute ") {
		return "You no longer see " + strings.TrimPrefix(text, "/mute ") + "'s lines.", nil
	}
	f.said = append(f.said, text)
	f.hear("Tester", text, false)
	return "", nil
}

// hear adds a line said by name.
func (f *fakeTalk) hear(name, text string, watching bool) {
	f.lines = append(f.lines, ChatLine{Seq: uint64(len(f.lines) + 1), Name: name, Text: text, Watching: watching})
}

// watcher is a spectator's screen beside a fixture's game.
type watcher struct {
	t    *testing.T
	f    *fixture
	port host.Port
	d    *kittest.Driver
}

func newWatcher(t *testing.T, f *fixture, talk Talker) *watcher {
	t.Helper()
	p, err := f.h.Watch()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Leave)
	cfg := Config{Port: p, Manual: true, Now: func() time.Time { return t0 }, Tag: "table ABCD"}
	if talk != nil {
		cfg.Talk = talk
	}
	w := &watcher{t: t, f: f, port: p}
	w.d = kittest.New(t, New(cfg), 80, 24, false)
	return w
}

// watchAtCard is a spectator with talk, shown the game once f has
// played on to a card of the person's answering a lead.
func watchAtCard(t *testing.T, f *fixture, talk Talker) *watcher {
	t.Helper()
	w := newWatcher(t, f, talk)
	f.until("a card", myCard, true)
	w.catchUp()
	return w
}

// catchUp shows the spectator the game where the seat's screen is.
func (w *watcher) catchUp() {
	w.t.Helper()
	gen := w.f.port.Snapshot().Gen
	timeout := time.After(guard)
	for w.port.Snapshot().Gen != gen {
		select {
		case <-w.port.Updates():
		case <-timeout:
			w.t.Fatal("the spectator's snapshot never caught up")
		}
	}
	w.d.Deliver(Refresh{})
}

func (w *watcher) text() string { return screenText(w.d) }

func (w *watcher) screen() *Screen { return w.d.Screen.(*Screen) }

// checkHidden fails when the spectator's screen shows a card no seat
// has shown while the deal is live.
func (w *watcher) checkHidden(what string) {
	w.t.Helper()
	sn := w.screen().snap
	if sn.Between || sn.Over || !sn.HasDeal {
		return
	}
	deal, hidden, err := w.f.h.HiddenFrom(rules.NoSeat)
	if err != nil || deal != sn.DealNo {
		return
	}
	g := &w.d.Ctx.Paint.Glyphs
	text := w.text()
	for _, c := range hidden.Cards() {
		if strings.Contains(text, g.CardText(c)) {
			w.t.Fatalf("%s: the spectator sees %s, a hidden card:\n%s", what, g.CardText(c), text)
		}
	}
}

// TestSpectatorGoldens draws a spectator's screen at 80×24 at every
// seat count: a card being played (seat A's hand face down, the chat
// in the talk panel), the deal's result, and every hand of the scored
// deal (d). A spectator's key that would play moves nothing.
func TestSpectatorGoldens(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		talk := &fakeTalk{}
		talk.hear("Ann", "good luck all", false)
		w := watchAtCard(t, f, talk)
		name := func(what string) string { return fmt.Sprintf("watch%d-80x24-%s", n, what) }
		talk.hear("Zed", "nice lead", true)
		w.d.Deliver(ChatRefresh{})
		w.checkHidden("the table")
		kittest.CheckSize(t, w.d.Frame(), 80, 24)
		kittest.Golden(t, name("1-play"), w.text())
		checkNoSeatLetters(t, w.text())
		// Seat A's hand is drawn as every other hidden hand is: its
		// backs and their count, no card-sized boxes.
		backs := ansi.Strip(kit.HiddenCards(&w.d.Ctx, w.screen().snap.View.Counts[rules.SeatA], rules.TricksPerDeal(n), 50))
		if !strings.Contains(w.text(), "Tester's hand") || !strings.Contains(w.text(), backs) ||
			strings.Contains(w.text(), w.d.Ctx.Paint.Glyphs.Back) {
			t.Errorf("the spectator's bottom hand is not drawn %q:\n%s", backs, w.text())
		}
		// A spectator has no partner: the top seat of four is the
		// watched seat's ("Tester's partner"), when it is said at all.
		if strings.Contains(strings.ReplaceAll(w.text(), "Tester's partner", ""), "partner") {
			t.Errorf("the spectator is shown a partner of their own:\n%s", w.text())
		}
		gen := w.port.Snapshot().Gen
		w.d.Press("enter")
		w.d.Press("1")
		if !strings.Contains(w.text(), watchNote) {
			t.Fatalf("a spectator's enter is not answered:\n%s", w.text())
		}
		if w.port.Snapshot().Gen != gen {
			t.Fatal("a spectator's keys moved the game")
		}
		w.d.Press("v")
		w.checkHidden("the trick list")
		checkNoSeatLetters(t, w.text())
		w.d.Press("v")
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		w.catchUp()
		kittest.Golden(t, name("2-result"), w.text())
		// The keys are written whole, never cut to fit beside what the
		// spectator waits for.
		if keys := kit.HintLine(w.screen().KeyHelp(&w.d.Ctx.Keys).ShortHelp()); !strings.Contains(w.text(), keys) {
			t.Fatalf("the result does not show the keys %q whole:\n%s", keys, w.text())
		}
		w.d.Press("d")
		kittest.CheckSize(t, w.d.Frame(), 80, 24)
		kittest.Golden(t, name("3-open"), w.text())
		// Every card of the deal shows once it is scored.
		o := w.port.Snapshot().Open
		if o == nil {
			t.Fatal("no open deal for the spectator at the result")
		}
		g := &w.d.Ctx.Paint.Glyphs
		for s := range n {
			for _, c := range o.Held[s].Cards() {
				if !strings.Contains(w.text(), g.CardText(c)) {
					t.Fatalf("seat %d's %s is not shown:\n%s", s, g.CardText(c), w.text())
				}
			}
		}
	})
}

// A spectator never sees a hidden card at any moment of a game, at
// every seat count, whatever list it opens.
func TestSpectatorSeesNoHiddenCard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := hiddenCardFixture(t, n)
		w := newWatcher(t, f, nil)
		for i := 0; i < 300 && !(f.snap().Over && f.s.overSeen); i++ {
			w.catchUp()
			w.checkHidden("the table")
			if i%5 == 0 {
				w.d.Press("v")
				w.checkHidden("the trick list")
				w.d.Press("v")
			}
			f.step(i%3 == 0)
		}
	})
}

// TestChatLine: / opens the line, the keys (q and ? too) go into it,
// enter says it and it shows in the talk panel; a refusal keeps the
// text; a paste longer than a line is cut at the limit and said so; esc
// cancels. The golden is the line being typed.
func TestChatLine(t *testing.T) {
	talk := &fakeTalk{}
	talk.hear("Ann", "hello", false)
	f := newFixture(t, 2, seeds[2], 80, 24, func(_ *host.Config, c *Config) { c.Talk = talk })
	f.until("a card", myCard, true)
	f.hs.Press("/")
	if !f.s.Typing() {
		t.Fatal("/ does not open the line")
	}
	for _, k := range "q? gg" {
		f.hs.Press(string(k))
	}
	kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	kittest.Golden(t, "chat2-80x24-typing", f.text())
	gen := f.port.Snapshot().Gen
	talk.refuse = errors.New("slow down: wait 2 s")
	f.hs.Press("enter")
	if !f.s.Typing() || !strings.Contains(f.text(), "Slow down: wait 2 s.") || !strings.Contains(f.text(), "q? gg_") {
		t.Fatalf("a refused line is not kept with its reason:\n%s", f.text())
	}
	talk.refuse = nil
	f.hs.Press("enter")
	if f.s.Typing() || len(talk.said) != 1 || talk.said[0] != "q? gg" {
		t.Fatalf("said %q, typing %v", talk.said, f.s.Typing())
	}
	if f.port.Snapshot().Gen != gen {
		t.Fatal("typing moved the game")
	}
	if !strings.Contains(f.text(), `You: "q? gg"`) || !strings.Contains(f.text(), `Ann: "hello"`) {
		t.Fatalf("the lines are not in the talk panel:\n%s", f.text())
	}
	kittest.Golden(t, "chat2-80x24-said", f.text())
	// A paste of a megabyte keeps a line's worth and says so.
	f.hs.Press("/")
	f.hs.Deliver(tea.PasteMsg{Content: strings.Repeat("spam \x1b[31m", 1<<20/10)})
	if f.s.talk.Input.Len() != 200 || !strings.Contains(f.text(), "at most 200 characters") || strings.Contains(f.s.talk.Input.String(), "\x1b") {
		t.Fatalf("the paste kept %d characters:\n%s", f.s.talk.Input.Len(), f.text())
	}
	f.hs.Press("esc")
	if f.s.Typing() || f.s.talk.Input.Len() != 0 {
		t.Fatal("esc does not cancel the line")
	}
	// Mute is a command of the line, its answer a note.
	f.hs.Press("/")
	for _, k := range "/mute Ann" {
		f.hs.Press(string(k))
	}
	f.hs.Press("enter")
	if !strings.Contains(f.text(), "You no longer see Ann's lines.") {
		t.Fatalf("the mute's answer is not said:\n%s", f.text())
	}
}

// TestBell: the bell rings exactly when the person's turn came after
// another seat's move (Snapshot.Bell grew), never after their own move,
// and never when the setting is off.
func TestBell(t *testing.T) {
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprint(on), func(t *testing.T) {
			f := newFixture(t, 3, seeds[3], 80, 24, gated(), func(_ *host.Config, c *Config) { c.Bell = on })
			rings, turns := 0, 0
			refresh := func(*kittest.Driver) {
				f.settle()
				before := f.s.snap.Bell
				_, cmd := f.s.Update(&f.hs.Ctx, Refresh{})
				grew := f.s.snap.Bell > before
				if grew {
					turns++
				}
				if r := rang(cmd); r != (grew && on) {
					t.Fatalf("bell %v: rang %v when the count went from %d to %d", on, r, before, f.s.snap.Bell)
				}
				if rang(cmd) {
					rings++
				}
			}
			f.hs.After = refresh
			for range 80 {
				if f.port.Snapshot().Thinking != rules.NoSeat {
					f.release()
					refresh(f.hs)
					continue
				}
				f.step(true)
			}
			if turns == 0 {
				t.Fatal("no turn came after another's move")
			}
			if on && rings != turns {
				t.Fatalf("%d rings for %d turns", rings, turns)
			}
		})
	}
}

// rang reports whether cmd prints the terminal's bell.
func rang(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch m := cmd().(type) {
	case tea.RawMsg:
		return fmt.Sprint(m.Msg) == "\a"
	case tea.BatchMsg:
		for _, c := range m {
			if rang(c) {
				return true
			}
		}
	}
	return false
}

// A spectator reads who won in the words of the seat count (a team of
// four win, one player wins) and, at the game over, the table it was
// played at, and nothing of a log saved: it is the players', not theirs.
func TestSpectatorSeesTheWinner(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		w := newWatcher(t, f, nil)
		f.until("the end", func(s host.Snapshot) bool { return s.Over }, true)
		w.catchUp()
		verb := " wins the game, "
		if n == 4 {
			verb = " win the game, "
		}
		if !strings.Contains(w.text(), verb) {
			t.Fatalf("the spectator's end of the game does not say %q:\n%s", verb, w.text())
		}
		// The game was played at the table, not against it.
		w.d.Press("enter")
		if !strings.Contains(w.text(), "played at the table ABCD") {
			t.Fatalf("the spectator's game over does not say where it was played:\n%s", w.text())
		}
		// The log is the players': none is in the spectator's history.
		if strings.Contains(w.text(), "saved") {
			t.Fatalf("the spectator's game over speaks of a saved log that is not theirs:\n%s", w.text())
		}
	})
}

// TestChatLongNames: a name in the talk longer than the talk column
// (names.Max is 24 letters, the column 23 cells) is shortened as the table
// shortens the seats' names, never cut by the wrap into pieces that read
// as two names: a seat's as its seat is named, a spectator's among them.
// At every seat count.
func TestChatLongNames(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		const seated, watching = "alexandra_of_the_nor_th", "bartholomew_watches_all"
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.Players[1].Name = seated
			c.Talk = talk
		})
		talk.hear(seated, "hi", false)
		talk.hear(watching, "hello", true)
		f.hs.Deliver(ChatRefresh{})
		var col []string
		for _, l := range strings.Split(f.text(), "\n") {
			if i := strings.LastIndex(l, "│ "); i >= 0 { // the column's rule, after any card's side
				col = append(col, l[i+len("│ "):])
			}
		}
		talkCol := strings.Join(col, "\n")
		for _, c := range []struct{ name, said string }{{seated, `: "hi"`}, {watching, ` (watching): "hello"`}} {
			short := ""
			for _, l := range col {
				if i := strings.Index(l, "…"); i > 0 && strings.HasPrefix(c.name, l[:i]) && strings.Contains(talkCol, l) {
					short = l
				}
			}
			if short == "" || strings.Contains(talkCol, c.name[len(c.name)-4:]+":") {
				t.Fatalf("%d players: %s is not shortened in the talk:\n%s", n, c.name, f.text())
			}
			if !strings.Contains(kittest.Flat(talkCol), c.said) {
				t.Fatalf("%d players: %s's line is lost:\n%s", n, c.name, f.text())
			}
		}
		if n == 3 {
			kittest.Golden(t, "chat3-80x24-long-names", f.text())
		}
	})
}

// TestSpectatorEscAsks: at every seat count, a spectator's esc closes
// what is open (the line of talk, the trick list, the hands) and only
// that; with nothing open it asks what q asks (kit.AskQuit), and a
// screen around the table, which leaves on esc when the table does not
// use it (UsesBack), does not leave at once. A game closed or made
// private to them, or over and its end seen, is left at once, as the
// screen says.
func TestSpectatorEscAsks(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		w := watchAtCard(t, f, &fakeTalk{})
		s := w.screen()
		// esc as the lobby's watching seat takes it: it leaves when the
		// table does not use esc, else the table has it.
		esc := func(what string) (left, asked bool) {
			t.Helper()
			if !s.UsesBack() {
				return true, false
			}
			_, cmd := s.Update(&w.d.Ctx, kittest.Key("esc"))
			if cmd != nil {
				_, asked = cmd().(kit.AskQuitMsg)
			}
			return false, asked
		}
		check := func(what string, wantLeft, wantAsked bool) {
			t.Helper()
			if left, asked := esc(what); left != wantLeft || asked != wantAsked {
				t.Errorf("%s: esc leaves at once %v, asks %v; want %v, %v:\n%s", what, left, asked, wantLeft, wantAsked, w.text())
			}
		}
		check("nothing open", false, true)
		w.d.Press("/")
		if !s.Typing() {
			t.Fatal("/ does not open the line")
		}
		check("the line open", false, false)
		if s.Typing() {
			t.Fatal("esc does not cancel the line")
		}
		check("the line just cancelled", false, true)
		w.d.Press("v")
		check("the trick list open", false, false)
		if s.tricks {
			t.Fatal("esc does not close the trick list")
		}
		check("the trick list just closed", false, true)
		s.opened = true // d, once a deal is scored
		check("the hands open", false, false)
		if s.opened {
			t.Fatal("esc does not close the hands")
		}
		check("the hands just closed", false, true)

		sn := &s.snap
		sn.Private = true
		check("made private", true, false)
		sn.Private, sn.Closed = false, true
		check("closed", true, false)
		sn.Closed, sn.Over, s.overSeen = false, true, true
		check("the game's end", true, false)
	})
}

// A game made private to the spectator, or closed, freezes their board:
// the keys' line offers only esc back to the lobby, neither the trick
// list, the talk, the help nor "watching".
func TestSpectatorShutOutKeys(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		w := watchAtCard(t, f, &fakeTalk{})
		s := w.screen()
		for _, shut := range []string{"private", "closed"} {
			sn := &s.snap
			sn.Private, sn.Closed = shut == "private", shut == "closed"
			keys := kit.HintLine(s.KeyHelp(&w.d.Ctx.Keys).ShortHelp())
			if !strings.Contains(keys, "back to the lobby") || strings.Contains(keys, "watching") ||
				strings.Contains(keys, "tricks") || strings.Contains(keys, "help") || strings.Contains(keys, "leave") {
				t.Errorf("%d players, %s: the keys' line offers what no longer works: %q", n, shut, keys)
			}
			sn.Private, sn.Closed = false, false
		}
	})
}

// Every hand of a scored deal names the seats in a column of at most 12
// cells: a longer name is cut with the ellipsis and kept apart from the
// others, never cut into what reads as another whole name.
func TestOpenHandsCutNamesVisibly(t *testing.T) {
	ctx := kit.NewContext(false)
	sc := &Scene{V: rules.View{Players: 3}, You: rules.NoSeat,
		Players: []Player{{Name: "Mariabella"}, {Name: "Ева Заболоцкая-Весёлая"}, {Name: "Ева Заболоцкая-Петрова"}}}
	s := &Screen{}
	s.snap.Open = &host.OpenDeal{No: 1, Dealer: rules.SeatA}
	lines := s.openLines(&ctx, sc, 80)
	var rows []string
	for _, l := range lines[2:5] {
		rows = append(rows, strings.TrimSpace(ansi.Strip(l)))
	}
	if !strings.HasPrefix(rows[0], "Mariabella ") || !strings.HasSuffix(rows[0], "(dealer)") {
		t.Errorf("a name that fits: %q", rows[0])
	}
	for _, r := range rows[1:] {
		if !strings.Contains(r, "…") || kit.WidthOf(strings.TrimSpace(r)) > 12 {
			t.Errorf("a long name is not cut visibly within 12 cells: %q", r)
		}
	}
	if rows[1] == rows[2] {
		t.Errorf("two long names read alike once cut: %q", rows[1])
	}
}

// A spectator's four-handed table with long or wide names: the top
// seat's role ("alexa…'s partner") and the names beside the trick
// are whole, or cut to end in "…", never cut bare.
func TestSpectatorLabelsCutWithMark(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, names := range [][]string{
		{"alexandra_of_the_northern_lands", "Westmorland_the_longest_name", "bartholomew_the_patient", "Eastbourne_of_the_sea_side"},
		{"王小明王小明王小明王小明", "李华", "张伟张伟张伟张伟张伟张伟", "陈静"},
	} {
		o := options(4)
		sc := &Scene{V: rules.View{Players: 4, Options: o, Seat: rules.SeatA, Dealer: rules.SeatB, Maker: rules.NoSeat, Turn: rules.NoSeat},
			You: rules.NoSeat, Watching: true}
		for _, n := range names {
			sc.Players = append(sc.Players, Player{Name: n, Tag: "normal"})
		}
		role := names[0] + "'s partner"
		for w := 8; w <= 60; w++ {
			right, _ := sc.partnerLines(&ctx, rules.Seat(2), w, 20, false)
			// Named (a short window), the name goes left of the card
			// over the role, in the 22 cells there less a margin.
			_, left := sc.partnerLines(&ctx, rules.Seat(2), w, 22, true)
			if len(left) != 2 {
				t.Fatalf("%d wide: left of the partner's card %q, want its name and role", w, left)
			}
			name, mark := strings.TrimSpace(ansi.Strip(left[0])), strings.TrimSpace(ansi.Strip(left[1]))
			short, ok := strings.CutSuffix(mark, "…'s partner")
			if kit.WidthOf(name) > 20 || kit.WidthOf(mark) > 20 || !strings.HasSuffix(name, "…") && name != names[2] ||
				mark != role && !(ok && strings.HasPrefix(names[0], short)) {
				t.Errorf("%d wide: the partner's name and role left of its card, in 20 cells: %q, %q", w, name, mark)
			}
			for _, l := range right {
				l = ansi.Strip(l)
				if kit.WidthOf(l) > w {
					t.Fatalf("%d wide: %q is %d wide", w, l, kit.WidthOf(l))
				}
				// Whole, the name shortened before "'s partner", or cut
				// with the mark.
				if strings.Contains(l, "partner") || strings.Contains(role, l) && l != "" {
					short, ok := strings.CutSuffix(l, "…'s partner")
					named := ok && strings.HasPrefix(names[0], short)
					if l != role && !named && !strings.HasSuffix(l, "…") {
						t.Errorf("%d wide: the partner's role is cut bare: %q", w, l)
					}
				}
			}
			for _, s := range []rules.Seat{rules.SeatB, rules.Seat(3)} {
				name := ansi.Strip(sc.seatLines(&ctx, s, w)[0])
				name = strings.TrimSpace(name)
				if name != sc.Name(s) && !strings.HasSuffix(name, "…") {
					t.Errorf("%d wide: %s is cut bare: %q", w, sc.Name(s), name)
				}
			}
		}
	}
}

// TestSpectatorClosedSaysOneThing: a spectator whose game is closed, or
// made private to them, at a deal's result or the last one's, is told
// one thing to do (the note the lobby sets: esc goes back), never also
// to press enter, and enter neither goes on to the game's end nor
// takes the note away. At every seat count.
func TestSpectatorClosedSaysOneThing(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		w := newWatcher(t, f, nil)
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		w.catchUp()
		s := w.screen()
		for _, at := range []string{"a result", "the last result"} {
			if at == "the last result" {
				f.until("the end", func(s host.Snapshot) bool { return s.Over }, true)
				w.catchUp()
			}
			for _, shut := range []string{"private", "closed"} {
				sn := &s.snap
				sn.Private, sn.Closed = shut == "private", shut == "closed"
				const note = "The game is closed. Esc goes back to the lobby."
				s.SetNote(note, true)
				s.key(&w.d.Ctx, kittest.Key("enter"))
				text := kittest.Flat(w.text())
				if strings.Contains(text, "Press enter") || strings.Count(text, "The game is closed") != 1 ||
					!strings.Contains(text, note) || s.overSeen {
					t.Errorf("%d players, %s, %s: more than one thing to do, or enter went on:\n%s", n, at, shut, w.text())
				}
				sn.Private, sn.Closed = false, false
			}
		}
	})
}

// TestSpectatorsQuietNoteGoes: a spectator who presses / at a quiet
// table reads why nobody talks; enter or esc take the note away (a
// spectator has no deal the keys act on), at every seat count.
func TestSpectatorsQuietNoteGoes(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, k := range []string{"enter", "esc"} {
			f := newFixture(t, n, seeds[n], 80, 24, func(*host.Config, *Config) {})
			w := watchAtCard(t, f, &hushTalk{hush: true})
			w.d.Press("/")
			if text := kittest.Flat(w.text()); !strings.Contains(text, "/ again opens the box for /mute NAME") {
				t.Fatalf("%d players: / does not say the table is quiet:\n%s", n, w.text())
			}
			// A spectator's keys have no deal to go to: the note says
			// what enter or esc do for them.
			if text := kittest.Flat(w.text()); !strings.Contains(text, "Enter or esc takes this note away") || strings.Contains(text, "go nowhere") {
				t.Fatalf("%d players: the spectator's quiet note speaks of keys acting:\n%s", n, w.text())
			}
			w.d.Press(k)
			if text := kittest.Flat(w.text()); strings.Contains(text, "Keys act on the deal") || strings.Contains(text, "/ again opens the box") {
				t.Fatalf("%d players: after %s the spectator's note stays:\n%s", n, k, w.text())
			}
			kittest.CheckSize(t, w.d.Frame(), 80, 24)
		}
	})
}

// TestSpectatorEnterFromOpenHands: at the last deal's result a
// spectator who opened every hand (d) goes on to the game's end with
// enter, as the screen said, and is not told she tried to play; a note
// answering a key on the result does not follow her onto the game's
// end. At every seat count.
func TestSpectatorEnterFromOpenHands(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		w := newWatcher(t, f, nil)
		f.until("the end", func(s host.Snapshot) bool { return s.Over }, true)
		w.catchUp()
		if !strings.Contains(w.text(), "Press enter for the end of the game.") {
			t.Fatalf("the last result does not say what enter does:\n%s", w.text())
		}
		w.d.Press("1") // a key that would play: the note says she watches
		if !strings.Contains(w.text(), watchNote) {
			t.Fatalf("no note for a key that would play:\n%s", w.text())
		}
		w.d.Press("d")
		if !w.screen().opened {
			t.Fatalf("d does not open every hand:\n%s", w.text())
		}
		w.d.Press("enter")
		if s := w.screen(); !s.overSeen || s.opened {
			t.Fatalf("enter with the hands open does not go on to the game's end:\n%s", w.text())
		}
		if text := w.text(); strings.Contains(text, watchNote) || !strings.Contains(text, "played at the table ABCD") {
			t.Errorf("the game's end keeps the result's note, or is not shown:\n%s", text)
		}
	})
}

// TestSpectatorSpacesTheTeams: wherever a spectator's screen names a
// side of partners it joins their names with " & ", as the header does,
// never "Tester&North": the table in play, the trick list, the deal's
// result and the game over's score pad, at every seat count.
func TestSpectatorSpacesTheTeams(t *testing.T) {
	unspaced := regexp.MustCompile(`[^ \n]&|&[^ \n]`)
	eachTableWith(t, func(hc *host.Config, c *Config) { hc.Options.Target = 200 }, func(t *testing.T, n int, f *fixture) {
		w := watchAtCard(t, f, nil)
		check := func(what string) {
			t.Helper()
			text := w.text()
			if unspaced.MatchString(text) {
				t.Errorf("%d players, %s: a side's names are joined without spaces:\n%s", n, what, text)
			}
			if n == 4 && !strings.Contains(kittest.Flat(text), " & ") {
				t.Errorf("%d players, %s: no team named:\n%s", n, what, text)
			}
		}
		check("the table")
		w.d.Press("v")
		check("the trick list")
		w.d.Press("v")
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		w.catchUp()
		check("the result")
		f.until("the end", func(s host.Snapshot) bool { return s.Over }, true)
		w.catchUp()
		check("the game's end")
		w.d.Press("enter")
		check("the game over")
	})
}

// TestPausedWaitsForNoOne: a spectator at a table whose people are all
// away reads "Paused." where it would read whom the game waits for: it
// waits for whichever of them comes back. Once one is connected, the
// line names the seat to play again. At every seat count at 80×24.
func TestPausedWaitsForNoOne(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		sn := &f.s.snap
		other := rules.Seat(n - 1)
		sn.Seat, sn.Watching, sn.Can.Act, sn.View.Turn = rules.NoSeat, true, false, other
		for i := range sn.Players {
			sn.Players[i].State = host.SeatBot
		}
		sn.Players[0].Human, sn.Players[0].State = true, host.SeatAway
		sn.Players[other].Human, sn.Players[other].State, sn.Players[other].Name = true, host.SeatHere, "ann"
		text := kittest.Flat(f.text())
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if !strings.Contains(text, "Waiting for ann…") {
			t.Errorf("ann connected: the screen does not wait for her:\n%s", text)
		}
		if Paused(sn) {
			t.Errorf("ann connected: the game reads paused")
		}
		sn.Players[other].State = host.SeatAway
		if !Paused(sn) {
			t.Errorf("every player away: the game does not read paused")
		}
		text = kittest.Flat(f.text())
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if strings.Contains(text, "Waiting for") || !strings.Contains(text, " Paused.") {
			t.Errorf("every player away: the prompt line still waits for one:\n%s", text)
		}
		// Back, the seat is handed over at the bot's next move: not paused.
		sn.Players[0].State = host.SeatBack
		if Paused(sn) {
			t.Errorf("a person being handed back their seat: the game reads paused")
		}
	})
}
