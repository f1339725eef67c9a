package daily

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/names"
)

// ParName is par's name when it is compared as an entrant.
const ParName = "Par (hard bot)"

// Field is a day's comparison: the person against every friend
// imported, or, with nobody imported, against par, so that the
// percentage says something (a field of one is 50% whatever happens).
type Field struct {
	Standings *duplicate.Standings
	// Me is the person's entry (Standing.Entry); Files the entrants'
	// result files by entry, nil for par.
	Me    int
	Files []*duplicate.ResultFile
	// WithPar is set when par was the other entrant (nobody imported).
	WithPar bool
}

// Mine returns the person's line of the standings.
func (f *Field) Mine() duplicate.Standing {
	for _, r := range f.Standings.Rows {
		if r.Entry == f.Me {
			return r
		}
	}
	return duplicate.Standing{}
}

// Compare scores own (the person's results) against imports on the set
// (every file checked by duplicate.Compare), or, with no import,
// against par: the par of each board own records. own comes first.
func Compare(set *duplicate.BoardSet, own *duplicate.ResultFile, imports []*duplicate.ResultFile) (*Field, error) {
	files := append([]*duplicate.ResultFile{own}, imports...)
	if len(imports) > 0 {
		st, err := duplicate.Compare(set, files)
		if err != nil {
			return nil, err
		}
		return &Field{Standings: st, Files: files}, nil
	}
	if err := own.Check(set); err != nil {
		return nil, err
	}
	par := duplicate.Entry{Name: ParName, Results: map[int]float64{}}
	for _, b := range own.Boards {
		if b.HasPar {
			par.Results[b.Board] = b.Par
		}
	}
	entries := []duplicate.Entry{own.Entry()}
	withPar := len(par.Results) > 0
	if withPar {
		entries = append(entries, par)
		files = append(files, nil)
	}
	st, err := duplicate.Matchpoints(len(set.Boards), entries)
	if err != nil {
		return nil, err
	}
	return &Field{Standings: st, Files: files, WithPar: withPar}, nil
}

// Line is the history's line of the day for the person: the
// percentage, the field, the boards played and the result against par.
func (f *Field) Line(date duplicate.Date, own *duplicate.ResultFile) duplicate.Day {
	me := f.Mine()
	vs, n := duplicate.VersusPar(own.Boards)
	// Against par only once every board played has it: a part of par is
	// no day's result against it.
	against := duplicate.AgainstFriends
	if len(f.Files) == 1 || f.WithPar {
		against = duplicate.AgainstPar // alone, it is par that will be compared once worked out
	}
	return duplicate.Day{Date: date, Players: own.Players, Percent: me.Percent, Field: f.Standings.Field,
		Played: len(own.Boards), VersusPar: vs, HasPar: n > 0 && n == len(own.Boards), Against: against}
}

// YouName is the person's own row's name in their standings, when
// their result file names nobody else.
const YouName = "You"

// LooksLike reports whether two names read alike, as the club compares
// them (names.Likeness): case, accents, spaces and punctuation aside,
// letters of other scripts that look like Latin ones ("Υou" with a
// Greek capital, "аnn" with a Cyrillic а) taken for them.
func LooksLike(a, b string) bool { return names.Likeness(a) == names.Likeness(b) }

// Reserved reports whether a name reads like one the standings give
// to others than friends: "You" and par.
func Reserved(name string) bool { return LooksLike(name, YouName) || LooksLike(name, ParName) }

// ParHeading is par's column in the results.
const ParHeading = "Par"

// ReadsAsOthers reports whether a friend's name reads like a row or a
// column that is not a friend's: a Reserved name, or par's column
// ("Par", or "Pär", a name a friend may well have: it is marked
// "(friend)" where it shows, not refused).
func ReadsAsOthers(name string) bool { return Reserved(name) || LooksLike(name, ParHeading) }

// NameTag tells apart friends whose names look alike but differ in
// more than case and punctuation, so that each has a file of its own:
// the first 48 bits of a hash of the name as written, in hex, which the
// standings show after each, as the club's show a key's tag (as long,
// so too long to forge by trying names) after a name two keys share.
func NameTag(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:6])
}
