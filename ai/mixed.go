package ai

import (
	"context"
	"fmt"
	"strings"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// Phase hybrids, for measuring what one phase of a bot's game is worth
// (klob match only; the setup screen offers the plain levels). A mixed
// level is written LEVEL:key=value,... with the keys
//
//	bid=LEVEL   the decisions before the card play (bids, the schmeiss
//	            answer, the dix exchange, the sequence dialogue)
//	play=LEVEL  the card play, bella included
//	eval=NAME   the hard bot's evaluation method (eval.ParseMethod)
//	read=off    the hard bot does not read the opponent's card play
//	            into its hand (Config.Unread)
//
// so "hard:bid=normal" bids like normal and plays like hard, and
// "hard:eval=solved" is hard without the correction of its bids.

// Mix is a parsed mixed level.
type Mix struct {
	Bid, Play Level
	Method    eval.Method
	Unread    bool
}

// ParseMixed reads a level or a mixed level and returns it in its
// canonical spelling (a plain level stays plain).
func ParseMixed(s string) (Level, error) {
	m, err := parseMix(s)
	if err != nil {
		return "", err
	}
	return m.Level(), nil
}

// Level returns the canonical spelling of m: the card play's level, then
// what differs from it.
func (m Mix) Level() Level {
	var opts []string
	if m.Bid != m.Play {
		opts = append(opts, "bid="+string(m.Bid))
	}
	if m.Method != 0 {
		opts = append(opts, "eval="+m.Method.String())
	}
	if m.Unread {
		opts = append(opts, "read=off")
	}
	if len(opts) == 0 {
		return m.Play
	}
	return Level(string(m.Play) + ":" + strings.Join(opts, ","))
}

func parseMix(s string) (Mix, error) {
	base, rest, mixed := strings.Cut(s, ":")
	l, err := ParseLevel(base)
	if err != nil {
		return Mix{}, err
	}
	m := Mix{Bid: l, Play: l}
	if !mixed {
		return m, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Mix{}, fmt.Errorf("mixed level %q: %q is not key=value", s, kv)
		}
		switch k {
		case "bid", "play":
			pl, err := ParseLevel(v)
			if err != nil {
				return Mix{}, fmt.Errorf("mixed level %q: %s: %w", s, k, err)
			}
			if k == "bid" {
				m.Bid = pl
			} else {
				m.Play = pl
			}
		case "eval":
			if m.Method, err = eval.ParseMethod(v); err != nil {
				return Mix{}, fmt.Errorf("mixed level %q: %w", s, err)
			}
		case "read":
			switch v {
			case "on":
				m.Unread = false
			case "off":
				m.Unread = true
			default:
				return Mix{}, fmt.Errorf("mixed level %q: read=%q (want on or off)", s, v)
			}
		default:
			return Mix{}, fmt.Errorf("mixed level %q: unknown key %q (want bid, play, eval or read)", s, k)
		}
	}
	return m, nil
}

// NewMixed makes a bot of a plain or mixed level with f: a plain level
// is f's own bot; a mixed one asks the bid level's bot before the card
// play and the play level's in it. Levels f knows but ParseLevel does
// not (a tuning run's) are passed to f as they are.
func NewMixed(f Factory, level Level, cfg Config) (Bot, error) {
	if !strings.Contains(string(level), ":") {
		return f(level, cfg)
	}
	m, err := parseMix(string(level))
	if err != nil {
		return nil, err
	}
	cfg.Method, cfg.Unread = m.Method, m.Unread
	play, err := f(m.Play, cfg)
	if err != nil {
		return nil, err
	}
	if m.Bid == m.Play {
		return mixedBot{level: level, bid: play, play: play}, nil
	}
	bid, err := f(m.Bid, cfg)
	if err != nil {
		return nil, err
	}
	return mixedBot{level: level, bid: bid, play: play}, nil
}

// mixedBot bids with one bot and plays its cards with another.
type mixedBot struct {
	level     Level
	bid, play Bot
}

func (b mixedBot) Level() Level { return b.level }

func (b mixedBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	if v.Phase == rules.PhasePlay {
		return b.play.Choose(ctx, v)
	}
	return b.bid.Choose(ctx, v)
}
