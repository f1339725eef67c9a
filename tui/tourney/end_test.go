package tourney

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
)

// TestHostEndsItNow: the page of a running tournament names who
// entered; its host, and only the host, is offered e, which asks first
// and ends the tournament on a second e: the standings open. Another
// key between the two presses thinks better of it.
func TestHostEndsItNow(t *testing.T) {
	cl := newClub(t, false)
	ctx := context.Background()
	info, err := cl.svc.Create(ctx, ann, svc.Spec{Rules: rules.DefaultOptions(), Level: "normal", Boards: 12,
		Ends: cl.c.Now().Add(time.Hour)})
	require.NoError(t, err)
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
	_, err = cl.svc.Final(ctx, bob.Key, info.Code)
	require.NoError(t, err, "the standings are open to everyone")
}

// inPlay is ann's progress in code as read, with board n in play.
func inPlay(t *testing.T, cl *club, code string, n int) *svc.Progress {
	p, err := cl.svc.Progress(context.Background(), ann.Key, code)
	require.NoError(t, err)
	p.Lines[n-1].State, p.Next = svc.InPlay, n
	return p
}
