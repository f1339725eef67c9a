package train

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Record keeps the trainer's record across sessions
// (*drill.StatsFile is one).
type Record interface {
	Load() (drill.Stats, error)
	// Add counts one graded drill and returns the record as kept. A
	// *drill.DamagedError comes with a valid record: the old file was
	// kept aside and the record started afresh.
	Add(r drill.Record) (drill.Stats, error)
}

// BatchFunc evaluates batch k of plan p at v (drill.Evaluator.Batch).
type BatchFunc = drill.BatchFunc

// Config is everything `klob train` decides before the first screen.
type Config struct {
	// Seed makes the drills and their evaluations reproducible.
	Seed uint64
	// Only restricts the drills (-only).
	Only drill.Filter
	// Options are the rules (Options.Players the seat count); the zero
	// value means rules.DefaultOptions.
	Options rules.Options
	// Samples per evaluation (0: drill.DefaultSamples) and Workers (0:
	// every core).
	Samples, Workers int
	// Record keeps the record across sessions; nil keeps it for this
	// session only.
	Record Record
	// Drills, when set, are shown first, before the generator's (tests,
	// and a situation given on the command line).
	Drills []drill.Situation
	// Evaluate runs one batch of an evaluation; nil means a
	// drill.Evaluator. Tests give a fake to keep golden screens stable.
	Evaluate BatchFunc
	// Spinner animates the wait for an evaluation (off in tests: the
	// screens are then the same frame after frame).
	Spinner bool
	// Now stamps the mistakes kept for review; nil means time.Now.
	Now func() time.Time
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// ShowPath is how the quit note shows the record's path ("~/..."
	// for the home directory, as klob play shows paths); nil shows it
	// as it is.
	ShowPath kit.PathShower
	// Warning is a problem found before the screen opened (no state
	// directory: the record is not kept); the first drill shows it.
	Warning string
	// Back, when set, is what esc does on a drill, in the help's words
	// ("back to the lobby"): the screen that opened the trainer takes
	// esc there, and the key line names it as "esc back". Empty: esc
	// does nothing on a drill (klob train), and neither names it.
	Back string
}

// keyMap is the trainer's own keys, as data: the menus use the small
// letters of kit's keys.go (p t s, a r, c d e s, x n, m), so that the
// trainer's keys are capitals (as the table's hint is H) and never
// change meaning from one drill to the next. Once no drill waits for
// an answer, the small n and m do the same, where no option can take
// them.
type keyMap struct {
	Next   key.Binding // a new drill
	Review key.Binding // the last mistakes
	Again  key.Binding // after the result: a new drill
	// NextFree and ReviewFree are Next and Review in small letters,
	// taken only when no drill asks.
	NextFree, ReviewFree key.Binding
}

func defaultKeys() keyMap {
	return keyMap{
		Next:       kit.Bind("N", "new drill", "N", "shift+n"),
		Review:     kit.Bind("M", "your last mistakes", "M", "shift+m"),
		Again:      kit.Bind("enter", "next drill", "enter", "space"),
		NextFree:   kit.Bind("n", "new drill", "n"),
		ReviewFree: kit.Bind("m", "your last mistakes", "m"),
	}
}

// isNext and isReview report whether msg is the trainer's new drill or
// its review of the mistakes: the capital always, the small letter when
// no drill asks (where it would answer).
func (t *core) isNext(msg tea.KeyPressMsg) bool {
	return kit.IsKey(msg, t.keys.Next) || (t.state != stateAsk && kit.IsKey(msg, t.keys.NextFree))
}

func (t *core) isReview(msg tea.KeyPressMsg) bool {
	return kit.IsKey(msg, t.keys.Review) || ((t.review || t.state != stateAsk) && kit.IsKey(msg, t.keys.ReviewFree))
}

// state is where a drill stands.
type state uint8

const (
	stateAsk     state = iota // the situation is shown, waiting for the choice
	stateWait                 // chosen; the evaluation is not finished
	stateResult               // the evaluation of every option and the verdict
	stateBroken               // no drill could be made or evaluated: the note says why
	stateDealing              // the generator is dealing the drill (dealtMsg brings it)
)

// aheadNote says why a key typed before the drill showed was not
// taken.
const aheadNote = "That key came before this drill showed: it was not taken."

// dealtMsg is drill id's situation, dealt off the UI goroutine.
type dealtMsg struct {
	id  int
	sit drill.Situation
}

