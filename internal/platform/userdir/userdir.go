// Package userdir finds Klob's directories in a user's home the way the
// XDG base directory specification asks, with a variable of Klob's own
// that overrides it.
package userdir

import (
	"fmt"
	"path/filepath"
)

// Kind is one of Klob's directories: the variable that names it outright,
// the XDG variable of its base, and that base under $HOME.
type Kind struct {
	Name string // "config", "state": said in the error
	Own  string // KLOB_CONFIG_DIR
	XDG  string // XDG_CONFIG_HOME
	Home string // .config
}

// Klob's directories: the settings file's, and the saves' and histories'.
var (
	Config = Kind{Name: "config", Own: "KLOB_CONFIG_DIR", XDG: "XDG_CONFIG_HOME", Home: ".config"}
	State  = Kind{Name: "state", Own: "KLOB_STATE_DIR", XDG: "XDG_STATE_HOME", Home: filepath.Join(".local", "state")}
)

// Dir returns the directory k from the environment getenv reads
// (os.Getenv outside tests): $Own, else $XDG/klob when it is absolute
// (the specification ignores a relative one), else $HOME/Home/klob.
func (k Kind) Dir(getenv func(string) string) (string, error) {
	if d := getenv(k.Own); d != "" {
		return d, nil
	}
	if x := getenv(k.XDG); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "klob"), nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", fmt.Errorf("cannot find the %s directory: set HOME, %s or %s", k.Name, k.XDG, k.Own)
	}
	return filepath.Join(home, k.Home, "klob"), nil
}
