package kit

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// runWords is what sequences score, as the rules count it.
func runWords() string {
	return fmt.Sprintf("three cards in a row score %d, four or more %d", rules.RunPoints(3), rules.RunPoints(4))
}

// rankWords is the order of the ranks and their card points, as the
// rules have them: "Trump ranks J 9 A 10 K Q 8 7 (J 20, 9 14 points);
// other suits A 10 K Q J 9 8 7 (A 11, 10 10, K 4, Q 3, J 2)." The trump
// figures are those that differ from a plain suit's.
func rankWords() string {
	const trump, plain = rules.Spades, rules.Hearts
	order := func(ranks []rules.Rank) string {
		var w []string
		for _, r := range ranks {
			w = append(w, r.Display())
		}
		return strings.Join(w, " ")
	}
	var tp, pp []string
	for _, r := range rules.RanksByPower(true) {
		if p := rules.Points(rules.NewCard(r, trump), trump); p != rules.Points(rules.NewCard(r, plain), trump) {
			tp = append(tp, fmt.Sprintf("%s %d", r.Display(), p))
		}
	}
	for _, r := range rules.RanksByPower(false) {
		if p := rules.Points(rules.NewCard(r, plain), trump); p > 0 {
			pp = append(pp, fmt.Sprintf("%s %d", r.Display(), p))
		}
	}
	return fmt.Sprintf("Trump ranks %s (%s points); other suits %s (%s).",
		order(rules.RanksByPower(true)), strings.Join(tp, ", "), order(rules.RanksByPower(false)), strings.Join(pp, ", "))
}

// rulesSummary is the short rules text of the help screen for a game
// with options o (the whole rules follow it in the help): its seat
// count, target and last trick's bonus, the bottom card and the dealer
// forced when on, how the best sequence is found and scores
// (sequence_rank, melds_need_trick), and the house variants played, by
// name.
func rulesSummary(o rules.Options) []string {
	last := fmt.Sprintf(" The last trick scores %d.", o.LastTrick)
	if o.LastTrick == 0 {
		last = " The last trick earns no bonus."
	}
	ranks := rankWords() + last + fmt.Sprintf(" K and Q of trump in one hand: bella, %d, said with the second one played.", rules.BellaPoints)
	end := fmt.Sprintf(" The first to the target (%d) wins.", o.Target)
	if o.Target == 0 {
		// A duplicate board: one deal, compared with the others' results.
		end = " A board is one deal, scored on its own: there is no game to a target."
	}
	// throwIn is what happens when nobody names trump in round two.
	throwIn := func(passes string) string {
		if o.DealerForced {
			return " When everyone else has passed in round two, the dealer may not pass: they must name trump."
		}
		return " " + passes + " passes throw the deal in."
	}
	bottom := "."
	if o.BottomCard && o.HasBottomCard() {
		bottom = ", the bottom card turned up."
	}
	// seqs says how the best sequence is found among equal values
	// (sequence_rank) and whether its holder must take a trick to score
	// (melds_need_trick), after the seat count's own words: who, and
	// the pronoun that follows it ("A player who", "A team that").
	seqs := func(who, rel string) string {
		out := ""
		if o.SequenceRank == rules.RankByLength {
			out = " Between two fifties the longer run wins, then the higher top card."
		}
		if o.MeldsNeedTrick {
			return out + " " + who + " " + rel + " takes no trick scores no sequences."
		}
		return out + " " + who + " scores them even without a trick."
	}
	// dialogue is the two players' words that find the best sequence.
	dialogue := "twenty or fifty; good, not good or how high?"
	if o.SequenceRank == rules.RankByLength {
		dialogue = "twenty or fifty; good, not good, how many cards? between two fifties, or how high?"
	}
	dix := " When the upcard's suit is trump, the holder of the 7 of trump (the dix) may swap it for the upcard (not after a round-two trump, nor when the upcard is that 7)."
	var out []string
	switch o.NumPlayers() {
	case 3:
		out = []string{
			"Three players, each for themselves; 32 cards (A K Q J 10 9 8 7). Six cards each; an upcard proposes trump.",
			"Bidding, from the dealer's left: take (you become the maker, the upcard's suit is trump) or pass. If all pass, round two: name another suit or pass." + throwIn("Six") + " No schmeiss.",
			"Then three more cards each (nine)" + bottom + dix,
			"Sequences: " + runWords() + ". Only the player with the best sequence scores, all of theirs." + seqs("A player", "who"),
			"Play: follow suit; when trump is led, beat the highest trump if you can; when void, trump (over a trump in the trick if you can).",
			ranks,
			"The maker must score more than each opponent or is bete: each opponent then scores their own total and half the maker's. Equal to the best opponent: the maker scores nothing." + end,
		}
	case 4:
		out = []string{
			"Four players in two teams, partners opposite each other; 32 cards, all in play. Six cards each; an upcard proposes trump.",
			"Bidding, from the dealer's left: take (you become the maker, for your team; the upcard's suit is trump) or pass. If all pass, round two: name another suit, no trumps, or pass (the dealer may name the upcard's suit too)." + throwIn("Eight") + " No schmeiss, no dix.",
			"Then two more cards each (eight), the maker getting the upcard.",
			"Sequences: " + runWords() + ". The team with the best sequence scores both partners' sequences." + seqs("A team", "that"),
			"Play: follow suit; when trump is led, beat the highest trump if you can; when void, trump (over a trump in the trick if you can, your partner's too).",
			ranks + " In no trumps every suit ranks A 10 K Q J 9 8 7, with the plain suits' points.",
			"Partners' totals count together. The maker's team must score more than the other team or is bete: the other team then scores both totals. At a tie the maker's team scores nothing." + end,
		}
	default:
		out = []string{
			"Two players (three and four: see the rules below), 32 cards (A K Q J 10 9 8 7). Six cards each; an upcard proposes trump.",
			"Bidding: pass, take (you become the maker, the upcard's suit is trump) or schmeiss (an offer to throw the deal in: the other accepts, or refuses and you are the maker). If both pass, round two: name another suit or pass." + throwIn("Four"),
			"Then three more cards each" + bottom + dix,
			"Sequences: " + runWords() + ". Only the player with the best sequence scores, all of theirs, as the dialogue settles it (" + dialogue + ")." + seqs("A player", "who"),
			"Play: follow suit; when trump is led, beat the highest trump if you can; when void, trump if you can.",
			ranks,
			"The maker must score more than the other player or is bete: the defender then scores both totals. At a tie the maker scores nothing." + end,
		}
	}
	if played := o.VariantsPlayed(); len(played) > 0 {
		out = append(out, "House variants played: "+strings.Join(played, ", ")+"; the rules below tell them.")
	}
	return out
}

