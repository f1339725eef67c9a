package setup

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// started is the screen Start hands over to in these tests: it keeps
// the Setup it was given.
type started struct{ s Setup }

func (*started) Name() string                                         { return "table" }
func (t *started) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return t, nil }
func (*started) View(*kit.Context) string                             { return "the table" }

// lessonStub is the screen Learn hands over to in these tests: it
// keeps the form it was opened from.
type lessonStub struct{ form *Screen }

func (*lessonStub) Name() string                                         { return "learn" }
func (l *lessonStub) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return l, nil }
func (*lessonStub) View(*kit.Context) string                             { return "the lesson" }

// keySet is the set of the keys of rows.
func keySet(rows []Row) map[string]bool {
	keys := map[string]bool{}
	for _, r := range rows {
		keys[r.Key] = true
	}
	return keys
}

// form is the form of klob play for players, with the settings rows
// when prefs, its L opening a lessonStub.
func form(players int, prefs bool) (*Screen, *Setup) {
	o := rules.DefaultOptions()
	o.Players = players
	got := &Setup{}
	cfg := Config{Prefs: prefs, Start: func(s Setup) (kit.Screen, error) { *got = s; return &started{s}, nil },
		Learn: func(f *Screen) (kit.Screen, error) { return &lessonStub{f}, nil }}
	return New(cfg, Setup{Level: ai.Normal, Options: o, Seed: 42, Prefs: settings.Settings{}}), got
}

// to moves the cursor to the row keyed k.
func to(t *testing.T, d *kittest.Driver, k string) {
	t.Helper()
	s := d.Screen.(*Screen)
	for range 40 {
		if rows := s.rows(); s.row < len(rows) && rows[s.row].Key == k {
			return
		}
		d.Press("down")
	}
	t.Fatalf("no row %q:\n%s", k, d.Text())
}

// TestGoldens: the one form at 80×24 for two, three and four players,
// with the settings rows, and with dealer forced on (bimah then
// offered): the longest forms still fit, headings and all where room
// is left.
func TestGoldens(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, prefs := range []bool{false, true} {
			s, _ := form(players, prefs)
			d := kittest.New(t, s, 80, 24, false)
			name := fmt.Sprintf("setup-%d", players)
			if prefs {
				name += "-prefs"
			}
			kittest.CheckSize(t, d.Frame(), 80, 24)
			kittest.Golden(t, name+"-80x24", d.Text())
			to(t, d, "dealer_forced")
			d.Press("right")
			kittest.CheckSize(t, d.Frame(), 80, 24)
			text := d.Text()
			require.Contains(t, text, "Bimah", "%d players: dealer forced on does not offer bimah", players)
			require.Contains(t, text, "[ Start the game ]")
			require.Contains(t, kittest.Flat(text), "Dealer forced: when everyone else passes in round two, the dealer may not pass")
			kittest.Golden(t, name+"-bimah-80x24", text)
		}
	}
}

// TestVariantsByCount: every count offers of_a_kind, menage and dealer
// forced (bimah with dealer forced), shlomo from three, cleopatra at
// four; four has no bottom card. Each line is explained when chosen.
func TestVariantsByCount(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, false)
		keys := keySet(s.rows())
		for _, r := range s.rows() {
			require.NotEmpty(t, r.Explain(&s.setup), "%d players: %s has no explanation", players, r.Key)
		}
		for _, k := range []string{"players", "level", "target", "of_a_kind", "menage", "dealer_forced"} {
			require.True(t, keys[k], "%d players: no %s row", players, k)
		}
		require.False(t, keys["bimah"], "%d players: bimah without dealer forced", players)
		require.Equal(t, players >= 3, keys["shlomo"], "%d players: shlomo", players)
		require.Equal(t, players == 4, keys["cleopatra"], "%d players: cleopatra", players)
		require.Equal(t, players != 4, keys["bottom_card"], "%d players: the bottom card", players)
	}
}

// TestVariantsKeptAcrossCounts: a variant switched on whose row goes
// with the seat count (shlomo, cleopatra) or with dealer_forced (bimah)
// is off while its row is away, and comes back on with it; the game
// started meanwhile plays without it.
func TestVariantsKeptAcrossCounts(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players, o.Shlomo, o.Cleopatra, o.DealerForced, o.Bimah = 4, true, true, true, true
	got := &Setup{}
	s := New(Config{Start: func(st Setup) (kit.Screen, error) { *got = st; return &started{st}, nil }},
		Setup{Level: ai.Normal, Options: o, Seed: 42})
	seats := func(n int) {
		for range 3 {
			switch p := players(&s.setup); {
			case p < n:
				stepSeats(&s.setup, 1)
			case p > n:
				stepSeats(&s.setup, -1)
			}
		}
		require.Equal(t, n, players(&s.setup), "the seats row does not reach %d", n)
	}
	row := func(key string) Row {
		for _, r := range s.rows() {
			if r.Key == key {
				return r
			}
		}
		t.Fatalf("no %s row", key)
		return Row{}
	}
	seats(2)
	assert.False(t, s.setup.Options.Shlomo || s.setup.Options.Cleopatra, "two players play neither")
	seats(3)
	assert.True(t, s.setup.Options.Shlomo, "shlomo back at three")
	assert.False(t, s.setup.Options.Cleopatra, "cleopatra is for four")
	assert.Equal(t, "on", row("shlomo").Value(&s.setup))
	seats(4)
	assert.True(t, s.setup.Options.Shlomo && s.setup.Options.Cleopatra, "both back at four")

	row("dealer_forced").Step(&s.setup, -1)
	assert.False(t, s.setup.Options.Bimah, "no bimah without dealer_forced")
	row("dealer_forced").Step(&s.setup, 1)
	assert.True(t, s.setup.Options.Bimah, "bimah back with dealer_forced")

	// Switched off by the person, a variant stays off across counts.
	row("cleopatra").Step(&s.setup, -1)
	seats(3)
	seats(4)
	assert.False(t, s.setup.Options.Cleopatra)

	// A game started at three plays what three play.
	seats(3)
	kittest.New(t, s, 80, 24, false).Press("enter")
	assert.True(t, got.Options.Shlomo)
	assert.False(t, got.Options.Cleopatra)
}

