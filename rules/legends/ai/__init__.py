"""AI crewmates.

An AI decides from a `PlayerView` only: the public board, its own hands and its own
prompts. It never receives the `Table`, so it cannot peek at another seat's hand or deck
(the table-talk rule binds it too), and it picks among `view.legal` so it cannot cheat.
Besides the view it reads the content pack, which is public knowledge: the printed text of
cards, the face-up Obstacles' To Hit requirements, the choices of the scene being voted
on, and the starter decklists of the roles (its prior for what the others may hold). It
never looks at Scenario Cards that are still face down.

`CrewAI` plays to make the Plan hit and to deal the Damage an Obstacle needs:

* For each legal card it considers which cards it will add later in the same Plan (it
  knows how many turns it gets before the Plan executes) and scores the whole set: does
  it meet a requirement by itself; if not, how likely the crewmates who play in between
  are to complete it (one-card "outs" counted from their roles' decklists, or short
  rollouts with sampled hands when more than one card is missing); how much Damage the
  Plan will deal against the Health the Obstacle has left; what the cards' effects are
  worth (immediate Damage, healing, draws, Plan Size). Playing a strong card into a Plan
  that will miss wastes it, so it dumps weak cards when it cannot help.
* Prompts (targets, discards from the Plan, replacements, puts) are answered by scoring
  the Plan each answer leaves behind with the same estimate.
* Votes follow the crew's plurality when someone has voted, else the choice whose
  printed effects are worth most. Clean-up cycles away the cards least useful against
  what is on the table.
"""

from __future__ import annotations

from rules.legends.ai.baseline import RandomAI
from rules.legends.ai.crew import CrewAI
from rules.legends.ai.worth import worth

__all__ = ["CrewAI", "RandomAI", "worth"]
