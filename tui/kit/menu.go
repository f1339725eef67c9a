package kit

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
)

// Choice is the person's own decision at a table: the selected card
// of the hand, the chosen item of a menu and the card of an open bella
// question. Every table screen keeps one, so that its keys mean the same
// at every table.
type Choice struct {
	Cursor int        // index of the selected card in the hand as shown
	Menu   int        // index of the chosen item of the menu
	Bella  rules.Card // the card whose bella (or menage) question is open, or NoCard
}

// Decider is a table screen as its decision keys use it: the keys choose,
// the screen takes the action and keeps the line under the table.
type Decider interface {
	Screen
	Take(ctx *Context, a rules.Action) (Screen, tea.Cmd)
	SetNote(s string, isErr bool)
	ClearRefusal()
}

// Decision is what the keys and clicks choose from at the person's turn,
// and the two ways the tables' keys differ, each kept as it was.
type Decision struct {
	Bella []rules.Action // the answers to the open bella question, the announcement first and the quiet play last; nil when none is open
	Legal []rules.Action // the engine's legal actions: the menu outside the card play
	Play  bool           // the card play: the keys choose from hand
	Hand  []rules.Card   // the hand as shown

	// ClearOnMove drops the note when the menu's choice moves: at two
	// players the line under the table then says what the chosen item
	// means, which the note would hide.
	ClearOnMove bool

	// Also are the keys besides the choices that act now (a claim, a
	// takeback), with the words the key line gives them: a key refused
	// names them after the choices ("c claim, u undo."). nil: none.
	Also []key.Binding
}

// Key takes a key press at the person's turn: an answer to the open bella
// question, a move or a choice in the menu outside the card play, or a
// card of the hand.
func (m *Choice) Key(ctx *Context, s Decider, msg tea.KeyPressMsg, d Decision) (Screen, tea.Cmd) {
	k := &ctx.Keys
	if d.Bella != nil {
		switch {
		case IsKey(msg, k.Bella):
			return s.Take(ctx, d.Bella[0])
		case IsKey(msg, k.NoBella):
			return s.Take(ctx, d.Bella[len(d.Bella)-1])
		case IsKey(msg, k.Back):
			m.Bella = rules.NoCard
			return s, nil
		}
		// The answers have no letters: b and n above are theirs, and
		// the refusal names the keys shown.
		wrong := func(key string) {
			s.SetNote(fmt.Sprintf("Key %s is not among the choices: %s, or %s for another card.",
				key, JoinOr([]string{k.Bella.Help().Key, k.NoBella.Help().Key}), k.Back.Help().Key)+alsoKeys(d.Also), true)
		}
		return m.menuKey(ctx, s, msg, d.Bella, false, wrong, d.ClearOnMove)
	}
	if !d.Play {
		wrong := func(key string) { s.SetNote(NotAmongChoices(key, d.Legal)+alsoKeys(d.Also), true) }
		return m.menuKey(ctx, s, msg, d.Legal, true, wrong, d.ClearOnMove)
	}
	if len(d.Hand) == 0 {
		return s, nil
	}
	play, announce, moved, note := handKey(k, msg, &m.Cursor, len(d.Hand))
	switch {
	case note != "":
		s.SetNote(note, true)
	case moved:
		s.ClearRefusal()
	case play >= 0:
		return m.playCard(ctx, s, d.Legal, d.Hand[play], announce)
	case k.Answerable(msg):
		// A key that plays no card is answered, as in a menu: which
		// keys play one.
		s.SetNote(NotAmongCards(k, msg.String(), d.Hand, quietPlays(d.Legal), canAnnounce(d.Legal))+alsoKeys(d.Also), true)
	}
	return s, nil
}

// Answerable reports whether a key press that does nothing at the
// person's decision is answered: any key but a modifier pressed alone,
// which some terminals report, and esc, which closes what is open and
// is left to a screen around the table (a board's standings) when
// nothing is.
func (k *KeyMap) Answerable(msg tea.KeyPressMsg) bool {
	return (msg.Code < tea.KeyLeftShift || msg.Code > tea.KeyIsoLevel5Shift) && !IsKey(msg, k.Back)
}

