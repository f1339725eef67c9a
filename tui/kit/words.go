package kit

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// possessive is the owner form of a player's name in a sentence:
// "your" for the person ("You"), "Bot's", "James's".
func possessive(name string) string {
	if strings.EqualFold(name, "you") {
		return "your"
	}
	return name + "'s"
}

// BellaWord is what a person says with the card a plays: "menage"
// (50 for king, queen and jack of trump), "bella" (20 for king and
// queen), or "" for nothing.
func BellaWord(a rules.Action) string {
	switch a.Announced() {
	case rules.MenagePoints:
		return "menage"
	case rules.BellaPoints:
		return "bella"
	}
	return ""
}

// AcceptedSchmeiss says, at two players, who accepted whose schmeiss:
// "Bot accepted your schmeiss", "alice accepted Bot's schmeiss".
func AcceptedSchmeiss(name func(rules.Seat) string, schmeisser rules.Seat) string {
	return name(schmeisser.Other()) + " accepted " + possessive(name(schmeisser)) + " schmeiss"
}

// Does puts verb after a seat's name in a sentence, as every screen
// names the seats: "you deal" for the person's own seat (you), "Bot
// deals" or "West deals" for another.
func Does(name string, you bool, verb string) string {
	if you {
		return "you " + verb
	}
	return name + " " + verb + "s"
}

// ElideName shortens a file name to at most w cells on purpose, never
// in the middle of a word: first a path's directory goes, then the
// .klob ending, then whole
// "-"-separated words from the middle, replaced by mark (the screen's
// Context.Ellipsis), keeping the first word and the result whole (the
// date, and "lost", "won-2", "lost-practice" or a shared table's
// "BD-won": the seats that won, else it reads as the player's win),
// then as many words from the start (the date and time), then from the
// end, as fit. Short of room for the whole result, it keeps its last
// words; when even "first-…-last" is too long it is the mark alone.
func ElideName(name string, w int, mark string) string {
	if w <= 0 {
		return ""
	}
	if WidthOf(name) <= w {
		return name
	}
	// A path: its directory goes first.
	if name = filepath.Base(name); WidthOf(name) <= w {
		return name
	}
	name = strings.TrimSuffix(name, ".klob")
	if WidthOf(name) <= w {
		return name
	}
	words := strings.Split(name, "-")
	build := func(h, t int) string {
		return strings.Join(words[:h], "-") + "-" + mark + "-" + strings.Join(words[t:], "-")
	}
	// Short of room for the whole result, its last words alone.
	last := max(1, resultStart(words))
	for last < len(words)-1 && WidthOf(build(1, last)) > w {
		last++
	}
	if len(words) < 3 || WidthOf(build(1, last)) > w {
		return mark
	}
	// The head words first (the date and time say which game), then
	// the tail words before the result.
	head, tail := 1, last
	for head+1 < tail && WidthOf(build(head+1, tail)) <= w {
		head++
	}
	for tail-1 > head && WidthOf(build(head, tail-1)) <= w {
		tail--
	}
	return build(head, tail)
}

// resultStart is the index of the first of a file name's words that
// say its result: the last word, with a filing's number ("won-2"), a
// practice's mark ("lost-practice") and the winning seats' letters
// before "won" ("BD-won") kept with it.
func resultStart(words []string) int {
	i := len(words) - 1
	if i > 0 && isDigits(words[i]) {
		i--
	}
	if i > 0 && words[i] == "practice" {
		i--
	}
	if i > 0 && words[i] == "won" && words[i-1] != "" && strings.Trim(words[i-1], "ABCD") == "" {
		i--
	}
	return i
}

// ActionLabel is what a menu item says: the words the player speaks.
func ActionLabel(a rules.Action) string {
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

// Spoken is what a player says for a non-card action.
func Spoken(g *Glyphs, v *rules.View, a rules.Action) string {
	switch a.Kind {
	case rules.Exchange:
		return "exchanges the dix (takes " + g.CardText(v.OrigUpcard) + ")"
	case rules.Name:
		return a.Suit.Name()
	}
	return a.Words()
}

// Plain makes a message of the engine's fit for the glyphs: with -ascii
// its suit symbols become letters.
func Plain(g *Glyphs, s string) string {
	if !g.ASCII {
		return s
	}
	return strings.NewReplacer("♣", "C", "♦", "D", "♥", "H", "♠", "S").Replace(s)
}

// TableActionLabel is how the table of three or four and its trainer
// write an option before the card play: a suit with its symbol, a
// declaration with its points, the card given.
func TableActionLabel(ctx *Context, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.Name:
		return p.SuitName(a.Suit)
	case rules.Shlomo, rules.Cleopatra:
		return fmt.Sprintf("declare %s (+%d)", a, rules.DeclarationPoints)
	case rules.Give:
		return "give " + p.StyledCard(a.Card)
	}
	return ActionLabel(a)
}