// TestBottomCardKeptAcrossCounts: the bottom card face down at three
// is no rule at four, where every card is dealt: the form for four and
// the game it starts have the bottom card at its default (their log and
// command then name no bottom_card=off); back at three it is face down
// again, as chosen.
func TestBottomCardKeptAcrossCounts(t *testing.T) {
	o := rules.DefaultOptions().WithPlayers(3)
	o.BottomCard, o.Shlomo = false, true
	got := &Setup{}
	s := New(Config{Start: func(st Setup) (kit.Screen, error) { *got = st; return &started{st}, nil }},
		Setup{Level: ai.Normal, Options: o, Seed: 42})
	d := kittest.New(t, s, 80, 24, false)
	d.Press("right") // the players: 3 to 4
	require.Equal(t, 4, players(&s.setup))
	assert.True(t, s.setup.Options.BottomCard, "bottom_card=off kept at four: %s", s.setup.Options)
	assert.NotContains(t, d.Text(), "Bottom card")
	d.Press("left")
	assert.False(t, s.setup.Options.BottomCard, "bottom_card=off lost at three again")
	assert.Contains(t, d.Text(), "Bottom card shown          off ›")
	d.Press("right", "enter")
	assert.Equal(t, "bottom_card=on,sequence_rank=value,melds_need_trick=on,last_trick=10,target=500,players=4,shlomo=on",
		got.Options.String(), "the game started at four")
}

// TestExplainNamesOnlyVariantsOffered: no line's explanation, at any
// count, names a house variant the form does not offer at that count
// (cleopatra is for four players, shlomo from three).
func TestExplainNamesOnlyVariantsOffered(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, true)
		offered := keySet(s.rows())
		for _, r := range s.rows() {
			text := strings.ToLower(r.Explain(&s.setup))
			for _, v := range variants {
				if name := rules.VariantName(v.key); !offered[v.key] && strings.Contains(text, name) {
					t.Errorf("%d players: %s says %q, which is not offered: %s", players, r.Key, name, text)
				}
			}
		}
	}
}

// TestStartsWithChoices: the choices made reach Start; enter starts
// from any line; the variants that went with a lower count (or with
// dealer_forced) are on again once their rows are back; the cursor
// stays on the row it changed.
func TestStartsWithChoices(t *testing.T) {
	s, got := form(4, false)
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "cleopatra")
	d.Press("right")
	to(t, d, "shlomo")
	d.Press("right")
	to(t, d, "menage")
	d.Press("right")
	to(t, d, "players")
	d.Press("left") // three: cleopatra goes
	require.Equal(t, "players", s.rows()[s.row].Key, "the cursor left the Players row")
	require.Contains(t, d.Text(), "3: you and two bots")
	d.Press("left", "right", "right") // two, three, four: both come back
	require.Equal(t, "players", s.rows()[s.row].Key)
	to(t, d, "dealer_forced")
	d.Press("right")
	to(t, d, "bimah")
	d.Press("right")
	to(t, d, "dealer_forced")
	d.Press("left") // off: bimah goes with it
	to(t, d, "dealer_forced")
	d.Press("right") // on: bimah comes back
	d.Press("enter")
	require.Equal(t, "table", d.Screen.Name())
	o := got.Options
	require.Equal(t, 4, o.NumPlayers())
	require.True(t, o.Menage && o.DealerForced && o.Cleopatra && o.Shlomo && o.Bimah, "variants %s", o)
	require.False(t, o.OfAKind, "variants %s", o)
}

// TestStartError: a game that cannot start says why on the form.
func TestStartError(t *testing.T) {
	s := New(Config{Start: func(Setup) (kit.Screen, error) { return nil, errors.New("cannot start the normal bot") }}, Setup{Options: rules.DefaultOptions()})
	d := kittest.New(t, s, 80, 24, false)
	d.Press("enter")
	require.Equal(t, "setup", d.Screen.Name())
	require.Contains(t, d.Text(), "! cannot start the normal bot")
	d.Send(ProblemMsg{Text: "the old game could not be filed"})
	require.Contains(t, d.Text(), "! the old game could not be filed")
}