// batchMsg is batch k of drill id's evaluation.
type batchMsg struct {
	id, k int
	ev    eval.Evaluation
	err   error
}

// loadedMsg is the record as read from the disk, when graded
// drills had been graded here.
type loadedMsg struct {
	graded int
	stats  drill.Stats
	err    error
}

// savedMsg is the record as kept after a drill was added to it.
type savedMsg struct {
	stats drill.Stats
	err   error
}

// The trainer is one drill loop (core) and the drill it shows
// (trainer): the loop (a drill, its evaluation batch by batch, the
// choice, the grade, the record, keys, mouse, review, pause) asks the
// trainer for the drill's options, the batches' work and its screen.

// kind is what the drill gives the loop.
type kind interface {
	// kit.Screen: the kind is the screen the loop's Update returns.
	kit.Screen
	// next takes drill no's situation when the configuration holds it
	// (deal is nil); past those it returns the work that deals it, for a
	// tea.Cmd: the generator plays whole biddings until the drill's kind
	// comes up, up to tens of milliseconds, too long for Update. ok is
	// false when there is no drill no.
	next(no int) (deal func() drill.Situation, ok bool)
	// take takes a situation dealt by next's work.
	take(s drill.Situation)
	// open makes the situation's View, its options and the tally of its
	// evaluation under plan p.
	open(p drill.Plan) ([]rules.Action, *drill.Tally, error)
	// work is batch k of the evaluation, for a tea.Cmd: it holds the
	// View and the evaluator by value, never the screen.
	work(ctx context.Context, p drill.Plan, k int) func() (eval.Evaluation, error)
	// graded is the drill as the record keeps it.
	graded(an *drill.Analysis, chose int, when time.Time) drill.Record
	// body lays out the drill above the result: the situation, the hand
	// and upcard, the question, the menu and the rule under it, in room
	// lines with the result's lines mid under them, of which it needs
	// need at least. The menu's hits are relative to the first line.
	// lost is the last step of the parts' giving way still taken (0:
	// none), from mainParts on one of the main ones.
	body(ctx *kit.Context, room int, mid []string, need int) (lines []string, hits []kit.Hit, lost int)
	// hand is the person's hand in the order the screen shows it.
	hand() []rules.Card
	// askHint is the line under the menu before the choice.
	askHint(w int) string
	// helpLines are the full help's lines about the options.
	helpLines(k *kit.KeyMap) []key.Binding
	// missed describes a kept mistake's situation for the review: its
	// decision, hand and upcard on a line, and the words said before.
	missed(ctx *kit.Context, situation string) (string, []string, error)
}

// core is the drill loop of the trainer: one drill at a time. The
// evaluation of a drill starts as soon as it is shown, in a tea.Cmd per
// batch, so that it is often ready when the choice is made; the choice
// is graded when the last batch is in.
type core struct {
	kind  kind
	cfg   *Config
	keys  keyMap
	saves *sync.WaitGroup

	id    int // increases with every drill: late messages of an old one are dropped
	no    int // the drill's number in this session
	state state
	legal []rules.Action
	// order is the menu's items, by index into legal, in the order they
	// are shown: cards to give as the hand shows them, so that [1] and
	// the arrows go along the hand as at the table.
	order []int
	tally *drill.Tally
	busy  bool // a batch is running
	// stop cancels the running drill's evaluation when another drill
	// takes its place, so that a skipped drill stops using the cores.
	stop context.CancelFunc
	ctx  context.Context
	// paused: the person left for the lobby and the drill's evaluation
	// was stopped (Pause).
	paused bool
	menu   int
	chose  int
	// shown: the drill asking was drawn (View) since it opened. Until
	// then its answer keys are keys typed ahead, on the screen before
	// it (the second n or enter of the result's), and are not taken.
	shown bool
	an    drill.Analysis
	// optTop is the rank the result's page of options starts at, when
	// they are more than the window shows (PgUp/PgDn turn it); paged:
	// they were, when last drawn, so that the key line offers the page
	// keys only then.
	optTop int
	paged  bool

	stats drill.Stats // the record, all sessions and seat counts
	// graded counts the drills graded here: a record read before the
	// last one was counted is dropped (loadRecord).
	graded int
	// unsaved is set while the last save of the record failed: the quit
	// note does not say the record keeps this session.
	unsaved bool
	session drill.Score // this session
	note    string
	noteErr bool
	// noteOnce: the note goes once the person acts (a choice, a new
	// drill), as the damaged record's does; aside keeps where that
	// record went, for the quit note.
	noteOnce bool
	aside    string
	// noteAlert draws a plain note as an alert ("! Key 9 is not among
	// the choices now: …", as the table and the lessons write a key
	// that does nothing) though it goes as a plain note does.
	noteAlert bool

	review bool
	scroll int
	// scrolls: the mistakes ran past the window when last drawn, so
	// that the key line offers scrolling only then.
	scrolls bool
	spin    spinner.Model
}

