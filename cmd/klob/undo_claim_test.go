package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// TestUndoAndClaimLogsVerify plays whole games in which the person takes
// decisions back now and then and claims the rest of a deal whenever the
// claim holds; klob verify accepts every log, finished and midway, and
// reports the takebacks and claims tags as kept.
func TestUndoAndClaimLogsVerify(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	dir := t.TempDir()
	var files []string
	undos, claims := 0, 0
	for game := 0; game < 6; game++ {
		opts := rules.DefaultOptions()
		opts.Target = 300
		s, err := session.New(session.Config{
			Options: opts, Seed: uint64(game + 1),
			Players: []session.Player{{Name: "Ann", Human: true}, {Name: "Bot", Level: ai.Random}},
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !s.Game().Over(); i++ {
			if i > 50000 {
				t.Fatal("the game does not end")
			}
			if s.Game().NeedDeal() {
				if err := s.StartDeal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
			seat, ok := s.ToMove()
			if !ok {
				continue
			}
			if th, ok := s.Think(); ok {
				a, err := th.Think(context.Background())
				if err := s.BotMove(th, a, err); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if r.IntN(8) == 0 {
				if err := s.Undo(seat); err == nil {
					undos++
					continue
				}
			}
			if s.Game().Deal().Phase() == rules.PhasePlay && !s.Claimed(seat) {
				if vd, err := s.Claim(seat); err == nil && vd.OK {
					claims++
					continue
				}
			}
			v := s.View(seat)
			l := v.Legal()
			if err := s.Apply(seat, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
			if i%97 == 0 {
				files = append(files, writeLog(t, s, dir))
			}
		}
		files = append(files, writeLog(t, s, dir))
	}
	if undos < 10 || claims < 3 {
		t.Fatalf("%d undos, %d claims: the test tests little", undos, claims)
	}
	code, out, errs := verify(files...)
	if code != 0 || errs != "" {
		t.Fatalf("klob verify: exit %d, stderr %q", code, errs)
	}
	if strings.Count(out, " wins ") != 6 {
		t.Errorf("klob verify saw %d finished games, want 6:\n%s", strings.Count(out, " wins "), out)
	}
	t.Logf("%d logs, %d undos, %d claims", len(files), undos, claims)
}

func writeLog(t *testing.T, s *session.Session, dir string) string {
	t.Helper()
	text, err := s.Log().MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "[Takebacks ") && s.Takebacks() > 0 {
		t.Fatal("a log with takebacks has no Takebacks tag")
	}
	path := filepath.Join(dir, fmt.Sprintf("game-%d-%d.klob", s.Seed(), s.Gen()))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
