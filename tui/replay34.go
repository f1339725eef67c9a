package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// The replay of a game of three or four steps through its deals as the
// two-handed replay does (by action, by trick, by deal), drawn by the
// table of three and four (table34.go) from one seat's view: every hand
// open, or one seat's view alone (o cycles: all open from the bottom
// seat, then each seat's own view in turn).

// tape is a recorded game of three or four, as the replay reads it.
type tape struct {
	players int
	seats   [4]tableSeat
	home    rules.Seat // the seat drawn at the bottom at first: the person's, or A
	deals   []tapeDeal
	// sealed: the game is not over and has one person in it, who sees
	// only its own seat's view until it is (as in the two-handed replay).
	sealed bool
}

// tapeDeal is one deal of a tape: the deal after its first n steps, and
// the game around it.
type tapeDeal struct {
	no    int
	steps int
	at    func(n int) rules.Table
	// pad is the finished deals before this one; before and after the
	// game totals by side.
	pad           []rules.TableScore
	before, after [4]int
	done          bool
}

// replay34 is the viewer of a tape.
type replay34 struct {
	tp     *tape
	name   string
	keys   replayKeys
	back   screenModel
	deal   int
	n      int
	open   bool       // every hand face up
	bottom rules.Seat // the seat at the bottom (the one seen alone)
	note   string
}

func newReplay34(tp *tape, name string, back screenModel) *replay34 {
	return &replay34{tp: tp, name: name, keys: defaultReplayKeys(), back: back, open: !tp.sealed, bottom: tp.home}
}

func (s *replay34) Name() string { return "replay" }

func (s *replay34) minSize() (int, int) { return tableMinSize(s.tp.players) }

func (s *replay34) QuitQuestion() string { return "The log is left as it was." }

// table is the deal at the position.
func (s *replay34) table() rules.Table {
	d := &s.tp.deals[s.deal]
	return d.at(s.n)
}

// atBound reports whether (deal, n) is a place stepping by trick stops
// at: as dealt, the first lead, after each trick, the end.
func (s *replay34) atBound(n int) bool {
	d := &s.tp.deals[s.deal]
	if n == 0 || n == d.steps {
		return true
	}
	t := d.at(n)
	tr, _ := t.Trick()
	return t.Phase() == rules.PhasePlay && len(tr) == 0
}

func (s *replay34) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok || len(s.tp.deals) == 0 {
		if ok && isKey(km, s.keys.Back) && s.back != nil {
			return s.back, nil
		}
		return s, nil
	}
	k := &s.keys
	d := &s.tp.deals[s.deal]
	s.note = ""
	switch {
	case isKey(km, k.Next):
		s.step(1)
	case isKey(km, k.Prev):
		s.step(-1)
	case isKey(km, k.NextTrick):
		s.step(1)
		for s.n < d.steps && !s.atBound(s.n) {
			s.n++
		}
	case isKey(km, k.PrevTrick):
		s.step(-1)
		for s.n > 0 && !s.atBound(s.n) {
			s.n--
		}
	case isKey(km, k.NextDeal):
		if s.deal+1 < len(s.tp.deals) {
			s.deal, s.n = s.deal+1, 0
		} else {
			s.n = d.steps
		}
	case isKey(km, k.PrevDeal):
		if s.n == 0 && s.deal > 0 {
			s.deal--
		}
		s.n = 0
	case isKey(km, k.First):
		s.deal, s.n = 0, 0
	case isKey(km, k.Last):
		s.deal = len(s.tp.deals) - 1
		s.n = s.tp.deals[s.deal].steps
	case isKey(km, k.Hands) && s.tp.sealed:
		s.note = sealedNote
	case isKey(km, k.Hands):
		s.cycleHands()
	case isKey(km, k.Back) && s.back != nil:
		return s.back, nil
	}
	return s, nil
}

