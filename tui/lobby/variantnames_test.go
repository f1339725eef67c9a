package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/setup"
)

// The lobby's table list, the help and the form's rows name a table's
// house variants with the same words, the rules' (rules.VariantsPlayed),
// at every seat count.
func TestListAndHelpNameVariantsAlike(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		played := strings.Join(o.VariantsPlayed(), ", ")

		ctx := kittest.Context(200, 24) // wide enough to cut nothing
		info := hall.Info{Code: "YMBL", Seats: n, Names: make([]string, n), Level: ai.Normal, Target: 200, Rules: o}
		if got := strings.TrimSpace(ansi.Strip(strings.Join(houseLines(&ctx, info, false), ""))); got != "house: "+played {
			t.Errorf("the list says %q, want %q", got, "house: "+played)
		}
		help := ansi.Strip(strings.Join(kit.NewHelpView(nil).For(o).Lines(&ctx), " "))
		if !strings.Contains(strings.Join(strings.Fields(help), " "), "House variants played: "+played+";") {
			t.Errorf("the help does not say %q:\n%s", played, help)
		}
		var rows []string
		for _, r := range setup.VariantRows(&setup.Setup{Options: o}) {
			rows = append(rows, strings.ToLower(r.Label))
		}
		if got := strings.Join(rows, ", "); got != played {
			t.Errorf("the form's rows say %q, want %q", got, played)
		}
	})
}
