package tui

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/tui/kit/kittest"
)

// prefsFile counts the saves of the settings; a save fails with err.
type prefsFile struct {
	mu    sync.Mutex
	saves int
	err   error
}

func (p *prefsFile) save(settings.Settings) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.saves++
	return p.err
}

func (p *prefsFile) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.saves
}

// The settings are written in a tea.Cmd, never in Update: neither the
// start of a game with changed settings nor o at the table touches the
// disk until the commands run; a failed save then says so.
func TestPrefsSavedOffTheUI(t *testing.T) {
	pf := &prefsFile{err: errors.New("disk full")}
	prefs := settings.Default()
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Prefs, cfg.SavePrefs = &prefs, pf.save
	hs := newHarness(t, cfg, 80, 24)
	hs.press("up", "up", "right") // the last setting: the hand's order
	hs.Hold = true
	hs.send(kittest.Key("enter"))
	hs.press("t")
	if n := pf.count(); n != 0 {
		t.Fatalf("%d saves of the settings in Update at the start", n)
	}
	hs.release()
	hs.settle()
	if n := pf.count(); n != 1 {
		t.Fatalf("%d saves of the settings once the commands ran, want 1", n)
	}
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Your settings could not be kept: disk full") {
		t.Fatalf("the failed save is not said:\n%s", hs.screen())
	}
	hs.Hold = true
	hs.send(kittest.Key("o"))
	if n := pf.count(); n != 1 {
		t.Fatalf("o saved the settings in Update (%d saves)", n)
	}
	hs.release()
	if n := pf.count(); n != 2 {
		t.Fatalf("%d saves after o, want 2", n)
	}
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "The hand's order could not be kept: disk full") {
		t.Fatalf("the failed save of the order is not said:\n%s", hs.screen())
	}
}
