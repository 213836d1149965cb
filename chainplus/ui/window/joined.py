"""A window that joined a host's game (``--join HOST:PORT --code CODE``, or the Join dialog),
and the switch to it and back: the one place that does it.

``join`` shows the host's game on a table of its own: a session with no files, the ``JOINED``
policy and a ``JoinedReferee`` on a started ``net.link.Link``. The player's own table waits
untouched (the unfinished game and its autosave, the settings, the games folder); when the
referee closes, it hangs up and the speed, sound and lessons given meanwhile go back to the
player's own session. The host is the authority (``remote.Remote``): its seats cannot be changed
here, and when it is lost or gone the game as it stood stays on the board; a watching kiosk
then plays its attract loop until the host's next game comes (``Follower``).
"""

from __future__ import annotations

from dataclasses import replace

from chainplus.app.outcomes import Note
from chainplus.app.panel import SEAT_NAME
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.common.backoff import Backoff
from chainplus.common.language import _
from chainplus.net import protocol as msg
from chainplus.net.link import Gone, Link
from chainplus.ui.art.theme import TITLE_ROOM
from chainplus.ui.art.widgets import fitting_title
from chainplus.ui.window.policy import Policy
from chainplus.ui.window.referee import Happening, Hold, Player, Referee, Won, reset_among
from chainplus.ui.window.remote import KIND_WORD, Line, Remote, names
from chainplus.ui.window.table import Table

#: A joined window: the host decides the game, so no New, Undo or Hint (Games leaves it).
JOINED = Policy(hidden_icons=frozenset({"new", "undo", "hint"}))


def seats_as_host(state: msg.GameState, mine: tuple[int, ...]) -> list[SeatSpec]:
    """The host's seats as the panel shows them, the joiner's own seat as a human one."""
    return [replace(spec, kind="human") if seat in mine else spec
            for seat, spec in enumerate(state.seats, start=1)]


def seat_help(state: msg.GameState | None, seat: int, mine: tuple[int, ...]) -> str:
    """Who plays ``seat`` of the host's game, as the help line says it over the panel."""
    name = _(SEAT_NAME[seat])
    if state is None:
        # Translators: the help box, 3 lines of 22 characters;
        # the help lines on the panel of a joined network game; {seat} is a
        # seat's colour (Red ...).
        return _("{seat}: the host sets the seats.").format(seat=name)
    kind = state.seats[seat - 1].kind
    if seat in mine:
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat}: you.").format(seat=name)
    if kind == "off":
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat}: not in play.").format(seat=name)
    if kind == "network":
        if seat in state.connected:
            # Translators: the help box, 3 lines of 22 characters.
            return _("{seat}: over the network, connected.").format(seat=name)
        # Translators: the help box, 3 lines of 22 characters.
        return _("{seat}: over the network, waiting to join.").format(seat=name)
    # Translators: the help box, 3 lines of 22 characters.
    return _("{seat}: {how}.").format(seat=name, how=_(KIND_WORD[kind]))


