package tourney

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHostEndsItNow: the page of a running tournament names who
// entered; its host, and only the host, is offered e, which asks first
// and ends the tournament on a second e: the standings open. Another
// key between the two presses thinks better of it.
func TestHostEndsItNow(t *testing.T) {
	cl := newClub(t, false)
	ctx := context.Background()
	info := cl.create(t, 0, 12, time.Hour)
	require.NoError(t, cl.svc.Enter(ctx, ann, info.Code))
	require.NoError(t, cl.svc.Enter(ctx, bob, info.Code))
	open := func(p svc.Player) *fixture {
		f := cl.open(p)
		f.press("c")
		f.d.Send(tea.PasteMsg{Content: info.Code + "\n"})
		f.press("enter")
		f.see("Hosted by Ann")
		return f
	}
	b := open(bob)
	b.see("Entered: Ann, Bob.")
	require.NotContains(t, b.text(), "end it now", "a mere entrant is offered the end")
	b.press("e")
	require.NotContains(t, b.text(), "End the tournament now")

	a := open(ann)
	a.see("[e] end it now")
	// Board 12 in play: the longest line of keys still fits.
	require.NoError(t, cl.svc.Enter(ctx, ann, info.Code))
	a.d.Send(detailMsg{to: a.s.sub.(*detail), prog: inPlay(t, cl, info.Code, 12)})
	for _, l := range strings.Split(a.text(), "\n") {
		require.LessOrEqual(t, len([]rune(l)), 80, "a line too long: %q", l)
	}
	a.see("go on with board 12")
	a.see("[e] end it now")
	a.press("e")
	a.see("End the tournament now?")
	a.press("down") // thinks better of it
	a.press("e")
	a.see("End the tournament now?")
	a.press("e")
	a.see("standings")
	_, err := cl.svc.Final(ctx, bob.Key, info.Code)
	require.NoError(t, err, "the standings are open to everyone")
}

// inPlay is ann's progress in code as read, with board n in play.
func inPlay(t *testing.T, cl *club, code string, n int) *svc.Progress {
	p, err := cl.svc.Progress(context.Background(), ann.Key, code)
	require.NoError(t, err)
	p.Lines[n-1].State, p.Next = svc.InPlay, n
	return p
}

// longName is a name of the most letters the hall takes.
var longName = svc.Player{Key: "dddd0000000000000000000000000004", Name: "Maximiliane Wolkensteine"}

// seatedMidBoard makes Ann's tournament of players seats, ending in an
// hour, and seats p at board 1, a few moves into it.
func seatedMidBoard(t *testing.T, cl *club, players int, p svc.Player) (*fixture, string) {
	t.Helper()
	ctx := context.Background()
	info := cl.create(t, players, 4, time.Hour)
	require.NoError(t, cl.svc.Enter(ctx, p, info.Code))
	f := cl.open(p)
	fairPlay(t, f, info.Code, p)
	f.press("c")
	f.d.Send(tea.PasteMsg{Content: info.Code + "\n"})
	f.press("enter")
	f.see("[enter] play board 1")
	f.press("enter")
	require.True(t, f.on("board"), f.text())
	for range 3 {
		f.step()
	}
	return f, info.Code
}

// board is the board part shown.
func (f *fixture) board() *boardPart {
	f.t.Helper()
	b, ok := f.s.sub.(*boardPart)
	require.True(f.t, ok, "not at a board: %s", f.s.Name())
	return b
}

// onlyLineTwo fails unless after differs from before in its second line
// alone, which reads want, and in its keys line (the last) where keys
// is not "", which then lists keys: the table's layout kept, nothing
// covered and nothing (no card) shown besides.
func onlyLineTwo(t *testing.T, before, after, want, keys string) {
	t.Helper()
	b, a := strings.Split(before, "\n"), strings.Split(after, "\n")
	require.Len(t, a, len(b))
	assert.Equal(t, want, a[1], "the line under the header:\n%s", after)
	last := len(a) - 1
	if keys != "" {
		assert.Contains(t, a[last], keys, "the keys line:\n%s", after)
	}
	for i := range b {
		if i != 1 && (i != last || keys == "") {
			require.Equal(t, b[i], a[i], "line %d changed:\n%s", i+1, after)
		}
	}
}

// keysLine is the last line of a screen: its keys.
func keysLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return lines[len(lines)-1]
}

