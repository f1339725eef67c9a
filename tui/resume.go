package tui

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"syscall"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// resumeScreen offers the game saved last time, or says why the save
// could not be read (it was kept aside, not lost).
type resumeScreen struct {
	cfg     *PlayConfig
	log     *gamelog.Log // the saved game, nil when it could not be read
	loadErr error
	err     string // a resume that failed
	summary []string
	// filed: the game is over and the history holds it already (a crash
	// between its filing and its save's removal).
	filed bool
	// ended: the saved game is finished, read once (it replays the log).
	ended bool
	// noSeat says why no seat of the saved game in progress is the
	// person's (a bot plays each, or more than one is a person's): it
	// cannot be resumed, only filed by a new game. "" when one seat is
	// the person's, or the game is over.
	noSeat string
	// badLevel is a bot level of the saved game no bot has, with the
	// file and line that name it (unknownLevel): what a resume that
	// fails says. "" when every level is known.
	badLevel string
	// filedAway: a new game's start filed the saved game in the
	// history, so quitting keeps nothing of it.
	filedAway bool
	// note is what enter said when it chose nothing (the flags asked
	// for another game than the saved one): which keys choose.
	note string
}

func newResumeScreen(cfg *PlayConfig, l *gamelog.Log, loadErr error) *resumeScreen {
	s := &resumeScreen{cfg: cfg, log: l, loadErr: loadErr}
	if l != nil {
		s.summary = summarize(l)
		g, err := l.Game()
		s.ended = err == nil && g.Over()
		if !s.ended {
			// A game over is only shown, from any seat.
			s.noSeat = noSeatWords(&l.Header)
		}
	}
	return s
}

func (s *resumeScreen) Name() string { return "resume" }

// QuitsAtOnce: after a save that could not be read there is no game to
// keep, so q does not ask (its question says the game stays saved).
func (s *resumeScreen) QuitsAtOnce() bool { return s.log == nil }

// gameStaysSaved is what the quit question and the line printed at
// exit say of a game in progress that is kept: one sentence for both.
const gameStaysSaved = "The game stays saved: start klob again to resume it."

// QuitQuestion: the saved game stays as it is, to be offered again.
func (s *resumeScreen) QuitQuestion() string { return s.keptWords() }

// keptWords says what becomes of the saved game this screen offers when
// Klob quits: the offer's quit question, the quit question of the form
// n opens, and the line printed at exit all say it. "" once nothing of
// it is kept (it could not be read, or a new game's start filed it).
func (s *resumeScreen) keptWords() string {
	switch {
	case s.log == nil || s.filedAway:
		return ""
	case s.noSeat != "":
		return "The saved game stays as it is: klob offers it again when it starts."
	case s.over() && s.filed:
		return "Your last game, over and in the history, stays as it is: klob offers it again when it starts."
	case s.over():
		return "Your last game, over but not yet filed, stays as it is: klob offers it again when it starts."
	}
	return gameStaysSaved
}

// noSeatWords says why no seat of h is the person's, "" when one is: a
// save klob wrote always has one, so the file was edited or written by
// another program.
func noSeatWords(h *gamelog.Header) string {
	if _, ok := h.HumanSeat(); ok {
		return ""
	}
	for s := range rules.Seat(h.Seats()) {
		if h.Level(s) == gamelog.Human {
			return "more than one seat in it is a person's"
		}
	}
	return "a bot plays every seat in it, none is yours"
}

// HelpRules is the saved game's rules, for the help's rules in short:
// the game offered, not the default one.
func (s *resumeScreen) HelpRules() (rules.Options, bool) {
	if s.log == nil {
		return rules.Options{}, false
	}
	return s.log.Header.Options, true
}

// HelpMarks: the offer shows no card, score column nor grade.
func (s *resumeScreen) HelpMarks() bool { return false }

