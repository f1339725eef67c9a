package drill_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// Two stores and two trainers work in one state directory at once, as two
// klob processes would (flock treats two opens in one process as two
// holders): each store waits for the directory's lock, then saves its game
// step by step and archives it; each trainer adds its drills. Nothing is
// lost: both games are in the history, whole, no save is left over, and
// the record counts every drill (a read-modify-write without the lock
// once counted 200 drills as 105, and two first saves replaced each
// other).
func TestTwoStoresTwoTrainers(t *testing.T) {
	dir := t.TempDir()
	games := [2]string{"01-bottom-card-off.klob", "05-target-not-500.klob"}
	steps := []string{"saves/in-dix.klob", "saves/in-trick.klob", "saves/in-play.klob"}
	read := func(name string) *gamelog.Log {
		l, err := gamelog.ReadFile(filepath.Join("../../../testdata/games", name))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	req, err := drill.Parse("hand=JS 9S AS KH QH 7D up=8S score=10-20")
	if err != nil {
		t.Fatal(err)
	}
	drills := 100
	if testing.Short() {
		drills = 40
	}
	var wg sync.WaitGroup
	archived := make([]string, 2)
	for i := range 2 {
		wg.Add(2)
		go func() { // a player
			defer wg.Done()
			s := store.New(dir, store.Options{})
			// The other store holds the lock for a few saves: wait for it
			// as long as it takes (the test's own timeout bounds a hang).
			for {
				err := s.Lock()
				if err == nil {
					break
				}
				if !errors.Is(err, store.ErrBusy) {
					t.Errorf("store %d: %v", i, err)
					return
				}
				time.Sleep(time.Millisecond)
			}
			defer s.Unlock()
			if _, err := s.LoadCurrent(); !errors.Is(err, store.ErrNoSave) {
				t.Errorf("store %d found a game in progress: %v", i, err)
				return
			}
			for _, st := range steps {
				if err := s.SaveCurrent(read(st)); err != nil {
					t.Errorf("store %d: %v", i, err)
					return
				}
			}
			final := read(games[i])
			if err := s.SaveCurrent(final); err != nil {
				t.Errorf("store %d: %v", i, err)
				return
			}
			path, err := s.Archive(final)
			if err != nil {
				t.Errorf("store %d: %v", i, err)
				return
			}
			archived[i] = path
		}()
		go func() { // a trainer
			defer wg.Done()
			f := &drill.StatsFile{Path: filepath.Join(dir, drill.StatsName)}
			for range drills {
				v := drill.Verdict{Kind: drill.Best}
				if _, err := f.Add(drill.Record{Situation: req.Situation, Chose: rules.PassAction(), Best: rules.PassAction(), Verdict: v, When: time.Unix(0, 0)}); err != nil {
					t.Errorf("trainer %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	st, err := (&drill.StatsFile{Path: filepath.Join(dir, drill.StatsName)}).Load()
	if total := st.Total(); err != nil || total.Drills != 2*drills || total.Correct != 2*drills {
		t.Errorf("the record counts %d drills (%v), want %d", total.Drills, err, 2*drills)
	}
	if _, err := os.Stat(filepath.Join(dir, store.CurrentName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a save is left over: %v", err)
	}
	hist, err := store.New(dir, store.Options{}).History()
	if err != nil || len(hist) != 2 {
		t.Fatalf("history: %d entries (%v), want 2", len(hist), err)
	}
	sort.Strings(archived)
	for i, e := range hist {
		if e.Err != nil || e.Path != archived[i] {
			t.Errorf("history entry %s: %v", e.Path, e.Err)
		}
	}
	for _, g := range games {
		want, _ := read(g).MarshalText()
		found := false
		for _, p := range archived {
			got, _ := os.ReadFile(p)
			found = found || bytes.Equal(got, want)
		}
		if !found {
			t.Errorf("game %s is not in the history as it was played", g)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if n := e.Name(); filepath.Ext(n) == ".tmp" {
			t.Errorf("left behind: %s", n)
		}
	}
}
