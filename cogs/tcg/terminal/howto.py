"""The terminal's help and its short rules topics, in our own words (the full rules as
Fixer referees them: docs/rules/tcg.md)."""

from __future__ import annotations

HELP = """\
Commands:
  NUMBER         take that move from the list
  WORDS          a move by its words, when they pick one move ('end', 'pass', 'keep',
                 'roll d8', 'attack', 'play neon')
  board          the table again          hand      your hand with card text
  card NAME      a card's text            rules     rules topics ('rules attack')
  concede        give up the duel         quit      leave (end of input quits too)
  help           this list"""

TOPICS: dict[str, str] = {
    "win": "Start your turn with 7 or more Gigs (dice) and you win: Gigs you take must "
    "last through the rival's turn. Having to draw from an empty deck loses at once. "
    "Overtime changes the win: see 'rules overtime'.",
    "turn": "Your turn: ready your cards, draw one, roll in a Gig from your fixer area "
    "(your choice of die; the d20 comes last), then the main phase: sell one card a turn "
    "for an Eddie, Call one Legend a turn, play cards, attack, and end the turn.",
    "eddies": "Eddies (€$) pay for everything. Selling a card from hand puts it under your "
    "Eddies face-up; paying spends Eddies (or a face-up Legend standing in for one).",
    "legends": "Each deck brings three Legends, face-down in the Legends area. Calling "
    "one (1 €$, once a turn) turns it face-up: its CALL text fires. A face-up Legend can "
    "later be played to the field as a Unit; GO SOLO Legends can attack at once but are "
    "removed when they leave.",
    "attack": "A ready Unit without lag attacks the rival's Gig area or a spent rival "
    "Unit. The defender then reacts: block with a ready Unit, play a QUICK card, Call, or "
    "pass. An attack on the Gig area that is not blocked steals Gigs: one, plus one per "
    "10 power.",
    "fight": "When Units fight, the one with more power defeats the other; equal power "
    "defeats both, but a Unit with 0 power defeats nothing.",
    "street cred": "Street Cred is the total showing on your Gigs; some cards need a "
    "given Street Cred or reward pairs of equal values.",
    "overtime": "Once a turn begins, and the turn before began, with both fixer areas "
    "empty, Overtime starts at that turn's end: from then on 7 or more Gigs win at once. "
    "If both players win or lose at the same moment, the duel is a draw.",
}


def rules(topic: str) -> str:
    t = topic.strip().lower()
    if not t:
        return "Rules topics: " + ", ".join(TOPICS) + ". Type 'rules TOPIC'."
    if t in TOPICS:
        return TOPICS[t]
    hits = [k for k in TOPICS if k.startswith(t) or t in k]
    if len(hits) == 1:
        return TOPICS[hits[0]]
    return f"No rules topic '{topic}'. Topics: {', '.join(TOPICS)}."