// KeyHelp is the offer's own keys, then the keys at the table of the
// saved game once resumed (its seat count's bids and menu letters),
// not the default game's.
func (s *resumeScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	quit := k.QuitHint()
	if s.log == nil {
		keys := []key.Binding{kit.Brief("start a new game", k.Choose, k.New), kit.Brief("this help", k.Help), quit}
		return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
	}
	resume := "resume the saved game"
	if s.over() {
		resume = "see how the saved game ended"
	}
	own := []key.Binding{kit.Brief(resume, k.Resume),
		kit.Brief("start a new game; the saved one is filed in the history as unfinished", k.New),
		kit.Brief("this help", k.Help), kit.Brief(quit.Help().Desc+" (asks first; the game stays saved)", quit)}
	if s.noSeat != "" {
		own = own[1:] // nothing to resume
	}
	full := [][]key.Binding{own, {kit.HelpHeading("At the table, once resumed")}}
	return kit.KeyHelp{Short: own, Full: append(full, kit.PlayHelp(k, s.log.Header.Options)...)}
}

// summarize describes a saved game in a few lines: when it started,
// who plays, the score from the person's side, the deal in progress.
func summarize(l *gamelog.Log) []string {
	var out []string
	if t, ok := l.Header.Start(nil); ok {
		out = append(out, "Started "+t.Format("Monday 2 January 2006, 15:04"))
	}
	h := &l.Header
	n := h.Seats()
	me, ok := h.HumanSeat()
	if !ok {
		return append(out, seatsSummary(l)...)
	}
	out = append(out, whoLine(h, me))
	out = append(out, variantsLine(h.Options)...)
	g, err := l.Game()
	if err != nil {
		return append(out, "It does not replay: "+err.Error())
	}
	return append(out, scoreSummary(g, func(side int) string {
		// A name keeps its case, as the table writes it.
		name := h.PlayerName(rules.Seat(side))
		teams := rules.PlaysInTeams(n)
		switch {
		case teams && side == rules.SideOfSeat(n, me):
			name = "your team"
		case teams:
			name = "theirs"
		case side == rules.SideOfSeat(n, me):
			name = "you"
		}
		return name
	})...)
}

// whoLine says whom the person plays with and against, and the target,
// in one wording for every count: the partners first where there are
// any, then the opponents, each by name and level ("With your partner
// North (normal), against West (normal) and East (normal), game to
// 500"; "Against Bot (normal), game to 500").
func whoLine(h *gamelog.Header, me rules.Seat) string {
	n := h.Seats()
	var partners, opponents []string
	for s := range rules.Seat(n) {
		if s == me {
			continue
		}
		name := h.PlayerName(s) + " (" + h.Level(s) + ")"
		if rules.SideOfSeat(n, s) == rules.SideOfSeat(n, me) {
			partners = append(partners, name)
			continue
		}
		opponents = append(opponents, name)
	}
	against := "Against " + kit.JoinAnd(opponents)
	if len(partners) > 0 {
		against = "With your partner " + kit.JoinAnd(partners) + ", against " + kit.JoinAnd(opponents)
	}
	return fmt.Sprintf("%s, game to %d", against, h.Options.Target)
}

// phaseWords names the stage a deal in progress is at, in a player's
// words: "Deal 1 in progress: the card play".
func phaseWords(p rules.Phase) string {
	switch p {
	case rules.PhaseDeclare:
		return "the declarations"
	case rules.PhaseBid1:
		return "the bidding"
	case rules.PhaseSchmeiss:
		return "the answer to a schmeiss"
	case rules.PhaseBid2:
		return "the second round of bidding"
	case rules.PhaseDix:
		return "the dix exchange"
	case rules.PhaseSequences:
		return "the sequences"
	case rules.PhasePlay:
		return "the card play"
	}
	return "the end of the deal"
}

// seatsSummary is summarize's who and score of a game none of whose
// seats is the person's: each seat by its letter and level ("Seat A:
// normal bot"), each side by its seats' letters, since neither "you"
// nor the names the file gives fit.
func seatsSummary(l *gamelog.Log) []string {
	h := &l.Header
	n := h.Seats()
	var seats []string
	for s := range rules.Seat(n) {
		what := h.Level(s) + " bot"
		switch h.Level(s) {
		case gamelog.Human:
			what = "a person"
		case "":
			what = "no level"
		}
		seats = append(seats, fmt.Sprintf("seat %s: %s", s, what))
	}
	out := []string{fmt.Sprintf("%s; game to %d", kit.Capital(strings.Join(seats, "; ")), h.Options.Target)}
	out = append(out, variantsLine(h.Options)...)
	g, err := l.Game()
	if err != nil {
		return append(out, "It does not replay: "+err.Error())
	}
	return append(out, scoreSummary(g, func(side int) string { return rules.SideName(n, side) })...)
}