// Click takes a click on h, a place of the screen at the person's turn:
// a card of the hand plays it (or asks its bella question), an item of
// the menu is taken.
func (m *Choice) Click(ctx *Context, s Decider, h Hit, d Decision) (Screen, tea.Cmd) {
	switch h.Kind {
	case HitCard:
		if h.Index < len(d.Hand) && d.Play && m.Bella == rules.NoCard {
			m.Cursor = h.Index
			return m.playCard(ctx, s, d.Legal, d.Hand[h.Index], false)
		}
	case HitMenu:
		items := d.Bella
		if items == nil && !d.Play {
			items = d.Legal
		}
		if h.Index < len(items) {
			m.Menu = h.Index
			return s.Take(ctx, items[h.Index])
		}
	}
	return s, nil
}

// playCard plays c; when an announcement (bella or menage) may go with it,
// it asks first, or with announce set makes it. The bella key on a card
// that may carry none still asks the rules for it, so that the refusal
// says why and the card stays in the hand: a person who pressed it meant
// to announce, not to play the card quietly.
func (m *Choice) playCard(ctx *Context, s Decider, legal []rules.Action, c rules.Card, announce bool) (Screen, tea.Cmd) {
	var with *rules.Action
	for _, a := range legal {
		if a.Kind == rules.PlayCard && a.Card == c && a.Bella {
			with = &a
		}
	}
	switch {
	case with != nil && announce:
		return s.Take(ctx, *with)
	case with != nil:
		// A new question: a refusal of an earlier key no longer applies.
		m.Bella, m.Menu = c, 0
		s.ClearRefusal()
		return s, nil
	case announce:
		return s.Take(ctx, rules.PlayBellaAction(c))
	}
	return s.Take(ctx, rules.PlayAction(c))
}

// menuKey moves through items or takes one: arrows and enter, the item's
// number, or with letters its letter as MenuKeys gives it;
// wrong answers a key that takes no item: every key the person presses
// is answered, a key that acts on another screen but not here too.
func (m *Choice) menuKey(ctx *Context, s Decider, msg tea.KeyPressMsg, items []rules.Action, letters bool,
	wrong func(key string), clearOnMove bool) (Screen, tea.Cmd) {
	k := &ctx.Keys
	if len(items) == 0 {
		return s, nil
	}
	m.Menu = max(0, min(m.Menu, len(items)-1))
	switch {
	case IsKey(msg, k.Left), IsKey(msg, k.Up):
		m.Menu = (m.Menu + len(items) - 1) % len(items)
	case IsKey(msg, k.Right), IsKey(msg, k.Down):
		m.Menu = (m.Menu + 1) % len(items)
	case IsKey(msg, k.Choose):
		return s.Take(ctx, items[m.Menu])
	case IsKey(msg, k.Nth):
		if n := int(msg.String()[0] - '1'); n < len(items) {
			return s.Take(ctx, items[n])
		}
		wrong(msg.String())
		return s, nil
	default:
		// The digits took their items above: a key left is a letter.
		key := msg.String()
		if letters {
			for i, l := range MenuKeys(items) {
				if l == key {
					return s.Take(ctx, items[i])
				}
			}
		}
		if k.Answerable(msg) {
			wrong(key)
		}
		return s, nil
	}
	if clearOnMove {
		s.SetNote("", false)
	}
	return s, nil
}

// alsoKeys is the sentence that names the keys besides the choices
// that act now, after a refusal that names the choices: " c claim, u
// undo." as the key line says them; "" for none.
func alsoKeys(bs []key.Binding) string {
	if len(bs) == 0 {
		return ""
	}
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.Help().Key + " " + b.Help().Desc
	}
	return " " + strings.Join(parts, ", ") + "."
}

// NotAmongChoices answers a key that takes none of a menu's items now,
// naming the keys that do: "Key k is not among the choices: p, t or
// s." Every screen that offers the rules' choices answers so.
func NotAmongChoices(key string, items []rules.Action) string {
	return NotAmongKeys(key, MenuKeys(items))
}

