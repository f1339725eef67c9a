package userdir

import "testing"

func TestDir(t *testing.T) {
	cases := []struct {
		kind Kind
		env  map[string]string
		want string
		err  string
	}{
		{Config, map[string]string{"KLOB_CONFIG_DIR": "/c", "XDG_CONFIG_HOME": "/x", "HOME": "/h"}, "/c", ""},
		{Config, map[string]string{"XDG_CONFIG_HOME": "/x", "HOME": "/h"}, "/x/klob", ""},
		{Config, map[string]string{"XDG_CONFIG_HOME": "rel", "HOME": "/h"}, "/h/.config/klob", ""},
		{Config, map[string]string{"HOME": "/h"}, "/h/.config/klob", ""},
		{Config, map[string]string{}, "", "cannot find the config directory: set HOME, XDG_CONFIG_HOME or KLOB_CONFIG_DIR"},
		{State, map[string]string{"KLOB_STATE_DIR": "/x/klob", "XDG_STATE_HOME": "/s", "HOME": "/h"}, "/x/klob", ""},
		{State, map[string]string{"XDG_STATE_HOME": "/s", "HOME": "/h"}, "/s/klob", ""},
		{State, map[string]string{"XDG_STATE_HOME": "relative", "HOME": "/h"}, "/h/.local/state/klob", ""},
		{State, map[string]string{"HOME": "/h"}, "/h/.local/state/klob", ""},
		{State, map[string]string{}, "", "cannot find the state directory: set HOME, XDG_STATE_HOME or KLOB_STATE_DIR"},
	}
	for _, c := range cases {
		got, err := c.kind.Dir(func(k string) string { return c.env[k] })
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("%s, env %v: got %q, %q; want %q, %q", c.kind.Name, c.env, got, msg, c.want, c.err)
		}
	}
}