// variantsLine names the house variants the saved game plays (by the
// rules' names, as the help's rules in short do), none when it plays
// none: a game resumed plays them whatever the flags ask.
func variantsLine(o rules.Options) []string {
	played := o.VariantsPlayed()
	if len(played) == 0 {
		return nil
	}
	return []string{"House variants played: " + kit.JoinAnd(played)}
}

// scoreSummary says the deals played and the score, each side named by
// name, and the deal in progress.
func scoreSummary(g *rules.Game, name func(side int) string) []string {
	var out []string
	tot := g.Totals()
	var score []string
	for side := range g.Sides() {
		score = append(score, fmt.Sprintf("%s %d", name(side), tot[side]))
	}
	if done := len(g.Records()); done > 0 {
		out = append(out, fmt.Sprintf("%s played: %s", kit.Plural(done, "deal"), strings.Join(score, ", ")))
	} else {
		out = append(out, "No deal finished yet: "+strings.Join(score, ", ")) // not "0 deals played"
	}
	if !g.NeedDeal() && !g.Over() {
		out = append(out, fmt.Sprintf("Deal %d in progress: %s", g.DealNo(), phaseWords(g.Deal().Phase())))
	}
	return out
}

// Update: r resumes, n starts a new game and files the old one in the
// history; after a damaged save enter or n opens the setup, and q
// leaves at once. Enter (or space) resumes too, as the key line says,
// unless the flags asked for another game: then neither choice is the
// obvious one, and enter only says which keys choose.
func (s *resumeScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if click, ok := msg.(tea.MouseClickMsg); ok {
		// A click on an offer is its key.
		_, hits := s.render(ctx)
		if press, ok := kit.Clicked(hits, click); ok {
			return s.Update(ctx, press)
		}
		return s, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return s, nil
	}
	if s.log == nil {
		if kit.IsKey(k, ctx.Keys.Choose) || kit.IsKey(k, ctx.Keys.New) {
			return newSetupScreen(s.cfg, s.cfg.Setup), nil
		}
		return s, nil
	}
	switch {
	case kit.IsKey(k, ctx.Keys.Resume) && s.noSeat != "":
		s.err = "cannot resume: " + s.noSeat + "; n starts a new game"
		return s, nil
	case kit.IsKey(k, ctx.Keys.Choose) && !s.enterResumes():
		saved := "resume the saved game"
		if s.over() {
			saved = "see how the saved game ended"
		}
		s.note = fmt.Sprintf("Press %s to %s or %s for the new game.",
			kit.Brief("", ctx.Keys.Resume).Help().Key, saved, kit.Brief("", ctx.Keys.New).Help().Key)
		return s, nil
	case kit.IsKey(k, ctx.Keys.Resume):
		m, err := s.cfg.resumeGame(s.log)
		if err != nil {
			// An unknown level is said with its file and line.
			s.err = "cannot resume: " + cmp.Or(s.badLevel, err.Error())
			return s, nil
		}
		t := newTable(m, s.cfg)
		if sn := m.port.Snapshot(); !sn.Over {
			// Asked for another count, the person is told which game
			// this is before playing a card of it.
			welcome := "Welcome back"
			if n := s.log.Header.Seats(); s.cfg.PlayersFlag && n != s.cfg.Setup.Options.NumPlayers() {
				welcome += " to your game of " + setup.CountWord(n)
			}
			t.SetNote(fmt.Sprintf("%s: deal %d.", welcome, max(1, sn.DealNo)), false)
		}
		return t, nil
	case kit.IsKey(k, ctx.Keys.New):
		return s.newForm(s.newSetup()), nil
	}
	return s, nil
}