// TestLearnKey: the form of klob play points a newcomer to the lesson:
// its key line offers L, whole within 80 columns (with -ascii too), its
// help says what L does, and L opens the lesson with the form to come
// back to; a lesson that cannot open says why on the form. A form with
// no lesson (Learn nil) offers no L and L does nothing.
func TestLearnKey(t *testing.T) {
	k := kit.DefaultKeys()
	for _, ascii := range []bool{false, true} {
		for _, players := range []int{2, 3, 4} {
			s, _ := form(players, true)
			d := kittest.New(t, s, 80, 24, ascii)
			lines := strings.Split(strings.TrimRight(kittest.TrimRight(d.Text()), "\n"), "\n")
			last := lines[len(lines)-1]
			if ascii {
				last = kit.ASCIIText(last)
			}
			require.Contains(t, last, "L learn", "%d players, ascii %v", players, ascii)
			require.True(t, strings.HasSuffix(last, "q/esc quit") && kit.WidthOf(last) <= 80, "%d players, ascii %v: the key line %q", players, ascii, last)
			// Under -ascii the arrows are words ("up/down", "<-/->") as on
			// every screen: at 80 columns the moves say one word each.
			moves := "↑/↓ choose a line · ←/→ change it · "
			if ascii {
				moves = "up/down choose - <-/-> change - "
			}
			require.True(t, strings.HasPrefix(strings.TrimSpace(last), moves), "%d players, ascii %v: the key line %q does not start %q", players, ascii, last, moves)
			var help []string
			for _, g := range s.KeyHelp(&k).FullHelp() {
				for _, b := range g {
					help = append(help, b.Help().Key+" "+b.Help().Desc)
				}
			}
			require.Contains(t, strings.Join(help, "\n"), "L learn: a guided first game")
			d.Press("L")
			lesson, ok := d.Screen.(*lessonStub)
			require.True(t, ok, "L opened %q", d.Screen.Name())
			require.Same(t, s, lesson.form, "the lesson does not come back to this form")
		}
	}
	s := New(Config{Learn: func(*Screen) (kit.Screen, error) { return nil, errors.New("the lesson cannot be read") }}, Setup{Options: rules.DefaultOptions()})
	d := kittest.New(t, s, 80, 24, false)
	d.Press("L")
	require.Equal(t, "setup", d.Screen.Name())
	require.Contains(t, d.Text(), "! the lesson cannot be read")
	s = New(Config{}, Setup{Options: rules.DefaultOptions()})
	d = kittest.New(t, s, 80, 24, false)
	require.NotContains(t, d.Text(), "learn")
	d.Press("L")
	require.Same(t, s, d.Screen)
}

// TestClicks: a click on a row's label chooses it and changes
// nothing, a click on its ‹ steps its value back and on its › forward,
// a click on the start line starts, at every count (the rows' lines
// move with the headings) and under -ascii.
func TestClicks(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for _, players := range []int{2, 3, 4} {
			s, got := form(players, true)
			d := kittest.New(t, s, 80, 24, ascii)
			lines := strings.Split(d.Text(), "\n")
			y := lineOf(lines, "Game to")
			d.Click(5, y)
			require.Equal(t, "target", s.rows()[s.row].Key, "%d players: a click on the label of the target", players)
			require.Equal(t, 500, s.Setup().Options.Target, "%d players: a click on the label changed the target", players)
			require.Contains(t, d.Text(), "points after a deal wins the game", "the target's explanation is not shown")
			back, fwd := "‹", "›"
			if ascii {
				back, fwd = "<", ">"
			}
			for _, c := range []struct {
				arrow string
				want  int
			}{{fwd, 700}, {fwd, 1000}, {back, 700}, {back, 500}, {back, 300}} {
				line := strings.Split(d.Text(), "\n")[y]
				d.Click(kit.WidthOf(line[:strings.LastIndex(line, c.arrow)]), y)
				require.Equal(t, c.want, s.Setup().Options.Target, "%d players: a click on %s", players, c.arrow)
			}
			y = lineOf(strings.Split(d.Text(), "\n"), "Menage")
			line := strings.Split(d.Text(), "\n")[y]
			d.Click(kit.WidthOf(line[:strings.LastIndex(line, fwd)]), y)
			// On, menage goes no further right: its › gives way.
			require.Contains(t, strings.Split(d.Text(), "\n")[y], back+" on  ", "%d players: a click on menage's arrow", players)
			require.Equal(t, "menage", s.rows()[s.row].Key)
			// The explanation of the line chosen may take fewer lines now:
			// the start line is found again.
			lines = strings.Split(d.Text(), "\n")
			d.Click(5, lineOf(lines, "[ Start the game ]"))
			require.Equal(t, "table", d.Screen.Name(), "%d players: a click on the start line", players)
			require.True(t, got.Options.Menage)
			require.Equal(t, 300, got.Options.Target)
		}
	}
}

// lineOf is the index of the first line holding s.
func lineOf(lines []string, s string) int {
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}

