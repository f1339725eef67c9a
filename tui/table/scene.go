package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Scene is one position of a game as the table draws it: one seat's
// rules.View (the seat drawn at the bottom) and what the game around the
// deal says. The table screen makes one from a host.Snapshot, the replay
// from a recorded game; both draw it with Render, so a replayed position
// looks as it did at the table. A Scene holds no card its View does not
// show, but for the hands a replay opens (Open).
type Scene struct {
	V rules.View
	// backsRoom is the room of the narrowest seat beside the trick for
	// its hidden cards, set while the trick is drawn, so that every
	// seat draws them in one form; 0 leaves each seat its own room.
	backsRoom int
	// Players names the seats, by seat: their name and what they are
	// besides ("normal", "away, waits 40s").
	Players []Player
	// You is the seat said "you" in sentences ("you deal", "Your
	// hand"): the person's, or NoSeat in a replay of other players.
	You    rules.Seat
	DealNo int
	// Pad holds the game's finished deals, oldest first; Totals the
	// game totals by side after them.
	Pad    []rules.Score
	Totals [4]int
	// Tag ends the header's left part: "bots: normal", a table's code.
	// Code says it is the code of a shared table, which people join and
	// watch by: the header keeps it rather than the title or the seat
	// count (the score names every seat) where the line has room.
	Tag  string
	Code bool
	// Unsaved marks the header "! not saved" while the game is not.
	Unsaved bool

	// Who names the maker of step i of the deal ("ann's bot"), nil for
	// the seat's name; Forced says why step i was taken for the person;
	// Mark is a replay's grade mark written after the talk line of step
	// i (a card play it marks gets a line of its own).
	Who    func(step int) string
	Forced func(step int) (string, bool)
	Mark   func(step int) string
	// Open holds the hands a replay shows face up, by seat.
	Open [4]rules.CardSet
	// Next is the card the next step plays in a replay (drawn raised in
	// its hand), NoCard for none.
	Next rules.Card
	// Board names the duplicate board the deal is ("Board 3 of 8"), ""
	// in a game: the header names it in place of the deal and the
	// target, and a result has no game totals.
	Board string
	// Chat is the table's chat, each line placed among the words of
	// its deal; TalkNote follows the talk panel's heading ("quiet
	// now · 2 watching", its parts dropped from the last to fit).
	Chat     []SceneChat
	TalkNote string
	// Talk is set where people can talk (a table's chat): the panel
	// is headed "Table talk". Elsewhere it holds only the game's own
	// words, and its heading promises no talk.
	Talk bool
	// chatName shortens a chat line's name to the talk column (set as
	// the column is drawn); nil writes names whole.
	chatName func(string) string
	// Watching is set on a spectator's screen: nobody at the table is
	// the viewer's partner.
	Watching bool
	// scoreNames are the names, by seat, the header's short score
	// names a spectator's teams with (shortForms); nil names them whole.
	scoreNames []string
	// ownShort is the person's own name as the other seats read it
	// where shortBy cut the names, "" where it is whole: the header
	// measures the table's widest line with it.
	ownShort string
}

// Player is a seat as the table names it.
type Player struct {
	Name string
	// Tag is what the seat is besides its name: a level, a state. A
	// line break in it is where it breaks when the line is too narrow
	// for it whole, so that no phrase is cut in two.
	Tag string
	// Person: a person plays the seat, whose screen reads the table's
	// header too (a bot's has none).
	Person bool
}

func (sc *Scene) players() int { return sc.V.Players }

// sides is the number of sides: the players, or two teams with four.
func (sc *Scene) Sides() int { return rules.SidesAt(sc.players()) }

// sideOf is the side seat s plays for.
func (sc *Scene) sideOf(s rules.Seat) int { return rules.SideOfSeat(sc.players(), s) }

// teams reports whether the sides are teams of two partners (four
// players), which the words for a side follow.
func (sc *Scene) teams() bool { return rules.PlaysInTeams(sc.players()) }

// name is how a sentence names seat s: "You" for the person, else the
// player's name.
func (sc *Scene) Name(s rules.Seat) string {
	switch {
	case s == sc.You && s != rules.NoSeat:
		return "You"
	case s == rules.ChanceSeat:
		return "Chance"
	case int(s) < len(sc.Players) && sc.Players[s].Name != "":
		return sc.Players[s].Name
	case int(s) < sc.players():
		return "Player " + s.String()
	}
	return "nobody"
}