// newForm is the form n opens. The saved game stays as it is until the
// new game starts: esc goes back to this offer, and q leaves with the
// game still saved. Starting files the old game in the history first
// (off the UI goroutine), then opens the new game. A game that cannot
// be filed stays saved as it is: the form says why and that enter now
// starts the new game unsaved (unfiledStart); an enter after the cause
// is fixed files the old game and saves the new one as usual.
func (s *resumeScreen) newForm(next Setup) *setup.Screen {
	cfg := s.cfg
	quit := s.keptWords()
	var f *setup.Screen
	offered := false // the form said the new game would start unsaved
	form := cfg.formConfig()
	form.Back, form.Quit = func() kit.Screen { return s }, quit
	form.Start = func(next Setup) (kit.Screen, error) {
		old, st := s.log, cfg.Store
		return kit.NewOpening("Filing your old game in the history…", func() func() kit.Screen {
			if st != nil {
				cfg.keyed(old)
				if _, err := st.Archive(old); err != nil {
					return func() kit.Screen {
						if offered {
							return s.unfiledStart(next)
						}
						offered = true
						f.SetProblem(unfiledProblem(err, s.over()))
						return f
					}
				}
			}
			return func() kit.Screen {
				// Filed: nothing of the old game is kept now, whether
				// the new one starts or not.
				s.filedAway = st != nil
				t, err := cfg.startTable(next)
				if err != nil {
					again := cfg.formConfig()
					again.Problem = err.Error()
					return setup.New(again, next)
				}
				return t
			}
		}), nil
	}
	f = setup.New(form, next)
	return f
}

// unfiledProblem is what the form says when the old game could not be
// filed in the history (err): why, with the path; that the old game
// stays saved; and what enter and esc do now.
func unfiledProblem(err error, over bool) string {
	back := "esc goes back to the old game"
	if over {
		back = "esc goes back to how the old game ended"
	}
	// The store's "archive: " names its call, not what failed.
	why := strings.TrimPrefix(err.Error(), "archive: ")
	return "Your old game could not be filed in the history, so it stays saved: " + why +
		". Enter starts the new game unsaved (once that is fixed, enter files the old game first); " + back + "."
}

// unfiledStart starts the new game of next, unsaved, when the old game
// could not be filed in the history (a file where the history folder
// should be, a read-only state folder) and the form said so. The old
// save stays as it is, the priority: this game and the ones after it
// in this session play without the store, whose autosave would write
// over it, and the table, the quit question and the line printed on
// quitting say so.
func (s *resumeScreen) unfiledStart(next Setup) kit.Screen {
	cfg := s.cfg
	where := "in the state folder"
	if p, ok := cfg.Store.(interface{ CurrentPath() string }); ok {
		where = "at " + cfg.ShowPath.Show(p.CurrentPath())
	}
	cfg.Store = nil
	cfg.Unkept = "This game is not saved: your old game could not be filed in the history, so it stays saved " +
		where + ", and klob offers it when it starts."
	t, err := cfg.startGame(next)
	if err != nil {
		again := cfg.formConfig()
		again.Problem = err.Error()
		return setup.New(again, next)
	}
	t.HoldNote("This game is not saved: your old game, which could not be filed in the history, stays saved as it was.", true)
	return t
}

// newSetup is the setup n opens: the saved game's level and rules (its
// seat count, target and variants), but for what the flags asked for
// (the offer's "a new game to 150" is a game of the count, level and
// variants the person was playing, to 150).
func (s *resumeScreen) newSetup() Setup {
	next := s.cfg.Setup
	if s.cfg.Prefs != nil {
		next.Prefs = *s.cfg.Prefs // as the form may have changed them
	}
	g := settings.Game{Options: s.log.Header.Options, Rules: true}
	if lv, err := ai.ParseLevel(savedLevel(&s.log.Header)); err == nil {
		g.Level = lv // a level no bot has stays the flags'
	}
	return s.cfg.withGame(next, g)
}

// enterResumes reports whether enter takes the saved game, as r does:
// only when the flags asked for nothing else, the new game being then
// the one the person did not come for.
func (s *resumeScreen) enterResumes() bool {
	said, _ := s.askedOther()
	return said == ""
}

