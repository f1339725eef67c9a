package rules

// The house variants of docs/rules.md section 15 are named here once, for
// every screen, list and doc that tells them to people. Their option
// keys (of_a_kind=on) are the logs' and flags' words and stay as they
// are.

// VariantKeys returns the option keys of the house variants, in the
// order of the rules: ExtraOptionNames without players.
func VariantKeys() []string {
	return []string{"of_a_kind", "menage", "dealer_forced", "bimah", "shlomo", "cleopatra"}
}

// VariantName is the short name for people of the house variant key, in
// lower case as a list says it: "three or four of a kind" for
// of_a_kind, "dealer forced" for dealer_forced, the key itself for the
// others. It is "" for a key that is not a house variant.
func VariantName(key string) string {
	switch key {
	case "of_a_kind":
		return "three or four of a kind"
	case "dealer_forced":
		return "dealer forced"
	case "menage", "bimah", "shlomo", "cleopatra":
		return key
	}
	return ""
}

// PlaysVariant reports whether o's table plays the house variant key:
// switched on, and kept by Applicable (shlomo from three players,
// cleopatra at four, bimah with dealer_forced).
func (o Options) PlaysVariant(key string) bool {
	if VariantName(key) == "" {
		return false
	}
	a := o.Applicable()
	f := a.flag(key)
	return f != nil && *f
}

// VariantsPlayed names the house variants o's table plays, by
// VariantName, in the order of the rules; nil when it plays none.
func (o Options) VariantsPlayed() []string {
	var out []string
	for _, k := range VariantKeys() {
		if o.PlaysVariant(k) {
			out = append(out, VariantName(k))
		}
	}
	return out
}
