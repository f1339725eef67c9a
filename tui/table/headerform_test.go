package table

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// headerForm is a header line's score with the totals taken out ("us #
// · them #"): what must not change from deal to deal.
func headerForm(text string) string {
	head := strings.SplitN(text, "\n", 2)[0]
	at := strings.LastIndex(head, "   ")
	return regexp.MustCompile(`\d+`).ReplaceAllString(strings.TrimSpace(head[at:]), "#")
}

// TestHeaderKeepsItsForm: at four players at 80×24 the header names the
// teams the same way in every deal, in its play and at its result,
// for the person and for a spectator: the form is chosen on the game's
// longest title, not on this deal's dealer ("you deal" left room for
// "You & North" where "West deals" did not), and a spectator's teams
// keep one spacing.
func TestHeaderKeepsItsForm(t *testing.T) {
	f := newFixture(t, 4, seeds[4], 80, 24)
	w := newWatcher(t, f, nil)
	forms := map[string][]string{}
	see := func(what string) {
		w.catchUp()
		forms["seat"] = append(forms["seat"], what+": "+headerForm(f.text()))
		forms["spectator"] = append(forms["spectator"], what+": "+headerForm(w.text()))
	}
	for deal := 1; deal <= 3; deal++ {
		if !f.reach(func(s host.Snapshot) bool {
			return s.DealNo == deal && s.Can.Act && !s.Between
		}, true) {
			break
		}
		see("deal")
		if !f.reach(func(s host.Snapshot) bool { return s.DealNo == deal && s.Between }, true) {
			break
		}
		see("result")
	}
	for _, who := range []string{"seat", "spectator"} {
		fs := forms[who]
		if len(fs) < 4 {
			t.Fatalf("%s: too few deals seen: %q", who, fs)
		}
		first := strings.SplitN(fs[0], ": ", 2)[1]
		for _, s := range fs[1:] {
			if strings.SplitN(s, ": ", 2)[1] != first {
				t.Errorf("%s: the header's form changes between deals: %q", who, fs)
				break
			}
		}
	}
}

// TestSpectatorHeaderOneSpacing: a spectator's header over a table of
// ann, bob, cid and Bot D names the teams one way whoever deals, in deal
// 1 at 0 to 0 and at deal 2's result: never "ann&cid" in one and "ann &
// cid" in another.
func TestSpectatorHeaderOneSpacing(t *testing.T) {
	ctx := kit.NewContext(false)
	var seen []string
	for _, c := range []struct {
		deal   int
		dealer rules.Seat
		totals [4]int
	}{{1, rules.SeatA, [4]int{}}, {1, rules.Seat(3), [4]int{}}, {2, rules.SeatB, [4]int{44, 320}}, {2, rules.NoSeat, [4]int{44, 320}}} {
		sc := sceneOf(rules.View{Players: 4, Options: options(4), Dealer: c.dealer})
		sc.You, sc.DealNo, sc.Totals, sc.Tag = rules.NoSeat, c.deal, c.totals, "table ABCD"
		for i, name := range []string{"ann", "bob", "cid", "Bot D"} {
			sc.Players[i].Name = name
		}
		seen = append(seen, headerForm(ansi.Strip(sc.Header(&ctx, 80))))
	}
	for _, s := range seen[1:] {
		if s != seen[0] {
			t.Fatalf("the spectator's header changes its form: %q", seen)
		}
	}
}