// over reports whether the saved game is finished.
func (s *resumeScreen) over() bool { return s.log != nil && s.ended }

// View draws the offer.
func (s *resumeScreen) View(ctx *kit.Context) string {
	out, _ := s.render(ctx)
	return out
}

// render draws the offer and returns where its keys are offered: a
// click on one presses it.
func (s *resumeScreen) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	w := ctx.Width
	// The title names the saved game, not the game asked for (klob
	// -players 4 with a game of three saved): "Klaberjass for three"
	// read as the game about to start.
	title := "Klaberjass: your saved game"
	if s.log != nil {
		title += " of " + setup.CountWord(s.log.Header.Seats())
	}
	lines := append(kit.Titled(ctx, title), "")
	if s.log == nil {
		var d *store.DamagedError
		var newer *store.NewerError
		heading := "Your saved game could not be loaded."
		if errors.As(s.loadErr, &newer) {
			heading = "Your saved game was saved by a newer klob."
		}
		lines = append(lines, " "+st.Error.Render(heading))
		if newer != nil {
			// Not damaged: kept in place for the klob that wrote it, and
			// a new game here is not saved over it.
			lines = append(lines, kit.Indent("   ", kit.Wrap(fmt.Sprintf("Its format version is %s; this klob reads version %s.",
				newer.Version, gamelog.Version), w-4), nil)...)
			lines = append(lines, kit.Indent("   ", kit.Wrap("It is left as it is at "+s.cfg.ShowPath.Show(newer.Path)+
				": run the newer klob to resume it. A new game started here is not saved while that file is there.", w-4), nil)...)
		} else if errors.As(s.loadErr, &d) {
			// Where in the file and what is wrong, the file unnamed: it
			// has been moved aside, and its new place follows.
			lines = append(lines, kit.Indent("   ", kit.Wrap("Why: "+durable.Brief(d.Err), w-4), nil)...)
			if d.Aside != "" {
				// The path as the screens show paths, broken after a "/"
				// where it is longer than the line.
				lines = append(lines, "   It is kept, untouched, at:")
				lines = append(lines, kit.Indent("     ", kit.PathLines(s.cfg.ShowPath.Show(d.Aside), w-6, 0), nil)...)
			} else {
				stays := "It stays at " + s.cfg.ShowPath.Show(d.Path)
				if why := s.unmovedWords(d.MoveErr); why != "" {
					stays += ", as it could not be moved aside: " + why
				}
				lines = append(lines, kit.Indent("   ",
					kit.Wrap(stays+"; a new game cannot be saved until it is moved.", w-4), nil)...)
			}
		} else if u := (*store.UnreadableError)(nil); errors.As(s.loadErr, &u) {
			why, until := durable.Brief(u.Err), "until it is readable or moved"
			if errors.Is(u.Err, untrusted.ErrTooLarge) || errors.Is(u.Err, untrusted.ErrNotRegular) {
				// Said whole, the file unnamed (its place follows): "file
				// too large: over 16 MiB, larger than any file klob
				// writes", as the list of saved games says it. It reads,
				// but klob does not read it: moving it is the way out.
				why = strings.TrimPrefix(u.Err.Error(), "read "+u.Path+": ")
				until = "until it is moved"
			}
			lines = append(lines, kit.Indent("   ", kit.Wrap("Why: "+why, w-4), nil)...)
			lines = append(lines, kit.Indent("   ",
				kit.Wrap("It is left as it is at "+s.cfg.ShowPath.Show(u.Path)+"; a new game cannot be saved there "+until+".", w-4), nil)...)
		} else if s.loadErr != nil {
			lines = append(lines, kit.Indent("   ", kit.Wrap(s.loadErr.Error(), w-4), nil)...)
		}
		lines = append(lines, s.warningLines(ctx)...)
		offer, hits := kit.OfferLine(ctx, " ", []kit.Offer{{Key: ctx.Keys.Choose, What: "start a new game"}}, len(lines)+1)
		lines = append(lines, "", offer+"   "+st.Dim.Render(kit.HintLine(kit.AppKeys(&ctx.Keys))))
		return kit.JoinLines(lines), hits
	}
	if s.noSeat != "" {
		return s.noSeatView(ctx, lines)
	}
	over := s.over()
	if over {
		// A crash between the last save and the filing of the game.
		heading := "Your last game is over, but it was not filed in the history yet."
		if s.filed {
			heading = "Your last game is over, and in the history."
		}
		lines = append(lines, " "+st.Heading.Render(heading))
	} else {
		lines = append(lines, " "+st.Heading.Render("You have a game in progress."))
	}
	for _, l := range s.summary {
		// Wrapped: four players' names and the target run past 80.
		lines = append(lines, kit.Indent("   ", kit.Wrap(l, w-4), nil)...)
	}
	if from := s.cfg.MovedFrom; from != "" {
		lines = append(lines, kit.Indent("   ", kit.Wrap("It was saved in "+s.cfg.ShowPath.Show(from)+
			" while another Klob played here, and is moved back here.", w-4), nil)...)
	}
	if in := s.cfg.WaitingIn; in != "" {
		lines = append(lines, kit.Indent("   ", kit.Wrap("Another game waits in "+s.cfg.ShowPath.Show(in)+
			", saved while another Klob played here: KLOB_STATE_DIR="+in+" klob resumes it, and klob offers it here once this one is done.", w-4), nil)...)
	}
	resume := "resume it"
	if over {
		resume = "see how it ended"
	}
	// One word for the old game, as its file is named (…-unfinished,
	// or its result when it is over).
	filed := " (the old one is filed as unfinished)"
	if over {
		filed = " (the old one is filed as finished)"
	}
	newGame := "start a new game" + filed
	if said, game := s.askedOther(); said != "" {
		newGame = game + filed
		lines = append(lines, "")
		lines = append(lines, kit.Paragraph(said, w, nil)...)
	}
	lines = append(lines, s.warningLines(ctx)...)
	lines = append(lines, "")
	y := len(lines) // the offers' first line
	offers := []kit.Offer{{Key: ctx.Keys.Resume, What: resume}, {Key: ctx.Keys.New, What: newGame}}
	line, hits := kit.OfferLine(ctx, " ", offers, y)
	keys := []string{line}
	if kit.WidthOf(line) > w {
		// Each key on its line rather than the second cut at the edge;
		// a long new game wraps under its words, which take its clicks.
		line, hits = kit.OfferLine(ctx, " ", offers[:1], y)
		tag := kit.KeyTag(ctx.Keys.New)
		wrapped := kit.Wrap(newGame, w-3-kit.WidthOf(tag))
		keys = append([]string{line}, kit.Hang(" "+st.Key.Render(tag)+" ", strings.Repeat(" ", 2+kit.WidthOf(tag)), wrapped)...)
		for i, l := range wrapped {
			// The first line from its key, the others from their words.
			r := kit.Rect{X: 2 + kit.WidthOf(tag), Y: y + 1 + i, W: kit.WidthOf(l), H: 1}
			if i == 0 {
				r.X, r.W = 1, kit.WidthOf(tag)+1+kit.WidthOf(l)
			}
			hits = append(hits, kit.Hit{Rect: r, Kind: kit.HitKey, Key: ctx.Keys.New})
		}
	}
	lines = append(lines, keys...)
	hints := kit.AppKeys(&ctx.Keys)
	if s.enterResumes() {
		// Enter's choice is said, not left to be guessed.
		hints = append([]key.Binding{kit.Brief(resume, ctx.Keys.Choose)}, hints...)
	}
	lines = append(lines, "", " "+st.Dim.Render(kit.HintLine(hints)))
	if s.note != "" {
		lines = append(lines, "")
		lines = append(lines, kit.Paragraph(s.note, w, st.Heading.Render)...)
	}
	if s.err != "" {
		// Wrapped: a resume's error ends with its cause ("unknown bot
		// level … (want …)"), which a cut would lose.
		lines = append(lines, "")
		lines = append(lines, kit.Alert(ctx, s.err, w, maxResumeErrLines)...)
	}
	return kit.JoinLines(lines), hits
}