// setup readies the loop of kind; Enter reads the record (loadRecord).
// genErr is the kind's failure to make a generator.
func (t *core) setup(c *Config, kind kind, genErr error) {
	*t = core{kind: kind, cfg: c, keys: defaultKeys(), saves: &sync.WaitGroup{}, chose: -1,
		spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))}
	if genErr != nil {
		t.setNote(genErr.Error(), true)
	}
	if c.Warning != "" && t.note == "" {
		t.setNote(c.Warning, true)
	}
}

// Wait returns once the record's saves have landed (the App runs it
// before the program quits, the lobby before it comes back).
func (t *core) Wait() { t.saves.Wait() }

// Reviewing reports whether the record's review is open: esc closes it,
// not the trainer.
func (t *core) Reviewing() bool { return t.review }

func (t *core) Name() string { return "train" }
func (t *core) players() int { return t.cfg.Options.NumPlayers() }

// HelpRules: the help's rules in short are the drills' (their seat
// count and target), not the two-player game's.
func (t *core) HelpRules() (rules.Options, bool) { return t.cfg.Options, true }

// seats is format with the seat count at the table: every count says
// it the same way, two too.
func (t *core) seats(format string) string {
	return fmt.Sprintf(format, t.players())
}

// seatRecord is the record of this seat count, with its kinds of
// decision in the review's order.
func (t *core) seatRecord() (drill.Section, []drill.Kind) {
	return t.stats.Section(t.players()), drill.Kinds
}

// Enter opens the first drill.
func (t *core) Enter(ctx *kit.Context) tea.Cmd {
	if t.no > 0 {
		return nil
	}
	return tea.Batch(t.loadRecord(), t.newDrill())
}

// loadRecord reads the record off the UI goroutine (a damaged one is
// kept aside and the screen says so).
func (t *core) loadRecord() tea.Cmd {
	r := t.cfg.Record
	if r == nil {
		return nil
	}
	graded := t.graded
	return func() tea.Msg {
		st, err := r.Load()
		return loadedMsg{graded: graded, stats: st, err: err}
	}
}

// loaded takes the record read by loadRecord, unless a drill was graded
// since (its save brings the record then).
func (t *core) loaded(msg loadedMsg) {
	if msg.graded != t.graded {
		return
	}
	t.takeRecord(msg.stats, msg.err, func(err error, damaged bool) string {
		if damaged {
			return untrusted.Text(t.cfg.ShowPath.ShowErr(err))
		}
		return untrusted.Text(t.cfg.ShowPath.ShowErr(err)) + ": the record is kept for this session only"
	})
}

// takeRecord takes the stats a load or a save of the record brings,
// those of a damaged record too (it is read anyway); on any other error
// the stats stay as they were. An error is noted as say words it.
func (t *core) takeRecord(stats drill.Stats, err error, say func(err error, damaged bool) string) {
	var de *drill.DamagedError
	switch {
	case err == nil:
		t.stats = stats
	case errors.As(err, &de):
		// Said on the screen until the person acts, and where the file
		// went again in the quit note.
		t.stats = stats
		t.setNote(say(err, true), true)
		t.noteOnce, t.aside = true, de.Aside
	default:
		t.setNote(say(err, false), true)
	}
}

func (t *core) setNote(s string, isErr bool) {
	t.note, t.noteErr, t.noteOnce, t.noteAlert = s, isErr, false, false
}

// notOffered says that key takes none of the drill's options, and which
// keys do, in the words and the alert of the table and the lessons:
// "Key 9 is not among the choices: p, t or s."; more, if any,
// follows the keys ("; N skips the drill").
func (t *core) notOffered(key string, keys []string, more string) {
	note := fmt.Sprintf("Key %s is not among the choices: %s", key, kit.JoinOr(keys))
	if more != "" {
		note += "; " + more
	}
	t.setNote(note+".", false)
	t.noteAlert = true
}

