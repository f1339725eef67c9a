package tourney

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestRunningPageFits: at 80×24, whatever the seat count, the boards,
// the house rules and the note after creating it, a running
// tournament's page shows every board and the line of the running total
// (the words on how it works give way first).
func TestRunningPageFits(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(ann, -1)
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		o := rules.DefaultOptions()
		o.Players = players
		house := o
		for _, kv := range [][2]string{{"menage", "on"}, {"dealer_forced", "on"}, {"bimah", "on"}, {"of_a_kind", "on"},
			{"shlomo", "on"}, {"cleopatra", "on"}, {"melds_need_trick", "off"}, {"last_trick", "0"}} {
			if err := house.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		house = house.Applicable()
		for _, opts := range []rules.Options{o, house} {
			for _, boards := range []int{svc.MinBoards, 8, 10, 16, svc.MaxBoards} {
				for _, note := range []string{"", "Tournament TESTAB is open, and you are in it: give friends the code TESTAB."} {
					p := newDetail(s, "TESTAB", nil)
					prog := &svc.Progress{Info: svc.Info{Code: "TESTAB", Creator: ann.Key, Host: "Annabelle Longname-Smith",
						Rules: opts, Level: "hard", Boards: boards, Ends: cl.c.Now().Add(36 * time.Hour), Entries: 3},
						Entered: true, Next: 2, ParReady: true}
					for b := 1; b <= boards; b++ {
						l := svc.BoardLine{Board: b}
						if b == 1 {
							l.State, l.Result, l.Par, l.HasPar = svc.Played, 61, 17.5, true
						}
						prog.Lines = append(prog.Lines, l)
					}
					ctx := kittest.Context(80, 24)
					p.Update(&ctx, detailMsg{to: p, prog: prog})
					p.note = note
					frame := p.View(&ctx)
					kittest.CheckSize(t, frame, 80, 24)
					text := ansi.Strip(frame)
					name := fmt.Sprintf("%d players, %d boards, rules %v, note %v", players, boards, opts != o, note != "")
					if !strings.Contains(kittest.Flat(text), fmt.Sprintf("Boards played: 1 of %d · board 2 is next · +43.5 against par over 1 board.", boards)) {
						t.Errorf("%s: no running total:\n%s", name, text)
					}
					for b := 1; b <= boards; b++ {
						if !strings.Contains(text, fmt.Sprintf("%5d ", b)) {
							t.Errorf("%s: board %d missing:\n%s", name, b, text)
						}
					}
					if note != "" && !strings.Contains(text, "is open, and you are in it") {
						t.Errorf("%s: the note is missing:\n%s", name, text)
					}
				}
			}
		}
	})
}

// TestNearEndWarns: within minutes of the end, the page of a person
// with a board to play says a board unfinished by the end does not
// count; an hour before, it says nothing of it.
func TestNearEndWarns(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(ann, -1)
	for _, tc := range []struct {
		left time.Duration
		warn bool
	}{{30 * time.Second, true}, {4 * time.Minute, true}, {time.Hour, false}} {
		p := newDetail(s, "TESTAB", nil)
		prog := &svc.Progress{Info: svc.Info{Code: "TESTAB", Rules: rules.DefaultOptions(), Level: "normal", Boards: 4,
			Ends: cl.c.Now().Add(tc.left)}, Entered: true, Next: 1, ParReady: true,
			Lines: []svc.BoardLine{{Board: 1}, {Board: 2}, {Board: 3}, {Board: 4}}}
		ctx := kittest.Context(80, 24)
		p.Update(&ctx, detailMsg{to: p, prog: prog})
		text := ansi.Strip(p.View(&ctx))
		if got := strings.Contains(kittest.Flat(text), "a board not finished by then does not count"); got != tc.warn {
			t.Errorf("%v before the end: warned %v:\n%s", tc.left, got, text)
		}
	}
}

// TestLengthWords: every end the form offers reads as a person says it,
// the shortest in minutes; the form starts at a day.
func TestLengthWords(t *testing.T) {
	var got []string
	for _, d := range lengths {
		got = append(got, lengthWords(d))
	}
	if want := "30 minutes,1 hour,3 hours,12 hours,1 day,2 days,3 days,1 week"; strings.Join(got, ",") != want {
		t.Errorf("the lengths read %q, want %q", strings.Join(got, ","), want)
	}
	if f := newForm(nil, nil); lengths[f.length] != 24*time.Hour {
		t.Errorf("the form starts at %v", lengths[f.length])
	}
}