// warningLines is the warning klob play found before the first screen
// (PlayConfig.warning: a state folder that cannot be written, say),
// after a blank line, as the setup form says it: the person reads it
// before resuming, not at the first autosave that fails. None when
// there is no warning.
func (s *resumeScreen) warningLines(ctx *kit.Context) []string {
	w := s.cfg.warning()
	if w == "" {
		return nil
	}
	return append([]string{""}, kit.Alert(ctx, w, ctx.Width, maxResumeWarnLines)...)
}

// maxResumeWarnLines is how many lines the warning may wrap to: a
// state folder's path and what sets it take three at 80 columns.
const maxResumeWarnLines = 5

// maxResumeErrLines is how many lines a failed resume's error may wrap
// to: the offer of four players' game takes 15 of the 24.
const maxResumeErrLines = 4

// noSeatView is the offer of a saved game that cannot be resumed, none
// of its seats being the person's: it says so first, then what the
// game is, and offers only a new game, which files this one.
func (s *resumeScreen) noSeatView(ctx *kit.Context, lines []string) (string, []kit.Hit) {
	st, w := &ctx.Styles, ctx.Width
	lines = append(lines, kit.Indent(" ", kit.Wrap("This saved game cannot be resumed: "+s.noSeat+".", w-2), st.Error.Render)...)
	for _, l := range s.summary {
		lines = append(lines, kit.Indent("   ", kit.Wrap(l, w-4), nil)...)
	}
	lines = append(lines, "")
	lines = append(lines, kit.Paragraph("A new game files this one in your history as unfinished.", w, nil)...)
	lines = append(lines, s.warningLines(ctx)...)
	lines = append(lines, "")
	offer, hits := kit.OfferLine(ctx, " ", []kit.Offer{{Key: ctx.Keys.New, What: "start a new game"}}, len(lines))
	lines = append(lines, offer, "", " "+st.Dim.Render(kit.HintLine(kit.AppKeys(&ctx.Keys))))
	if s.err != "" {
		lines = append(lines, "")
		lines = append(lines, kit.Alert(ctx, s.err, w, maxResumeErrLines)...)
	}
	return kit.JoinLines(lines), hits
}

