package lobby

import (
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"Quinn": true, "Zoë O'Neil": true, "ann-2.b_c": true, "ａｎｎ": true,
		"": false, "Quinn?": false, "a\"b": false, strings.Repeat("x", 25): false,
		"You": false, "Bot C": false, "ann\u202e": false, "a\u200bb": false, "\ufeffann": false, "a\u2028b": false, "a\u2067b": false,
	} {
		if _, err := checkName(name); (err == nil) != ok {
			t.Errorf("checkName(%q) = %v, want ok %v", name, err, ok)
		}
	}
	// What the hostile names found, each refused with what is wrong
	// with it.
	for name, why := range map[string]string{
		"ann ♯721fda":                "reads as the # of a key's tag",
		"ann #721fda":                "reads as the # of a key's tag",
		"ann ☐721fda":                "reads as the tag of a key",
		"\u3164ann":                  "shows as a blank",
		"\u2800\u2800\u2800":         "shows as a blank",
		"a\u034fnn":                  "invisible",
		"Bot Ꮯ":                      "what the tables call you or a bot",
		"Bot Ⲥ":                      "what the tables call you or a bot",
		"Bot ꓚ":                      "what the tables call you or a bot",
		"eve ❨watching❩":             "no brackets",
		"fay ❲you❳":                  "no brackets",
		strings.Repeat("\u1100", 24): "a Hangul letter not joined into a syllable",
	} {
		_, err := checkName(name)
		if err == nil || !strings.Contains(err.Error(), "a name may not hold") && !strings.Contains(err.Error(), "choose another name") ||
			!strings.Contains(err.Error(), why) {
			t.Errorf("checkName(%q) = %v, want an error saying %q", name, err, why)
		}
	}
	// Names of many scripts stay accepted as they are.
	for _, name := range []string{"José", "Łukasz", "Nguyễn Văn", "Юля", "Ζωή", "王小明", "김민준", "さくら", "דנה", "علي", "Bot Bob", "ann ♠"} {
		if n, err := checkName(name); err != nil || n != name {
			t.Errorf("checkName(%q) = %q, %v", name, n, err)
		}
	}
	if n, _ := checkName("ａｎｎ"); n != "ann" {
		t.Errorf("checkName(ａｎｎ) = %q, want the NFKC form ann", n)
	}
}
