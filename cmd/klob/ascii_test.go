package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -ascii given decides, either way; not given, the locale does: ASCII
// under one that is not UTF-8, the symbols under UTF-8 or no locale.
func TestASCIIFlagAndLocale(t *testing.T) {
	locales := map[string]map[string]string{
		"LANG=C":           {"LANG": "C"},
		"LC_ALL=POSIX":     {"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"},
		"LANG=en_US.UTF-8": {"LANG": "en_US.UTF-8"},
		"no locale":        {},
	}
	for _, tc := range []struct {
		args   []string
		locale string
		want   bool
	}{
		{nil, "LANG=C", true},
		{nil, "LC_ALL=POSIX", true},
		{nil, "LANG=en_US.UTF-8", false},
		{nil, "no locale", false},
		{[]string{"-ascii"}, "LANG=en_US.UTF-8", true},
		{[]string{"-ascii"}, "no locale", true},
		{[]string{"-ascii=true"}, "LANG=C", true},
		{[]string{"-ascii=false"}, "LANG=C", false},
		{[]string{"-ascii=false"}, "LC_ALL=POSIX", false},
		{[]string{"-ascii=false"}, "LANG=en_US.UTF-8", false},
	} {
		fs := newFlagSet("test", "usage: klob test")
		a := fs.asciiFlag("draw in ASCII")
		require.NoError(t, fs.parseNone(tc.args, nil, nil), tc.args)
		env := locales[tc.locale]
		assert.Equal(t, tc.want, a.in(func(k string) string { return env[k] }), "%v under %s", tc.args, tc.locale)
	}
}

// Every command that reads -ascii reads the locale through it: klob
// rules, the quickest, writes ASCII under LANG=C unless told
// -ascii=false, and the symbols under a UTF-8 locale.
func TestRulesFollowTheLocale(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "")
	t.Setenv("LANG", "C")
	_, out, _ := runArgs("rules")
	assert.NotContains(t, out, "♠", "LANG=C")
	assert.Contains(t, out, "trick 1: D AS, A QS, B 10S, C 8S -> D 24", "LANG=C")
	_, out, _ = runArgs("rules", "-ascii=false")
	assert.Contains(t, out, "♠", "LANG=C -ascii=false")
	t.Setenv("LC_CTYPE", "en_US.UTF-8")
	_, out, _ = runArgs("rules")
	assert.Contains(t, out, "♠", "LC_CTYPE=en_US.UTF-8 LANG=C")
}