// handLegend explains the marks of a hand: selected, playable, the
// edges of a card not playable now and the box of the selected one (a
// replay's card played next), the sequence, bella and menage marks, and
// the letters and slash of melds the order mixes (MeldRow).
func handLegend(g *Glyphs) string {
	edges, box := "dashed", "a heavy box"
	if g.ASCII {
		edges, box = "dotted", "a box of #"
	}
	return g.SelMark + " under a card: selected; " + g.PlayMark + " playable. A card drawn with " + edges +
		" edges may not be played now; the raised card in " + box + " is the selected one (in a replay, the card the next step plays). Under the hand, until your first card, 20 or 50 marks the cards of a sequence you hold (with three or four of a kind on, of a set too); bella the king and queen of trump (20+bella: both), menage the king, queen and jack of trump with the menage on; these two stay on what is left of them until you announce it." +
		" When the hand's order mixes the cards of two melds of the same value, a letter tells them apart: 20a under the one's cards, 20b under the other's; a card in two melds reads both, as 50/20. Where a card's cells are too narrow, menage is written men or m and bella bel or b (50+m: the fifty and the menage)."
}

// hintLegend explains the hint's and trainer's columns and the grades
// with their thresholds (drill.Legend: one scale for the trainer and
// the analysis), and what the analysis grades from (analysis.Notes).
func hintLegend() []string {
	return append(drill.Legend(), analysis.Notes()...)
}

// HintsTeller is a Screen that shows cards but no hint, grade nor
// analysis (the lesson): HelpHints false leaves the hints' legend out of
// its help, keeping the hand's marks.
type HintsTeller interface {
	HelpHints() bool
}

