package kit

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// TestMenuLetters plays random games and checks every menu offered: each
// item has a key, its letter (listed in the help overlay) or, for an
// announcement below another, its number; the keys of one menu differ.
func TestMenuLetters(t *testing.T) {
	listed := listedKeys(rules.DefaultOptions())
	eachDecision(t, rules.DefaultOptions(), 30, func(v *rules.View, legal []rules.Action) {
		if v.Phase == rules.PhasePlay {
			return
		}
		seen := map[string]rules.Action{}
		for i, l := range MenuKeys(legal) {
			a := legal[i]
			// A lower announcement beside a higher one takes
			// its number: both are "a".
			lower := a.Kind == rules.Announce && i > 0 && legal[i-1].Kind == rules.Announce
			if lower && l != fmt.Sprint(i+1) || !lower && (ActionKey(a) != l || !listed[l]) {
				t.Fatalf("%v: key %q, not its letter in the help's table", a, l)
			}
			if b, dup := seen[l]; dup {
				t.Fatalf("one menu gives %q to both %v and %v", l, b, a)
			}
			seen[l] = a
		}
	})
}

// listedKeys are the keys the help's lines of menu letters list at a
// table with options o.
func listedKeys(o rules.Options) map[string]bool {
	listed := map[string]bool{}
	for _, b := range LetterHelp(o) {
		for _, k := range b.Keys() {
			listed[k] = true
		}
	}
	return listed
}