// acted drops a note said until the person acts (noteOnce), and any
// note that is not an error.
func (t *core) acted() {
	if t.noteOnce {
		t.setNote("", false)
	}
	if !t.noteErr {
		t.note = ""
	}
}

// drillSeed is the evaluation seed of drill n (the one seed mixer of
// internal/platform/seedmix), so a session is reproducible from its seed.
func drillSeed(seed uint64, n int) uint64 { return seedmix.Mix(seed, uint64(n)) }

// newDrill shows the next drill and starts its evaluation.
func (t *core) newDrill() tea.Cmd {
	if t.stop != nil {
		t.stop()
	}
	t.ctx, t.stop = context.WithCancel(context.Background())
	t.id++
	t.no++
	// The first drill counts as shown: no screen of the trainer's came
	// before it to type ahead on (a generated one is still dealt
	// first, and its dealing takes no answer).
	t.menu, t.chose, t.busy, t.review, t.shown = 0, -1, false, false, t.no == 1
	t.optTop, t.paged = 0, false
	t.an = drill.Analysis{}
	t.tally = nil
	t.acted()
	deal, ok := t.kind.next(t.no)
	switch {
	case !ok:
		t.state = stateBroken
		return nil
	case deal != nil:
		t.state = stateDealing
		id := t.id
		return func() tea.Msg { return dealtMsg{id: id, sit: deal()} }
	}
	return t.show()
}

// show opens the drill taken by the kind: its options and the start of
// its evaluation.
func (t *core) show() tea.Cmd {
	legal, tally, err := t.kind.open(drill.NewPlan(drill.Options{Samples: t.cfg.Samples,
		Seed: drillSeed(t.cfg.Seed, t.no), Workers: t.cfg.Workers}))
	if err != nil {
		t.state = stateBroken
		t.setNote(fmt.Sprintf("drill %d cannot be shown: %v", t.no, err), true)
		return nil
	}
	t.legal, t.tally, t.state = legal, tally, stateAsk
	t.order = menuOrder(legal, t.kind.hand())
	t.menu = t.order[0]
	return t.nextBatch()
}

// nextBatch starts the next batch of the evaluation, if any is left and
// none is running. The command holds only values and the evaluator
// (safe for concurrent use), so the screen is never touched off the UI
// goroutine.
func (t *core) nextBatch() tea.Cmd {
	if t.busy || t.tally == nil || t.tally.Done() {
		return nil
	}
	t.busy = true
	id, k := t.id, t.tally.Next()
	run := t.kind.work(t.ctx, t.tally.Plan(), k)
	return func() tea.Msg {
		ev, err := run()
		return batchMsg{id: id, k: k, ev: ev, err: err}
	}
}

// Update takes one message.
func (t *core) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case batchMsg:
		return t.kind, t.batchDone(msg)
	case dealtMsg:
		if msg.id != t.id || t.state != stateDealing {
			return t.kind, nil
		}
		t.kind.take(msg.sit)
		return t.kind, t.show()
	case loadedMsg:
		t.loaded(msg)
		return t.kind, nil
	case savedMsg:
		var de *drill.DamagedError
		t.unsaved = msg.err != nil && !errors.As(msg.err, &de)
		t.takeRecord(msg.stats, msg.err, func(err error, damaged bool) string {
			if damaged {
				return t.cfg.ShowPath.ShowErr(err)
			}
			return "the record could not be saved: " + t.cfg.ShowPath.ShowErr(err)
		})
		return t.kind, nil
	case spinner.TickMsg:
		if t.state == stateWait && t.cfg.Spinner {
			var cmd tea.Cmd
			t.spin, cmd = t.spin.Update(msg)
			return t.kind, cmd
		}
	case tea.KeyPressMsg:
		return t.kind, t.key(ctx, msg)
	case tea.MouseClickMsg:
		return t.kind, t.click(ctx, msg)
	}
	return t.kind, nil
}

