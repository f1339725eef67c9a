package handvalue

// Decision is a choice of the bidding whose margin the model estimates.
type Decision uint8

// The decisions. Each model gives the expected margin of one choice as
// the weighted sum of the bidder's features with the suit in question as
// trump.
const (
	Take     Decision = iota // round one: make the upcard's suit trump
	Schmeiss                 // round one, two players: offer to throw the deal in
	Pass                     // round one: pass (what the rest of the bidding and the play bring)
	Name                     // round two: name a suit
	NoTrumps                 // round two, four players: name no trumps
	Pass2                    // round two: pass (0 for the dealer: the deal is thrown in)
	Refuse                   // answering a schmeiss: refuse (accepting is 0)
	Make                     // Solved: make trump, against passing
	Defend                   // Solved: defend against a maker
	NDecision
)

var decisionNames = [NDecision]string{"Take", "Schmeiss", "Pass", "Name", "NoTrumps", "Pass2", "Refuse", "Make", "Defend"}

// String returns the decision's Go name.
func (d Decision) String() string { return decisionNames[d] }

// maker reports whether the decision makes the bidder's side the maker.
func (d Decision) maker() bool {
	switch d {
	case Take, Schmeiss, Name, NoTrumps, Make:
		return true
	}
	return false
}

// Weights returns the model of decision d for the bidder at speaking
// position pos at a table of players (all zero where the decision does
// not arise).
func Weights(players int, d Decision, pos int) *Vector {
	return &weights[players][d][pos]
}

// The fitted weights, by seat count, decision and speaking position, as
// klob-lab fit-bids prints them (n is the samples, R² the share of the
// margin's variance the model explains). A decision too rare at some
// position is fitted on every position's samples together.
var weights = [5][NDecision][4]Vector{
	2: {
		Take: {
			{-105, 61.6, 38.4, 29, 29.1, 69.4, 27.6, 12.1, -0.0488, 2.2, 18.4, 16.1, 13.5, 11.7, 2.23, 7.46, 11.7, 0.0393, 0}, // n=40000 R²=0.20
			{-100, 54.8, 36, 30, 28.3, 66, 25.2, 13.9, 6.57, 4.68, 19.1, 16.9, 16.2, 11, 4.09, 6.61, 10.9, -0.047, 0},         // n=33950 R²=0.20
		},
		Schmeiss: {
			{-95.7, 52.2, 32, 24.5, 23.7, 57.9, 23.7, 11.5, -2.4, -0.474, 14.8, 11.5, 10.8, 7.71, 1.2, 5.82, 9.21, 0.0542, 0},   // n=40000 R²=0.16
			{-88.9, 43.6, 29.5, 24.7, 22.7, 53.4, 20.8, 12.9, 6.85, 0.221, 14.6, 12.5, 12.9, 6.8, 3.03, 4.98, 8.23, -0.0185, 0}, // n=33950 R²=0.15
		},
		Pass: {
			{-24.9, 11.9, 1.93, 11, 5.66, 0.23, -0.589, -5.73, -19.2, -8.89, 14.8, 7.93, 8.11, 8.42, 1.44, 11.2, 16.9, 0.102, 0},  // n=40000 R²=0.05
			{-11.9, -10.8, -10.1, 3.08, -4.37, -21.1, -9.73, -10.3, 2.89, -2.39, 10.6, 4.55, 7, 5.18, 1.15, 4.92, 16.7, 0.206, 0}, // n=33950 R²=0.06
		},
		Name: {
			{-104, 58.9, 35.4, 27.8, 25.3, 69.1, 24.5, 9.23, 6.78, 2.72, 16.3, 12.4, 11.8, 9.44, 1.54, 8.17, 10.3, 0, 0}, // n=68949 R²=0.20
			{-93.4, 55.2, 39.8, 29.4, 27.3, 67, 25.2, 9.91, 3.02, 2.2, 18.9, 11.9, 14.4, 9.02, 2.91, 3.14, 12.9, 0, 0},   // n=31374 R²=0.21
		},
		Pass2: {
			{-12.8}, // n=22983
			{},
		},
		Refuse: {
			{-34.9, 76.4, 37.3, 28.9, 29.6, 68.2, 23.6, 10.1, -3.82, 11.2, 22.1, 11.5, 12.4, 20.5, 1.7, 7.03, 20.1, -0.116, 0}, // n=3110 R²=0.17
			{-34.9, 76.4, 37.3, 28.9, 29.6, 68.2, 23.6, 10.1, -3.82, 11.2, 22.1, 11.5, 12.4, 20.5, 1.7, 7.03, 20.1, -0.116, 0}, // n=3110 R²=0.17
		},
	},
}
