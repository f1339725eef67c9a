package ai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func TestParseMixed(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"hard", "hard"},
		{"Normal", "normal"},
		{"hard:bid=normal", "hard:bid=normal"},
		{"normal:play=hard", "hard:bid=normal"},
		{"hard:bid=hard", "hard"},
		{"hard:eval=solved", "hard:eval=solved"},
		{"hard:eval=corrected", "hard"},
		{"hard:eval=solved,read=off", "hard:eval=solved,read=off"},
		{"easy:play=hard,eval=solved", "hard:bid=easy,eval=solved"},
		{"hard:read=off", "hard:read=off"},
		{"hard:read=on", "hard"},
		{"hard:read=off,bid=normal", "hard:bid=normal,read=off"},
	} {
		got, err := ai.ParseMixed(tc.in)
		if err != nil || string(got) != tc.want {
			t.Errorf("ParseMixed(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			continue
		}
		again, err := ai.ParseMixed(string(got))
		if err != nil || again != got {
			t.Errorf("ParseMixed(%q) = %q, %v; want it unchanged", got, again, err)
		}
	}
	for _, bad := range []string{"", "expert", "hard:", "hard:bid", "hard:bid=expert", "hard:think=3", "hard:eval=oracle", "hard:read=no"} {
		if _, err := ai.ParseMixed(bad); err == nil {
			t.Errorf("ParseMixed(%q): no error", bad)
		}
	}
}

// fakeBot takes in round one and otherwise answers with its first legal
// action, and records which phases it was asked about.
type fakeBot struct {
	level  ai.Level
	cfg    ai.Config
	phases map[rules.Phase]int
}

func (b *fakeBot) Level() ai.Level { return b.level }

func (b *fakeBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.phases[v.Phase]++
	for _, a := range v.Legal() {
		if a.Kind == rules.Take {
			return a, nil
		}
	}
	return v.Legal()[0], nil
}

// TestNewMixed: a hybrid asks its bid level before the card play and its
// play level in it, each made with the method the level names.
func TestNewMixed(t *testing.T) {
	made := map[ai.Level]*fakeBot{}
	f := func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
		b := &fakeBot{level: l, cfg: cfg, phases: map[rules.Phase]int{}}
		made[l] = b
		return b, nil
	}
	b, err := ai.NewMixed(f, "hard:bid=normal,eval=solved", ai.Config{Seed: 3})
	require.NoError(t, err)
	require.Equal(t, ai.Level("hard:bid=normal,eval=solved"), b.Level())
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.Shuffle(rand.New(rand.NewPCG(4, 4))))
	for !d.Over() {
		a, err := b.Choose(context.Background(), pv(d.View(d.Turn())))
		require.NoError(t, err)
		require.NoError(t, d.Apply(a))
	}
	hard, normal := made[ai.Hard], made[ai.Normal]
	require.NotNil(t, hard)
	require.NotNil(t, normal)
	if hard.cfg.Method != eval.Solved || hard.cfg.Seed != 3 || normal.cfg.Method != eval.Solved {
		t.Errorf("configs: hard %+v, normal %+v", hard.cfg, normal.cfg)
	}
	for p, n := range hard.phases {
		if p != rules.PhasePlay {
			t.Errorf("the play level was asked %d times in %s", n, p)
		}
	}
	for p, n := range normal.phases {
		if p == rules.PhasePlay {
			t.Errorf("the bid level was asked %d times in the card play", n)
		}
	}
	if normal.phases[rules.PhaseBid1] == 0 {
		t.Error("the bid level was never asked to bid")
	}
	if hard.cfg.Unread {
		t.Error("hard reads the opponent's play unless read=off says not to")
	}
	_, err = ai.NewMixed(f, "hard:read=off", ai.Config{Seed: 3})
	require.NoError(t, err)
	require.True(t, made[ai.Hard].cfg.Unread, "read=off: the hard bot still reads the opponent's play")
	// A plain level is the factory's own bot.
	p, err := ai.NewMixed(f, ai.Normal, ai.Config{})
	require.NoError(t, err)
	if _, ok := p.(*fakeBot); !ok {
		t.Errorf("a plain level made %T", p)
	}
}

// TestEvalOptions: the hard bot's budgets, the card play's own cap, and
// the normal bot's card play as the opponent's model.
func TestEvalOptions(t *testing.T) {
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.Shuffle(rand.New(rand.NewPCG(6, 6))))
	bid := d.View(d.Turn())
	require.Equal(t, eval.SamplesFor(&bid, 0), ai.EvalOptions(ai.Config{PlayBudget: 7}, &bid).Samples, "a bid ignores PlayBudget")
	require.Equal(t, 30, ai.EvalOptions(ai.Config{Budget: 30, PlayBudget: 7}, &bid).Samples)
	for d.Phase() != rules.PhasePlay {
		legal := d.Legal()
		a := legal[0]
		for _, x := range legal {
			if x.Kind == rules.Take {
				a = x
			}
		}
		require.NoError(t, d.Apply(a))
	}
	play := d.View(d.Turn())
	require.Equal(t, 7, ai.EvalOptions(ai.Config{PlayBudget: 7}, &play).Samples)
	require.Equal(t, 5, ai.EvalOptions(ai.Config{Budget: 5, PlayBudget: 7}, &play).Samples)
	require.Equal(t, eval.SamplesFor(&play, 0), ai.EvalOptions(ai.Config{}, &play).Samples)
	opt := ai.EvalOptions(ai.Config{}, &bid)
	require.NotNil(t, opt.Model)
	require.Nil(t, ai.EvalOptions(ai.Config{Unread: true}, &bid).Model)
	a := opt.Model(&play)
	require.True(t, slices.Contains(play.Legal(), a), "the model chose %s", a)
}