// batchDone records a finished batch and starts the next, or grades the
// choice when it was the last.
func (t *core) batchDone(msg batchMsg) tea.Cmd {
	if msg.id != t.id || t.tally == nil {
		return nil
	}
	t.busy = false
	if msg.err == nil {
		msg.err = t.tally.Add(msg.k, msg.ev)
	}
	if msg.err != nil {
		if errors.Is(msg.err, eval.ErrNoWorld) && t.state == stateAsk {
			// The evaluation found no deal that fits what the person sees
			// (a sampling limit of the table evaluation with some house
			// variants): before any choice the drill is replaced, so no
			// answer is lost.
			no := t.no
			cmd := t.newDrill()
			if !t.noteErr {
				t.setNote(fmt.Sprintf("Drill %d could not be evaluated (%v) and was replaced by the next.", no, msg.err), false)
			}
			return cmd
		}
		t.state = stateBroken
		t.setNote(fmt.Sprintf("the evaluation failed: %v (N: a new drill)", msg.err), true)
		return nil
	}
	if !t.tally.Done() {
		return t.nextBatch()
	}
	if t.state == stateWait {
		return t.grade()
	}
	return nil
}

// choose takes option i of the drill.
func (t *core) choose(i int) tea.Cmd {
	if t.state != stateAsk || i < 0 || i >= len(t.legal) {
		return nil
	}
	t.chose, t.menu = i, i
	t.acted()
	if t.tally.Done() {
		return t.grade()
	}
	t.state = stateWait
	if t.cfg.Spinner {
		return t.spin.Tick
	}
	return nil
}

// grade shows the evaluation and the verdict, counts the drill in the
// record of its seat count and saves the record.
func (t *core) grade() tea.Cmd {
	t.an = t.tally.Analysis()
	t.state = stateResult
	rec := t.kind.graded(&t.an, t.chose, t.cfg.Now())
	// The record keeps how the drill was evaluated: the review's -eval
	// text then prints the same table.
	rec.Samples, rec.Seed = t.tally.Plan().Samples, t.tally.Plan().Seed
	t.stats.Add(rec)
	t.graded++
	t.session.Add(rec.Verdict)
	if t.cfg.Record == nil {
		return nil
	}
	t.saves.Add(1)
	r := t.cfg.Record
	return func() tea.Msg {
		defer t.saves.Done()
		st, err := r.Add(rec)
		return savedMsg{stats: st, err: err}
	}
}

// Pause stops the running evaluation when the person leaves the
// trainer for the lobby, so that it stops using the server's cores.
func (t *core) Pause() {
	if t.stop != nil && t.state != stateResult {
		t.stop()
		t.paused = true
	}
}

// Resume opens the trainer again: the first drill, or a new one when
// the last was left unfinished (its evaluation was stopped).
func (t *core) Resume() tea.Cmd {
	if t.no == 0 {
		return nil // Enter reads the record and opens the first drill
	}
	// The record holds every seat count's drills and the screen shows
	// this trainer's copy: read it again, since another trainer of this
	// connection may have added drills since.
	load := t.loadRecord()
	if t.paused {
		t.paused = false
		return tea.Batch(load, t.newDrill())
	}
	return load
}

// itemKeys are the keys of the menu's items, by index into legal, as
// kit.MenuKeys gives them in the menu's order.
func itemKeys(legal []rules.Action, order []int) []string {
	items := make([]rules.Action, len(order))
	for n, i := range order {
		items[n] = legal[i]
	}
	keys := make([]string, len(legal))
	for n, k := range kit.MenuKeys(items) {
		keys[order[n]] = k
	}
	return keys
}

// menuOrder is the order the menu shows legal in: as the rules list
// them, but a menu of cards (a card to give) in the order of hand.
func menuOrder(legal []rules.Action, hand []rules.Card) []int {
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	at := map[rules.Card]int{}
	for k, c := range hand {
		at[c] = k
	}
	for _, a := range legal {
		if _, ok := at[a.Card]; a.Kind != rules.Give || !ok {
			return order
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return at[legal[x].Card] - at[legal[y].Card] })
	return order
}

// keyList writes the menu's keys for the key line, a run of three
// numbers or more as its ends: "p/t/s", "1-7" (seven cards to give at a
// shlomo would not fit 80 columns one by one).
func keyList(keys []string) string {
	var out []string
	for i := 0; i < len(keys); {
		j := i
		for j+1 < len(keys) && isNext(keys[j], keys[j+1]) {
			j++
		}
		if j-i >= 2 {
			out = append(out, keys[i]+"-"+keys[j])
		} else {
			out = append(out, keys[i:j+1]...)
		}
		i = j + 1
	}
	return strings.Join(out, "/")
}

// isNext reports whether b is the number after a.
func isNext(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	return errA == nil && errB == nil && y == x+1
}