// TestPracticeSeed: a practice game's seed is said in the log's words,
// "seed chosen by the player"; any other seed is not shown.
func TestPracticeSeed(t *testing.T) {
	s, _ := form(2, false)
	d := kittest.New(t, s, 80, 24, false)
	require.NotContains(t, d.Text(), "42")
	for _, players := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = players
		s := New(Config{}, Setup{Options: o, Seed: 123456789, Practice: true})
		text := kittest.New(t, s, 80, 24, false).Text()
		require.Contains(t, kittest.Flat(text), "Practice game: seed 123456789, the seed chosen by the player")
		require.NotContains(t, text, "chosen by you")
	}
}

// TestPracticeStartExplained: on the start line a practice game is not
// promised a seed "shown when it is over": its seed is on the screen.
func TestPracticeStartExplained(t *testing.T) {
	for _, practice := range []bool{false, true} {
		s := New(Config{}, Setup{Options: rules.DefaultOptions(), Seed: 77, Practice: practice})
		d := kittest.New(t, s, 80, 24, false)
		d.Press("up") // from the first line round to the start line
		text := kittest.Flat(d.Text())
		require.Contains(t, text, "Start a game with these choices")
		require.Equal(t, !practice, strings.Contains(text, "shown when it is over"), "practice %v:\n%s", practice, d.Text())
	}
}

// TestFullHelpIsTheForms: the help of the form lists the form's keys,
// where ←/→ change a line's value, not the table's (where they choose a
// card, and b, c and the bids do things the form does not); the start
// names space too, which starts the game as enter does.
func TestFullHelpIsTheForms(t *testing.T) {
	k := kit.DefaultKeys()
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, false)
		var descs []string
		for _, g := range s.KeyHelp(&k).FullHelp() {
			for _, b := range g {
				descs = append(descs, b.Help().Desc)
				if strings.HasPrefix(b.Help().Desc, "start the game") {
					require.Equal(t, "enter space", b.Help().Key, "%d players: the start's keys", players)
				}
				for _, table := range kit.PlayHelp(&k, s.setup.Options)[0] {
					require.NotEqual(t, table.Help(), b.Help(), "%d players: a table key in the form's help", players)
				}
			}
		}
		all := strings.Join(descs, "\n")
		require.Contains(t, all, "change the chosen line's value", "%d players", players)
		require.Contains(t, all, "start the game", "%d players", players)
		require.NotEmpty(t, s.KeyHelp(&k).ShortHelp())
	}
}

// TestMonkey: random keys, clicks and window sizes (1×1 up), with
// -ascii or not, the settings or not, never panic; every frame is the
// window's size; the cursor is always on a line; NO_COLOR and
// TERM=dumb lose nothing (the chosen line has its mark).
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	keys := []string{"up", "down", "left", "right", "enter", "esc", "tab", "x", "1", "?", "space", "j", "k", "h", "l"}
	r := rand.New(rand.NewPCG(25, 80))
	for round := range 40 {
		o := rules.DefaultOptions()
		o.Players = 2 + round%3
		cfg := Config{Prefs: round%2 == 0, Start: func(Setup) (kit.Screen, error) { return nil, errors.New("no game in this test") }}
		if round%5 == 0 {
			cfg.Warning = strings.Repeat("a long warning about the state directory ", 4)
		}
		s := New(cfg, Setup{Level: ai.Normal, Options: o, Practice: round%3 == 0, Seed: r.Uint64()})
		w, h := 80, 24
		d := kittest.New(t, s, w, h, round%4 == 0)
		for range 150 {
			switch n := r.IntN(20); {
			case n == 0:
				w, h = 1+r.IntN(120), 1+r.IntN(40)
				d.Size(w, h)
			case n < 3:
				d.Click(r.IntN(w+2)-1, r.IntN(h+2)-1)
			default:
				d.Press(keys[r.IntN(len(keys))])
			}
			f := d.Frame()
			kittest.CheckSize(t, f, w, h)
			rows := s.rows()
			require.True(t, s.row >= 0 && s.row <= len(rows), "cursor %d of %d rows", s.row, len(rows))
			if w >= 80 && h >= 24 {
				require.Contains(t, ansi.Strip(f), d.Ctx.Paint.Glyphs.Cursor+" ", "the chosen line has no mark") // d.Text()
			}
		}
	}
}

// TestPaceFlagShown: with -pace given, the speed of the bots row says the
// flag paces the bots, not only the setting it overrides.
func TestPaceFlagShown(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = n
		s := New(Config{Prefs: true, Start: func(s Setup) (kit.Screen, error) { return &started{s}, nil }},
			Setup{Level: ai.Normal, Options: o, Seed: 42, PaceFlag: "0s"})
		paceRowSays(t, n, s, "slow, but -pace 0s now", "-pace 0s paces the bots")
	}
}

// TestPaceServerShown: over klob serve, where the server's pace paces
// the bots, the speed of the bots row says so as it says -pace.
func TestPaceServerShown(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions().WithPlayers(n)
		s := New(Config{Prefs: true}, Setup{Level: ai.Normal, Options: o, Seed: 42, PaceFlag: "100ms", PaceServer: true})
		paceRowSays(t, n, s, "slow, but the server's 100ms now", "this server paces the bots, 100ms before each move")
	}
}

