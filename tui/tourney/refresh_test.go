package tourney

import (
	"testing"
	"time"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/tui/kit"
)

// TestParPendingReadsAgainSoon: a tournament read while its par is
// being worked out asks to be read again (soon, not at the next usual
// refresh), so "par is being worked out" goes once par is known; once
// par is there, the read asks nothing more.
func TestParPendingReadsAgainSoon(t *testing.T) {
	s := New(Config{Player: ann, Back: func() kit.Screen { return lobbyStub{} }, Refresh: 30 * time.Second})
	t.Cleanup(s.Close)
	ctx := &kit.Context{}
	p := newDetail(s, "TESTAB", nil)
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Entered: true}}); cmd == nil {
		t.Error("par pending: no read again asked")
	}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Entered: true, ParReady: true}}); cmd != nil {
		t.Error("par known: a read again asked besides the usual one")
	}
	if _, cmd := p.Update(ctx, detailMsg{to: p, prog: &svc.Progress{Entered: true}, fin: &svc.Final{}}); cmd == nil {
		t.Error("standings without par: no read again asked")
	}
}
