package replay

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/rules"
)

// TestBotNumbersStayWhole: a bot match's names cut for the title, the
// score pad and the trick line keep their number after the space, as
// the names that fit read ("norm 1 & norm 2 · easy 1 & easy 2"), never
// "norm…1" beside "easy 1" or "no…l" over "ea…1".
func TestBotNumbersStayWhole(t *testing.T) {
	for _, tc := range []struct {
		file  string
		names []string
	}{
		{"tables/3-01-every-house-variant.klob", []string{"normal", "easy 1", "easy 2"}},
		{"tables/4-14-shlomo-and-cleopatra-in-one-deal.klob", []string{"normal 1", "easy 1", "normal 2", "easy 2"}},
	} {
		r := readGame(t, tc.file)
		for o, n := range tc.names {
			r.Header.SetPlayer(rules.Seat(o), n, "normal")
		}
		hs := open(t, r, "x", 80, 24)
		cut := regexp.MustCompile(`…\d|\w…\w`)
		for range 30 {
			screen := text(hs)
			assert.NotRegexp(t, cut, screen, "%d players", len(tc.names))
			hs.Press("right")
		}
	}
}