// step moves one action, across deals.
func (s *replay34) step(dir int) {
	d := &s.tp.deals[s.deal]
	switch {
	case dir > 0 && s.n < d.steps:
		s.n++
	case dir > 0 && s.deal+1 < len(s.tp.deals):
		s.deal, s.n = s.deal+1, 0
	case dir < 0 && s.n > 0:
		s.n--
	case dir < 0 && s.deal > 0:
		s.deal--
		s.n = s.tp.deals[s.deal].steps
	}
}

// cycleHands goes all open → the home seat's view → the next seat's →
// ... → all open.
func (s *replay34) cycleHands() {
	switch {
	case s.open:
		s.open, s.bottom = false, s.tp.home
	default:
		next := rules.Seat((int(s.bottom) + 1) % s.tp.players)
		if next == s.tp.home {
			s.open = true
		}
		s.bottom = next
	}
}

func (s *replay34) keyHelp(k *keyMap) help.KeyMap {
	rk := &s.keys
	short := []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.NextDeal, brief("hands", rk.Hands)}
	if s.back != nil {
		short = append(short, rk.Back)
	}
	short = append(short, brief("help", k.Help), brief("quit", k.Quit))
	full := []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.PrevTrick, rk.NextDeal, rk.PrevDeal, rk.First, rk.Last, rk.Hands, k.Help, k.Quit}
	return keyHelp{short: short, full: [][]key.Binding{full}}
}

// View draws the table at the position.
func (s *replay34) View(ctx *screenCtx) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	if len(s.tp.deals) == 0 {
		return joinLines(append(titled(ctx, "Replay · "+s.name), "", " This log has no deal yet: there is nothing to replay."))
	}
	d := &s.tp.deals[s.deal]
	t := s.table()
	sc := &tableScene{V: t.View(s.bottom), Me: s.bottom, Seats: s.tp.seats, DealNo: d.no, Pad: d.pad, Totals: d.before, Watching: true}
	if s.open {
		for o := range s.tp.players {
			if rules.Seat(o) != s.bottom {
				sc.Open[o] = t.Hand(rules.Seat(o))
			}
		}
	}
	// The bottom seat is named as such, not "You", when it is not the
	// person's.
	who := "every hand open"
	if !s.open {
		who = sc.name(s.bottom) + "'s view"
	}
	pos := fmt.Sprintf(" Replay · deal %d of %d · step %d of %d · %s · %s", d.no, len(s.tp.deals), s.n, d.steps, who, s.name)
	step := s.stepLine(ctx, sc, &t)
	if s.note != "" {
		step = " " + st.Dim.Render(s.note)
	}
	bottom := []string{st.Rule.Render(repeat(ctx.paint.g.hrule, w)), clip(pos, w), clip(step, w),
		" " + st.Dim.Render(clip(hintLine(s.keyHelp(&ctx.Keys).ShortHelp()), w-1))}
	if t.Phase() == rules.PhaseOver {
		sc.Totals = d.after
		lines := []string{tableHeader34(ctx, sc, w), st.Rule.Render(repeat(ctx.paint.g.hrule, w)),
			" " + st.Heading.Render(fmt.Sprintf("Deal %d is over", d.no)), ""}
		lines = append(lines, resultLines34(ctx, sc, t.Score(), w)...)
		for len(lines) < h-len(bottom) {
			lines = append(lines, "")
		}
		return joinLines(append(lines[:max(0, h-len(bottom))], bottom...))
	}
	out, _ := renderTable34(ctx, sc, w, h, bottom, 0, tableHand(&sc.V), 0, false)
	return out
}

// stepLine says what the last step was: who did what.
func (s *replay34) stepLine(ctx *screenCtx, sc *tableScene, t *rules.Table) string {
	steps := t.Steps()
	if len(steps) == 0 {
		return " As dealt: " + sc.does(t.Dealer(), "deal")
	}
	st := steps[len(steps)-1]
	a := st.Action
	p := ctx.paint
	who := sc.name(st.Seat)
	if st.Seat == rules.ChanceSeat {
		who = "Chance"
	}
	switch a.Kind {
	case rules.PlayCard:
		return " " + who + " played " + p.styledCard(a.Card)
	case rules.Name:
		return " " + who + ": " + a.Suit.Name()
	}
	return " " + who + ": " + a.Words()
}