// HelpHintsOf reports whether s's help explains the hints and grades:
// true unless s says it shows none.
func HelpHintsOf(s Screen) bool { return trueUnless(s, HintsTeller.HelpHints) }

// KeyHelp is a screen's keys as Bubbles' help.KeyMap: the short help is
// its status line, the full help the overlay's lists.
type KeyHelp struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp is the status line's keys.
func (k KeyHelp) ShortHelp() []key.Binding { return k.Short }

// FullHelp is the help overlay's lists of keys.
func (k KeyHelp) FullHelp() [][]key.Binding { return k.Full }

var _ help.KeyMap = KeyHelp{}

// PlayHelp is the full help of the play screens at a table with
// options o: the table's keys but those in drop, the menu letters that
// table offers, and the mouse.
func PlayHelp(k *KeyMap, o rules.Options, drop ...key.Binding) [][]key.Binding {
	keys := slices.DeleteFunc(k.TableKeys(), func(b key.Binding) bool {
		return slices.ContainsFunc(drop, func(d key.Binding) bool { return d.Help() == b.Help() })
	})
	if o.Menage {
		// b and n answer the menage too (the footer says "b menage"
		// when the card makes one).
		for i, b := range keys {
			switch b.Help() {
			case k.Bella.Help():
				keys[i] = Bind(b.Help().Key, "play the selected card and announce bella or the menage", b.Keys()...)
			case k.NoBella.Help():
				keys[i] = Bind(b.Help().Key, "at the bella or menage question: play the card without it", b.Keys()...)
			}
		}
	}
	return [][]key.Binding{keys, append([]key.Binding{menusHelp}, lettersFor(o)...), {mouseHelp}}
}

// menusHelp is the help's line over the menus' letters, as the key line
// says it at a menu ("[ ] letter picks"): the letter is the one in
// brackets before each choice.
var menusHelp = key.NewBinding(key.WithHelp("menus", "the letter in [ ] before a choice picks it ([p] pass: p)"))

// letters is LetterHelp of every row for each seat count, sequence
// rank and which of shlomo and cleopatra are played (all LetterHelp
// reads: the declarations' row names what n declines), made once: the
// table asks for its keys' help on every frame (its status line is the
// short one).
var letters = func() (by [rules.MaxPlayers + 1][2][4][]key.Binding) {
	for _, n := range rules.SeatCounts() {
		for i, rank := range []rules.SeqRank{rules.RankByValue, rules.RankByLength} {
			for d := range 4 {
				o := rules.DefaultOptions()
				o.Players, o.SequenceRank, o.Shlomo, o.Cleopatra = n, rank, d&1 != 0, d&2 != 0
				by[n][i][d] = LetterHelp(o)
			}
		}
	}
	return by
}()

// lettersFor is LetterHelp(o) of every row.
func lettersFor(o rules.Options) []key.Binding {
	i, d := 0, 0
	if o.SequenceRank == rules.RankByLength {
		i = 1
	}
	if o.HasShlomo() {
		d |= 1
	}
	if o.HasCleopatra() {
		d |= 2
	}
	return letters[min(max(o.NumPlayers(), rules.MinPlayers), rules.MaxPlayers)][i][d]
}

// QuitAsks is the quit key of a screen that does not keep a game.
func QuitAsks(k *KeyMap) key.Binding {
	return Bind(k.Quit.Help().Key, k.QuitHint().Help().Desc+" (asks first)", k.Quit.Keys()...)
}

// HelpView is the help overlay: the screen's keys (its full help), the
// rules in short, the numbers and marks, and the whole rules Klob plays
// (docs.Rules, as klob rules prints them). Up and down scroll it a line,
// page up and down a window, home and end to either end, r to the
// rules; any other key closes it.
type HelpView struct {
	scroll int
	keys   [][]key.Binding
	// opts are the game's options the rules in short are told for
	// (For); the default game of two without a game.
	opts rules.Options
	// noMarks leaves the numbers and marks out (NoMarks); noHints the
	// hints' legend alone (NoHints).
	noMarks, noHints bool
	// drawn is lines for the width and painter it was drawn with: the
	// game goes on under the help, and every message draws it again.
	drawn      []string
	drawnWidth int
	drawnPaint *Painter
	rulesAt    int   // the line of the rules' heading in drawn
	textAt     []int // drawn's letters (not spaces) before each line
	// The place scrolled to, kept across a resize: the letters before
	// the top line (the same in every width's wrapping), or the end;
	// placed is the width scroll was last worked out for.
	anchor int
	atEnd  bool
	placed int
}

