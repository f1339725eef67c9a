package ai_test

import (
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
)

// WithWinTables gives the bots it makes its win tables, unless a config
// names its own, and passes the rest of the config on unchanged.
func TestWithWinTables(t *testing.T) {
	var shared, own eval.WinTables
	var got []ai.Config
	f := ai.WithWinTables(func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		got = append(got, cfg)
		return ai.NewRandom(cfg.Seed), nil
	}, &shared)
	for _, cfg := range []ai.Config{{Seed: 3, Budget: 8}, {Seed: 4, WinTables: &own}} {
		if _, err := f(ai.Hard, cfg); err != nil {
			t.Fatal(err)
		}
	}
	if want := (ai.Config{Seed: 3, Budget: 8, WinTables: &shared}); got[0] != want {
		t.Errorf("a config without tables: %+v, want %+v", got[0], want)
	}
	if got[1].WinTables != &own || got[1].Seed != 4 {
		t.Errorf("a config with its own tables: %+v", got[1])
	}
}
