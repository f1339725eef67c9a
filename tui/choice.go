package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// choiceMenu is the person's own decision at a table: the selected card
// of the hand, the chosen item of a menu and the card of an open bella
// question. The two-player table (table) and the table of three and four
// (table34) both keep it, so that their keys mean the same at every
// table.
type choiceMenu struct {
	cursor int        // index of the selected card in the hand as shown
	menu   int        // index of the chosen item of the menu
	bella  rules.Card // the card whose bella (or menage) question is open, or NoCard
}

// decider is a table screen as its decision keys use it: the keys choose,
// the screen takes the action and keeps the line under the table.
type decider interface {
	screenModel
	take(ctx *screenCtx, a rules.Action) (screenModel, tea.Cmd)
	setNote(s string, isErr bool)
	clearRefusal()
}

// decision is what the keys and clicks choose from at the person's turn,
// and the two ways the tables' keys differ, each kept as it was.
type decision struct {
	bella []rules.Action // the answers to the open bella question, the announcement first and the quiet play last; nil when none is open
	legal []rules.Action // the engine's legal actions: the menu outside the card play
	play  bool           // the card play: the keys choose from hand
	hand  []rules.Card   // the hand as shown

	// clearOnMove drops the note when the menu's choice moves: at two
	// players the line under the table then says what the chosen item
	// means, which the note would hide.
	clearOnMove bool
}

// key takes a key press at the person's turn: an answer to the open bella
// question, a move or a choice in the menu outside the card play, or a
// card of the hand.
func (m *choiceMenu) key(ctx *screenCtx, s decider, msg tea.KeyPressMsg, d decision) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	if d.bella != nil {
		switch {
		case isKey(msg, k.Bella):
			return s.take(ctx, d.bella[0])
		case isKey(msg, k.NoBella):
			return s.take(ctx, d.bella[len(d.bella)-1])
		case isKey(msg, k.Back):
			m.bella = rules.NoCard
			return s, nil
		}
		// The answers have no letters: b and n above are theirs.
		return m.menuKey(ctx, s, msg, d.bella, nil, d.clearOnMove)
	}
	if !d.play {
		return m.menuKey(ctx, s, msg, d.legal, actionKey, d.clearOnMove)
	}
	if len(d.hand) == 0 {
		return s, nil
	}
	play, announce, moved, note := handKey(k, msg, &m.cursor, len(d.hand))
	switch {
	case note != "":
		s.setNote(note, true)
	case moved:
		s.clearRefusal()
	case play >= 0:
		return m.playCard(ctx, s, d.legal, d.hand[play], announce)
	}
	return s, nil
}

// click takes a click on h, a place of the screen at the person's turn:
// a card of the hand plays it (or asks its bella question), an item of
// the menu is taken.
func (m *choiceMenu) click(ctx *screenCtx, s decider, h hit, d decision) (screenModel, tea.Cmd) {
	switch h.kind {
	case hitCard:
		if h.index < len(d.hand) && d.play && m.bella == rules.NoCard {
			m.cursor = h.index
			return m.playCard(ctx, s, d.legal, d.hand[h.index], false)
		}
	case hitMenu:
		items := d.bella
		if items == nil && !d.play {
			items = d.legal
		}
		if h.index < len(items) {
			m.menu = h.index
			return s.take(ctx, items[h.index])
		}
	}
	return s, nil
}

// playCard plays c; when an announcement (bella or menage) may go with it,
// it asks first, or with announce set makes it. The bella key on a card
// that may carry none still asks the rules for it, so that the refusal
// says why and the card stays in the hand: a person who pressed it meant
// to announce, not to play the card quietly.
func (m *choiceMenu) playCard(ctx *screenCtx, s decider, legal []rules.Action, c rules.Card, announce bool) (screenModel, tea.Cmd) {
	var with *rules.Action
	for _, a := range legal {
		if a.Kind == rules.PlayCard && a.Card == c && a.Bella {
			with = &a
		}
	}
	switch {
	case with != nil && announce:
		return s.take(ctx, *with)
	case with != nil:
		m.bella, m.menu = c, 0
		return s, nil
	case announce:
		return s.take(ctx, rules.PlayBellaAction(c))
	}
	return s.take(ctx, rules.PlayAction(c))
}

// menuKey moves through items or takes one: arrows and enter, the item's
// number, or its letter (none when letter is nil).
func (m *choiceMenu) menuKey(ctx *screenCtx, s decider, msg tea.KeyPressMsg, items []rules.Action, letter func(rules.Action) string, clearOnMove bool) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	if len(items) == 0 {
		return s, nil
	}
	m.menu = max(0, min(m.menu, len(items)-1))
	switch {
	case isKey(msg, k.Left), isKey(msg, k.Up):
		m.menu = (m.menu + len(items) - 1) % len(items)
	case isKey(msg, k.Right), isKey(msg, k.Down):
		m.menu = (m.menu + 1) % len(items)
	case isKey(msg, k.Choose):
		return s.take(ctx, items[m.menu])
	case isKey(msg, k.Nth):
		if n := int(msg.String()[0] - '1'); n < len(items) {
			return s.take(ctx, items[n])
		}
		return s, nil
	default:
		if letter != nil {
			key := msg.String()
			for _, a := range items {
				if l := letter(a); l != "" && l == key {
					return s.take(ctx, a)
				}
			}
		}
		return s, nil
	}
	if clearOnMove {
		s.setNote("", false)
	}
	return s, nil
}