// TestBoardSaysTheEnd: a person seated mid-board is told at once that
// the tournament has ended (its time run out, or its host's end) and
// that the board no longer counts, on the board's screen, in the line
// under its header at 80×24, the rest of the table as it was, its play
// kept; esc, offered there, in the keys line (while esc does not close
// a list) and in the help, opens the standings.
func TestBoardSaysTheEnd(t *testing.T) {
	const ended = " ! The tournament has ended: this board no longer counts.  [esc] the standings"
	for _, how := range []string{"time", "host"} {
		t.Run(how, func(t *testing.T) {
			testkit.EachSeatCount(t, func(t *testing.T, players int) {
				cl := newClub(t, false)
				f, code := seatedMidBoard(t, cl, players, longName)
				b := f.board()
				before := f.text()
				require.NotContains(t, before, "tournament has ended")
				f.press("esc")
				require.True(t, f.on("board"), "esc left the board before the end")

				switch how {
				case "time":
					// The tick asked for comes a moment after the end
					// (TestBoardReadsAtTheEnd); here it is the read.
					cl.c.Add(time.Hour)
					f.run(b.read())
				case "host":
					require.NoError(t, cl.svc.End(context.Background(), ann, code))
					f.run(b.waitEnded())
				}
				kittest.CheckSize(t, f.d.Frame(), 80, 24)
				onlyLineTwo(t, before, f.text(), ended, "esc the standings · ? help · q quit")
				_, _, inPlay := cl.svc.HiddenFrom(code, longName.Key)
				require.True(t, inPlay, "the board's play stopped at the end")
				assert.Contains(t, f.helpWords(), "esc the tournament has ended: its standings")
				// With the trick list open esc closes it: the keys line
				// does not offer the standings then.
				f.press("v")
				require.NotContains(t, keysLine(f.text()), "standings", f.text())
				f.press("v")
				require.Contains(t, keysLine(f.text()), "esc the standings", f.text())

				f.press("esc")
				require.True(t, f.on("tournament"), f.text())
				f.see("standings")
			})
		})
	}
}

// TestBoardSaysTheEndNear: within ten minutes of the end the board's
// screen says when it ends and that the board counts only if finished
// by then, in the line under the header, at 80×24 to the last minute;
// further off it says nothing.
func TestBoardSaysTheEndNear(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, _ := seatedMidBoard(t, cl, players, longName)
		b := f.board()
		before := f.text()
		require.NotContains(t, before, "The tournament ends")
		cl.c.Add(51 * time.Minute)
		f.run(b.read())
		onlyLineTwo(t, before, f.text(), " ! The tournament ends in 9m: this board counts if finished by then.", "")
		cl.c.Add(8*time.Minute + 30*time.Second)
		f.run(b.read())
		kittest.CheckSize(t, f.d.Frame(), 80, 24)
		onlyLineTwo(t, before, f.text(), " ! The tournament ends in under a minute: this board counts if finished by then.", "")
		f.press("esc")
		require.True(t, f.on("board"), "esc left the board before the end")
	})
}

// TestBoardReadsAtTheEnd: a board reads its tournament again as the
// warning before the end begins and a moment after the end (at most
// the usual refresh later), not on the wall clock.
func TestBoardReadsAtTheEnd(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for left, want := range map[time.Duration]time.Duration{
		time.Hour:         50 * time.Minute,
		nearEnd:           nearEnd + endSlack,
		10 * time.Second:  10*time.Second + endSlack,
		0:                 endSlack,
		-30 * time.Second: endSlack,
	} {
		assert.Equal(t, want, endWait(now, now.Add(left)), "%v to the end", left)
	}
}

var _ kit.Screen = (*boardPart)(nil)

// TestBoardPlayedBeforeTheEnd: a board played out before the end
// counts: while its result shows, the end is said without saying the
// board no longer counts, its keys line offers esc to the standings,
// and the part after it gives its result.
func TestBoardPlayedBeforeTheEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, code := seatedMidBoard(t, cl, players, longName)
		b := playOut(t, f)
		require.NoError(t, cl.svc.End(context.Background(), ann, code))
		f.run(b.waitEnded())
		kittest.CheckSize(t, f.d.Frame(), 80, 24)
		assert.Equal(t, " ! The tournament has ended.  [esc] the standings", strings.Split(f.text(), "\n")[1])
		// The board's keys line says esc too, as the help does.
		assert.Contains(t, keysLine(f.text()), "esc the standings", f.text())
		f.press("enter")
		f.see("Board 1 of 4 is played.")
		f.see("Your result: ")
	})
}

// TestAfterBoardAtTheEnd: the page after a board, read while the
// tournament ran, offers the next board; the tournament then ends, and
// enter opens the standings rather than leaving the page that offers
// a board no longer to be played.
func TestAfterBoardAtTheEnd(t *testing.T) {
	cl := newClub(t, false)
	f, code := seatedMidBoard(t, cl, 2, longName)
	playOut(t, f)
	f.press("enter")
	f.see("Board 1 of 4 is played.")
	f.see("board 2")
	require.NoError(t, cl.svc.End(context.Background(), ann, code))
	f.press("enter")
	f.see("standings")
	assert.NotContains(t, f.text(), "tournament is over", f.text())
}