// TestCrowdedPageKeepsTheTotal: the host of a four-player tournament of
// 24 boards with every house rule, a long name and eight entrants, asked
// whether to end it minutes before its end (two notes at the foot),
// still sees every board and the running total: the rules and the
// entrants give way, the help keeping the rules.
func TestCrowdedPageKeepsTheTotal(t *testing.T) {
	cl := newClub(t, false)
	host := svc.Player{Key: ann.Key, Name: "Maximilian Longname-Bart"}
	s := cl.screen(host, -1)
	o := rules.DefaultOptions()
	o.Players = 4
	for _, kv := range [][2]string{{"menage", "on"}, {"dealer_forced", "on"}, {"bimah", "on"}, {"of_a_kind", "on"},
		{"shlomo", "on"}, {"cleopatra", "on"}, {"melds_need_trick", "off"}, {"last_trick", "0"}, {"sequence_rank", "length"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	prog := &svc.Progress{Info: svc.Info{Code: "TESTAB", Creator: host.Key, Host: host.Name, Rules: o, Level: "hard",
		Boards: 24, Ends: cl.c.Now().Add(9 * time.Minute), Entries: 8}, Entered: true, Next: 1, ParReady: true}
	for b := 1; b <= 24; b++ {
		prog.Lines = append(prog.Lines, svc.BoardLine{Board: b})
	}
	for i := range 8 {
		prog.Entrants = append(prog.Entrants, svc.Entrant{Key: fmt.Sprintf("%064d", i), Name: fmt.Sprintf("Entrant number %d the long", i)})
	}
	ctx := kittest.Context(80, 24)
	p := newDetail(s, "TESTAB", nil)
	p.Update(&ctx, detailMsg{to: p, prog: prog})
	p.Update(&ctx, kittest.Key("e"))
	text := ansi.Strip(p.View(&ctx))
	kittest.CheckSize(t, p.View(&ctx), 80, 24)
	for _, want := range []string{"End the tournament now?", "does not count", " Boards played: 0 of 24 · board 1 is next."} {
		if !strings.Contains(kittest.Flat(text), strings.TrimSpace(want)) {
			t.Errorf("%q missing:\n%s", want, text)
		}
	}
	for b := 1; b <= 24; b++ {
		if !strings.Contains(text, fmt.Sprintf("%5d ", b)) {
			t.Errorf("board %d missing:\n%s", b, text)
		}
	}
	if r, ok := p.HelpRules(); !ok || r != o {
		t.Errorf("the help's rules are %v, %v", r, ok)
	}
}

// TestLongTroubleReadsWhole: a trouble longer than the window's width
// (a database error with its path) wraps onto more lines rather than
// being cut at the edge, so its reason, at its end, is read.
func TestLongTroubleReadsWhole(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(svc.Player{Key: ann.Key, Name: "ann"}, -1)
	prog := &svc.Progress{Info: svc.Info{Code: "TESTAB", Creator: ann.Key, Host: "ann", Rules: rules.DefaultOptions(), Level: "normal",
		Boards: 4, Ends: cl.c.Now().Add(time.Hour)}, ParReady: true}
	ctx := kittest.Context(80, 24)
	p := newDetail(s, "TESTAB", nil)
	p.Update(&ctx, detailMsg{to: p, prog: prog})
	p.err = "the club's database /var/lib/klob/serve/club.db could not be written: disk I/O error, the board is kept for later"
	view := p.View(&ctx)
	kittest.CheckSize(t, view, 80, 24)
	if !strings.Contains(kittest.Flat(ansi.Strip(view)), "the board is kept for later") {
		t.Errorf("the trouble is cut:\n%s", ansi.Strip(view))
	}
}

// entrantsDetail is a tournament's page whose progress lists names.
func entrantsDetail(names []string) *detail {
	p := &detail{s: &Screen{}, prog: &svc.Progress{}}
	for _, n := range names {
		p.prog.Entrants = append(p.prog.Entrants, svc.Entrant{Name: n})
	}
	return p
}

// slowEntrantsLine is the line tried with every count of names, from
// all of them down: what entrantsLine, which skips the counts too wide
// to fit, must say.
func slowEntrantsLine(names []string, w int) []string {
	if len(names) == 0 {
		return nil
	}
	return entrantsUpTo(names, len(names), w)
}

// TestEntrantsLineAsEveryCountTried: the entrants' line, which skips
// the counts of names too wide for two lines, says what trying every
// count says, over random names (some with spaces, some wide) and
// widths.
func TestEntrantsLineAsEveryCountTried(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"ann", "Bob", "cid", "Dana Lee", "ëlise", "李", "Υou", "a-very-long-name-of-a-player", "x"}
	for range 2000 {
		names := make([]string, 1+r.IntN(40))
		for i := range names {
			names[i] = parts[r.IntN(len(parts))] + strings.Repeat("z", r.IntN(6))
		}
		w := 8 + r.IntN(80)
		got, want := entrantsDetail(names).entrantsLine(w), slowEntrantsLine(names, w)
		if !slices.Equal(got, want) {
			t.Fatalf("%q at %d: %q, want %q", names, w, got, want)
		}
	}
}

// BenchmarkEntrantsLine: the page of a tournament of 1,000 entrants at
// 80 columns, as each frame draws it.
func BenchmarkEntrantsLine(b *testing.B) {
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("player%d", i)
	}
	p := entrantsDetail(names)
	for b.Loop() {
		p.entrantsLine(80)
	}
}