// HelpHeading is a line of the help's keys that heads the keys after
// it ("At the table, once resumed"), as "Keys" heads the whole list. It
// is a binding with no key and no key's name; a menu's second row has
// no name but has its keys, and continues the row above instead.
func HelpHeading(text string) key.Binding { return key.NewBinding(key.WithHelp("", text)) }

func isHeading(b key.Binding) bool { return b.Help().Key == "" && len(b.Keys()) == 0 }

// NewHelpView opens the help overlay on keys, a screen's full help.
func NewHelpView(keys [][]key.Binding) *HelpView {
	return &HelpView{keys: keys, opts: rules.DefaultOptions()}
}

// For tells the rules in short for the game o: its seat count, target
// and the rule options it plays.
func (h *HelpView) For(o rules.Options) *HelpView {
	h.opts, h.drawn = o, nil
	return h
}

// NoMarks leaves the numbers and marks out of the help, for a screen
// that shows none of them (MarksTeller).
func (h *HelpView) NoMarks() *HelpView {
	h.noMarks, h.drawn = true, nil
	return h
}

// NoHints leaves the hints' and grades' legend out of the help, for a
// screen that shows cards but no hint (HintsTeller).
func (h *HelpView) NoHints() *HelpView {
	h.noHints, h.drawn = true, nil
	return h
}

// Covers reports that the help takes the whole screen: the screen
// under it is not drawn.
func (h *HelpView) Covers() bool { return true }

// Lines are the whole help for the window's width, before scrolling.
func (h *HelpView) Lines(ctx *Context) []string {
	if h.drawn == nil || h.drawnWidth != ctx.Width || h.drawnPaint != ctx.Paint {
		h.drawn, h.drawnWidth, h.drawnPaint = h.draw(ctx), ctx.Width, ctx.Paint
		// Letters and digits only, from under the title (which a
		// narrow window cuts): rules and table borders change with the
		// width, the words do not.
		h.textAt = make([]int, len(h.drawn))
		n := 0
		for i, l := range h.drawn {
			h.textAt[i] = n
			if i >= 2 {
				n += countText(ansi.Strip(l))
			}
		}
	}
	return h.drawn
}