// lower is the name inside a sentence: "you" for the person.
func (sc *Scene) Lower(s rules.Seat) string {
	if s == sc.You && s != rules.NoSeat {
		return "you"
	}
	return sc.Name(s)
}

// does puts verb after seat s's name: "you deal", "West deals".
func (sc *Scene) Verb(s rules.Seat, verb string) string {
	return kit.Does(sc.Name(s), s == sc.You && s != rules.NoSeat, verb)
}

// Does starts a sentence with seat s doing verb: "You deal", "ann
// deals" (a name keeps its own case).
func (sc *Scene) Does(s rules.Seat, verb string) string {
	if s == sc.You && s != rules.NoSeat {
		return "You " + verb
	}
	return sc.Verb(s, verb)
}

// sentence starts a sentence with f: a capital, unless f starts with a
// player's name, which keeps its own case ("ann took 9♠ for the 7♠").
func (sc *Scene) sentence(f string) string {
	for s := range rules.Seat(sc.players()) {
		if s != sc.You && strings.HasPrefix(f, sc.Name(s)+" ") {
			return f
		}
	}
	return kit.Capital(f)
}

// owner is seat s's hand, or anything of it: "Your", "West's".
func (sc *Scene) owner(s rules.Seat) string {
	if s == sc.You && s != rules.NoSeat {
		return "Your"
	}
	return sc.Name(s) + "'s"
}

// whose is seat s's hand inside a sentence: "your", "bob's".
func (sc *Scene) whose(s rules.Seat) string {
	if s == sc.You && s != rules.NoSeat {
		return "your"
	}
	return sc.owner(s)
}

// ownName is the name of the person's seat, as the chat's lines name
// it, or "" for a spectator.
func (sc *Scene) ownName() string {
	if !sc.Watching && sc.You != rules.NoSeat && int(sc.You) < len(sc.Players) {
		return sc.Players[sc.You].Name
	}
	return ""
}

// yourBot names the bot that played the person's own seat while they
// were away from a shared table.
const yourBot = "Your bot"

// who names the maker of step i of the deal.
func (sc *Scene) who(i int, s rules.Seat) string {
	if sc.Who != nil {
		if w := sc.Who(i); w != "" && (s != sc.You || w == yourBot) {
			return w
		}
	}
	return sc.Name(s)
}

// SideName names side i: a seat, or with four its team ("You & North").
func (sc *Scene) SideName(i int) string {
	var names []string
	for _, s := range rules.SeatsOfSide(sc.players(), i) {
		if s == sc.You {
			names = append([]string{sc.Name(s)}, names...)
		} else {
			names = append(names, sc.Name(s))
		}
	}
	return strings.Join(names, " & ")
}

// sideLower is SideName inside a sentence: "you", "you & North".
func (sc *Scene) sideLower(i int) string {
	if n := sc.SideName(i); strings.HasPrefix(n, "You") && sc.You != rules.NoSeat && sc.sideOf(sc.You) == i {
		return "you" + strings.TrimPrefix(n, "You")
	}
	return sc.SideName(i)
}

// sideShort names side i where room is short: the seat's name, or with
// four "us" and "them"; to one who plays at none of the seats (a
// spectator, a replay of others) the partners' names joined by " & "
// ("Tester & North"), as SideName joins them, which a line too long
// shortens with shortTo.
func (sc *Scene) sideShort(i int) string {
	if !sc.teams() {
		return sc.Name(rules.Seat(i))
	}
	if sc.You == rules.NoSeat {
		var team []string
		for _, s := range sc.members(i) {
			team = append(team, sc.Name(s))
		}
		return strings.Join(team, " & ")
	}
	if i == sc.sideOf(sc.You) {
		return "us"
	}
	return "them"
}

// shortMark marks where a shortened name was cut.
func shortMark(ctx *kit.Context) string {
	if ctx.ASCII {
		return "."
	}
	return "…"
}