// paceRowSays checks that form s of n players, its cursor moved to the
// speed of the bots, says each of want.
func paceRowSays(t *testing.T, n int, s *Screen, want ...string) {
	t.Helper()
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "pace")
	flat := kittest.Flat(d.Text())
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("%d players: the form lacks %q:\n%s", n, w, d.Text())
		}
	}
}

// TestASCIIKeyLineWhole: under -ascii, where the App writes "↑/↓" as
// "up/down", the key line still ends in "quit" within 80 columns: the
// keys named by arrows and letters are named by their letters.
func TestASCIIKeyLineWhole(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, false)
		d := kittest.New(t, s, 80, 24, true)
		lines := strings.Split(strings.TrimRight(kit.ASCIIText(kittest.TrimRight(d.Text())), "\n"), "\n")
		last := lines[len(lines)-1]
		if !strings.HasSuffix(last, "q/esc quit") || kit.WidthOf(last) > 80 {
			t.Errorf("%d players: the key line is %q", players, last)
		}
	}
}

// TestHeadingsUseFreeRows: at 80×24, with and without the settings
// rows, every combination of the house variants at two, three and four
// players, and the cursor on every line, the form fits, and a section
// heading left out leaves no empty row under the key line: the
// headings that fit are kept.
func TestHeadingsUseFreeRows(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, prefs := range []bool{false, true} {
			seen := map[rules.Options]bool{} // masks of variants that do not apply give the same form
			for mask := range 1 << len(variants) {
				o := rules.DefaultOptions()
				o.Players = players
				for i, v := range variants {
					*v.on(&o) = mask&(1<<i) != 0
				}
				o = o.Applicable()
				if seen[o] {
					continue
				}
				seen[o] = true
				s := New(Config{Prefs: prefs, Start: func(Setup) (kit.Screen, error) { return nil, errors.New("no game") }},
					Setup{Level: ai.Normal, Options: o, Seed: 42})
				d := kittest.New(t, s, 80, 24, false)
				for row := 0; row <= len(s.rows()); row++ {
					frame := d.Frame()
					kittest.CheckSize(t, frame, 80, 24)
					text := ansi.Strip(frame) // d.Text(), the frame drawn once
					lines := strings.Split(strings.TrimRight(kittest.TrimRight(text), "\n"), "\n")
					missing := 0
					keys := keySet(s.rows())
					for _, sec := range sections {
						if keys[sec.First] && !strings.Contains(text, sec.Heading) {
							missing++
						}
					}
					if missing > 0 && len(lines) < 24 {
						t.Fatalf("%d players, prefs %v, variants %b, row %d: %d headings left out with %d rows free:\n%s",
							players, prefs, mask, row, missing, 24-len(lines), text)
					}
					require.Contains(t, text, "[ Start the game ]")
					d.Press("down")
				}
			}
		}
	}
}

// TestHeadingsKeptAt80x24: with every house variant on, at three and
// four players, practice or not, the form at 80×24 keeps the headings
// of the variants and of the person's settings (the practice note goes
// beside the start line, the rows scrolling), so that the settings do
// not run on from the rules.
func TestHeadingsKeptAt80x24(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, practice := range []bool{false, true} {
			o := rules.DefaultOptions()
			o.Players = players
			for _, k := range []string{"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"} {
				if players == 2 && (k == "shlomo" || k == "cleopatra") || players == 3 && k == "cleopatra" {
					continue
				}
				require.NoError(t, o.Set(k, "on"), k)
			}
			s, _ := form(players, true)
			s.setup.Options, s.setup.Seed, s.setup.Practice = o, 41, practice
			text := kittest.New(t, s, 80, 24, false).Text()
			for _, h := range []string{"House variants, off unless switched on", "Your settings, kept for the next games"} {
				require.Contains(t, text, h, "%d players, practice %v:\n%s", players, practice, text)
			}
			if practice {
				require.Contains(t, kittest.Flat(text), "Practice game: seed 41, the seed chosen by the player (-seed); its log is marked practice.")
			}
		}
	}
}

// TestPracticeNoteOneSentence: the practice note of a game whose seed
// the player gave reads the same whole sentence at 80×24 at every seat
// count, with the settings rows as `klob play -seed` shows them.
func TestPracticeNoteOneSentence(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, seed := range []uint64{5, 23, 201} {
			s, _ := form(players, true)
			s.setup.Seed, s.setup.Practice = seed, true
			d := kittest.New(t, s, 80, 24, false)
			kittest.CheckSize(t, d.Frame(), 80, 24)
			want := fmt.Sprintf("Practice game: seed %d, the seed chosen by the player (-seed); its log is marked practice.", seed)
			require.Contains(t, kittest.Flat(d.Text()), want, "%d players:\n%s", players, d.Text())
		}
	}
}

// TestGoldensPractice: the form at 80×24 with the settings rows and a
// practice game's note, the next game of a sitting with a seed of 19
// digits, for two, three and four players: the headings of the house
// variants and of the settings, and the whole note (beside the start
// line where it must), all stay.
func TestGoldensPractice(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, true)
		s.setup.Seed, s.setup.Practice, s.setup.Next = 6003839248161056871, true, true
		d := kittest.New(t, s, 80, 24, false)
		kittest.CheckSize(t, d.Frame(), 80, 24)
		text := d.Text()
		for _, h := range []string{"House variants, off unless switched on", "Your settings, kept for the next games"} {
			require.Contains(t, text, h, "%d players:\n%s", players, text)
		}
		require.Contains(t, kittest.Flat(text), "Practice game: seed 6003839248161056871, drawn from the seed chosen by the player (-seed); its log is marked practice.")
		kittest.Golden(t, fmt.Sprintf("setup-%d-practice-80x24", players), text)
	}
}

