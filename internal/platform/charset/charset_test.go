package charset

import "testing"

// The locale's precedence and names: LC_ALL over LC_CTYPE over LANG,
// an empty value as unset, no locale at all keeping the symbols.
func TestASCIIOnly(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"LANG": ""}, false},
		{map[string]string{"LANG": "C"}, true},
		{map[string]string{"LANG": "POSIX"}, true},
		{map[string]string{"LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LANG": "en_US.utf8"}, false},
		{map[string]string{"LANG": "C.UTF-8"}, false},
		{map[string]string{"LANG": "de_DE.UTF-8@euro"}, false},
		{map[string]string{"LANG": "de_DE.ISO-8859-1"}, true},
		{map[string]string{"LANG": "en_US"}, true},
		{map[string]string{"LC_CTYPE": "UTF-8"}, false},
		{map[string]string{"LC_CTYPE": "POSIX"}, true},
		{map[string]string{"LC_ALL": "C"}, true},
		// LC_ALL over LC_CTYPE and LANG.
		{map[string]string{"LC_ALL": "C", "LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LC_ALL": "C", "LC_CTYPE": "en_US.UTF-8"}, true},
		{map[string]string{"LC_ALL": "en_US.UTF-8", "LC_CTYPE": "C", "LANG": "C"}, false},
		// LC_CTYPE over LANG.
		{map[string]string{"LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LC_CTYPE": "en_US.utf8", "LANG": "C"}, false},
		// An empty one counts as unset: the next decides.
		{map[string]string{"LC_ALL": "", "LC_CTYPE": "", "LANG": "C"}, true},
		{map[string]string{"LC_ALL": "", "LANG": "en_US.UTF-8"}, false},
		// Other categories say nothing about the character set.
		{map[string]string{"LC_MESSAGES": "C", "LC_COLLATE": "POSIX"}, false},
	} {
		if got := ASCIIOnly(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("ASCIIOnly(%v) = %v, want %v", tc.env, got, tc.want)
		}
	}
}
