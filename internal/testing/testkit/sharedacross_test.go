package testkit

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// TestSharedAcrossWinTables: bots of SharedAcross made by two callers,
// each with win tables of its own (two screens opened on the same
// boards), work a decision out once between them, and choose the same
// action as a bot not shared.
func TestSharedAcrossWinTables(t *testing.T) {
	var n atomic.Int64
	f := SharedAcross(func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		b, err := RandomBots(level, cfg)
		return CountingBot{Bot: b, N: &n}, err
	})
	o := rules.DefaultOptions()
	d := rules.NewDeal(o, rules.Seat(0), rules.NewDeck())
	for d.Turn() == rules.ChanceSeat {
		if err := d.ApplyAs(rules.ChanceSeat, d.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	v := d.View(d.Turn())
	var got []rules.Action
	for range 2 {
		b, err := ai.WithWinTables(f, &eval.WinTables{})(ai.Hard, ai.Config{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		a, err := b.Choose(context.Background(), &v)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, a)
	}
	if n.Load() != 1 {
		t.Errorf("the decision was worked out %d times, want once", n.Load())
	}
	want, _ := ai.NewRandom(3).Choose(context.Background(), &v)
	if got[0] != want || got[1] != want {
		t.Errorf("chose %v, want %v both times", got, want)
	}
}