// key takes one key press.
func (t *core) key(ctx *kit.Context, msg tea.KeyPressMsg) tea.Cmd {
	k := &ctx.Keys
	if t.review {
		switch {
		case kit.IsKey(msg, k.Up):
			t.scroll = max(0, t.scroll-1)
		case kit.IsKey(msg, k.Down):
			t.scroll++
		case kit.IsKey(msg, k.Back), t.isReview(msg), kit.IsKey(msg, t.keys.Again):
			t.review = false
		}
		return nil
	}
	if t.ahead(ctx, msg) {
		// The key was typed on the screen before the drill: it answers
		// nothing and skips nothing the person has not seen.
		t.setNote(aheadNote, false)
		return nil
	}
	switch {
	case t.isReview(msg):
		t.review, t.scroll = true, 0
		return nil
	case t.isNext(msg):
		return t.newDrill()
	}
	switch t.state {
	case stateResult:
		if kit.IsKey(msg, t.keys.Again) {
			return t.newDrill()
		}
		if dir := kit.PageDir(msg); dir != 0 && t.paged {
			// The page turns as the screen shows it: the layout is
			// drawn again for its size.
			_, _, pg := t.render(ctx)
			_, chose := t.an.InRankOrder(t.chose)
			t.optTop = turnPage(pg, dir, chose)
			return nil
		}
		if k.Answerable(msg) {
			// Every other key is answered, as on the drill, naming the
			// keys of the key line, which are those that work now.
			var keys []string
			for _, b := range t.KeyHelp(k).ShortHelp() {
				keys = append(keys, b.Help().Key)
			}
			t.notOffered(msg.String(), keys, "")
		}
	case stateAsk:
		n := len(t.legal)
		keys := itemKeys(t.legal, t.order)
		pos := slices.Index(t.order, t.menu)
		for i, kk := range keys {
			if kk == msg.String() {
				return t.choose(i)
			}
		}
		// A key that answers nothing is told the keys in the menu's
		// order (a card to give in the order of the hand): "1, 2 … or 7".
		var shown []string
		for _, i := range t.order {
			shown = append(shown, keys[i])
		}
		switch {
		case kit.IsKey(msg, k.Left), kit.IsKey(msg, k.Up):
			t.menu = t.order[(pos+n-1)%n]
		case kit.IsKey(msg, k.Right), kit.IsKey(msg, k.Down):
			t.menu = t.order[(pos+1)%n]
		case kit.IsKey(msg, k.Choose):
			return t.choose(t.menu)
		case kit.IsKey(msg, k.Nth):
			if nth := int(msg.String()[0] - '1'); nth >= 0 && nth < n {
				return t.choose(t.order[nth])
			}
			// A number past the options says so, as a letter does.
			t.notOffered(msg.String(), shown, "")
		case k.Answerable(msg):
			// Every other key is answered, named as pressed (Z is
			// not z), as at the table and in the lessons. The small n
			// and m, which do the trainer's keys once the drill is
			// answered, say that the capital does it now.
			more := ""
			switch {
			case kit.IsKey(msg, t.keys.NextFree):
				more = "N skips the drill"
			case kit.IsKey(msg, t.keys.ReviewFree):
				more = "M shows your last mistakes"
			}
			t.notOffered(msg.String(), shown, more)
		}
	}
	return nil
}

// ahead reports whether msg is a key typed ahead of the drill, while it
// is being dealt or before it was drawn, that would decide something
// there: answer it (enter, space, a number, an option's letter) or go
// on at once to the next (the result's small n). The capital N skips
// and M (m while dealing) opens the mistakes as ever; the arrows only
// move the choice.
func (t *core) ahead(ctx *kit.Context, msg tea.KeyPressMsg) bool {
	if t.state != stateDealing && (t.state != stateAsk || t.shown) || t.isReview(msg) {
		return false
	}
	k := &ctx.Keys
	return kit.IsKey(msg, k.Choose) || kit.IsKey(msg, t.keys.Again) || kit.IsKey(msg, k.Nth) ||
		kit.IsKey(msg, t.keys.NextFree) || kit.IsMenuLetter(msg.String())
}

// click takes the menu item under the mouse.
func (t *core) click(ctx *kit.Context, msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || t.review || t.state != stateAsk {
		return nil
	}
	if !t.shown {
		// Aimed at the screen before the drill.
		t.setNote(aheadNote, false)
		return nil
	}
	_, hits, _ := t.render(ctx)
	for _, h := range hits {
		if h.Kind == kit.HitMenu && h.Rect.Has(msg.X, msg.Y) {
			return t.choose(h.Index)
		}
	}
	return nil
}