// TestAfterBoardSaysTheEndByItself: the page after a board, read while
// the tournament ran, offers the next board; once the end has passed it
// reads the tournament again by itself and offers the standings, no
// longer the next board nor a wait "until its end". It asks to be read
// again just after the end, and nothing more once the tournament has
// ended. At 80×24, at every seat count.
func TestAfterBoardSaysTheEndByItself(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, _ := seatedMidBoard(t, cl, players, longName)
		playOut(t, f)
		f.press("enter")
		f.see("Board 1 of 4 is played.")
		f.see("[enter] board 2")
		f.see("the tournament waits for you")
		a, ok := f.s.sub.(*after)
		require.True(t, ok, f.s.sub.Name())

		cl.c.Add(2 * time.Hour)
		f.run(a.reread())
		kittest.CheckSize(t, f.d.Frame(), 80, 24)
		f.see("The tournament has ended: its standings are out.")
		f.see("[enter] the standings")
		assert.NotContains(t, f.text(), "board 2")
		assert.NotContains(t, f.text(), "waits for you")
		f.press("enter")
		f.see("standings")
	})

	cl := newClub(t, false)
	s := cl.screen(ann, 30*time.Second)
	ctx := &kit.Context{}
	p := newAfter(s, "TESTAB", &svc.Seat{Board: 1, Boards: 4})
	soon := svc.Info{Ends: cl.c.Now().Add(10 * time.Second)}
	if _, cmd := p.Update(ctx, afterMsg{to: p, prog: &svc.Progress{Info: soon}}); cmd == nil {
		t.Error("running: no read asked for the end")
	}
	over := svc.Info{Ends: cl.c.Now().Add(-time.Second), Over: true}
	if _, cmd := p.Update(ctx, rereadMsg{to: p, prog: &svc.Progress{Info: over}}); cmd != nil {
		t.Error("ended: a read asked again")
	}
}

// playOut plays the board on f's screen to its end and returns it.
func playOut(t *testing.T, f *fixture) *boardPart {
	t.Helper()
	b := f.board()
	for range 2000 {
		if b.t.Snapshot().Over {
			break
		}
		f.step()
	}
	require.True(t, b.t.Snapshot().Over, "the board never ended")
	return b
}

// TestStandingsSayABoardLeftHalfPlayed: a board begun and not finished
// by the end (the person left, was at it as the host ended the
// tournament, or the server was down as it ended) does not count, and the standings say so to that person, at 80×24;
// to anyone else they say nothing of it.
func TestStandingsSayABoardLeftHalfPlayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		_, code := seatedMidBoard(t, cl, players, longName)
		cl.c.Add(2 * time.Hour)
		open := func(p svc.Player) *fixture {
			f := cl.open(p)
			f.press("c")
			f.d.Send(tea.PasteMsg{Content: code + "\n"})
			f.press("enter")
			f.see("standings")
			return f
		}
		f := open(longName)
		kittest.CheckSize(t, f.d.Frame(), 80, 24)
		f.see("Board 1 was not finished when the tournament ended, so it does not count.")
		assert.NotContains(t, open(bob).text(), "not finished when")
	})
}

// TestEntrantsBoardsSayABoardNotFinished: an entrant's boards say of a
// board begun and not finished by the end "not finished", as the
// standings say it, and of one never begun "not played"; enter on it
// says why there is no play to show. At 80×24, at every seat count.
func TestEntrantsBoardsSayABoardNotFinished(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		_, code := seatedMidBoard(t, cl, players, longName)
		cl.c.Add(2 * time.Hour)
		f := cl.openAt(longName, code)
		f.see("Board 1 was not finished when the tournament ended, so it does not count.")
		f.press("enter")
		f.see("'s boards")
		kittest.CheckSize(t, f.d.Frame(), 80, 24)
		lines := strings.Split(f.text(), "\n")
		row := func(n int) string {
			for _, l := range lines {
				if fields := strings.Fields(strings.TrimLeft(l, "▶ ")); len(fields) > 0 && fields[0] == fmt.Sprint(n) {
					return l
				}
			}
			t.Fatalf("no row of board %d:\n%s", n, f.text())
			return ""
		}
		assert.True(t, strings.HasSuffix(row(1), "not finished"), row(1))
		assert.True(t, strings.HasSuffix(row(2), "not played"), row(2))
		f.press("enter")
		assert.Contains(t, kittest.Flat(f.text()), "did not finish board 1 before the tournament ended, so it does not count.")
	})
}

