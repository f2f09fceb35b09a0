"""The terminal's help and its short rules topics, in our own words (the full rules as
Fixer referees them: docs/rules/tcg.md)."""

from __future__ import annotations

from cogs.tcg.rules_text import TOPICS as BASE_TOPICS

HELP = """\
Commands:
  NUMBER         take that move from the list
  WORDS          a move by its words, when they pick one move ('end', 'pass', 'keep',
                 'roll d8', 'attack', 'play neon')
  board          the table again          hand      your hand with card text
  card NAME      a card's text            rules     rules topics ('rules attack')
  concede        give up the duel         quit      leave (end of input quits too)
  help           this list"""

# The topics the Discord front end shows (`/tcg rules`), plus the terminal's own extras:
# one wording of each rule for both front ends.
TOPICS: dict[str, str] = {
    **BASE_TOPICS,
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