// sideLetters names side i by its seats' letters ("A", "BD"), or for
// the person's own side "you"; with four, a person's sides are "us" and
// "them" (as short, and what the score columns say).
func (sc *Scene) sideLetters(i int) string {
	if sc.You != rules.NoSeat && sc.teams() {
		return sc.sideShort(i)
	}
	if sc.You != rules.NoSeat && i == sc.sideOf(sc.You) {
		return "you"
	}
	return rules.SideName(sc.players(), i)
}

// colNames names the sides for columns of width w (in SideOrder): their
// names; when those do not fit or read alike once cut, each player's
// name shortened so that all stay told apart (a team's joined with
// " & "); failing that, their seats' letters.
func (sc *Scene) colNames(ctx *kit.Context, w int, short bool) []string {
	var whole []string
	seen := map[string]bool{}
	fit := true
	for _, i := range sc.SideOrder() {
		n := sc.SideName(i)
		if short {
			n = sc.sideShort(i)
		}
		fit = fit && kit.WidthOf(n) <= w && !seen[strings.ToLower(n)]
		seen[strings.ToLower(n)] = true
		whole = append(whole, n)
	}
	if fit {
		return whole
	}
	// Every player's name in a share of the column, a team's partners
	// the person (or the side's first seat) first.
	per := sc.players() / sc.Sides()
	names := sc.memberNames()
	// The pad's heads keep a name's last word, its tag among alike
	// names ("norm…B" in a bot match), as the header's cut names do.
	shorten := kit.ShortNames
	if short {
		shorten = kit.ShortTagged
	}
	cut := shorten(names, (w-3*(per-1))/per, shortMark(ctx))
	if cut == nil {
		return sc.letterNames()
	}
	out := make([]string, 0, len(whole))
	for k := 0; k < len(cut); k += per {
		out = append(out, strings.Join(cut[k:k+per], " & "))
	}
	return out
}

// shortTo is the scene with every player's name shortened to w cells,
// told apart as kit.ShortNames keeps them, for a line the whole names
// make too long; the scene itself when they fit or cannot be told
// apart so, and for w 0 (the tries of a line start with the whole
// names).
func (sc *Scene) shortTo(ctx *kit.Context, w int) *Scene {
	if w <= 0 {
		return sc
	}
	return sc.shortBy(ctx, w, kit.ShortNames)
}

// shortWordsTo is shortTo for the talk column, whose names read in
// sentences: a name keeps its spaces (kit.ShortWords).
func (sc *Scene) shortWordsTo(ctx *kit.Context, w int) *Scene {
	return sc.shortBy(ctx, w, kit.ShortWords)
}

// shortBy is shortTo with the names shortened by shorten.
func (sc *Scene) shortBy(ctx *kit.Context, w int, shorten func([]string, int, string) []string) *Scene {
	var names []string
	long, longBot := false, false // a name over w; one over w with "'s"
	for s := range rules.Seat(sc.players()) {
		names = append(names, sc.Name(s))
		long = long || kit.WidthOf(sc.Name(s)) > w
		longBot = longBot || kit.WidthOf(sc.Name(s)) > w-kit.WidthOf("'s")
	}
	// The person's own name, said "you" here, is cut for the others.
	own := ""
	if sc.You != rules.NoSeat && int(sc.You) < len(sc.Players) && kit.WidthOf(sc.Players[sc.You].Name) > w {
		own = kit.Cut(sc.Players[sc.You].Name, w, shortMark(ctx))
	}
	cut := shorten(names, w, shortMark(ctx))
	if !long || cut == nil {
		if (sc.Who == nil || !longBot) && own == "" {
			// Nothing to shorten: the scene as it is, not a copy (a
			// frame asks this for every name it draws).
			return sc
		}
		cut = nil // no name shortened; a bot's maker may still be
	}
	c := *sc
	c.ownShort = own
	short := map[string]string{}
	if cut != nil {
		c.Players = make([]Player, len(names))
		copy(c.Players, sc.Players)
		for i, n := range cut {
			if rules.Seat(i) != sc.You {
				c.Players[i].Name = n
				short[names[i]] = n
			}
		}
	}
	if who := sc.Who; who != nil {
		// The maker of a step named by its seat's name is shortened too;
		// a seat's bot ("ann's bot") by the seat's name, shortened the
		// more so that "ann's", one word, fits in w: no line breaks
		// inside it.
		c.Who = func(i int) string {
			n := who(i)
			if s, ok := short[n]; ok {
				return s
			}
			if name, ok := strings.CutSuffix(n, botSuffix); ok {
				if s, ok := short[name]; ok {
					name = s
				}
				return cutTo(ctx, name, max(1, w-kit.WidthOf("'s"))) + botSuffix
			}
			return n
		}
	}
	return &c
}