class JoinedReferee(Referee):
    """The host at the end of ``line`` referees the game on ``table``'s board; this window
    plays the seat it was welcomed to, or (``watch``) only watches, as a spectator. The
    player's ``own`` session takes back the speed, sound and lessons given meanwhile when the
    window leaves the host's game."""

    def __init__(self, table: Table, own: Session, line: Line, watch: bool = False) -> None:
        self.table, self.own, self.line, self.watch = table, own, line, watch
        self.session = table.session
        self.remote = Remote(line, self.session, hosts=False)

    def you_are(self) -> str:
        if self.watch:
            return _("You are watching.") + " "
        # Translators: {seat} is a seat's colour (Red ...).
        return _("You are {seat}.").format(seat=_(SEAT_NAME[self.remote.seat or 0])) + " "

    def player(self, seat: int) -> Player:
        player = self.remote.player(seat, self.you_are())
        if self.watch:  # every seat is played elsewhere: a click only says so
            # Translators: the help box, 3 lines of 22 characters.
            return replace(player, busy=Note(_("You are watching: a spectator does not move.")))
        return player

    def hold(self) -> Hold | None:
        remote = self.remote
        waiting = names(remote.state.waiting) if remote.state is not None else ""
        # Translators: the help box, 3 lines of 22 characters; {where} is the host's address,
        # host:port.
        joining = (_("Joining the game at {where}...") if not self.watch else
                   # Translators: the help box, 3 lines of 22 characters; {where} is the
                   # host's address, host:port.
                   _("Connecting to watch the game at {where}..."))
        # Translators: the help box, 3 lines of 22 characters;
        # {seats} is one seat's colour or a list of them (Red, Blue).
        waits = _("Waiting for {seats} to join.").format(seats=waiting)
        return remote.hold(joining.format(where=self.line.where), self.you_are() + waits)

    def propose(self, square: int) -> Note | None:
        return self.remote.propose(square)

    def heard(self) -> list[Happening]:
        return self.seated(self.remote.heard())

    def news(self) -> list[Happening]:
        return self.seated(self.remote.news())

    def seated(self, heard: list[Happening]) -> list[Happening]:
        """``heard``, with the host's seats on the panel when a whole game came among it."""
        state = self.remote.state
        if state is not None and reset_among(heard):
            self.session.show_host_seats(seats_as_host(state, self.remote.mine()))
        return heard

    def shown(self) -> None:
        """Nobody waits for the window's chains."""

    def behind(self) -> bool:
        return self.remote.behind()

    def restart(self) -> Referee:
        """Play on from a replayed game (a file dropped on the window) would put a game of our
        own on the board: the host's game stays."""
        state = self.remote.state
        if state is not None:
            self.session.show_remote(state.game)
            # Translators: the help box, 3 lines of 22 characters.
            self.table.say(Note(_("This window shows the host's game."), warn=True))
        return self

    def won(self, winner: int) -> Won:
        remote = self.remote
        line, state = remote.winner_line(winner), remote.state
        after = "" if state is None or remote.finished() else \
            " " + (_("The host starts the next game.") if state.open_ended else
                   _("The next game comes."))
        return Won(remote.key(), line, line + after)

    def title(self, room: int = TITLE_ROOM) -> str:
        """What is true of the line to the host: joining, joined (or watching), refused, or
        gone after its game."""
        remote, where = self.remote, self.line.where
        # Translators: the title bar of a window in a host's game; {where} is the host's
        # address, host:port. The second of each pair is shown when the first is too long.
        if remote.gone:
            if remote.state is not None:
                pair = (_("Chain Reaction - host gone: {where}"), _("Host gone: {where}"))
            else:
                pair = (_("Chain Reaction - not joined: {where}"), _("Not joined: {where}"))
        elif remote.seat is None and not remote.watching:
            pair = ((_("Chain Reaction - connecting to watch {where}"),
                     _("Connecting to watch {where}")) if self.watch else
                    (_("Chain Reaction - joining {where}"), _("Joining {where}")))
        elif self.watch:
            pair = (_("Chain Reaction - watching {where}"), _("Watching {where}"))
        else:
            pair = (_("Chain Reaction - joined {where}"), _("Joined {where}"))
        return fitting_title((words.format(where=where) for words in pair), room)

    def waiting_seats(self) -> frozenset[int]:
        return self.remote.waiting_seats()

    def seat_help(self, seat: int) -> str:
        return seat_help(self.remote.state, seat, self.remote.mine())

    def panel_click(self) -> Note:
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("The host sets the seats of this game."))

    def look(self) -> object:
        return self.remote.look()

    def close(self) -> None:
        """Hang up; the player's own session takes back the speed, sound and lessons."""
        self.line.close()
        self.table.stop_thinking()
        self.own.leave_remote(self.session)


# ---------------------------------------------------------------------- the switch
def join(own: Table, address: tuple[str, int], code: str,
         watch: bool = False) -> JoinedReferee:
    """The referee of the game of the host at ``address`` (joined with ``code``; ``watch``:
    only watched, as a spectator), shown on a table of its own beside the player's ``own``,
    which waits untouched."""
    own.stop_thinking()
    link = Link(*address, code, wake=own.services.wake, watch=watch,
                network=own.services.network)
    referee = joined_on(own, link)
    link.start()
    store = own.session.store
    if store is not None:
        store.remember_join(link.where)
    return referee


