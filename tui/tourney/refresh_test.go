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