// TestVariantsUnderTheirHeadingAt80x24: at 80×24, at every seat count,
// with the settings rows or not, practice or not (a seed of 19 digits),
// with a long warning or none, with no house variant or every one, and
// the cursor on every line, a house variant shown is under the heading
// of the variants, with only variants between them: never drawn as if
// it were a standard rule. Every line chosen is in sight.
func TestVariantsUnderTheirHeadingAt80x24(t *testing.T) {
	const heading = "House variants, off unless switched on"
	warning := "the settings file /home/someone/.config/klob/settings.txt: line 3: unknown key \"colour\"; " +
		"line 4: \"fast\" is not a speed; and 2 more lines (the other settings are used)"
	for _, players := range []int{2, 3, 4} {
		for _, prefs := range []bool{false, true} {
			for _, practice := range []bool{false, true} {
				for _, warn := range []string{"", warning} {
					for _, every := range []bool{false, true} {
						o := rules.DefaultOptions().WithPlayers(players)
						o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = every, every, every, every, every, every
						s := New(Config{Prefs: prefs, Warning: warn}, Setup{Level: ai.Normal, Options: o,
							Seed: 6003839248161056871, Practice: practice, Next: practice})
						labels := map[string]bool{}
						for _, r := range VariantRows(&s.setup) {
							labels[r.Label] = true
						}
						d := kittest.New(t, s, 80, 24, false)
						for range len(s.rows()) + 1 {
							frame := d.Frame()
							kittest.CheckSize(t, frame, 80, 24)
							text := d.Text()
							what := fmt.Sprintf("%d players, prefs %v, practice %v, warning %v, variants %v, row %d",
								players, prefs, practice, warn != "", every, s.row)
							if s.row < len(s.rows()) {
								require.Contains(t, text, s.rows()[s.row].Label, "%s: the chosen line is out of sight:\n%s", what, text)
							}
							under := false // the lines since the heading are variants
							for _, l := range strings.Split(text, "\n") {
								label := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "▶"))
								label, _, _ = strings.Cut(label, "  ")
								switch {
								case strings.Contains(l, heading):
									under = true
								case labels[label]:
									require.True(t, under, "%s: %q not under the variants' heading:\n%s", what, label, text)
								default:
									under = false
								}
							}
							d.Press("down")
						}
					}
				}
			}
		}
	}
}

// TestLongWarningKeepsEveryRow: at 80×24, two players with the
// settings rows and a warning of five lines: the warning is cut to
// fewer lines before any row or heading goes, its last line saying that
// w shows it; w shows it whole, and any key goes back to the form.
func TestLongWarningKeepsEveryRow(t *testing.T) {
	warning := "/home/someone/.config/klob/settings: line 1: \"junk line 1\" is not key = value; line 2: \"junk line 2\" " +
		"is not key = value; line 3: \"junk line 3\" is not key = value; and 497 more lines (the other settings are used; " +
		"saving new ones keeps this file beside them as settings.bad, or settings-2.bad if that is taken)"
	s := New(Config{Prefs: true, Warning: warning}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 42})
	d := kittest.New(t, s, 80, 24, false)
	text := d.Text()
	for _, r := range s.rows() {
		require.Contains(t, text, r.Label, "the screen:\n%s", text)
	}
	for _, h := range []string{"The game, kept for the next setup once started", "House variants, off unless switched on", "Your settings, kept for the next games"} {
		require.Contains(t, text, h, "the screen:\n%s", text)
	}
	require.Contains(t, text, "! /home/someone/.config/klob/settings: line 1:")
	require.Contains(t, text, "(w: all of it)", "the cut warning does not say w shows it:\n%s", text)
	d.Press("w")
	kittest.CheckSize(t, d.Frame(), 80, 24)
	require.Contains(t, kittest.Flat(d.Text()), "! "+warning, "w does not show the warning whole:\n%s", d.Text())
	d.Press("down")
	require.Equal(t, text, d.Text(), "a key after w does not go back to the form as it was")
}

