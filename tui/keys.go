package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// KeyMap is every key the screens answer to, as data: the help screen
// lists it and the screens match against it.
type KeyMap struct {
	Left      key.Binding
	Right     key.Binding
	Up        key.Binding
	Down      key.Binding
	Choose    key.Binding // play the selected card, take the chosen item
	Nth       key.Binding // 1-9: the n-th card (or menu item)
	Bella     key.Binding // play the selected card announcing bella
	LastTrick key.Binding
	Hint      key.Binding // what the hard bot would do here, and why
	Back      key.Binding
	Help      key.Binding
	Quit      key.Binding
	ForceQuit key.Binding
	Yes       key.Binding
	No        key.Binding
	Resume    key.Binding
	New       key.Binding
}

// DefaultKeys returns the key map.
func DefaultKeys() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Left:      b("←/h", "previous card or choice", "left", "h"),
		Right:     b("→/l", "next card or choice", "right", "l"),
		Up:        b("↑/k", "previous line (setup)", "up", "k"),
		Down:      b("↓/j", "next line (setup)", "down", "j"),
		Choose:    b("enter/space", "play the card, take the choice", "enter", "space"),
		Nth:       b("1-9", "play the n-th card (or take the n-th choice)", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Bella:     b("b", "play the selected card and announce bella", "b"),
		LastTrick: b("v", "look at the last trick", "v"),
		// The issue asks for h, but h already moves left (vi keys, also
		// asked for): the hint takes shift+h so neither is lost.
		Hint:      b("H", "hint: what the hard bot would do here, and why", "H", "shift+h"),
		Back:      b("esc", "back", "esc"),
		Help:      b("?", "help: keys and rules", "?"),
		Quit:      b("q", "quit (asks first; the game stays saved)", "q"),
		ForceQuit: b("ctrl+c", "quit at once (the game stays saved)", "ctrl+c"),
		Yes:       b("y", "yes", "y"),
		No:        b("n", "no", "n", "esc"),
		Resume:    b("r", "resume the saved game", "r", "enter", "space"),
		New:       b("n", "start a new game", "n"),
	}
}

// HelpLines lists the keys of the table for the help screen.
func (k KeyMap) HelpLines() []key.Binding {
	return []key.Binding{k.Left, k.Right, k.Choose, k.Nth, k.Bella, k.LastTrick, k.Hint, k.Help, k.Quit, k.ForceQuit}
}

// actionKeys is the letter that takes each kind of decision in a menu.
// Within one menu the letters differ; across menus they may repeat.
// Hearts is e (h moves left).
var actionKeys = map[rules.Kind]string{
	rules.Pass:       "p",
	rules.Take:       "t",
	rules.Schmeiss:   "s",
	rules.Accept:     "a",
	rules.Refuse:     "r",
	rules.Exchange:   "x",
	rules.NoExchange: "n",
	rules.NoSequence: "n",
	rules.Announce:   "a",
	rules.Good:       "g",
	rules.NotGood:    "n",
	rules.HowHigh:    "w",
	rules.HowMany:    "m",
	rules.Top:        "t",
	rules.Same:       "s",
	rules.Length:     "c",
}

// suitKeys name a suit in round two: clubs, diamonds, hEarts, spades.
var suitKeys = [4]string{"c", "d", "e", "s"}

// actionKey returns the letter that takes a in a menu.
func actionKey(a rules.Action) string {
	if a.Kind == rules.Name && a.Suit < 4 {
		return suitKeys[a.Suit]
	}
	return actionKeys[a.Kind]
}

// actionLabel is what a menu item says: the words the player speaks.
func actionLabel(a rules.Action) string {
	switch a.Kind {
	case rules.Exchange:
		return "exchange the 7"
	case rules.Accept:
		return "accept (throw in)"
	case rules.Refuse:
		return "refuse (play it)"
	}
	return a.Words()
}

// isKey reports whether msg is a key press matching b.
func isKey(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }
