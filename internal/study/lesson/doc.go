// Package lesson is `klob learn`: a guided first game of Klaberjass for
// someone who has never played it.
//
// The two-player lesson plays three fixed, hand-picked deals. The first
// teaches the bidding and the schmeiss (you pass, the bot offers to
// throw the deal in, you accept); the second the taking of trump, the
// bottom card, the dix exchange, the sequence dialogue, bella, the
// duties of trick play and the scoring; the third the second round of
// bidding (both pass, you name a suit) and a claim of every trick at the
// first lead. Every move,
// yours and the bot's, goes through the rules engine: an illegal move is
// refused with the engine's reason, and a legal move the lesson does not
// want at that point is refused with the lesson's reason. The bot's
// words in the bidding and dialogue are scripted; in the card play it is
// the easy bot with a fixed seed, so the lesson is the same every time
// for the same moves. The decks are chosen so that what the text says
// holds however the cards are played: bella is never beaten (the ace and
// ten of trump are out of the bot's hand), and the claim is sure (the
// tests check it exactly, as a game does).
//
// With three or four players (New's count) the lesson is one deal at
// that table, you at seat A and an easy bot at each other seat; you deal,
// so West leads the first trick. At three, each for themselves: West
// takes, your first card must go under East's trump, and West is bete
// however the cards are played, you and East sharing West's points. At
// four, North is your partner: you take the upcard, your team holds the
// best sequence, your first card must go over North's trump, and your
// team makes the contract however the cards are played. Steps whose
// words differ by seat count are written once per count ("welcome-4");
// the card play's steps carry the count too ("play-follow-3").
package lesson