// ItemLabel is how a menu of items writes item i: TableActionLabel,
// but a pass that declines a declaration (Declined) says which, "no
// shlomo", as the declining answers of the sequences and the dix do.
func ItemLabel(ctx *Context, items []rules.Action, i int) string {
	if k := Declined(items); k != rules.NoAction && items[i].Kind == rules.Pass {
		return "no " + rules.Action{Kind: k}.Words()
	}
	return TableActionLabel(ctx, items[i])
}

// BoardResultWords says what a duplicate board's result is at the seat
// count: the person's side's score less the others'.
func BoardResultWords(players int) string {
	switch players {
	case 3:
		return "your score minus the mean of the two others'"
	case 4:
		return "your team's score minus the other team's"
	}
	return "your score minus the bot's"
}

// ParWords says what par is, after BoardResultWords has said what a
// result is: the daily challenge and a tournament tell it alike.
const ParWords = "par is the hard bot's result, reckoned the same way, when it plays your seat on the same cards"

// Signed is a change with its sign, as a rating's after a game: "+12",
// "-3", "±0".
func Signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("-%d", -n)
	}
	return "±0"
}

// Number writes a board's result or par: a sign unless zero, no
// trailing zeros ("+22.5", "-40", "0").
func Number(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// Percent writes a percentage with two decimals, an exact half rounded
// up as the daily's history keeps it (40.625 is 40.63 everywhere).
func Percent(p float64) string { return fmt.Sprintf("%.2f%%", math.Round(p*100)/100) }

// BoardShare writes a board's matchpoints as a percentage of top, the
// most a board could make; "-" when there is no top (nobody else
// played it).
func BoardShare(mp float64, top int) string {
	if top <= 0 {
		return "-"
	}
	return Percent(100 * mp / float64(top))
}

// Rank writes a place in the standings, "3=" when tied.
func Rank(rank int, tied bool) string {
	if tied {
		return fmt.Sprint(rank) + "="
	}
	return fmt.Sprint(rank)
}

// Matchpoints writes matchpoints: whole, or to two decimals (Neuberg).
func Matchpoints(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// AgainstBotsWords says who the person plays with and against, the bots
// of level in the other seats, as the board screens name them: by who
// they are, never by a seat's letter, which no screen shows.
func AgainstBotsWords(players int, level string) string {
	switch players {
	case 3:
		return fmt.Sprintf("you against two %s bots", level)
	case 4:
		return fmt.Sprintf("you with a %s bot as partner, against two %s bots", level, level)
	}
	return fmt.Sprintf("you against the %s bot", level)
}

// ShortNames fits names into w cells each so that they stay told apart
// (not alike once lower-cased): a name that fits is kept; a longer one
// is cut with mark after its start ("alexa…"), else keeps its
// distinguishing end after the mark ("al…ra" and "al…er"), whichever
// first tells every name apart; an end that is a whole word is tried
// first ("rand…(A)", not "rando…A)"). A name keeps its spaces ("Bot C"
// is never "BotC"): it reads as the person wrote it, and is only cut.
// It returns nil when no way does (then the caller names them
// otherwise). mark is "…", or "." where the screen is ASCII.
func ShortNames(names []string, w int, mark string) []string {
	return shortNames(names, w, mark, false)
}

// ShortWords is ShortNames, for names read in running text (the talk
// column's "Annabelle L…: pass").
func ShortWords(names []string, w int, mark string) []string {
	return ShortNames(names, w, mark)
}

// shortNames is ShortNames; with tagFirst each name's last word is kept
// before anything else is tried (ShortTagged).
func shortNames(names []string, w int, mark string, tagFirst bool) []string {
	if w <= 0 {
		return nil
	}
	mw := WidthOf(mark)
	// cut keeps head runes, the mark, and tail runes of n. An end that
	// is a whole word of digits, a bot's number ("normal 1"), follows
	// the cut start after the space instead ("norm 1", as "easy 1"
	// reads beside it): the number reads as the name's own.
	cut := func(n string, head, tail int) string {
		rs := []rune(n)
		h := strings.TrimRight(string(rs[:head]), " ")
		end := string(rs[len(rs)-tail:])
		word := strings.TrimLeft(end, " ")
		if h != "" && word != "" && isDigits(word) && (word != end || rs[len(rs)-tail-1] == ' ') {
			return h + " " + word
		}
		return h + mark + word
	}
	// fits shortens n by way (0: its start; t > 0: t runes of its end),
	// the end a whole word when words is set.
	fits := func(n string, way int, words bool) string {
		if WidthOf(n) <= w {
			return n
		}
		rs := []rune(n)
		if words && way > 0 && rs[len(rs)-way-1] != ' ' {
			return ""
		}
		for head := len(rs) - way - 1; head >= 0; head-- {
			if s := cut(n, head, way); WidthOf(s) <= w && (head > 0 || way > 0) {
				return s
			}
		}
		return ""
	}
	for _, words := range []bool{true, false} {
		// Each name's last word is kept first with tagFirst, else once no
		// end that is a whole word tells the names apart.
		if words == tagFirst {
			if out := lastWords(names, w, fits); out != nil {
				return out
			}
		}
		for way := 0; way <= w-mw-1; way++ {
			out := make([]string, len(names))
			seen := map[string]bool{}
			ok := true
			for i, n := range names {
				out[i] = fits(n, min(way, len([]rune(n))-1), words)
				k := strings.ToLower(out[i])
				ok = ok && out[i] != "" && !seen[k]
				seen[k] = true
			}
			if ok {
				return out
			}
		}
	}
	return nil
}

// lastWords cuts each name too long for w to keep its own last word as
// its end ("no…A", "e…B1", "e…B2" rather than "ea…1" and "ea…2"), a
// name of one word by its start ("nor…" beside "ea 1"), cut by fits;
// nil when two come out alike.
func lastWords(names []string, w int, fits func(n string, way int, words bool) string) []string {
	out := make([]string, len(names))
	seen := map[string]bool{}
	for i, n := range names {
		out[i] = n
		if sp := strings.LastIndex(n, " "); WidthOf(n) > w && sp > 0 {
			out[i] = fits(n, len([]rune(n[sp+1:])), true)
		} else if WidthOf(n) > w {
			out[i] = fits(n, 0, true)
		}
		k := strings.ToLower(out[i])
		if out[i] == "" || seen[k] {
			return nil
		}
		seen[k] = true
	}
	return out
}

// isDigits reports whether s is digits alone.
func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// ShortTagged is ShortNames for a row of heads, where a name's last word
// is its tag among alike names ("easy A", "normal B", as a bot match
// names its seats): a name too long keeps that word ("norm…B", not
// "norma…") whenever that tells them all apart.
func ShortTagged(names []string, w int, mark string) []string {
	return shortNames(names, w, mark, true)
}

// JoinOr joins choices as a sentence offers them: "a", "a or b",
// "a, b or c".
func JoinOr(words []string) string { return joinLast(words, " or ") }

// JoinAnd joins names as a sentence lists them: "a", "a and b",
// "a, b and c".
func JoinAnd(words []string) string { return joinLast(words, " and ") }

func joinLast(words []string, last string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + last + words[len(words)-1]
}

// SeqWord names what the sequences' right wins under o, lower case:
// "sequences", or "sequences / sets" where sets of a kind score with
// them (of_a_kind). The status line and the deal's result say it alike.
func SeqWord(o *rules.Options) string {
	if o.OfAKind {
		return "sequences / sets"
	}
	return "sequences"
}

// WelcomeBack is the note over a board taken up again where it was
// left: "Welcome back: board 3 of 8.", as klob play greets a game
// resumed ("Welcome back: deal 3."). Every board taken up again says
// it so, klob daily's and the server's tournaments' alike.
func WelcomeBack(board, boards int) string {
	return fmt.Sprintf("Welcome back: board %d of %d.", board, boards)
}
