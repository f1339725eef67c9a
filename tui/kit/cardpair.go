package kit

// UpcardRows lays out the upcard and bottom card side by side under
// their labels, with the info lines (trump, maker, dix, sequences) to
// their right.
func UpcardRows(up, bottom, info []string, size CardSize) []string {
	cw := max(size.W, 6)
	return CardPair(Fit("Upcard", cw)+"  "+Fit("Bottom", cw), up, bottom, info, size)
}

// TrickLabels is the heading of the trick area: who played each card,
// centred over it.
func TrickLabels(left, right string, size CardSize) string {
	return Center(left, size.W) + Repeat(" ", max(size.W, 6)-size.W+2) + Center(right, size.W)
}

// CardPair lays out two cards side by side under a heading row, with
// info lines to their right: the upcard and bottom card, or the trick.
// The table and the replay share it.
func CardPair(heading string, a, b, info []string, size CardSize) []string {
	cw := max(size.W, 6)
	rows := []string{heading}
	for i := range size.H {
		rows = append(rows, Fit(a[i], cw)+"  "+Fit(b[i], cw))
	}
	for i, s := range info {
		if i < len(rows) {
			rows[i] = Fit(rows[i], 2*cw+2) + "  " + s
		}
	}
	for i := range rows {
		rows[i] = " " + rows[i]
	}
	return rows
}