// countText counts the letters and digits of s.
func countText(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// place moves the scroll, after a resize, to the line that holds the
// text that was on top (or to the end, if the end was shown): the
// lines wrap anew in another width, so the same line number would be
// another place in the text.
func (h *HelpView) place(ctx *Context) {
	l := h.Lines(ctx)
	if h.atEnd {
		h.scroll, h.placed = max(0, len(l)-ctx.Height), ctx.Width
		return
	}
	if h.placed == ctx.Width || h.placed == 0 {
		h.placed = ctx.Width
		return
	}
	h.placed = ctx.Width
	top := 2
	for i := 2; i < len(l); i++ {
		if h.textAt[i] <= h.anchor {
			top = i
		}
	}
	h.scroll = top - 2
}

// remember notes the place scrolled to, for place after a resize.
func (h *HelpView) remember(ctx *Context) {
	l := h.Lines(ctx)
	h.placed = ctx.Width
	h.atEnd = h.scroll > 0 && h.scroll >= len(l)-ctx.Height
	h.anchor = 0
	if i := 2 + h.scroll; i < len(l) {
		h.anchor = h.textAt[i]
	}
}

// helpTitle names the keys Update takes, every way each is written:
// any other key closes the help.
const helpTitle = "Help (↑/↓ j/k pgup/pgdn home/end scroll · r rules · other keys close)"

// draw lays out what Lines keeps.
func (h *HelpView) draw(ctx *Context) []string {
	st := &ctx.Styles
	out := append(Titled(ctx, helpTitle), " "+st.Heading.Render("Keys"))
	for _, group := range h.keys {
		for _, b := range group {
			hp := b.Help()
			if isHeading(b) {
				out = append(out, " "+st.Heading.Render(hp.Desc))
				continue
			}
			k := hp.Key
			if ctx.ASCII {
				// As the App will write it ("<-" for "←"), so that the
				// padding lines the words up.
				k = ASCIIText(k)
			}
			// A key wider than its column ("tab/shift+tab") stands on a
			// line of its own, so that every description starts in the
			// column and none runs on from its key.
			if WidthOf(k) > helpKeyW {
				out = append(out, "   "+k)
				k = ""
			}
			for _, l := range helpDesc(hp.Desc, max(20, ctx.Width-16)) {
				out = append(out, "   "+k+strings.Repeat(" ", helpKeyW-WidthOf(k))+" "+l)
				k = "" // the key on the first line only
			}
		}
	}
	marks := marksAll
	switch {
	case h.noMarks:
		marks = marksNone
	case h.noHints:
		marks = marksHand
	}
	tail := ctx.helpTail(h.opts, marks)
	h.rulesAt = len(out) + tail.rulesAt
	return append(out, tail.lines...)
}

// helpKeyW is the width of the keys' column of the help.
const helpKeyW = 12

// helpMarks is how much of the numbers and marks a help tells.
type helpMarks int

const (
	marksAll  helpMarks = iota // the hand's marks and the hints' legend
	marksHand                  // the hand's marks alone: no hint shown
	marksNone                  // nothing: no card shown
)

// helpTail is the part of the help after the keys, the same on every
// screen: the rules in short first (what a player looks for after the
// keys), then the marks (as much as the screen shows) and the whole
// rules.
type helpTail struct {
	width   int
	paint   *Painter
	opts    rules.Options
	marks   helpMarks
	lines   []string
	rulesAt int // the line of the whole rules' heading in lines, from 1
}

// helpTail returns the help's tail for the context's width and painter
// and a game with options o, with as much of the marks as asked, laid
// out again only when one changed.
func (ctx *Context) helpTail(o rules.Options, marks helpMarks) *helpTail {
	if t := ctx.help; t != nil && t.lines != nil && t.width == ctx.Width && t.paint == ctx.Paint &&
		t.opts == o && t.marks == marks {
		return t
	}
	st := &ctx.Styles
	var out []string
	out = append(out, "", " "+st.Heading.Render("Rules in short"))
	for _, p := range rulesSummary(o) {
		out = append(out, Indent("   ", Wrap(p, max(20, ctx.Width-6)), nil)...)
	}
	if marks != marksNone {
		ps := []string{handLegend(&ctx.Paint.Glyphs)}
		if marks == marksAll {
			ps = append(ps, hintLegend()...)
		}
		out = append(out, "", " "+st.Heading.Render("Numbers and marks"))
		for _, p := range ps {
			out = append(out, Hang("   ", "     ", Wrap(p, max(20, ctx.Width-6)))...)
		}
	}
	t := &helpTail{width: ctx.Width, paint: ctx.Paint, opts: o, marks: marks, rulesAt: len(out) + 1}
	title := "The rules Klob plays (klob rules prints them)"
	if ctx.Remote {
		title = "The rules Klob plays" // over SSH there is no klob command
	}
	out = append(out, "", " "+st.Heading.Render(title), "")
	doc := strings.Split(strings.TrimRight(docs.Plain(docs.Rules(), max(docs.MinWidth, ctx.Width-2)), "\n"), "\n")
	// The heading above is the document's title: its own title and
	// underline are not said again.
	if len(doc) > 2 && strings.Trim(doc[1], "=") == "" {
		doc = doc[2:]
		for len(doc) > 0 && doc[0] == "" {
			doc = doc[1:]
		}
	}
	out = append(out, Indent(" ", doc, nil)...)
	t.lines = out
	if ctx.help != nil {
		*ctx.help = *t
	}
	return t
}

// helpDesc is a key's description in lines of at most w cells: a row of
// items between " · " ("c clubs · d diamonds · …", with no trumps wider
// than 80 columns; "d declare · n no shlomo; …") breaks between its
// items, never inside one, the separator dropped at the break: no line
// ends on a "·" that dangles, nor starts with one, the next line under
// the last one's words reading as the row going on. Other text wraps at
// spaces, a "·" in a sentence bound to the words on either side ("record
// 6 right · 5 wrong: of the 11 drills …", whose parts are not all short
// enough for a line each), so that no line ends or starts with it there
// either.
func helpDesc(desc string, w int) []string {
	if WidthOf(desc) <= w {
		return []string{desc}
	}
	parts := strings.Split(desc, " · ")
	if slices.ContainsFunc(parts, func(p string) bool { return WidthOf(p) > w }) {
		lines := Wrap(strings.ReplaceAll(desc, " · ", nbSpace+"·"+nbSpace), w)
		for i, l := range lines {
			lines[i] = strings.ReplaceAll(l, nbSpace, " ")
		}
		return lines
	}
	var out []string
	line := ""
	for _, part := range parts {
		switch {
		case line == "":
			line = part
		case WidthOf(line+" · "+part) <= w:
			line += " · " + part
		default:
			out = append(out, line)
			line = part
		}
	}
	return append(out, line)
}

// Update scrolls the help: up and down a line, page up and down a
// window, home and end to either end, r to the rules. Any other key
// closes it (open false).
func (h *HelpView) Update(ctx *Context, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	h.place(ctx)
	page := h.pageRows(ctx)
	switch {
	case IsKey(msg, ctx.Keys.Up):
		h.scroll--
	case IsKey(msg, ctx.Keys.Down):
		h.scroll++
	case PageDir(msg) != 0:
		h.scroll += PageDir(msg) * page
	case msg.String() == "home":
		h.scroll = 0
	case msg.String() == "end":
		h.scroll = len(h.Lines(ctx))
	case msg.String() == "r":
		h.Lines(ctx)
		h.scroll = h.rulesAt - 2 // the rules' heading just under the title
	default:
		return false, nil
	}
	h.scroll = max(0, min(h.scroll, len(h.Lines(ctx))-ctx.Height))
	h.remember(ctx)
	return true, nil
}

// pageRows is how far a page up or down scrolls: the lines of text a
// page shows under the title, the window less the title and its rule,
// and less the last row, which says more follows on every page but the
// last. Turned by as many, the line under that mark tops the next page
// down, and the page up ends on the line above the top one.
func (h *HelpView) pageRows(ctx *Context) int {
	if ctx.Height > 3 && len(h.Lines(ctx)) > ctx.Height {
		return ctx.Height - 3
	}
	return max(1, ctx.Height-2)
}

// View draws the help, its title and the rule under it kept at the top
// while the rest scrolls, in place of the screen under it.
func (h *HelpView) View(ctx *Context, under string) string {
	h.place(ctx)
	l := h.Lines(ctx)
	s := max(0, min(h.scroll, len(l)-ctx.Height))
	// Keep the title and its rule; scroll the rest.
	if s > 0 && len(l) > 2 {
		l = append([]string{l[0], l[1]}, l[2+s:]...) // l is kept: no append in place
	}
	// Text cut at the window's last row would read as the end: that row
	// says more follows (it shows once scrolled one line on).
	if h := ctx.Height; h > 3 && len(l) > h {
		l = append(slices.Clone(l[:h-1]), "   "+ctx.Styles.Dim.Render(moreBelow(ctx.ASCII)))
	}
	return JoinLines(l)
}

// moreBelow is the help's last row while more follows. Under -ascii it
// is written in words: the App's ASCII pass would make each arrow
// "down" and the line read "down more below (down pgdn scroll)".
func moreBelow(ascii bool) string {
	if ascii {
		return "more below (down/pgdn to scroll)"
	}
	return "↓ more below (↓/pgdn to scroll)"
}

// HelpFor is the help overlay of screen s as ? opens it: its keys (a
// screen that lists none shows the play keys of the game it is about,
// its seat count and variants, not the default game's), the marks only
// where there are cards to explain, the hints' legend only where hints
// and grades are given, and the rules in short of the game on screen.
func HelpFor(s Screen, k *KeyMap) *HelpView {
	o, game := HelpRulesOf(s)
	if !game {
		o = rules.DefaultOptions()
	}
	h := NewHelpView(KeyHelpOf(s, k, KeyHelp{Full: PlayHelp(k, o)}).FullHelp())
	if !HelpMarksOf(s) {
		h.NoMarks()
	} else if !HelpHintsOf(s) {
		h.NoHints()
	}
	if game {
		h.For(o)
	}
	return h
}