// botSuffix names a bot playing a person's seat after the seat's name,
// as the host's moves name it: "ann's bot".
const botSuffix = "'s bot"

// nameIn is seat s's name in w cells, shortened as shortTo does.
func (sc *Scene) nameIn(ctx *kit.Context, s rules.Seat, w int) string {
	return cutTo(ctx, sc.shortTo(ctx, w).Name(s), w)
}

// members are the seats of side i in the order SideName names them.
func (sc *Scene) members(i int) []rules.Seat {
	var out []rules.Seat
	for s := range rules.Seat(sc.players()) {
		if sc.sideOf(s) == i {
			out = append(out, s)
		}
	}
	if len(out) == 2 && out[1] == sc.You {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// memberNames are every player's name, side by side in SideOrder, a
// side's as members orders them.
func (sc *Scene) memberNames() []string {
	var names []string
	for _, i := range sc.SideOrder() {
		for _, s := range sc.members(i) {
			names = append(names, sc.Name(s))
		}
	}
	return names
}

// letterNames names the sides by letters, in SideOrder, for column
// heads: the person's own column of two or three keeps their name,
// "You" (sideLetters says "you", inside a sentence).
func (sc *Scene) letterNames() []string {
	var out []string
	for _, i := range sc.SideOrder() {
		n := sc.sideLetters(i)
		if !sc.teams() && sc.You != rules.NoSeat && i == sc.sideOf(sc.You) {
			n = sc.Name(sc.You)
		}
		out = append(out, n)
	}
	return out
}

// sideOrder lists the sides with the bottom seat's first.
func (sc *Scene) SideOrder() []int {
	n := sc.Sides()
	first := sc.sideOf(sc.V.Seat)
	if sc.You != rules.NoSeat {
		first = sc.sideOf(sc.You)
	}
	out := make([]int, 0, n)
	for i := range n {
		out = append(out, (first+i)%n)
	}
	return out
}

// pos is where seat s sits for the bottom seat: 0 bottom, then round
// the table clockwise (1 left; with four 2 top and 3 right, with three
// 2 right; with two 1 is across).
func (sc *Scene) pos(s rules.Seat) int {
	n := sc.players()
	return int(rules.SeatAfter(s, n-int(sc.V.Seat), n))
}

// seatAt is the seat at place p around the bottom seat.
func (sc *Scene) seatAt(p int) rules.Seat {
	n := sc.players()
	return rules.SeatAfter(sc.V.Seat, p, n)
}

// bySide adds x up by side, in sideOrder.
func (sc *Scene) bySide(x [4]int) []int {
	var out []int
	for _, side := range sc.SideOrder() {
		sum := 0
		for _, s := range rules.SeatsOfSide(sc.players(), side) {
			sum += x[s]
		}
		out = append(out, sum)
	}
	return out
}

// header is the top line: the deal, the dealer, the target, the seat
// count and the tag on the left, the game score by side on the right.
// Parts that do not fit are left out whole, the least needed first,
// never cut: "game to 30" must not stand for a game to 300.
func (sc *Scene) Header(ctx *kit.Context, w int) string {
	// The dealer, who changes every deal, outlasts the title and the
	// whole names: the title gives way first (the person knows the game
	// they play, not who deals this one), then long names are shortened
	// and the teams of four become "us" and "them" (as the score pad
	// heads them), before the dealer is left out; at 80 columns it never
	// is. The seat count is left out only when nothing else makes room
	// (a narrow terminal), never at 80 columns. The forms are measured
	// unstyled but for the title, drawn once; only the form returned has
	// its totals styled.
	klob := ctx.Styles.Title.Render("Klob")
	if sc.Code && sc.Tag != "" {
		// A shared table's code ("Deal 1 · ann deals · game to 100 ·
		// table ABCD"), the dealer kept. What gives way, first to last,
		// at every seat count, for the person and a spectator: the seat
		// count, the title, the names (at four the teams' become "us"
		// and "them", a spectator's are cut in the score, then every
		// name is shortened), and last the target, which the score
		// pad's heading says ("Score (game to 500)"). A part goes only
		// when no form with it fits: once the target has gone, the
		// title and the names come back where they fit. Where even the
		// last form does not fit, the forms below leave the code out.
		// The forms in the order tried, each group built only when the
		// tries reach it: at 80 columns the first form fits, and the
		// shortened ones are never built. Without "us" the forms are
		// one a width (headerForms), so each width is a group of its
		// own. Where no form fits, each is tried again loose (header),
		// in the same order.
		groups := []struct {
			us    bool
			forms func() []*Scene
		}{
			{false, func() []*Scene { return sc.headerForms(ctx, false, 0) }},
			{false, func() []*Scene { return sc.headerForms(ctx, false, 12) }},
			{false, func() []*Scene { return sc.headerForms(ctx, false, 6) }},
			{true, func() []*Scene { return sc.headerForms(ctx, true, 0, 12, 6) }},
			{true, func() []*Scene { return sc.shortTo(ctx, 12).headerForms(ctx, true, 0) }},
			{true, func() []*Scene { return sc.shortTo(ctx, 6).headerForms(ctx, true, 0) }},
		}
		built := make([][]*Scene, len(groups))
		for _, loose := range []bool{false, true} {
			for i, g := range groups {
				if built[i] == nil {
					built[i] = g.forms()
				}
				for _, c := range built[i] {
					for _, title := range []string{klob, ""} {
						if left, right, ok := c.header(title, w, g.us, loose, true, true); ok {
							return headerLine(ctx, w, left, right, ok)
						}
					}
				}
			}
		}
	}
	for _, loose := range []bool{false, true} {
		// The dealer kept: the title goes before a name is shortened
		// (the score pad says the names whole); the person's teams of
		// four are said "us" and "them" before their names are, a
		// spectator's are named shorter in the score, the dealer whole.
		for _, title := range []string{klob, ""} {
			widths := []int{0}
			if title == "" {
				widths = []int{0, 12, 6, 5, 4}
			}
			for _, nw := range widths {
				c := sc.shortTo(ctx, nw)
				if left, right, ok := c.header(title, w, false, loose, true, false); ok {
					return headerLine(ctx, w, left, right, ok)
				}
				if !sc.teams() {
					continue
				}
				if sc.spacedTeams() {
					if title == "" && nw == 0 {
						for _, c := range sc.headerForms(ctx, true, 0) {
							if left, right, ok := c.header(title, w, true, loose, true, false); ok {
								return headerLine(ctx, w, left, right, ok)
							}
						}
					}
				} else if left, right, ok := c.header(title, w, true, loose, true, false); ok {
					return headerLine(ctx, w, left, right, ok)
				}
			}
		}
		// Only a narrow terminal leaves the dealer out, the title kept.
		for _, nw := range []int{0, 12, 6} {
			if left, right, ok := sc.shortTo(ctx, nw).header(klob, w, false, loose, false, false); ok {
				return headerLine(ctx, w, left, right, ok)
			}
		}
		forms := sc.headerForms(ctx, true, 6)
		for k, c := range forms {
			if left, right, ok := c.header(klob, w, true, loose, false, false); ok || loose && k == len(forms)-1 {
				return headerLine(ctx, w, left, right, ok)
			}
		}
	}
	return ""
}

// views are sc as every person at the table reads it, the person's
// own first: at each other person's seat their name said "you", the
// person's by its name (cut where shortBy cut the names). A spectator,
// or a person alone with bots, has the one view.
func (sc *Scene) views() []*Scene {
	out := []*Scene{sc}
	if sc.You == rules.NoSeat || int(sc.You) >= len(sc.Players) {
		return out
	}
	var named *Scene
	for s, p := range sc.Players {
		if !p.Person || rules.Seat(s) == sc.You {
			continue
		}
		if named == nil {
			c := *sc
			c.Players = slices.Clone(sc.Players)
			if sc.ownShort != "" {
				c.Players[sc.You].Name = sc.ownShort
			}
			named = &c
		}
		v := *named
		v.You = rules.Seat(s)
		out = append(out, &v)
	}
	return out
}

// headerForms are the scenes the header tries in turn, every name
// shortened to each of widths (shortTo). A spectator's teams are named
// whole in the short form too, spaced as a person reads "You & cid":
// there, where us allows it, the score's names alone are cut, to 6
// cells and then shorter, down to 4, the dealer's kept whole.
func (sc *Scene) headerForms(ctx *kit.Context, us bool, widths ...int) []*Scene {
	var out []*Scene
	if !us || !sc.spacedTeams() {
		for _, nw := range widths {
			out = append(out, sc.shortTo(ctx, nw))
		}
		return out
	}
	var names []string
	for s := range rules.Seat(sc.players()) {
		names = append(names, sc.Name(s))
	}
	for _, nw := range []int{6, 5, 4} {
		if cut := kit.ShortNames(names, nw, shortMark(ctx)); cut != nil {
			c := *sc
			c.scoreNames = cut
			out = append(out, &c)
		}
	}
	if len(out) == 0 {
		out = append(out, sc)
	}
	return out
}

// spacedTeams reports whether the sides are teams at a table the scene
// plays at none of the seats (a spectator's): the header names them
// spaced in every form, never "ann&cid".
func (sc *Scene) spacedTeams() bool { return sc.You == rules.NoSeat && sc.teams() }

// totals is the header's score by side, names shortened when short,
// each total as wide as digits when measure.
func (sc *Scene) totals(short, measure bool, digits int) string {
	if sc.Board != "" {
		// A board is no game: no running score.
		if sc.Unsaved {
			return "! not saved "
		}
		return ""
	}
	var ps []string
	for _, i := range sc.SideOrder() {
		name := sc.SideName(i)
		switch {
		case short && sc.spacedTeams() && sc.scoreNames != nil:
			var team []string
			for _, s := range rules.SeatsOfSide(sc.players(), i) {
				team = append(team, sc.scoreNames[s])
			}
			name = strings.Join(team, " & ")
		case short && !sc.spacedTeams():
			name = sc.sideShort(i)
		}
		total := fmt.Sprint(sc.Totals[i])
		if measure {
			total = fmt.Sprintf("%*d", digits, sc.Totals[i])
		}
		ps = append(ps, name+" "+total)
	}
	s := strings.Join(ps, " · ") + " "
	if sc.Unsaved {
		s = "! not saved · " + s
	}
	return s
}

// headerLine draws the header's left and right parts on a line of w
// cells, the score styled; a line that does not fit is cut.
func headerLine(ctx *kit.Context, w int, left, right string, fits bool) string {
	gap := max(1, w-kit.WidthOf(left)-kit.WidthOf(right))
	line := left + kit.Repeat(" ", gap) + styleTotals(ctx, right)
	if fits {
		return line
	}
	return cutTo(ctx, line, w)
}

// header is Header's left and right parts (unstyled but for the title)
// with the names as sc has them, and whether they fit; us says the
// teams of four may be called "us" and "them", loose that the seat
// count may be left out, dealer that the dealer may not; code tries
// only the forms that keep the tag, with the seat count or without,
// and when loose allows, without the target.
// Where no form fits, the parts are the last form tried.
func (sc *Scene) header(title string, w int, us, loose, dealer, code bool) (left, right string, fits bool) {
	v := &sc.V
	parts := []string{title, fmt.Sprintf("Deal %d", max(1, sc.DealNo)), sc.Verb(v.Dealer, "deal"),
		fmt.Sprintf("game to %d", v.Options.Target), fmt.Sprintf("%d players", sc.players()), sc.Tag}
	if sc.Board != "" {
		parts[1], parts[3] = sc.Board, ""
	}
	// Two players are a game's default, left unsaid; a board (the daily,
	// a tournament) names its seat count at every count.
	if sc.players() == 2 && sc.Board == "" {
		parts[4] = ""
	}
	if v.Dealer == rules.NoSeat || int(v.Dealer) >= sc.players() {
		parts[2] = ""
	}
	// The form is chosen on the game's longest title, not this deal's:
	// the longest dealer's words and a deal of two digits, so that the
	// header keeps one form (the teams' names or "us" and "them") from
	// deal to deal rather than turning as the dealer's name grows. It
	// is chosen by the table's room, not by who looks: measured as
	// every person at the table reads it ("alexandrina deals" where the
	// person reads "you deal"), so that they all see the same form.
	views := sc.views()
	widest := slices.Clone(parts)
	if sc.Board == "" {
		widest[1] = fmt.Sprintf("Deal %d", max(99, sc.DealNo))
		for _, c := range views {
			for s := range rules.Seat(sc.players()) {
				if d := c.Verb(s, "deal"); kit.WidthOf(d) > kit.WidthOf(widest[2]) {
					widest[2] = d
				}
			}
		}
	}
	// The totals are measured as wide as the target at least: the form
	// the header takes then holds from the first deal to the last,
	// rather than turning "3 players to 200" or "us" and "them" as a
	// score gains a digit.
	digits := len(fmt.Sprint(v.Options.Target))
	// Each of the four forms of the totals is made once: the layouts
	// tried share them. Measured, they are the widest any person at
	// the table reads.
	var made [4]*string
	totals := func(short, measure bool) string {
		i := 0
		if short {
			i += 2
		}
		if measure {
			i++
		}
		if made[i] == nil {
			s := sc.totals(short, measure, digits)
			for _, c := range views[1:] {
				if !measure {
					break
				}
				if t := c.totals(short, true, digits); kit.WidthOf(t) > kit.WidthOf(s) {
					s = t
				}
			}
			made[i] = &s
		}
		return *made[i]
	}
	// The target and the seat count are said in one ("3 players to
	// 1500"), in every form, so the title reads in one order whatever
	// the room. The least needed goes first: the tag, the dealer (unless
	// dealer keeps it), then, when us allows, the teams' names; the seat
	// count only when loose allows.
	merged := ""
	if parts[3] != "" && parts[4] != "" {
		merged = fmt.Sprintf("%d players to %d", sc.players(), v.Options.Target)
	}
	type try struct {
		keep         []int
		short, loose bool
	}
	tries := []try{{[]int{0, 1, 2, 3, 4, 5}, false, false}, {[]int{0, 1, 2, 3, 4}, false, false},
		{[]int{0, 1, 3, 4}, false, false}, {[]int{0, 1, 3}, false, true},
		{[]int{0, 1, 3, 4}, true, false}, {[]int{0, 1, 3}, true, true}}
	if sc.Unsaved && dealer {
		// The mark "! not saved" takes the room of the target and the
		// seat count, which the score pad's heading says, not the
		// dealer's.
		tries = append(tries, try{[]int{0, 1}, false, true}, try{[]int{0, 1}, true, true})
	}
	if code {
		tries = []try{{[]int{0, 1, 2, 3, 4, 5}, false, false}, {[]int{0, 1, 2, 3, 5}, false, false}, {[]int{0, 1, 2, 3, 5}, true, false},
			{[]int{0, 1, 2, 5}, false, true}, {[]int{0, 1, 2, 5}, true, true}}
	}
	for _, t := range tries {
		if (t.short && !us) || (t.loose && !loose) {
			continue
		}
		merge := merged != "" && slices.Contains(t.keep, 4)
		keep := t.keep
		if dealer && !slices.Contains(keep, 2) {
			keep = slices.Insert(slices.Clone(keep), 2, 2)
		}
		line := func(parts []string) string {
			var ls []string
			for _, i := range keep {
				switch {
				case merge && i == 3:
					ls = append(ls, merged)
				case merge && i == 4:
				case parts[i] != "":
					ls = append(ls, parts[i])
				}
			}
			if title == "" {
				return " " + strings.Join(ls, " · ")
			}
			return " " + ls[0] + "  " + strings.Join(ls[1:], " · ")
		}
		left = line(parts)
		right = totals(t.short, false)
		// Three spaces at least, so that the last word on the left does
		// not read as part of the score ("3 players You 0").
		if kit.WidthOf(line(widest))+3+kit.WidthOf(totals(t.short, true)) <= w {
			return left, right, true
		}
	}
	return left, right, false
}

// styleTotals draws the header's score, its "not saved" mark as an
// error.
func styleTotals(ctx *kit.Context, r string) string {
	st := &ctx.Styles
	for _, mark := range []string{"! not saved · ", "! not saved "} {
		if rest, ok := strings.CutPrefix(r, mark); ok {
			return st.Error.Render(mark) + st.Heading.Render(rest)
		}
	}
	return st.Heading.Render(r)
}