// TestPageSaysTheHostsEnd: an entrant on the page of a running
// tournament, playing nothing, sees it end as soon as its host ends
// it, without a key: the page reads it again at the host's end and
// shows the standings in place of the board to play. At 80×24.
func TestPageSaysTheHostsEnd(t *testing.T) {
	cl := newClub(t, false)
	ctx := context.Background()
	info := cl.create(t, 3, 4, 30*time.Minute)
	f, p := cl.page(t, cid, info.Code, "[enter] play board 1")
	before := f.text()

	f.hears(t, p, "the host's end", func() error { return cl.svc.End(ctx, ann, info.Code) })
	kittest.CheckSize(t, f.d.Frame(), 80, 24)
	require.NotEqual(t, before, f.text())
	f.see("standings")
	assert.NotContains(t, f.text(), "play board 1", f.text())
	assert.NotContains(t, f.text(), "(in 29m)", f.text())
}

// TestPageSaysWhoEntered: the host's page of a running tournament
// shows an entry as soon as it is made, without a key: the page reads
// it again at each entry. At 80×24.
func TestPageSaysWhoEntered(t *testing.T) {
	cl := newClub(t, false)
	ctx := context.Background()
	info := cl.create(t, 3, 4, 30*time.Minute)
	f, p := cl.page(t, ann, info.Code, "1 entrant")

	f.hears(t, p, "the entry", func() error { return cl.svc.Enter(ctx, cid, info.Code) })
	kittest.CheckSize(t, f.d.Frame(), 80, 24)
	f.see("2 entrants")
	assert.Contains(t, f.text(), cid.Name, f.text())
}

// page opens who's screens at the tournament of code, goes on to its
// page (enter) and checks the page reads want.
func (cl *club) page(t *testing.T, who svc.Player, code, want string) (*fixture, *detail) {
	t.Helper()
	f := cl.openAt(who, code)
	f.press("enter")
	f.see(want)
	p, ok := f.s.sub.(*detail)
	require.True(t, ok, f.text())
	return f, p
}

// hears has p, the page f shows, wait for its tournament's end or next
// entry, does act, and sends f's screen what p heard; what names the
// event act makes.
func (f *fixture) hears(t *testing.T, p *detail, what string, act func() error) {
	t.Helper()
	heard := make(chan tea.Msg, 1)
	wait := p.waitEnded(p.prog.Info.Ends, p.prog.Info.Entries)
	go func() { heard <- wait() }()
	require.NoError(t, act())
	select {
	case msg := <-heard:
		require.NotNil(t, msg, what+" not heard")
		f.d.Send(msg)
	case <-time.After(guard):
		t.Fatal(what + " never heard")
	}
}

// TestParPendingReadsAgainSoon: a tournament read while its par is
// being worked out asks to be read again (soon, not at the next usual
// refresh), so "par is being worked out" goes once par is known; once
// par is there, the read asks nothing more.
func TestParPendingReadsAgainSoon(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(ann, 30*time.Second)
	ctx := &kit.Context{}
	p := newDetail(s, "TESTAB", nil)
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Entered: true}}); cmd == nil {
		t.Error("par pending: no read again asked")
	}
	later := svc.Info{Ends: cl.c.Now().Add(time.Hour)}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Info: later, Entered: true, ParReady: true}}); cmd != nil {
		t.Error("par known: a read again asked besides the usual one")
	}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Entered: true}, fin: &svc.Final{}}); cmd == nil {
		t.Error("standings without par: no read again asked")
	}
}

// TestEndReadsAgainAtTheEnd: a tournament ending before the next usual
// read is read again just after its end, so the standings open then,
// not up to a refresh later; one ending later asks nothing more.
func TestEndReadsAgainAtTheEnd(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(ann, 30*time.Second)
	ctx := &kit.Context{}
	p := newDetail(s, "TESTAB", nil)
	soon := svc.Info{Ends: cl.c.Now().Add(10 * time.Second)}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Info: soon, Entered: true, ParReady: true}}); cmd == nil {
		t.Error("the end within the refresh: no read asked for it")
	}
	later := svc.Info{Ends: cl.c.Now().Add(time.Hour)}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Info: later, Entered: true, ParReady: true}}); cmd != nil {
		t.Error("the end an hour away: a read asked besides the usual one")
	}
	over := svc.Info{Ends: cl.c.Now().Add(-time.Second), Over: true}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Info: over, Entered: true, ParReady: true}, fin: &svc.Final{Pars: []float64{1}}}); cmd != nil {
		t.Error("ended: a read asked besides the usual one")
	}
}
