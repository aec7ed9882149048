"""The greeting: HELLO, then RESUME, then the moves one side missed, in that order only.

After (re)connecting both sides send ``HELLO`` (the host first) and then ``RESUME <count>
<digest>``: equal games play on; when one list of moves is the start of the other, the
longer side sends the missing moves, which are checked on a copy and played only once all
have come and the digest agrees; anything else is reported and the link hung up.

The evaluation holds only where both greetings say so (``[eval]``): the host's as asked at
set-up (its game's, after a reconnect), the joiner's answer echoing it; an older side never says
so, and then it is off on both sides.
"""

from __future__ import annotations

from ..net import protocol
from ..net.protocol import Command, ProtocolError
from ..rules.base import RulesError
from .netlink import HOST, JOIN, protocol_words
from .strings import t


class Greeting:
    """The greeting on one link of ``net`` (a ``netplay.NetGame``).

    Of the conversation it uses the table, ``role``, ``local`` (a fresh join learns it here),
    ``remote``, ``send``, ``refuse_peer``, ``stage`` (set to "syncing"), ``stop_listening``,
    ``start_game``, ``apply_now`` and ``start_playing``.
    """

    def __init__(self, net) -> None:
        self.net = net
        self.table = net.table
        self.greeted = False  # the other side's HELLO has come and was good
        self.peer_name = ""
        self.peer_evaluation = False  # the other side's HELLO agreed to the evaluation
        self.resume_target: tuple[int, str] | None = None  # catching up to (count, digest)
        self.caught_up: list[str] = []  # the missing moves come so far, checked, not yet played
        self.catch_state = None  # the state after them

    def forget(self) -> None:
        """Nothing of the last greeting stays: the next link starts afresh."""
        self.greeted = False
        self.resume_target, self.caught_up, self.catch_state = None, [], None
        self.peer_name, self.peer_evaluation = "", False

    def variant(self) -> str | None:
        """The variant this side plays: its game's; before one, the host's choice (a joiner learns it)."""
        return self.table.variant if self.table.has_game or self.net.role == HOST else None

    def send_hello(self) -> None:
        local = self.net.local or 0
        self.net.send(protocol.hello(self.table.key, self.table.variant, local + 1, self.table.typed_name(local),
                                     evaluation=self.table.evaluation))

    def take(self, command: Command) -> None:
        """A command while greeting: only the one expected next is good."""
        expected = "HELLO" if not self.greeted else "RESUME" if self.resume_target is None else "MOVE"
        if command.verb != expected:
            why = "net.bad.before_hello" if not self.greeted else "net.bad.out_of_turn"
            self.net.refuse_peer("net.why.protocol", detail=t(why, verb=command.verb))
        elif expected == "HELLO":
            self.on_hello(command)
        elif expected == "RESUME":
            self.on_resume(command.number, command.text)
        else:
            self.catch_up(command.number, command.text)

    def hello_problem(self, hello: protocol.Hello) -> tuple[str, dict] | None:
        """Why the two sides cannot play together, as a ``net`` text key and its values; None if they can."""
        if hello.version != protocol.VERSION:
            return "net.version", {"theirs": hello.version, "ours": protocol.VERSION}
        if hello.game != self.table.key:
            return "net.other_game", {"theirs": hello.game, "ours": self.table.key}
        try:
            self.table.rules.check_variant(hello.variant)
        except RulesError:
            return "net.variant", {"theirs": hello.variant}
        ours = self.variant()
        if ours is not None and ours != hello.variant:
            return "net.variant_differs", {"theirs": hello.variant, "ours": ours}
        return None

    def on_hello(self, command: Command) -> None:
        net = self.net
        try:
            hello = protocol.hello_fields(command)
        except ProtocolError as error:  # already checked by the decoder; kept for a direct caller
            net.refuse_peer("net.why.protocol", detail=protocol_words(error))
            return
        problem = self.hello_problem(hello)
        if problem is not None:
            net.refuse_peer(problem[0], **problem[1])
            return
        their_seat = hello.side - 1
        if net.role == JOIN and not self.table.has_game:
            net.local = 1 - their_seat
        if their_seat == net.local:
            net.refuse_peer("net.same_side", side=hello.side)
            return
        self.greeted = True
        self.peer_name, self.peer_evaluation = hello.name, hello.evaluation
        if net.role == JOIN:  # a host's game changes only once the caller is in (``let_in``)
            self.take_seats(hello.variant)
            self.send_hello()
        moves = self.table.moves()
        net.send(Command("RESUME", len(moves), protocol.digest(moves)))

    def take_seats(self, variant: str) -> None:
        """The other side sits at the table: a new game of ``variant`` with it, or its name on the
        game there is."""
        if not self.table.has_game:
            self.net.start_game(variant, self.peer_name)
        else:
            self.table.set_name(self.net.remote, self.peer_name)
        self.table.agree_evaluation(self.table.evaluation and self.peer_evaluation)

    def on_resume(self, count: int, their_digest: str) -> None:
        moves = self.table.moves()
        here = len(moves)
        if count > here:
            self.resume_target = (count, their_digest)
            self.net.stage = "syncing"
            table = self.table
            self.catch_state = table.state if table.has_game else table.rules.initial_state(self.variant())
            return
        if protocol.digest(moves[:count]) != their_digest:
            self.net.refuse_peer("net.mismatch", here=here, there=count)
            return
        self.let_in()
        for number in range(count + 1, here + 1):
            self.net.send(Command("MOVE", number, moves[number - 1]))
        self.net.start_playing()

    def catch_up(self, number: int, text: str) -> None:
        """A move this side missed: checked on a copy (whose side, legal); played once all are in
        and the digest agrees, so a caller turned away half-way leaves the game as it was."""
        rules, state, net = self.table.rules, self.catch_state, self.net
        here = len(self.table.moves())
        target, their_digest = self.resume_target
        if number != here + len(self.caught_up) + 1 or rules.is_terminal(state):
            net.refuse_peer("net.mismatch", here=here, there=target)
            return
        if rules.to_move(state) != net.remote:
            net.refuse_peer("net.own_move", n=number)
            return
        try:
            self.catch_state = rules.apply(state, rules.move_from_text(state, text))
        except RulesError:
            net.refuse_peer("net.mismatch", here=here, there=target)
            return
        self.caught_up.append(text)
        if len(self.caught_up) < target - here:
            return
        if protocol.digest(self.table.moves() + self.caught_up) != their_digest:
            net.refuse_peer("net.mismatch", here=here, there=target)
            return
        self.let_in()
        caught_up, self.caught_up, self.resume_target = self.caught_up, [], None
        for move in caught_up:
            net.apply_now(move)
        net.start_playing()

    def let_in(self) -> None:
        """The greeting and the resume were good: a host stops listening and its game takes the caller."""
        if self.net.role == HOST:
            self.net.stop_listening()
            self.take_seats(self.variant())