// QuitNote sums up the session after the program quits.
func (t *core) QuitNote() string {
	kept := ""
	if t.aside != "" {
		kept = " The damaged record was kept as " + t.cfg.ShowPath.Show(t.aside) + "."
	}
	if t.session.Drills == 0 {
		return strings.TrimSpace(kept)
	}
	s := fmt.Sprintf("This session%s: %d of %s right, %s.", t.seats(" (%d players)"),
		t.session.Correct, kit.Plural(t.session.Drills, "drill"), t.session.LostText())
	if f, ok := t.cfg.Record.(*drill.StatsFile); ok {
		if t.unsaved {
			s += " Your record in " + t.cfg.ShowPath.Show(f.Path) + " could not be saved: it does not hold this session."
		} else {
			s += " Your record is kept in " + t.cfg.ShowPath.Show(f.Path) + "."
		}
	}
	return s + kept
}

// KeyHelp is the trainer's keys as help: the short help (the status
// line) lists the keys that work now; the full help lists them all, the
// letters of the options from the menu letters' table.
func (t *core) KeyHelp(k *kit.KeyMap) help.KeyMap {
	full := []key.Binding{
		kit.Spelled("previous option", k.Left, k.Up),
		kit.Spelled("next option", k.Right, k.Down),
		kit.Spelled("choose the option (after the result: next drill)", k.Choose),
		kit.PageKeys("after the result: page through the options when the window is too short for all"),
	}
	full = append(full, t.kind.helpLines(k)...)
	full = append(full, kit.Bind("N", "a new drill: skips the drill shown (its grading too), or the next one after the result (n too, once no drill asks)", t.keys.Next.Keys()...),
		kit.Bind("M", "your last mistakes and the whole record (m too, once no drill asks)", t.keys.Review.Keys()...))
	// esc on a drill is the opener's (the lobby goes back on it): the
	// help and the key line name it; on the mistakes esc closes them.
	var back []key.Binding
	if t.cfg.Back != "" {
		full = append(full, kit.Brief(t.cfg.Back, k.Back))
		back = []key.Binding{kit.Brief("back", k.Back)}
	}
	full = append(full, k.Help, kit.QuitAsks(k))
	full = append(full, recordHelp(t.players())...)
	var short []key.Binding
	switch {
	case t.review:
		// The review takes only these keys: its help lists them, not
		// the drill's.
		short = []key.Binding{kit.Either("back", k.Back, t.keys.Review)}
		if t.scrolls {
			short = append([]key.Binding{kit.Brief("scroll", k.Up, k.Down)}, short...)
		}
		full = []key.Binding{kit.Brief("scroll the mistakes", k.Up, k.Down), kit.Either("back to the drill", k.Back, t.keys.Review),
			k.Help, kit.QuitAsks(k)}
	case t.state == stateAsk:
		// Each key says what it does: the arrows move the choice, enter
		// or an option's letter answers with it.
		// The keys in the menu's order.
		keys := itemKeys(t.legal, t.order)
		var letters []string
		for _, i := range t.order {
			letters = append(letters, keys[i])
		}
		short = []key.Binding{
			// The key line keeps to ←/→, so that M stays on it beside a
			// round-two menu at 80 columns; the help names ↑/↓ too.
			kit.Brief("choose", k.Left, k.Right),
			key.NewBinding(key.WithKeys(append(k.Choose.Keys(), letters...)...),
				key.WithHelp(kit.Brief("", k.Choose).Help().Key+" or "+keyList(letters), "answer")),
			kit.Brief("skip", t.keys.Next), kit.Brief("mistakes", t.keys.Review),
		}
	case t.state == stateResult:
		short = []key.Binding{kit.Either("next drill", t.keys.Again, t.keys.Next), t.keys.Review}
		if t.paged {
			short = append(short, kit.PageKeys("more options"))
		}
	default:
		short = []key.Binding{t.keys.Next, t.keys.Review}
	}
	if !t.review {
		short = append(short, back...)
	}
	short = append(short, kit.Brief("help", k.Help), k.QuitHint())
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}

