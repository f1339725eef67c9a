// Package termcolor keeps colour codes off terminals that draw none.
// colorprofile (which Bubble Tea uses to choose what it writes) takes
// any TERM but dumb for a colour terminal; a monochrome one (vt100,
// xterm-mono) then gets colour codes it shows as noise or drops. The
// local program and the ssh server both add ColorOptions, so that the
// TERM (the client's, over ssh) decides.
package termcolor

import (
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// monoFamilies are the terminal types of text terminals without colour
// (DEC's VT52 to VT420), matched whole or before a "-" ("vt100-am",
// "vt220-8bit").
var monoFamilies = []string{"vt52", "vt100", "vt102", "vt131", "vt132", "vt200", "vt220", "vt300", "vt320", "vt400", "vt420"}

// MonoTerm reports whether the terminal type term draws no colour: a
// family of monochrome text terminals (vt100, vt220, …) or a terminfo
// entry marked monochrome by its name ("xterm-mono", "linux-m").
// colorprofile takes any TERM but dumb for a colour terminal.
func MonoTerm(term string) bool {
	term = strings.ToLower(strings.TrimSpace(term))
	if term == "" || strings.Contains(term, "color") {
		return false
	}
	if strings.HasSuffix(term, "-mono") || strings.HasSuffix(term, "-m") || strings.Contains(term, "-mono-") || strings.Contains(term, "-m-") {
		return true
	}
	for _, f := range monoFamilies {
		if term == f || strings.HasPrefix(term, f+"-") {
			return true
		}
	}
	return false
}

// termOf is TERM in env, the last one set (as colorprofile reads it,
// and as wish adds the client's after the session's environment).
func termOf(env []string) string {
	term := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "TERM="); ok {
			term = v
		}
	}
	return term
}

// MonoProfile is profile for a terminal whose environment is env: a mono
// TERM (MonoTerm) gets no colour, its attributes (bold, reverse) kept, as
// NO_COLOR gets; any other keeps profile.
func MonoProfile(env []string, profile colorprofile.Profile) colorprofile.Profile {
	if MonoTerm(termOf(env)) && profile > colorprofile.ASCII {
		return colorprofile.ASCII
	}
	return profile
}

// ColorOptions are the program options that keep colour off a mono
// terminal: the profile Bubble Tea would detect on out in env (out nil:
// a terminal known by env alone, an ssh session's), without colour when
// TERM is mono (MonoProfile); none for any other TERM, which Bubble Tea
// detects as it would. Put them after the options that set the output
// or the profile (wish's), so that they win.
func ColorOptions(env []string, out io.Writer) []tea.ProgramOption {
	if !MonoTerm(termOf(env)) {
		return nil
	}
	p := colorprofile.Env(env)
	if out != nil {
		p = colorprofile.Detect(out, env)
	}
	return []tea.ProgramOption{tea.WithColorProfile(MonoProfile(env, p))}
}