// eachDecision plays games random decisions at a table of o, every seat
// a person's, and hands each decision's view and legal actions to check.
func eachDecision(t *testing.T, o rules.Options, games int, check func(v *rules.View, legal []rules.Action)) {
	t.Helper()
	people := make([]session.Player, o.NumPlayers())
	for i := range people {
		people[i] = session.Player{Name: fmt.Sprint("P", i), Human: true}
	}
	for seed := range uint64(games) {
		s, err := session.New(session.Config{Options: o, Seed: seed, Players: people})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for n := 0; n < 3000 && !s.Game().Over(); n++ {
			seat, ok := s.ToMove()
			if !ok {
				if err := s.StartDeal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			v := s.View(seat)
			legal := v.Legal()
			check(&v, legal)
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHintsFromBindings: a status line's hint is made from the bindings
// it names, so it answers to the same keys.
func TestHintsFromBindings(t *testing.T) {
	k := DefaultKeys()
	for _, c := range []struct {
		b        key.Binding
		want     string
		wantKeys []string
	}{
		{Brief("", k.Left, k.Right), "←/→", []string{"left", "h", "right", "l"}},
		{Brief("play", k.Choose), "enter play", []string{"enter", "space"}},
		{Spelled("choose a line", k.Up, k.Down), "↑/↓ j/k choose a line", []string{"up", "k", "down", "j"}},
		{Either("back", k.Back, k.New), "esc or n back", []string{"esc", "n"}},
	} {
		if got := HintLine([]key.Binding{c.b}); got != c.want {
			t.Errorf("got hint %q, want %q", got, c.want)
		}
		if got := c.b.Keys(); !slices.Equal(got, c.wantKeys) {
			t.Errorf("hint %q answers to %v, want %v", c.want, got, c.wantKeys)
		}
	}
	if got := HintLine(AppKeys(&k)); got != "? help · q quit" {
		t.Errorf("got %q, want the App's keys", got)
	}
}

// TestMenuKeysLowerAnnouncement: holding a 50 and a 20, the opening
// menu offers both announcements; the 50 keeps a, the 20 takes its
// number, no sequence keeps n.
func TestMenuKeysLowerAnnouncement(t *testing.T) {
	items := []rules.Action{rules.AnnounceAction(50), rules.AnnounceAction(20), {Kind: rules.NoSequence}}
	if got := MenuKeys(items); !slices.Equal(got, []string{"a", "2", "n"}) {
		t.Errorf("keys %v, want [a 2 n]", got)
	}
	if got := MenuKeys(items[1:]); !slices.Equal(got, []string{"a", "n"}) {
		t.Errorf("keys of a lone 20 %v, want [a n]", got)
	}
}

// TestDeclarationMenuKeysAndWords: a shlomo's or cleopatra's menu is
// d for the declaration and n for the pass that declines it, written
// "no shlomo", as the sequences' menu is a and n; a bid's pass stays p.
func TestDeclarationMenuKeysAndWords(t *testing.T) {
	ctx := NewContext(false)
	pass := rules.PassAction()
	for _, k := range []rules.Kind{rules.Shlomo, rules.Cleopatra} {
		items := []rules.Action{{Kind: k}, pass}
		if got := MenuKeys(items); !slices.Equal(got, []string{"d", "n"}) {
			t.Errorf("%v: keys %v, want [d n]", k, got)
		}
		want := "no " + rules.Action{Kind: k}.Words()
		if got := ItemLabel(&ctx, items, 1); got != want {
			t.Errorf("%v: the pass reads %q, want %q", k, got, want)
		}
	}
	bids := []rules.Action{pass, {Kind: rules.Take}}
	if got := MenuKeys(bids); !slices.Equal(got, []string{"p", "t"}) || ItemLabel(&ctx, bids, 0) != "pass" {
		t.Errorf("a bid's pass: keys %v, %q", got, ItemLabel(&ctx, bids, 0))
	}
}

// lobbyHints are the hints of a line of the lobby's, longer than 80
// columns.
func lobbyHints() []key.Binding {
	return []key.Binding{
		Bind("↑/↓", "choose a line"), Bind("←/→", "change it"), Bind("enter", "start"),
		Bind("L", "learn"), Bind("?", "help"), Bind("q/esc", "leave the lobby's game"),
	}
}

// FitHintLine shortens a line of hints step by step: the arrows' words
// first, then each description to its first word, keeping the " · "
// between hints while they fit, and only then running them together.
func TestFitHintLineKeepsSeparators(t *testing.T) {
	ctx := NewContext(false)
	bs := lobbyHints()
	for _, tc := range []struct {
		w    int
		want string
	}{
		{100, "↑/↓ choose a line · ←/→ change it · enter start · L learn · ? help · q/esc leave the lobby's game"},
		{79, "↑/↓ choose · ←/→ change · enter start · L learn · ? help · q/esc leave"},
		{60, "↑/↓ choose ←/→ change enter start L learn ? help q/esc leave"},
	} {
		if got := FitHintLine(&ctx, bs, tc.w); got != tc.want {
			t.Errorf("width %d: %q, want %q", tc.w, got, tc.want)
		}
	}
}

// Shortening the arrows' words leaves the letters of "←/→ h/l" but
// never parts "↑ or ↓" (Either) into "or ↓".
func TestFitHintLineKeepsEither(t *testing.T) {
	ctx := NewContext(false)
	bs := []key.Binding{
		Either("board", Bind("↑", "up"), Bind("↓", "down")), Bind("←/→ h/l", "change it"),
		Bind("enter", "open the board's replay"), Bind("?", "help"), Bind("q", "leave the page"),
	}
	for w := 30; w <= 80; w++ {
		got := FitHintLine(&ctx, bs, w)
		if strings.HasPrefix(got, "or ") || strings.Contains(got, " or ↓") && !strings.Contains(got, "↑ or ↓") {
			t.Errorf("width %d: %q parts ↑ or ↓", w, got)
		}
	}
	if got := FitHintLine(&ctx, bs, 60); !strings.Contains(got, "↑ or ↓ board") || !strings.Contains(got, "h/l change") || strings.Contains(got, "←/→") {
		t.Errorf("width 60: %q, want ↑ or ↓ whole and ←/→ h/l shortened to h/l", got)
	}
}

// Too narrow even for one word a hint, FitHintLine leaves hints out
// from the end back but keeps "? help" and the last hint, rather than
// cut the line's end (where the help is) away.
func TestFitHintLineKeepsHelp(t *testing.T) {
	ctx := NewContext(false)
	bs := lobbyHints()
	for w := 20; w <= 60; w++ {
		got := FitHintLine(&ctx, bs, w)
		if WidthOf(got) > w || !strings.Contains(got, "? help") || !strings.HasSuffix(got, "q/esc leave") {
			t.Errorf("width %d: %q", w, got)
		}
	}
}

// TestTableKeysInTheLobby: at a table inside the server's lobby (a
// QuitWord set) the help says q leaves, not for where (a tournament's
// board goes back to its page), and that ctrl+c ends the connection,
// not that it quits with the game saved; alone, they quit.
func TestTableKeysInTheLobby(t *testing.T) {
	desc := func(k KeyMap, key string) string {
		for _, b := range k.TableKeys() {
			if slices.Contains(b.Keys(), key) {
				return b.Help().Desc
			}
		}
		return ""
	}
	alone := DefaultKeys()
	if d := desc(alone, "ctrl+c"); !strings.HasPrefix(d, "quit at once") {
		t.Errorf("alone, ctrl+c: %q", d)
	}
	remote := DefaultKeys()
	remote.QuitWord = "leave"
	if d := desc(remote, "ctrl+c"); !strings.HasPrefix(d, "end the connection") {
		t.Errorf("in the lobby, ctrl+c: %q", d)
	}
	if d := desc(remote, "q"); !strings.HasPrefix(d, "leave (asks first") || strings.Contains(d, "lobby") {
		t.Errorf("in the lobby, q: %q", d)
	}
}

// TestDeclarationKeysInHelp: at tables with shlomo and cleopatra, every
// key of a declaration's menu and of the card it gives is in the help's
// lines of menu letters (the declarations' row: d, n and the numbers).
func TestDeclarationKeysInHelp(t *testing.T) {
	for _, players := range []int{3, 4} {
		o, err := rules.ParseOptions(fmt.Sprintf("players=%d,shlomo=on,cleopatra=on", players))
		if err != nil {
			t.Fatal(err)
		}
		listed := listedKeys(o)
		menus := 0
		eachDecision(t, o, 200, func(_ *rules.View, legal []rules.Action) {
			if !slices.ContainsFunc(legal, func(a rules.Action) bool {
				return a.Kind == rules.Shlomo || a.Kind == rules.Cleopatra || a.Kind == rules.Give
			}) {
				return
			}
			menus++
			for i, k := range MenuKeys(legal) {
				if !listed[k] {
					t.Fatalf("%d players: %v takes %q, which the help does not list", players, legal[i], k)
				}
			}
		})
		if menus == 0 {
			t.Fatalf("%d players: no declaration came up in 200 games", players)
		}
	}
}

// A key that plays no card names the keys that work now: the arrows
// and enter with the numbers of the cards that may be played quietly
// (not the range of the whole hand), b among them where one may carry
// bella, b alone where only b works.
func TestNotAmongCardsNamesWhatWorks(t *testing.T) {
	k := DefaultKeys()
	hand := handOf("JH 9H KH QH AS KS")
	for _, c := range []struct {
		plays string
		bella bool
		want  string
	}{
		{"JH 9H KH QH AS KS", false, "Key z is not among the choices: ←/→ and enter, or 1-6."},
		{"JH 9H KH QH AS KS", true, "Key z is not among the choices: ←/→ and enter, 1-6 or b."},
		{"", true, "Key z is not among the choices: b."},
		{"9H KH AS", false, "Key z is not among the choices: ←/→ and enter, or 2, 3 or 5."},
		{"AS", true, "Key z is not among the choices: ←/→ and enter, 5 or b."},
	} {
		if got := NotAmongCards(&k, "z", hand, cardsOf(c.plays), c.bella); got != c.want {
			t.Errorf("plays %q, bella %v: %q, want %q", c.plays, c.bella, got, c.want)
		}
	}
}

// TestCardKeysRanges: the numbers of the cards that may be played read
// as the hand shows them, a run of three or more as a range.
func TestCardKeysRanges(t *testing.T) {
	hand := handOf("JH 9H KH QH AS KS QS JS TC")
	nth := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	for _, c := range []struct {
		takes string
		want  []string
	}{
		{"JH 9H KH QH AS KS QS JS TC", []string{"1-9"}},
		{"TC", []string{"9"}},
		{"9H KH AS KS QS", []string{"2", "3", "5-7"}},
		{"", nil},
	} {
		if got := CardKeys(nth, hand, cardsOf(c.takes)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.takes, got, c.want)
		}
	}
}

// handOf is the hand written "JH 9H", in that order.
func handOf(s string) []rules.Card {
	var out []rules.Card
	for _, w := range strings.Fields(s) {
		out = append(out, rules.MustCard(w))
	}
	return out
}

// noteTaker is a Decider that keeps the note it is given and takes no
// action.
type noteTaker struct{ note string }

func (n *noteTaker) Name() string                               { return "notes" }
func (n *noteTaker) Update(*Context, tea.Msg) (Screen, tea.Cmd) { return n, nil }
func (n *noteTaker) View(*Context) string                       { return "" }
func (n *noteTaker) SetNote(s string, _ bool)                   { n.note = s }
func (n *noteTaker) ClearRefusal()                              {}
func (n *noteTaker) Take(*Context, rules.Action) (Screen, tea.Cmd) {
	n.note = "taken"
	return n, nil
}

// A key refused at a decision names, after the choices, the keys
// besides them that act now (Decision.Also) as the key line says them,
// and none when none does: in the card play, a menu and the bella
// question. At its longest (nine cards, bella, claim and undo, a key
// of three letters) it holds one note row at 80 columns, in either
// script.
func TestRefusalNamesAlsoKeys(t *testing.T) {
	k := DefaultKeys()
	also := []key.Binding{Brief("claim", k.Claim), Brief("undo", k.Undo)}
	hand := []rules.Card{rules.NewCard(rules.Seven, rules.Clubs)}
	for len(hand) < 9 {
		hand = append(hand, hand[0])
	}
	bella := rules.PlayBellaAction(hand[0])
	for _, c := range []struct {
		what string
		d    Decision
		want string
	}{
		{"a card", Decision{Play: true, Hand: hand, Legal: []rules.Action{rules.PlayAction(hand[0]), bella}, Also: also},
			"Key tab is not among the choices: ←/→ and enter, 1-9 or b. c claim, u undo."},
		{"a card, no also", Decision{Play: true, Hand: hand, Legal: []rules.Action{rules.PlayAction(hand[0])}},
			"Key tab is not among the choices: ←/→ and enter, or 1-9."},
		{"a bid", Decision{Legal: []rules.Action{rules.PassAction()}, Also: also[1:]},
			"Key tab is not among the choices: p. u undo."},
		{"the bella question", Decision{Play: true, Hand: hand, Bella: []rules.Action{bella, rules.PlayAction(hand[0])}, Also: also[1:]},
			"Key tab is not among the choices: b or n, or esc for another card. u undo."},
	} {
		ctx := NewContext(false)
		n := &noteTaker{}
		var m Choice
		m.Key(&ctx, n, tea.KeyPressMsg{Code: tea.KeyTab}, c.d)
		if n.note != c.want {
			t.Errorf("%s: %q, want %q", c.what, n.note, c.want)
		}
		// The note is wrapped to the row less its margins, "! " before
		// it; -ascii then writes each arrow in two cells.
		if WidthOf("! "+n.note) > MinWidth-2 || WidthOf(" ! "+ASCIIText(n.note)) > MinWidth {
			t.Errorf("%s: %q takes more than a row of %d", c.what, n.note, MinWidth)
		}
	}
}

// TestTableKeysListListEnds: the table's keys, as the help from the
// lobby or the resume screen lists them, have home and end, which go to
// the ends of the v list, once, beside page up and down.
func TestTableKeysListListEnds(t *testing.T) {
	k := DefaultKeys()
	n := 0
	for _, b := range k.TableKeys() {
		if slices.Contains(b.Keys(), "home") && slices.Contains(b.Keys(), "end") {
			n++
			if !strings.Contains(b.Help().Desc, "v list") {
				t.Errorf("home/end say %q", b.Help().Desc)
			}
		}
	}
	if n != 1 {
		t.Errorf("home/end are listed %d times in the table's keys", n)
	}
}