// NotAmongKeys answers a key that does nothing on a screen, naming the
// keys that do, in the menus' words: "Key tab is not among the
// choices: ↑/↓, enter or q." The sentence begins with "Key", not the
// key, so that an alert's capital never changes the key it names; it
// says no "now" so that the longest refusal at the table (nine cards,
// bella, claim and undo) stays one row of 80 columns.
func NotAmongKeys(key string, keys []string) string {
	return fmt.Sprintf("Key %s is not among the choices: %s.", key, JoinOr(keys))
}

// NotAmongCards answers a key that plays no card of hand at the
// person's turn, naming the keys that work now: where a card of plays
// may be played without an announcement, the arrows and enter and the
// numbers of those cards (CardKeys: "2, 3 or 5-7", not the range of the
// whole hand, since a digit picks any card in hand); with bella a card
// may be played with it (b); where only b works only b is named.
func NotAmongCards(k *KeyMap, key string, hand []rules.Card, plays rules.CardSet, bella bool) string {
	b := k.Bella.Help().Key
	nums := CardKeys(k.Nth.Keys(), hand, plays)
	keys := "←/→ and enter, or " + JoinOr(nums)
	switch {
	case bella && len(nums) == 0:
		keys = b
	case bella:
		keys = JoinOr(append(append([]string{"←/→ and enter"}, nums...), b))
	}
	return fmt.Sprintf("Key %s is not among the choices: %s.", key, keys)
}

// CardKeys lists the number keys (nth, the key of each place in the
// hand) of the cards of hand in plays: "2", "5", "9"; a run of three or
// more as a range, "1-8" only when every card of eight is in plays.
func CardKeys(nth []string, hand []rules.Card, plays rules.CardSet) []string {
	var parts []string
	for i := 0; i < len(hand) && i < len(nth); i++ {
		if !plays.Has(hand[i]) {
			continue
		}
		j := i
		for j+1 < len(hand) && j+1 < len(nth) && plays.Has(hand[j+1]) {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, nth[i]+"-"+nth[j])
		case j > i:
			parts = append(parts, nth[i], nth[j])
		default:
			parts = append(parts, nth[i])
		}
		i = j
	}
	return parts
}

// quietPlays is the set of the cards legal may play without an
// announcement.
func quietPlays(legal []rules.Action) rules.CardSet {
	var plays rules.CardSet
	for _, a := range legal {
		if a.Kind == rules.PlayCard && !a.Bella {
			plays = plays.With(a.Card)
		}
	}
	return plays
}

// canAnnounce reports whether a card of legal may be played with an
// announcement (bella, or the menage).
func canAnnounce(legal []rules.Action) bool {
	for _, a := range legal {
		if a.Kind == rules.PlayCard && a.Bella {
			return true
		}
	}
	return false
}

// HitKind is what a mouse click may land on.
type HitKind uint8

const (
	HitCard HitKind = iota // a card of the hand, by index in the sorted hand
	HitMenu                // a menu item, by index
	HitKey                 // a key offered as "[r] replay": a click presses it (Hit.Key)
	HitRow                 // a row of a list, by index: a click chooses it, on the chosen row opens it (Pick)
)

// Hit is a place of the screen a click acts on: a card of the hand or
// a menu item, by its index, or a key offered in words. A screen's
// render returns its hits with the frame, so that a click always means
// what the screen shows.
type Hit struct {
	Rect  Rect
	Kind  HitKind
	Index int
	Key   key.Binding // HitKey: the key the offer names
}

// Offer is a key a screen offers in words, drawn "[r] replay this game".
type Offer struct {
	Key  key.Binding
	What string
}

// OfferLine lays offers out on one line after lead, three spaces
// between them, each "[key] what" with the key styled, and returns
// where each lies on row y: a click on one presses its key (Clicked).
func OfferLine(ctx *Context, lead string, offers []Offer, y int) (string, []Hit) {
	var sb strings.Builder
	sb.WriteString(lead)
	x := WidthOf(lead)
	var hits []Hit
	for i, o := range offers {
		if i > 0 {
			sb.WriteString("   ")
			x += 3
		}
		tag := KeyTag(o.Key)
		s := ctx.Styles.Key.Render(tag)
		w := WidthOf(tag)
		if o.What != "" {
			s += " " + o.What
			w += 1 + WidthOf(o.What)
		}
		hits = append(hits, Hit{Rect: Rect{X: x, Y: y, W: w, H: 1}, Kind: HitKey, Key: o.Key})
		sb.WriteString(s)
		x += w
	}
	return sb.String(), hits
}