// unmovedWords says briefly why a damaged save could not be moved
// aside: "/x/damaged is a file, not a folder" when a file is in the way
// of the folder it goes to, else the cause of err; "" for nil.
func (s *resumeScreen) unmovedWords(err error) string {
	var pe *fs.PathError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &pe) && pe.Op == "mkdir" && errors.Is(err, syscall.ENOTDIR):
		return s.cfg.ShowPath.Show(pe.Path) + " is a file, not a folder"
	}
	return durable.Brief(err)
}

// askedOther says how the game the flags asked for (-players, -level,
// -target, -seed, -rules) differs from the saved one, and names the new
// game n starts; "" when the flags asked for nothing else.
func (s *resumeScreen) askedOther() (said, newGame string) {
	said, newGame = s.askedOtherGame()
	var more []string
	if s.cfg.SeedFlag && s.log.Header.Tag(session.SeedTag) != strconv.FormatUint(s.cfg.Setup.Seed, 10) {
		// The seed of a game not dealt from a chosen seed stays secret
		// until the game is over: it is only said to be another.
		other := "another seed"
		if saved := s.log.Header.Tag(session.SeedTag); saved != "" && s.log.Header.Practice() {
			other = "seed " + saved
		}
		more = append(more, fmt.Sprintf("You asked for seed %d; the game in progress was dealt from %s.", s.cfg.Setup.Seed, other))
		newGame = cmp.Or(newGame, "a new game") + fmt.Sprintf(" from seed %d", s.cfg.Setup.Seed)
	}
	if s.cfg.RulesFlag {
		given, defaults := rulesApart(s.cfg.Setup.Options, s.log.Header.Options)
		if given.asked != "" {
			more = append(more, fmt.Sprintf("You asked for %s; the game in progress plays %s.", given.asked, given.saved))
		}
		if defaults.asked != "" {
			more = append(more, fmt.Sprintf("Kept at the defaults: %s; the game in progress plays %s.", defaults.asked, defaults.saved))
		}
		if given.asked != "" || defaults.asked != "" {
			newGame = cmp.Or(newGame, "a new game") + " under the rules asked for"
		}
	}
	if len(more) > 0 {
		said = strings.TrimSpace(said + " " + strings.Join(more, " "))
	}
	return said, newGame
}

