package setup

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestGivenValuesStayChoices: a target and a last trick bonus given on
// the command line (klob play -target 250 -rules last_trick=25) stay
// among their rows' choices, in order, once stepped away from.
func TestGivenValuesStayChoices(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players, o.Target, o.LastTrick = 3, 250, 25
	s := New(Config{}, Setup{Level: ai.Normal, Options: o})
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "target")
	for _, c := range []struct {
		key  string
		want int
	}{{"right", 300}, {"left", 250}, {"left", 200}, {"right", 250}, {"right", 300}} {
		d.Press(c.key)
		require.Equal(t, c.want, s.Setup().Options.Target, "Game to, after %s", c.key)
	}
	to(t, d, "last_trick")
	for _, c := range []struct {
		key  string
		want int
	}{{"right", 50}, {"left", 25}, {"left", 20}, {"right", 25}, {"left", 20}, {"left", 10}, {"left", 0}, {"left", 0}, {"right", 10}, {"right", 20}, {"right", 25}, {"right", 50}, {"right", 100}, {"right", 100}} {
		d.Press(c.key)
		require.Equal(t, c.want, s.Setup().Options.LastTrick, "Last trick bonus, after %s", c.key)
	}
}
