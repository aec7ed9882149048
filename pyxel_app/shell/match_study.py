"""What the evaluation (W) and the review (K) ask of a match: ``shell/insight.py``'s Studied.

The position and game are the match's once it plays; the sides are named by their colours; the
computer's move and a hint are the match's own search, which the knowledge waits for (a match
searches nothing in the background).  A network game is studied only where both players agreed
at set-up (the meta ``evaluation=yes``, kept in the save, see ``shell/matchnet.py``), its review
also after the end, when nothing is hidden any more.
"""

from __future__ import annotations

from .delegated import delegates
from .setup import NET_MODES
from .strings import t

AGREED_META, AGREED = "evaluation", "yes"


def agreed(session) -> bool:
    """Both players of a network game agreed to the evaluation (``session`` may be None)."""
    return session is not None and session.meta.get(AGREED_META) == AGREED


@delegates(match=("key", "rules", "app", "review_marks", "flash", "name", "help_text"))
class MatchStudy:
    def __init__(self, match) -> None:
        self.match = match

    def game_shown(self):
        match = self.match
        return match.session if match.phase == "play" else None

    def engine_busy(self) -> bool:
        flow = self.match.flow
        return flow.hinting or (flow.agent_to_move() and flow.is_computer(flow.seat_to_move()))

    def engine_background(self) -> bool:
        return False

    def insight_refusal(self, review: bool) -> str | None:
        match = self.match
        if match.mode not in NET_MODES or agreed(match.session) or (review and match.over):
            return None
        return t("review.net_refused" if review else "eval.net_refused")

    def side_name(self, player: int) -> str:
        match = self.match
        return match.colour_name(match.colours[player])