// rulesApart writes the rule options (but the count and the target,
// which the offer says apart) where asked and saved differ, as
// key=value lists, in two parts: given, the options asked for away from
// their defaults, which -rules must have named; and defaults, the ones
// asked for at their defaults, whether -rules named them or left them
// out. A list is "" when there are none.
func rulesApart(asked, saved rules.Options) (given, defaults rulesDiff) {
	def := rules.DefaultOptions()
	var gs, defs [2][]string
	for _, k := range rules.AllOptionNames() {
		if k == "players" || k == "target" {
			continue
		}
		x, _ := asked.Get(k)
		y, _ := saved.Get(k)
		if x == y {
			continue
		}
		d := &gs
		if z, _ := def.Get(k); x == z {
			d = &defs
		}
		d[0], d[1] = append(d[0], k+"="+x), append(d[1], k+"="+y)
	}
	given = rulesDiff{strings.Join(gs[0], ", "), strings.Join(gs[1], ", ")}
	defaults = rulesDiff{strings.Join(defs[0], ", "), strings.Join(defs[1], ", ")}
	return given, defaults
}

// rulesDiff is rule options asked for and the saved game's values of
// them, as key=value lists.
type rulesDiff struct{ asked, saved string }

// askedOtherGame is askedOther for -players, -level and -target.
func (s *resumeScreen) askedOtherGame() (said, newGame string) {
	h := &s.log.Header
	savedN, askedN := h.Seats(), s.cfg.Setup.Options.NumPlayers()
	saved, asked := savedLevel(h), string(s.cfg.Setup.Level)
	savedT, askedT := h.Options.Target, s.cfg.Setup.Options.Target
	otherN := s.cfg.PlayersFlag && savedN != askedN
	otherLevel := s.cfg.LevelFlag && saved != asked
	otherTarget := s.cfg.TargetFlag && savedT != askedT
	// The bots of a game of n: one at two, two or three at three and
	// four (a partner among them).
	bots := func(n int, level string) string {
		if n == 2 {
			return "against the " + level + " bot"
		}
		return "with " + level + " bots"
	}
	switch {
	case otherN || otherLevel && otherTarget:
		askedGame, savedGame := "a game", "a game"
		if otherN {
			askedGame += " of " + setup.CountWord(askedN)
			savedGame += " of " + setup.CountWord(savedN)
		}
		if otherLevel {
			n := savedN // the count asked for is the saved one's
			if otherN {
				n = askedN
			}
			askedGame += " " + bots(n, asked)
			savedGame += " " + bots(savedN, saved)
		}
		if otherTarget {
			askedGame += fmt.Sprintf(" to %d", askedT)
			savedGame += fmt.Sprintf(" to %d", savedT)
		}
		return fmt.Sprintf("You asked for %s; the game in progress is %s.", askedGame, savedGame), "a new " + strings.TrimPrefix(askedGame, "a ")
	case otherLevel && savedN == 2:
		return fmt.Sprintf("You asked for the %s bot; the game in progress is against the %s bot.", asked, saved),
			"a new game " + bots(2, asked)
	case otherLevel:
		return fmt.Sprintf("You asked for %s bots; the game in progress has %s bots.", asked, saved),
			"a new game " + bots(savedN, asked)
	case otherTarget:
		return fmt.Sprintf("You asked for a game to %d; the game in progress is to %d.", askedT, savedT),
			fmt.Sprintf("a new game to %d", askedT)
	}
	return "", ""
}

// savedLevel is the level of the bots of a saved game (the first bot's:
// a game alone has one level).
func savedLevel(h *gamelog.Header) string {
	for s := range rules.Seat(h.Seats()) {
		if lv := h.Level(s); lv != gamelog.Human && lv != "" {
			return lv
		}
	}
	return ""
}