// Clicked is the key press of the offer (a HitKey) under a left click
// among hits: a click on "[r] replay" is r pressed. ok is false when
// the click lands on no offer.
func Clicked(hits []Hit, msg tea.MouseClickMsg) (press tea.KeyPressMsg, ok bool) {
	if h, ok := hitUnder(hits, msg, HitKey); ok {
		return Press(h.Key), true
	}
	return press, false
}

// hitUnder is the hit of kind under a left click among hits.
func hitUnder(hits []Hit, msg tea.MouseClickMsg, kind HitKind) (Hit, bool) {
	for _, h := range hits {
		if msg.Button == tea.MouseLeft && h.Kind == kind && h.Rect.Has(msg.X, msg.Y) {
			return h, true
		}
	}
	return Hit{}, false
}

// ClickedFor is Clicked on a screen within the App: the help's and
// quit's keys are the App's, so a click on "? help" or "q quit" comes
// back as app, a command that presses that key where the App takes
// it; any other key is press, for the screen. ok is false when the
// click lands on no offer.
func ClickedFor(ctx *Context, hits []Hit, msg tea.MouseClickMsg) (press tea.KeyPressMsg, app tea.Cmd, ok bool) {
	press, ok = Clicked(hits, msg)
	if ok && (IsKey(press, ctx.Keys.Help) || IsKey(press, ctx.Keys.Quit)) {
		return press, func() tea.Msg { return press }, true
	}
	return press, nil, ok
}

// Label is a key as a line of hints names it ("→" in "→/← step"), in
// every way the line may write it (Words: "→", "->" under -ascii, "l"
// in a narrow window), and the key a click on it presses.
type Label struct {
	Words []string
	Key   key.Binding
}

// LabelHits are where the keys of labels lie on line (as drawn, the
// styles stripped), row y of the screen: each label where it is first
// written as a word of its own (no letter either side: the o of "go"
// is not the o key). A label that starts a hint ("v tricks") takes its
// words up to the next hint with it; one of two keys written together
// ("→/←") takes its own cells only.
func LabelHits(line string, y int, labels []Label) []Hit {
	rs := []rune(line)
	letter := func(i int) bool { return i >= 0 && i < len(rs) && unicode.IsLetter(rs[i]) }
	find := func(from int, w string) int {
		ws := []rune(w)
		for i := from; i+len(ws) <= len(rs); i++ {
			if string(rs[i:i+len(ws)]) == w && !letter(i-1) && !letter(i+len(ws)) {
				return i
			}
		}
		return -1
	}
	var hits []Hit
	for _, l := range labels {
		best, n := -1, 0
		for _, w := range l.Words {
			if i := find(0, w); i >= 0 && (best < 0 || i < best) {
				best, n = i, len([]rune(w))
			}
		}
		if best < 0 {
			continue
		}
		end := best + n
		if (best == 0 || rs[best-1] == ' ') && end < len(rs) && rs[end] == ' ' {
			// A hint of its own: its words, up to the next hint.
			for end < len(rs) && !strings.HasPrefix(string(rs[end:]), " · ") && !strings.HasPrefix(string(rs[end:]), "  ") &&
				!strings.HasPrefix(string(rs[end:]), " - ") {
				end++
			}
		}
		x := WidthOf(string(rs[:best]))
		hits = append(hits, Hit{Rect: Rect{X: x, Y: y, W: WidthOf(string(rs[best:end])), H: 1}, Kind: HitKey, Key: l.Key})
	}
	return hits
}