def joined_on(own: Table, link: Link) -> JoinedReferee:
    """The referee of the host's game heard on ``link``, on a table of its own beside the
    player's ``own``."""
    mine = own.session
    network = replace(mine.options.network, join=(link.host, link.port), join_code=link.code,
                      watch=link.watch)
    options = replace(mine.options, network=network, speed=mine.speed, sound=mine.sound,
                      lessons_given=mine.lessons_given)
    table = Table(own.services, Session(options, None),  # no files: the player's own are safe
                  joined_policy(own.policy), own.budget, own.hint_budget, where=link.where,
                  keeper=mine, now=own.now)
    return JoinedReferee(table, mine, link, link.watch)


def joined_policy(own: Policy) -> Policy:
    """The house policy while a host's game is shown: ``JOINED`` in a window; in a kiosk whose
    operator joined a host (``--kiosk --join``), the kiosk's own without New, Undo, Hint or
    Games, and with no demonstration (the host's game is the one to show)."""
    if not own.kiosk:
        return JOINED
    return replace(own, hidden_icons=own.hidden_icons | JOINED.hidden_icons | {"games"},
                   demo_after=None, next_game_after=None)


def last_address(table: Table) -> str:
    """The address last joined from this window (its settings file remembers it), to offer
    again; "" when there is none."""
    store = table.session.store
    return store.last_join if store is not None else ""


# ---------------------------------------------------------------------- a watching kiosk
#: Seconds between a watching kiosk's tries to reach its host again: doubling from the
#: first to the last.
SEEK_FIRST, SEEK_MOST = 1.0, 30.0


class Follower:
    """The host a watching kiosk (``--kiosk --watch``) follows. Once the host's game has ended
    for good (the host done, gone, or refusing) and stayed on show as long as a kiosk's
    finished game, the kiosk plays its attract loop and the follower tries the host again:
    one link at a time, each after a pause growing to ``SEEK_MOST``, until the host's next
    game comes on one."""

    def __init__(self, own: Table, link: Link) -> None:
        self.own = own
        self.host, self.port, self.code, self.where = link.host, link.port, link.code, \
            link.where
        self.pauses = Backoff(SEEK_FIRST, SEEK_MOST)
        self.link: Link | None = None  # the try under way
        self.gone_at: float | None = None  # when the game followed ended for good

    @classmethod
    def of(cls, own: Table, referee: Referee) -> Follower | None:
        """The follower of ``referee``'s host when the kiosk ``own`` watches it, else None."""
        if own.policy.kiosk and isinstance(referee, JoinedReferee) and referee.watch \
                and isinstance(referee.line, Link):
            return cls(own, referee.line)
        return None

    def ended(self, referee: JoinedReferee, now: float) -> bool:
        """Whether the host's game on ``referee`` ended for good long enough ago, at ``now``,
        for the kiosk to go back to its attract loop."""
        if not referee.remote.gone:
            self.gone_at = None
            return False
        if self.gone_at is None:
            self.gone_at = now
        return now - self.gone_at >= (self.own.policy.next_game_after or 0.0)

    def seek(self) -> None:
        """Try the host again after the next pause, on a link of its own."""
        self.gone_at = None
        services = self.own.services
        self.link = Link(self.host, self.port, self.code, wake=services.wake,
                         network=services.network, watch=True)
        self.link.start(after=self.pauses.next())

    def found(self) -> bool:
        """Whether the host's game has come on the try under way; a try that failed is
        closed, and the next one begun."""
        link = self.link
        if link is None:
            return False
        with link.events.mutex:
            heard = list(link.events.queue)
        if any(isinstance(event, Gone) for event in heard):
            link.close()
            self.seek()
            return False
        return any(isinstance(event, msg.GameState) for event in heard)

    def follow(self) -> JoinedReferee:
        """The host's game found (``found``), watched again on a table of its own."""
        link = self.link
        assert link is not None
        self.link = None
        self.pauses.reset()
        self.own.stop_thinking()
        return joined_on(self.own, link)

    def close(self) -> None:
        """Stop trying."""
        if self.link is not None:
            self.link.close()
            self.link = None
