package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/kit/kittest"
)

// A game over whose save outlived its filing (a crash between the two)
// is offered as filed already; one over and not filed says so.
func TestResumeSaysAGameOverIsFiled(t *testing.T) {
	l, err := gamelog.ReadFile("../testdata/games/09-tie.klob")
	require.NoError(t, err)
	ctx := kittest.Context(80, 24)
	for _, filed := range []bool{false, true} {
		cfg := testConfig(dealSeed, &memStore{})
		s := firstScreen(&cfg, l, filed, nil)
		text := ansi.Strip(s.View(&ctx))
		if filed {
			assert.Contains(t, text, "Your last game is over, and in the history.")
			assert.NotContains(t, text, "not filed")
		} else {
			assert.True(t, strings.Contains(text, "it was not filed in the history yet"), text)
		}
	}
}