// TagHits are where the offers of keys lie on a screen that writes
// them in its text, "[enter] board 2   [h] history" on a line or
// "[n] leaves it" in a sentence: each tag of keys found in text (as
// drawn, the styles stripped), with the words after it up to the next
// tag, three spaces or the line's end. A screen that lays its offers
// out itself returns their places with OfferLine instead.
func TagHits(text string, keys []key.Binding) []Hit {
	var hits []Hit
	for y, line := range strings.Split(text, "\n") {
		for _, b := range keys {
			tag := KeyTag(b)
			for from := 0; ; {
				i := strings.Index(line[from:], tag)
				if i < 0 {
					break
				}
				i += from
				end := i + len(tag)
				rest := line[end:]
				stop := len(rest)
				for _, sep := range []string{"   ", "["} {
					if j := strings.Index(rest, sep); j >= 0 && j < stop {
						stop = j
					}
				}
				end += len(strings.TrimRight(rest[:stop], " "))
				hits = append(hits, Hit{Rect: Rect{X: WidthOf(line[:i]), Y: y, W: WidthOf(line[i:end]), H: 1}, Kind: HitKey, Key: b})
				from = end
			}
		}
	}
	return hits
}

// TextHits are where a screen drawn as view offers keys in its text:
// the tags of keys anywhere (TagHits) and, where labels are given, the
// labels on its last line, a line of hints (LabelHits). The view is
// read as it shows: its styles stripped, under -ascii in its ASCII.
func TextHits(ctx *Context, view string, keys []key.Binding, labels []Label) []Hit {
	text := ansi.Strip(view)
	if ctx.ASCII {
		text = ASCIIText(text)
	}
	hits := TagHits(text, keys)
	if len(labels) > 0 {
		lines := strings.Split(strings.TrimRight(text, " \n"), "\n")
		hits = append(hits, LabelHits(lines[len(lines)-1], len(lines)-1, labels)...)
	}
	return hits
}

// RowHits are where the rows of a list lie, one line each, from row y
// of the screen on, across the window (w cells): rows[i] is the list's
// row drawn on line y+i, -1 for a line that is none (a heading, a
// blank line).
func RowHits(rows []int, y, w int) []Hit {
	var hits []Hit
	for i, r := range rows {
		if r >= 0 {
			hits = append(hits, Hit{Rect: Rect{X: 0, Y: y + i, W: w, H: 1}, Kind: HitRow, Index: r})
		}
	}
	return hits
}

// RowClicked is the row of a list (a HitRow) under a left click among
// hits; ok is false when the click lands on none.
func RowClicked(hits []Hit, msg tea.MouseClickMsg) (row int, ok bool) {
	h, ok := hitUnder(hits, msg, HitRow)
	return h.Index, ok
}

// Pick takes a click on row of a list whose chosen row is *sel: a row
// not chosen becomes the chosen one, as the arrows would make it, and
// a click on the chosen row (a second click) opens it, as enter does;
// open says which. A first click never opens: the person sees what
// they chose before it acts.
func Pick(sel *int, row int) (open bool) {
	if *sel == row {
		return true
	}
	*sel = row
	return false
}

// Press is the key press of b's first key, as the terminal sends it:
// what a click on b's offer stands for.
func Press(b key.Binding) tea.KeyPressMsg {
	keys := b.Keys()
	if len(keys) == 0 {
		return tea.KeyPressMsg{}
	}
	switch k := keys[0]; k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	default:
		if r, n := utf8.DecodeRuneInString(k); n == len(k) {
			return tea.KeyPressMsg{Code: r, Text: k}
		}
	}
	return tea.KeyPressMsg{}
}

// MenuLine lays out a prompt and items on one line, the chosen one
// marked with the cursor glyph, and returns where each item lies.
func MenuLine(ctx *Context, prompt string, items []string, sel, y int) (string, []Hit) {
	return MenuLineGap(ctx, prompt, items, sel, y, 2)
}

// MenuLineGap is MenuLine with gap spaces before each item (MenuLine's
// two), besides the cell the cursor takes: one makes room for every
// item's full words where two leave none.
func MenuLineGap(ctx *Context, prompt string, items []string, sel, y, gap int) (string, []Hit) {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	var sb strings.Builder
	sb.WriteString(prompt)
	x := WidthOf(prompt)
	var hits []Hit
	for i, it := range items {
		sb.WriteString(strings.Repeat(" ", gap))
		x += gap
		var s string
		if i == sel {
			s = st.Selected.Render(g.Cursor + it)
		} else {
			s = " " + it
		}
		w := WidthOf(s)
		hits = append(hits, Hit{Rect: Rect{X: x, Y: y, W: w, H: 1}, Kind: HitMenu, Index: i})
		sb.WriteString(s)
		x += w
	}
	return sb.String(), hits
}