// recordHelp spells out the short forms of the title, the record on its
// right: labels without keys, under a heading of their own.
func recordHelp(players int) []key.Binding {
	note := func(label, desc string) key.Binding { return key.NewBinding(key.WithHelp(label, desc)) }
	return []key.Binding{
		kit.HelpHeading("The record in the title (every drill answered at this seat count)"),
		note("record", "as in record 6 right · 5 wrong: of the 11 drills answered at this seat count, 6 right and 5 wrong (a narrower window leaves out the word record). M shows the points and the chances to win the wrong answers cost"),
		note(fmt.Sprintf("%dp", players), fmt.Sprintf("%s players at the table (%d players where the window leaves room for the whole record)",
			[...]string{2: "two", 3: "three", 4: "four"}[min(max(players, 2), 4)], players)),
	}
}

// QuitQuestion replaces the game's "stays saved": the trainer's record
// is kept after every drill, where it is kept at all. Without a record
// (no state folder, a guest) it lasts this session only, and after a
// save that failed the record does not hold this session: the question
// says so, as the quit note does.
func (t *core) QuitQuestion() string {
	switch {
	case t.cfg.Record == nil:
		return "Your record is kept for this session only."
	case t.unsaved:
		return "Your record could not be saved: it does not hold this session."
	}
	return "Your record is kept after every drill."
}

// Screen is the trainer: the drill shown, a drill.Situation at a table
// of any seat count, shown as its rules.View and graded by drill
// batches (BatchFunc).
type Screen struct {
	core
	gen   *drill.Generator
	batch BatchFunc
	sit   drill.Situation
	view  rules.View
}

// New is the trainer's screen, without the App around it (tui.NewTrain
// puts one around it; the lobby of `klob serve` opens it too). Enter
// reads the record (a damaged one is kept aside and the screen says so)
// and opens the first drill, at a table of Options.Players.
func New(cfg Config) *Screen {
	c := &cfg
	if c.Options.Target == 0 {
		c.Options = rules.DefaultOptions()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	t := &Screen{batch: c.Evaluate}
	if t.batch == nil {
		t.batch = drill.NewEvaluator().Batch
	}
	var err error
	t.gen, err = drill.NewGenerator(c.Seed, c.Only, c.Options)
	t.setup(c, t, err)
	return t
}

func (t *Screen) next(no int) (func() drill.Situation, bool) {
	switch {
	case no <= len(t.cfg.Drills):
		t.sit = t.cfg.Drills[no-1].Clone()
		return nil, true
	case t.gen != nil:
		// The generator's drills are numbered from 1 after the
		// configuration's; Drill is a function of its number, and the
		// normal bot it bids with is safe to share, so a skipped drill
		// still being dealt does no harm.
		g, n := t.gen, uint64(no-len(t.cfg.Drills))
		return func() drill.Situation { return g.Drill(n) }, true
	}
	return nil, false
}

func (t *Screen) take(s drill.Situation) { t.sit = s }

func (t *Screen) open(p drill.Plan) ([]rules.Action, *drill.Tally, error) {
	v, err := t.sit.View()
	if err != nil {
		return nil, nil, err
	}
	tally, err := drill.NewTally(&v, p)
	if err != nil {
		return nil, nil, err
	}
	t.view = v
	return v.Legal(), tally, nil
}

func (t *Screen) work(ctx context.Context, p drill.Plan, k int) func() (eval.Evaluation, error) {
	v, run := t.view, t.batch
	return func() (eval.Evaluation, error) { return run(ctx, &v, p, k) }
}

func (t *Screen) graded(an *drill.Analysis, chose int, when time.Time) drill.Record {
	return drill.NewRecord(t.sit, an, chose, when)
}

// helpLines: options without a letter of their own take their number,
// and so does an option whose letter one before it took (two values to
// announce: "[a] fifty [2] twenty", as kit.MenuKeys gives the keys);
// the letters of every decision the rules hold, from keys.go's table.
func (t *Screen) helpLines(k *kit.KeyMap) []key.Binding {
	return append([]key.Binding{kit.Brief(nthHelp, k.Nth)},
		kit.LetterHelp(t.cfg.Options, letterRows...)...)
}

// nthHelp says which options the numbers choose.
const nthHelp = "the n-th option: one without a letter, or one whose letter an option before it took (a fifty, 2 twenty)"

// letterRows are the rows of the menu letters (kit.LetterHelp) of the
// decisions the trainer drills: not a claim's answers to its questions
// (its top card, its length), which have one answer each.
var letterRows = []string{"bids", "round two", "dix", "sequences", "asks", "declarations"}
