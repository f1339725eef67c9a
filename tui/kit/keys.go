package kit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

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
	NoBella   key.Binding // at the bella question: play it without bella
	LastTrick key.Binding // the list of this deal's words and tricks
	SortHand  key.Binding // sort the hand by suit or by strength
	// Undo takes back the person's last decision; it stands once cards
	// are shown after it (the host refuses), and the help says so.
	Undo      key.Binding
	Claim     key.Binding // claim every remaining trick
	Hint      key.Binding // what the hard bot would do here, and why
	Back      key.Binding
	Help      key.Binding
	Quit      key.Binding
	ForceQuit key.Binding
	Yes       key.Binding
	No        key.Binding
	Resume    key.Binding
	New       key.Binding

	// QuitWord is what q does in the key hints: "quit" when empty; a
	// screen inside the server's lobby sets "leave", since q goes back
	// to the lobby there and Klob goes on.
	QuitWord string
}

// QuitHint is q in a line of key hints, with what it does here.
func (k *KeyMap) QuitHint() key.Binding { return Brief(cmp.Or(k.QuitWord, "quit"), k.Quit) }

// DefaultKeys returns the key map.
func DefaultKeys() KeyMap {
	b := Bind
	return KeyMap{
		Left:      b("←/h", "previous card or choice", "left", "h"),
		Right:     b("→/l", "next card or choice", "right", "l"),
		Up:        b("↑/k", "previous line (setup)", "up", "k"),
		Down:      b("↓/j", "next line (setup)", "down", "j"),
		Choose:    b("enter/space", "play the card, take the choice", "enter", "space"),
		Nth:       b("1-9", "play the n-th card (or take the n-th choice)", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Bella:     b("b", "play the selected card and announce bella", "b"),
		NoBella:   b("n", "at the bella question: play the card without bella", "n"),
		LastTrick: b("v", "tricks: the list of this deal's words and tricks", "v"),
		SortHand:  b("o", "sort the hand by suit (A K Q J 10…) or by trick strength", "o"),
		Undo:      b("u", "undo your last decision until new cards are shown (logged)", "u"),
		Claim:     b("c", "claim the remaining tricks (in the card play)", "c"),
		// h already moves left (vi keys): the hint takes shift+h, so
		// neither is lost.
		Hint:      b("H", "hint: what the hard bot would do here, and why (PgUp/PgDn page through its options when the window is short)", "H", "shift+h"),
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

// Bind is a key binding: how the help writes its keys, what it does,
// and the keys.
func Bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// NthFor is the n-th card key as the status line offers it for a hand
// of n cards: "1-5", "1" for the last (a 9 with five plays nothing).
func (k KeyMap) NthFor(n int, desc string) key.Binding {
	keys := k.Nth.Keys()
	n = min(max(n, 1), len(keys))
	help := fmt.Sprintf("1-%d", n)
	if n == 1 {
		help = "1"
	}
	return Bind(help, desc, keys[:n]...)
}

// TableKeys lists the table's keys for the help overlay; q and ctrl+c
// say what they do here (QuitWord): inside the server's lobby q leaves
// the game (for the lobby, or a tournament's page) rather than quitting,
// and ctrl+c ends the connection. ↑/↓ move through a menu as ←/→ do
// (the hand takes only ←/→) and, with PgUp/PgDn, scroll the v list;
// home and end go to its ends.
func (k KeyMap) TableKeys() []key.Binding {
	quit, force := k.Quit, k.ForceQuit
	if k.QuitWord != "" {
		quit = Bind(k.Quit.Help().Key, k.QuitWord+" (asks first; the game waits for you to come back)", k.Quit.Keys()...)
		force = Bind(k.ForceQuit.Help().Key, "end the connection at once (the game waits for you to come back)", k.ForceQuit.Keys()...)
	}
	upDown := Spelled("previous or next choice in a menu, as ←/→; scroll the v list", k.Up, k.Down)
	pages := PageKeys("scroll the v list a page")
	ends := EndKeys("the first or last line of the v list")
	return []key.Binding{k.Left, k.Right, upDown, k.Choose, k.Nth, k.Bella, k.NoBella, k.LastTrick, pages, ends, k.SortHand, k.Undo, k.Claim, k.Hint, k.Help, quit, force}
}

// menuLetter is the letter that takes one kind of decision in a menu
// (for Name, the letter of one suit), and how the help names it.
type menuLetter struct {
	kind rules.Kind
	suit rules.Suit // for Name only
	key  string
	help string
}

// menuLetters is the one table of the menu letters: the menus take a
// decision by its letter, and the help overlay lists them from here, a
// line of the help per row. Within one menu the letters differ; across
// menus they may repeat. Hearts is e (h moves left).
var menuLetters = []struct {
	id      string // what LetterHelp's rows name it by
	name    string // the help's name for the row, "" for a continued row
	letters []menuLetter
}{
	{"bids", "bids", []menuLetter{
		{kind: rules.Pass, key: "p", help: "pass"},
		{kind: rules.Take, key: "t", help: "take"},
		{kind: rules.Schmeiss, key: "s", help: "schmeiss"},
		{kind: rules.Accept, key: "a", help: "accept"},
		{kind: rules.Refuse, key: "r", help: "refuse"},
	}},
	{"round two", "round two", []menuLetter{
		{kind: rules.Name, suit: rules.Clubs, key: "c", help: "clubs"},
		{kind: rules.Name, suit: rules.Diamonds, key: "d", help: "diamonds"},
		{kind: rules.Name, suit: rules.Hearts, key: "e", help: "hearts"},
		{kind: rules.Name, suit: rules.Spades, key: "s", help: "spades"},
		// n: no trumps (four players) takes none of the suits' letters
		// and no key of the round-two screen (n answers bella only at
		// the card play).
		{kind: rules.Name, suit: rules.NoTrumps, key: "n", help: "no trumps"},
		{kind: rules.Pass, key: "p", help: "pass"},
	}},
	{"dix", "dix", []menuLetter{
		{kind: rules.Exchange, key: "x", help: "exchange"},
		{kind: rules.NoExchange, key: "n", help: "no exchange"},
	}},
	{"sequences", "sequences", []menuLetter{
		{kind: rules.Announce, key: "a", help: "announce"},
		{kind: rules.NoSequence, key: "n", help: "no sequence"},
		{kind: rules.NotGood, key: "n", help: "not good"},
		{kind: rules.Good, key: "g", help: "good"},
	}},
	{"asks", "", []menuLetter{
		{kind: rules.HowHigh, key: "w", help: "how high?"},
		{kind: rules.Same, key: "s", help: "same"},
		{kind: rules.HowMany, key: "m", help: "how many cards?"},
	}},
	{"answers", "", []menuLetter{
		{kind: rules.Top, key: "t", help: "name your top card"},
		{kind: rules.Length, key: "c", help: "count your cards"},
	}},
	// A shlomo or a cleopatra is declared with d; the pass of its round
	// declines it with n ("no shlomo"), as n declines a sequence or the
	// dix (MenuKeys). LetterHelp writes this row whole.
	{"declarations", "declarations", []menuLetter{
		{kind: rules.Shlomo, key: "d", help: "declare"},
		{kind: rules.Cleopatra, key: "d", help: "declare"},
	}},
}

// declineKey takes the pass of a declaration's round, which declines
// the declaration: "[n] no shlomo".
const declineKey = "n"

// Declined is the declaration a pass among items declines: Shlomo or
// Cleopatra where items offer one (its round asks the player to declare
// it or pass), NoAction where a pass is a bid's.
func Declined(items []rules.Action) rules.Kind {
	for _, a := range items {
		if a.Kind == rules.Shlomo || a.Kind == rules.Cleopatra {
			return a.Kind
		}
	}
	return rules.NoAction
}

// ActionKey returns the letter that takes a in a menu.
func ActionKey(a rules.Action) string {
	for _, row := range menuLetters {
		for _, l := range row.letters {
			if l.kind == a.Kind && (a.Kind != rules.Name || l.suit == a.Suit) {
				return l.key
			}
		}
	}
	return ""
}

// MenuKeys are the keys of a menu's items, in its order: each action's
// letter where an earlier item has not taken it, else its number in the
// menu (an opening "announce 20" below "announce 50" is 2); a pass that
// declines a declaration (Declined) is n.
func MenuKeys(items []rules.Action) []string {
	keys := make([]string, len(items))
	declines := Declined(items) != rules.NoAction
	for i, a := range items {
		k := ActionKey(a)
		if declines && a.Kind == rules.Pass {
			k = declineKey
		}
		if k == "" || slices.Contains(keys[:i], k) {
			k = fmt.Sprint(i + 1)
		}
		keys[i] = k
	}
	return keys
}

// IsMenuLetter reports whether key is the letter of a decision in some
// menu.
func IsMenuLetter(key string) bool {
	for _, row := range menuLetters {
		for _, l := range row.letters {
			if l.key == key {
				return true
			}
		}
	}
	return false
}

// LetterHelp is the help overlay's lines of menu letters at a table
// with options o, as bindings: one per row of menuLetters, its keys the
// row's letters, leaving out the decisions that table never offers (the
// schmeiss at more than two, the dix at four, no trumps but at four:
// asked of rules.Options).
// Letters that repeat in a row are named once: "n no sequence, not
// good". rows, when given, keeps only the rows of those ids (the
// sequences' dialogue has two: "asks", the answers to a claim, which
// are choices, and "answers", a claim's answers to its questions,
// which never are).
func LetterHelp(o rules.Options, rows ...string) []key.Binding {
	var out []key.Binding
	for _, row := range menuLetters {
		if len(rows) > 0 && !slices.Contains(rows, row.id) || row.id == "declarations" {
			continue
		}
		var keys, parts []string
		for i, l := range row.letters {
			if !letterAt(o, l) {
				continue
			}
			if i > 0 && row.letters[i-1].key == l.key && len(parts) > 0 {
				parts[len(parts)-1] += ", " + l.help
				continue
			}
			keys = append(keys, l.key)
			parts = append(parts, l.key+" "+l.help)
		}
		if len(keys) == 0 {
			continue
		}
		out = append(out, Bind(row.name, strings.Join(parts, " · "), keys...))
	}
	// A shlomo or cleopatra is declared with d or declined with n; the
	// card it gives has no letter: the menu numbers the cards.
	if (o.HasShlomo() || o.HasCleopatra()) && (len(rows) == 0 || slices.Contains(rows, "declarations")) {
		var no []string
		for _, k := range []rules.Kind{rules.Shlomo, rules.Cleopatra} {
			if k == rules.Shlomo && o.HasShlomo() || k == rules.Cleopatra && o.HasCleopatra() {
				no = append(no, "no "+rules.Action{Kind: k}.Words())
			}
		}
		desc := fmt.Sprintf("d declare · %s %s; the card to give: its number in your hand", declineKey, strings.Join(no, ", "))
		out = append(out, Bind("declarations", desc, "d", declineKey, "1", "2", "3", "4", "5", "6", "7", "8", "9"))
	}
	return out
}

// letterAt reports whether a table with options o ever offers the
// decision of letter l.
func letterAt(o rules.Options, l menuLetter) bool {
	switch l.kind {
	case rules.Schmeiss, rules.Accept, rules.Refuse:
		return o.HasSchmeiss()
	case rules.Exchange, rules.NoExchange:
		return o.HasDix()
	case rules.Name:
		return l.suit != rules.NoTrumps || o.HasNoTrumps()
	case rules.HowMany, rules.Length:
		// Lengths are asked and told only where sequence_rank=length
		// ranks a 50 by its length: by value the words do not exist.
		return o.SequenceRank == rules.RankByLength
	}
	return true
}

// mouseHelp is the help's line about the mouse (no key): "anywhere" is
// where the table asks for a key to go on (a held trick, a result).
var mouseHelp = key.NewBinding(key.WithHelp("mouse", "click a card to play it, a choice to take it, anywhere to go on"))

// Brief is the status line's hint for bindings: their keys, named by the
// first way each one is written ("←/h" and "→/l" give "←/→"), and desc.
func Brief(desc string, bs ...key.Binding) key.Binding {
	var keys, names []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
		names = append(names, strings.SplitN(b.Help().Key, "/", 2)[0])
	}
	return Bind(strings.Join(names, "/"), desc, keys...)
}

// Spelled is Brief naming every way of writing the keys: the first ways
// in order, then the others sorted ("↑/k" and "↓/j" give "↑/↓ j/k").
func Spelled(desc string, bs ...key.Binding) key.Binding {
	var keys, first, rest []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
		parts := strings.Split(b.Help().Key, "/")
		first = append(first, parts[0])
		rest = append(rest, parts[1:]...)
	}
	slices.Sort(rest)
	name := strings.Join(first, "/")
	if len(rest) > 0 {
		name += " " + strings.Join(rest, "/")
	}
	return Bind(name, desc, keys...)
}

// Either is the hint for two bindings that do the same: "enter or n".
func Either(desc string, a, b key.Binding) key.Binding {
	return Bind(Brief("", a).Help().Key+" or "+Brief("", b).Help().Key, desc, append(a.Keys(), b.Keys()...)...)
}

// KeyTag is a key in brackets, as a screen offers it: "[enter]".
func KeyTag(b key.Binding) string { return "[" + Brief("", b).Help().Key + "]" }

// AppKeys are the hints for the App's own keys, ending every status line.
func AppKeys(k *KeyMap) []key.Binding {
	return []key.Binding{Brief("help", k.Help), k.QuitHint()}
}

// HintRow is h's short keys as the line under a screen: dim, set one
// in, fitted to the window.
func HintRow(ctx *Context, h Helper) string {
	return " " + ctx.Styles.Dim.Render(FitHintLine(ctx, h.KeyHelp(&ctx.Keys).ShortHelp(), ctx.Width-2))
}

// FitHintLine is HintLine in at most w cells as the screen shows it
// (under -ascii the App writes "↑/↓" as "up/down", wider). A line too
// wide leaves out the hints whose words are in drop, in that order,
// then names a key given as arrows and letters ("↑/↓ j/k") by its
// letters, then says each hint in one word, then leaves hints out from
// the end back (keeping "? help" and the last one), then is cut at w.
func FitHintLine(ctx *Context, bs []key.Binding, w int, drop ...string) string {
	line := ctx.Shown(HintLine(bs))
	for _, d := range drop {
		if WidthOf(line) <= w {
			return line
		}
		for i, b := range bs {
			if b.Help().Desc == d {
				bs = append(bs[:i:i], bs[i+1:]...)
				break
			}
		}
		line = ctx.Shown(HintLine(bs))
	}
	if WidthOf(line) <= w {
		return line
	}
	short := make([]key.Binding, len(bs))
	for i, b := range bs {
		h := b.Help()
		k := h.Key
		// "←/→ h/l" gives "h/l"; "↑ or ↓" (Either) stays whole.
		if arrows, letters, ok := strings.Cut(k, " "); ok && strings.Trim(arrows, "←→↑↓/") == "" && !strings.ContainsAny(letters, "←→↑↓ ") {
			k = letters
		}
		short[i] = Bind(k, h.Desc, b.Keys()...)
	}
	if line = ctx.Shown(HintLine(short)); WidthOf(line) <= w {
		return line
	}
	// Each description cut to its first word: with the separators while
	// they fit, else without them.
	parts := make([]string, len(short))
	first := make([]key.Binding, len(short))
	for i, b := range short {
		h := b.Help()
		parts[i], first[i] = h.Key, b
		if f := strings.Fields(h.Desc); len(f) > 0 {
			parts[i] += " " + f[0]
			first[i] = Bind(h.Key, f[0], b.Keys()...)
		}
	}
	if line = ctx.Shown(HintLine(first)); WidthOf(line) <= w {
		return line
	}
	// Still too wide: hints are left out whole from the end back, the
	// help ("?") and the last hint (quit, leave) kept, so that the way to
	// the help never falls off the line; only then is it cut.
	for len(parts) > 2 {
		if line = ctx.Shown(strings.Join(parts, " ")); WidthOf(line) <= w {
			return line
		}
		i := len(parts) - 2
		for i > 0 && first[i].Help().Key == "?" {
			i--
		}
		if first[i].Help().Key == "?" {
			break
		}
		parts = append(parts[:i:i], parts[i+1:]...)
		first = append(first[:i:i], first[i+1:]...)
	}
	return Clip(ctx.Shown(strings.Join(parts, " ")), w)
}

// HintLine is a status line of key hints: each binding's key and what it
// does, " · " between them.
func HintLine(bs []key.Binding) string {
	parts := make([]string, 0, len(bs))
	for _, b := range bs {
		h := b.Help()
		if h.Desc == "" {
			parts = append(parts, h.Key)
		} else {
			parts = append(parts, h.Key+" "+h.Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// IsKey reports whether msg is a key press matching b.
func IsKey(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }

// Step is the way ←/→ move a form's value: -1 for left, +1 for right,
// 0 for any other key.
func Step(k *KeyMap, msg tea.KeyPressMsg) int {
	switch {
	case IsKey(msg, k.Left):
		return -1
	case IsKey(msg, k.Right):
		return 1
	}
	return 0
}

// MoveRow is the way ↑/↓ move through a list of n rows, wrapping at
// either end: it reports whether msg was one of them (taken, even when
// there is no row to move to).
func MoveRow(k *KeyMap, msg tea.KeyPressMsg, row *int, n int) bool {
	d := 0
	switch {
	case IsKey(msg, k.Up):
		d = -1
	case IsKey(msg, k.Down):
		d = 1
	default:
		return false
	}
	if n > 0 {
		*row = ((*row+d)%n + n) % n
	}
	return true
}

// handKey is what a key does to a hand of n cards in the card play, at
// every table: ←/→ move the cursor (moved), enter, b or a digit choose
// a card to play (play, −1 for none; announce when b asked for bella or
// the menage with it), and a digit past the hand is refused (note).
func handKey(k *KeyMap, msg tea.KeyPressMsg, cursor *int, n int) (play int, announce, moved bool, note string) {
	*cursor = max(0, min(*cursor, n-1))
	if d := Step(k, msg); d != 0 {
		*cursor = (*cursor + n + d) % n
		return -1, false, true, ""
	}
	switch {
	case IsKey(msg, k.Choose):
		return *cursor, false, false, ""
	case IsKey(msg, k.Bella):
		return *cursor, true, false, ""
	case IsKey(msg, k.Nth):
		i := int(msg.String()[0] - '1')
		if i >= n {
			return -1, false, false, "You hold " + Plural(n, "card") + "."
		}
		*cursor = i
		return i, false, false, ""
	}
	return -1, false, false, ""
}