// TestProblemShownWhole: at 80×24, four players with the settings
// rows and a warning, a problem keeping the settings (a file the player
// may not read) that does not fit whole says w shows it, and w shows it
// and the warning whole.
func TestProblemShownWhole(t *testing.T) {
	warning := "/home/someone/.config/klob/settings: line 1: pace = \"warp\": want slow, normal, fast; " +
		"line 2: sort = \"sideways\": want strength, suit; line 3: bell = \"maybe\": want on, off; and 1 more line " +
		"(the other settings are used; saving new ones keeps this file beside them as settings.bad, or settings-2.bad if that is taken)"
	problem := "Your settings could not be kept: the settings file /home/someone/.config/klob/settings cannot be read: " +
		"permission denied, and is left as it is"
	s := New(Config{Prefs: true, Warning: warning}, Setup{Level: ai.Normal, Options: rules.DefaultOptions().WithPlayers(4), Seed: 42})
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "sort")
	d.Send(ProblemMsg{Text: problem})
	kittest.CheckSize(t, d.Frame(), 80, 24)
	require.Contains(t, d.Text(), "Sort the hand by", "the chosen row is out of sight")
	require.Contains(t, d.Text(), "(w: all of it)", "the screen:\n%s", d.Text())
	d.Press("w")
	kittest.CheckSize(t, d.Frame(), 80, 24)
	text := kittest.Flat(d.Text())
	require.Contains(t, text, "! "+warning, "the screen:\n%s", d.Text())
	require.Contains(t, text, "! "+problem, "the screen:\n%s", d.Text())
	d.Press("esc")
	require.Contains(t, d.Text(), "Sort the hand by", "esc did not go back to the form")
}

// TestEveryRowUnderItsHeadingAt80x24: at 80×24, at every seat count,
// with the settings rows or not, practice or not, with a long warning
// (the note of a second state directory) or none, and the cursor on
// every line, every row shown is under its own section's heading, or,
// scrolled, under "↑ more above" at the top before any heading: the
// form shows the same sections every time, "The game" with a seed
// given too, and the settings never run on under the variants. A
// heading shows only over its section's first row, never cut from it.
func TestEveryRowUnderItsHeadingAt80x24(t *testing.T) {
	warning := "This game is saved in /tmp/qa51/nb/s/klob-2: KLOB_STATE_DIR=/tmp/qa51/nb/s/klob-2 klob resumes it, " +
		"or klob once the other Klob has quit."
	for _, players := range []int{2, 3, 4} {
		for _, prefs := range []bool{false, true} {
			for _, practice := range []bool{false, true} {
				for _, warn := range []string{"", warning} {
					o := rules.DefaultOptions().WithPlayers(players)
					s := New(Config{Prefs: prefs, Warning: warn}, Setup{Level: ai.Normal, Options: o,
						Seed: 6003839248161056871, Practice: practice, Next: practice})
					headingOf := map[string]string{} // a row's label: its section's heading
					firstOf := map[string]string{}   // a heading: its section's first row's label
					heading := ""
					for _, r := range s.rows() {
						for _, sec := range sections {
							if sec.First == r.Key {
								heading = sec.Heading
								firstOf[heading] = r.Label
							}
						}
						headingOf[r.Label] = heading
					}
					d := kittest.New(t, s, 80, 24, false)
					for range len(s.rows()) + 1 {
						kittest.CheckSize(t, d.Frame(), 80, 24)
						text := d.Text()
						what := fmt.Sprintf("%d players, prefs %v, practice %v, warning %v, row %d", players, prefs, practice, warn != "", s.row)
						if warn != "" {
							require.Contains(t, kittest.Flat(text), "! "+warning, "%s:\n%s", what, text)
						}
						under, scrolled := "", false
						lines := strings.Split(text, "\n")
						for i, l := range lines {
							scrolled = scrolled || strings.TrimSpace(l) == "↑ more above"
							for _, sec := range sections {
								if strings.TrimSpace(l) == sec.Heading {
									under = sec.Heading
									require.Less(t, i+1, len(lines), what)
									require.Equal(t, firstOf[under], rowLabel(lines[i+1]), "%s: %q is not over its first row:\n%s", what, under, text)
								}
							}
							label := rowLabel(l)
							if want, ok := headingOf[label]; ok && (under != "" || !scrolled) {
								require.Equal(t, want, under, "%s: %q is under the wrong heading:\n%s", what, label, text)
							}
						}
						d.Press("down")
					}
				}
			}
		}
	}
}

// TestShiftStopsAtEnds: a number's row stops at its smallest and its
// largest value, one key too far changes nothing: a game to 100 does
// not become a game to 2000. A value given by a flag stands among them.
func TestShiftStopsAtEnds(t *testing.T) {
	for _, c := range []struct{ v, d, want int }{
		{100, -1, 100}, {2000, 1, 2000}, {100, 1, 200}, {500, -2, 200}, {2000, 9, 2000}, {250, -1, 200}, {250, 1, 300},
	} {
		assert.Equal(t, c.want, Shift(Targets, c.v, c.d), "from %d by %d", c.v, c.d)
	}
	s := Setup{Options: rules.DefaultOptions()}
	s.Options.Target = 100
	for _, r := range RuleRows(&s) {
		if r.Key == "target" {
			r.Step(&s, -1)
		}
	}
	assert.Equal(t, 100, s.Options.Target, "← at a game to 100")
}

