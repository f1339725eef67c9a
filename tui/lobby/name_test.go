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
	if n, _ := checkName("ａｎｎ"); n != "ann" {
		t.Errorf("checkName(ａｎｎ) = %q, want the NFKC form ann", n)
	}
}
