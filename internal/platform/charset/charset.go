// Package charset tells from the locale whether the terminal takes
// UTF-8. Klob writes UTF-8 (the suits ♠♥♦♣, box lines, arrows); under
// a locale of another character set (C, POSIX, a Latin-1 one) the
// terminal shows those as noise, and the commands draw in ASCII instead.
package charset

import "strings"

// ASCIIOnly reports whether the locale that getenv gives (os.Getenv,
// or a test's own) names a character set other than UTF-8: LC_ALL,
// else LC_CTYPE, else LANG decides, the first one set and not empty,
// as the C library reads them ("C", "POSIX", "de_DE.ISO-8859-1" and
// "en_US" are not UTF-8; "en_US.UTF-8", "C.utf8" and macOS's bare
// "UTF-8" are).
//
// With none of the three set the C library takes "C", but here the
// answer is false: containers and ssh sessions that forward no locale
// commonly run in terminals that show UTF-8, so the symbols stay
// (-ascii draws letters where they do not).
func ASCIIOnly(getenv func(string) string) bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := getenv(name); v != "" {
			return !utf8Name(v)
		}
	}
	return false
}

// utf8Name reports whether the locale name v says UTF-8, however it is
// spelt: "UTF-8", "utf8", "UTF8", with or without a modifier after it
// ("@euro").
func utf8Name(v string) bool {
	v = strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(v))
	return strings.Contains(v, "utf8")
}