// TestExplainsInTheRulesWords: at 80×24 the bottom card's line names it
// as the rules do ("the bottom card of the pack"), and shlomo's line
// says whose left the card is drawn from and who gives one back, whole.
func TestExplainsInTheRulesWords(t *testing.T) {
	for _, c := range []struct {
		players  int
		row      string
		want     string
		pressing bool
	}{
		{3, "bottom_card", "Bottom card shown: the bottom card of the pack is turned up after the deal: every player knows it", false},
		{3, "bottom_card", "Bottom card shown: the bottom card of the pack stays hidden", true},
		{3, "shlomo", "Shlomo: a K and both Qs of the other colour: 20; the declarer then draws a card unseen from the player on their left and gives one back", false},
		{4, "shlomo", "Shlomo: a K and both Qs of the other colour: 20; the declarer then draws a card unseen from the player on their left and gives one back", false},
	} {
		s, _ := form(c.players, true)
		d := kittest.New(t, s, 80, 24, false)
		to(t, d, c.row)
		if c.pressing {
			d.Press("left") // on to off
		}
		kittest.CheckSize(t, d.Frame(), 80, 24)
		if text := kittest.Flat(d.Text()); !strings.Contains(text, c.want) {
			t.Errorf("%d players, %s: no %q:\n%s", c.players, c.row, c.want, d.Text())
		}
	}
}

// TestCutWarningEndsOnAWord: a warning cut short under the form ends
// its last line on a whole word before the ellipsis and "(w: all of
// it)", at every width and every number of lines it is cut to, never
// inside a word ("want s…") unless the word alone is longer than the
// room, and within the width.
func TestCutWarningEndsOnAWord(t *testing.T) {
	text := "! /home/someone/.config/klob/settings: line 1: pace = \"warp\": want slow, normal, fast; " +
		"line 2: sort = \"sideways\": want strength, suit; line 3: bell = \"maybe\": want on, off; and 1 more line"
	words := map[string]bool{}
	for _, f := range strings.Fields(text) {
		words[f] = true
	}
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		tail := ctx.Ellipsis() + " (w: all of it)"
		for w := 30; w <= 100; w++ {
			for limit := 1; limit <= 3; limit++ {
				whole := kit.Wrap(text, w)
				if len(whole) <= limit {
					continue // not cut
				}
				lines := cutLines(&ctx, text, w, limit)
				if len(lines) != limit {
					t.Fatalf("width %d, limit %d: %d lines", w, limit, len(lines))
				}
				for _, l := range lines {
					if kit.WidthOf(l) > w {
						t.Errorf("width %d, limit %d: %q is wider", w, limit, l)
					}
				}
				last := lines[limit-1]
				head, ok := strings.CutSuffix(last, " "+tail)
				if !ok {
					t.Fatalf("width %d, limit %d: %q does not end in %q", w, limit, last, tail)
				}
				f := strings.Fields(head)
				if len(f) == 0 {
					continue
				}
				if first := strings.Fields(whole[limit-1])[0]; len(f) == 1 && kit.WidthOf(first) > kit.WidthOf(head) {
					continue // a word longer than the room is cut where it must be
				}
				if end := f[len(f)-1]; !words[end] {
					t.Errorf("width %d, limit %d: the last line ends inside a word: %q", w, limit, last)
				}
			}
		}
	}
}

// rowLabel is the label of a row of the form as a line of the screen
// reads, the cursor's mark left out.
func rowLabel(l string) string {
	label := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "▶"))
	label, _, _ = strings.Cut(label, "  ")
	return label
}

// TestHeadingOnlyOverItsFirstRow: a section's heading shows only over
// its first row, and that row only under it, however the rows scroll:
// at 80×24 and every seat count, every house variant on and the
// settings rows, the cursor down every line and back up; and the
// play-tester's keys at three players (Shlomo then dealer forced
// switched on, the cursor back up), which showed "The game" over "Game
// to", its first rows out of view.
func TestHeadingOnlyOverItsFirstRow(t *testing.T) {
	check := func(t *testing.T, what string, s *Screen, text string) {
		t.Helper()
		firstOf := map[string]string{}
		for _, r := range s.rows() {
			for _, sec := range sections {
				if sec.First == r.Key {
					firstOf[sec.Heading] = r.Label
				}
			}
		}
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			label := rowLabel(l)
			if first, ok := firstOf[label]; ok {
				require.Less(t, i+1, len(lines), what)
				require.Equal(t, first, rowLabel(lines[i+1]), "%s: %q is not over its first row:\n%s", what, label, text)
			}
			for heading, first := range firstOf {
				if label == first && (i == 0 || rowLabel(lines[i-1]) != heading) {
					t.Fatalf("%s: %q is not under %q:\n%s", what, first, heading, text)
				}
			}
		}
	}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions().WithPlayers(n)
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		s := New(Config{Prefs: true}, Setup{Level: ai.Normal, Options: o, Seed: 6003839248161056871})
		d := kittest.New(t, s, 80, 24, false)
		for step := range 2*len(s.rows()) + 2 {
			check(t, fmt.Sprintf("step %d, row %d", step, s.row), s, d.Text())
			if step <= len(s.rows()) {
				d.Press("down")
			} else {
				d.Press("up")
			}
		}
	})
	s := New(Config{Prefs: true}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 6003839248161056871})
	d := kittest.New(t, s, 80, 24, false)
	keys := append(append([]string{"right"}, slices.Repeat([]string{"down"}, 10)...), "right", "up", "right")
	for i, k := range keys {
		d.Press(k)
		check(t, fmt.Sprintf("key %d (%s)", i, k), s, d.Text())
	}
	require.True(t, s.Setup().Options.Shlomo && s.Setup().Options.DealerForced, "the keys did not switch the variants on:\n%s", d.Text())
}
