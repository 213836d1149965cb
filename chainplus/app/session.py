"""The window's game without the window: what a person plays, with its panel, settings and files.

A ``Session`` owns the game on the board, the player panel, the settings a player changes with
the icons (speed, sound, the rules of the next game), the undo policy and the autosave. The
window (``chainplus.ui``) shows it and turns clicks into calls; every call returns a typed
outcome (a ``Note`` for the message line, ``Placed`` for a move to animate), so all of it is
tested without pygame.

Lessons: the first time a move loads a square, captures, sets off a chain or knocks a player
out, its note explains it (``lessons``), never in a demonstration. A kiosk gives them again
with each visitor's game; a window once, remembered in the settings file.

Undo policy: Undo takes back moves up to and including the last move a human made (one move
when no human plays). New (and Play on from a replayed game) puts an unfinished game aside
instead of throwing it away: Undo straight after brings it back as it was (it is in the
autosave too, so a restart keeps it).

Games folder (``games``): a game won is kept there at once; Save writes the game on the board
there; the recent ones are listed, and any record file opened (the window replays it, with
``replay.Replay``). A kiosk keeps and saves nothing unless its operator asks; a demonstration,
which has no files, never.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from chainplus.app.explain import lesson_line, plural
from chainplus.app.games import GameEntry, Unreadable, open_record
from chainplus.app.lessons import Lesson, first_lesson
from chainplus.app.outcomes import Note as Note  # the outcomes are imported from here too
from chainplus.app.outcomes import Placed as Placed
from chainplus.app.outcomes import Refused as Refused
from chainplus.app.outcomes import knocked_out, not_yours
from chainplus.app.panel import (
    Panel,
    hosted,
    panel_of,
    seat_players,
    seats_for_next_game,
    settings_of,
)
from chainplus.app.panel_clicks import PanelClicks
from chainplus.app.placement import Placement
from chainplus.app.seats import DEFAULT_SEATS, SeatSpec
from chainplus.app.settings import SPEEDS, Settings, Speed, WriteFailure
from chainplus.app.store import Store
from chainplus.core.game import Game, ShownCascade
from chainplus.core.records import record_of
from chainplus.core.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True)
class WindowOptions:
    """Where and how the window opens."""

    fullscreen: bool = False
    placement: Placement | None = None  # where the window was last time
    open_path: Path | None = None  # a game record to open at the start (the window replays it)


@dataclass(frozen=True)
class KioskOptions:
    """A museum's unattended screen, as its operator sets it (``--kiosk``)."""

    idle_seconds: float = 60.0  # without input, then the demonstration
    keep_games: bool = False  # keep and save games (a window always does)


@dataclass(frozen=True)
class NetworkOptions:
    """A host's game to show and play (``--join``) or watch (``--watch``), or how this window
    hosts one."""

    join: tuple[str, int] | None = None  # a host's (address, port): show and play its game
    join_code: str = ""  # the host's join code
    watch: bool = False  # only watch the host's game, as a spectator (``--watch``)
    host_code: str | None = None  # the join code a hosting window gives (None: one is made)
    listen: str = "127.0.0.1"  # where a hosting window listens ("": every interface)
    port: int | None = None  # and its port (None: 4770 if free, else any free one)
    spectators: int | None = None  # at most this many watch its game (None: the host's own)


@dataclass(frozen=True)
class Options:
    """What the command line and the settings file set for one run: the game and its players,
    then the window's, the kiosk's (None: not a kiosk) and the network's own options."""

    sound: bool = True
    speed: Speed = "normal"
    rules: Rules = DEFAULT_RULES
    seed: int | None = None
    seats: tuple[SeatSpec, ...] = DEFAULT_SEATS
    fixed_seats: bool = False  # the seats came from --seats: a resumed game does not change them
    lock_panel: bool = False  # the panel cannot be changed (a kiosk's, or --lock-panel)
    lessons: bool = True  # explain what a move did the first time (never in a demonstration)
    lessons_given: frozenset[Lesson] = frozenset()  # those a window has already given
    window: WindowOptions = WindowOptions()
    kiosk: KioskOptions | None = None
    network: NetworkOptions = NetworkOptions()


class Session:
    """The game in progress, the player panel (and its clicks: ``clicks``), the player's
    settings, the autosave and the games folder."""

    def __init__(self, options: Options, store: Store | None = None) -> None:
        self.options = options
        self.store = store
        self.panel: Panel = panel_of(options.seats)
        self.rules: Rules = options.rules  # the rules of the next game
        self.speed: Speed = options.speed
        self.sound = options.sound
        self.put_aside: Game | None = None  # the unfinished game New replaced, for Undo
        self.hosting = False  # the window hosts the game on the board
        self.lessons_given = frozenset() if options.kiosk else options.lessons_given
        game = None
        if store is not None:  # the unfinished autosaved game, who played it, and the aside
            game, self.put_aside = store.resume(self.panel, options.fixed_seats)
        #: A hosted game's code (--code, the autosave's, or new): kept, so joiners rejoin.
        self.host_code = options.network.host_code or (store.host_code if store else None)
        self.resumed = len(game.moves) if game is not None else 0  # moves carried on with
        self.game = game if game is not None else self.next_game()
        if game is None:
            self.autosave()  # from now on the file always holds the game on the board
        self.clicks = PanelClicks(self, locked=options.lock_panel, network=hosts_allowed(options))

    # ------------------------------------------------------------------ files
    def autosave(self) -> None:
        """Save the game on the board (and a game put aside by New), so a crash resumes it."""
        if self.store is None:
            return
        extra: dict[str, Any] = {"put_aside": record_of(self.put_aside)} if self.put_aside else {}
        if self.host_code is not None and self.hosted:
            extra["host_code"] = self.host_code
        self.store.autosave(self.game, self.panel, extra)

    def settings(self, fullscreen: bool, window: Placement | None = None) -> Settings:
        """The settings file's view of the session now; ``window``: where the window is."""
        return Settings(settings_of(self.panel), self.speed, self.sound, self.rules, fullscreen,
                        self.lessons_given, window or self.options.window.placement)

    def remember(self, fullscreen: bool, window: Placement | None = None) -> None:
        """Write the settings if they changed (the store skips identical writes)."""
        if self.store is not None:
            self.store.save_settings(self.settings(fullscreen, window))

    def save_problem(self) -> Note | None:
        """A failure to save not yet told to the player (once for each cause)."""
        failure = self.store.news() if self.store is not None else None
        return None if failure is None else Note(f"Cannot {failure.what}: {failure.cause}.",
                                                 warn=True)

    # ------------------------------------------------------------------ the game
    def next_game(self) -> Game:
        """A game with the panel's seats and the chosen rules, each seat played as its row
        says from now on."""
        seats = seats_for_next_game(self.panel)
        seat_players(self.panel, seats)
        return Game(seats, self.rules)

    @property
    def hosted(self) -> bool:
        """Whether the window hosts the game (``hosting``) or is to: it has network seats."""
        return self.hosting or hosted(self.panel, self.game)

    @property
    def last_square(self) -> int | None:
        """The square of the last move on the board (the marker shows it), if any."""
        return self.game.moves[-1] if self.game.moves else None

    def to_move(self) -> int | None:
        """The seat to move, or None when the game is over."""
        return self.game.to_move

    def computer_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and self.panel[seat].plays_as == "computer"

    def place(self, square: int) -> Placed | Refused:
        """Play ``square`` for the seat to move, if it may."""
        game = self.game
        if game.over:
            return Refused(square, Note("The game is over: click New for another.", warn=True))
        if not game.is_legal(square):
            return Refused(square, not_yours(game.owners[square]))
        return self.accepted(game.play_shown(square))

    def accepted(self, shown: ShownCascade) -> Placed:
        """A move on the board (played here, or accepted by the host of a network game):
        autosaved, the game kept when it won, and what it did said (who it knocked out, and
        the lesson it teaches the first time)."""
        self.autosave()
        if shown.cascade.winner is not None and self.store is not None and self.keeps_games:
            self.store.keep_game(self.game, self.panel)  # every game won is kept
        notes = knocked_out(shown)
        lesson = self._lesson(shown)
        return Placed(shown, notes if lesson is None else (*notes, lesson))

    def _lesson(self, shown: ShownCascade) -> Note | None:
        """The note explaining what the move ``shown`` did, if it is a lesson not yet given."""
        if not self.options.lessons:
            return None
        lesson = first_lesson(shown, self.game, self.lessons_given)
        if lesson is None:
            return None
        self.lessons_given |= {lesson}
        return Note(lesson_line(lesson, shown, self.game), lesson=True)

    def new_game(self) -> Note:
        """A fresh game with the panel's seats; an unfinished game is put aside for Undo."""
        if self.options.kiosk:
            self.lessons_given = frozenset()  # a kiosk's next game is a visitor's first
        self._show(self.next_game(), aside=True)
        if self.put_aside is not None:
            return Note("New game. Undo brings the last one back.")
        return Note("New game.")

    def _show(self, game: Game, aside: bool = False) -> None:
        """Put ``game`` on the board; ``aside``: the game it replaces, if unfinished, is put
        aside for Undo (a finished one is not: nothing is lost; an untouched one neither, so
        the one put aside before stays)."""
        if aside and self.game.over:
            self.put_aside = None
        elif aside and self.game.moves:
            self.put_aside = self.game
        self.game = game
        self.autosave()

    # ------------------------------------------------------------------ the games folder
    @property
    def keeps_games(self) -> bool:
        """Whether games are kept and saved: a window's always, a kiosk's only when its
        operator asks (``--keep-games``), never where there are no files (a demonstration)."""
        kiosk = self.options.kiosk
        return self.store is not None and (kiosk is None or kiosk.keep_games)

    def save_game(self, shown: Session | None = None) -> Note:
        """Save the game on the board (in progress or just finished) in ``games/saved``; with
        ``shown``, the game another session shows (a joined host's) in this player's folder."""
        game, panel = (shown or self).game, (shown or self).panel
        if self.store is None or not self.keeps_games:
            return Note("Games are not saved here.", warn=True)
        if not game.moves:
            return Note("There is no move to save yet.", warn=True)
        saved = self.store.save_game(game, panel)
        if isinstance(saved, WriteFailure):
            return Note(f"Cannot save the game: {saved.cause}.", warn=True)
        return Note(f"Saved as {saved.stem} in {'your' if shown else 'the'} games folder.")

    def recent_games(self, limit: int = 20) -> list[GameEntry]:
        """The newest kept and saved games, newest first (files that are not games skipped)."""
        return self.store.recent_games(limit) if self.store is not None else []

    def open_game(self, path: Path) -> Game | Note:
        """The game a record file holds, to replay; the game on the board is not touched. A
        file that is not a game gives a warning Note of one line."""
        try:
            return open_record(path)[0]
        except Unreadable as exc:
            if self.store is not None:
                self.store.warn(str(exc))
            return Note(exc.note, warn=True)

    def play_on(self, game: Game) -> Note:
        """Play on from ``game``'s position (a copy): its seats play as the panel says, one the
        panel has not in play as a human (it leaves at the next game); the game on the board
        is put aside for Undo as New does."""
        if game.over:
            return Note("The game is over here: step back to play on.", warn=True)
        seat_players(self.panel, game.seats)
        self._show(game.copy(), aside=True)
        moves = f"after {plural(len(game.moves), 'move')}" if game.moves else "from the start"
        undo = " Undo brings the last game back." if self.put_aside is not None else ""
        return Note(f"Playing on {moves}.{undo}")

    def undo_count(self) -> int:
        """How many moves Undo takes back: back to before the last move a seat played by a
        human made (just one move when no human plays; none if no human has moved yet)."""
        game = self.game
        if not game.can_undo():
            return 0
        humans = {s for s in game.seats if self.panel[s].plays_as == "human"}
        if not humans:
            return 1
        for back, seat in enumerate(reversed(game.movers()), start=1):
            if seat in humans:
                return back
        return 0

    def can_undo(self) -> bool:
        """Whether Undo does anything (never in a hosted game: the host keeps its moves)."""
        return not self.hosted and (self.undo_count() > 0 or self.put_aside is not None)

    def undo(self) -> Note:
        """Take back moves until a human's move is taken back (one move if no human plays);
        with none to take back, bring back the game New (or Play on) put aside."""
        if self.hosted:
            return Note("A network game's moves stay: there is no undo.", warn=True)
        taken = self.undo_count()
        if taken == 0 and self.put_aside is not None:
            game, self.put_aside = self.put_aside, None
            self._show(game)
            return Note("The last game is back.")
        if taken == 0:
            why = "no move" if not self.game.can_undo() else "no move of a human player"
            return Note(f"There is {why} to take back.", warn=True)
        for _ in range(taken):
            self.game.undo()
        self._show(self.game)
        return Note(f"Took back {plural(taken, 'move')}.")

    def back_to_operator(self) -> Note:
        """A kiosk's next visitor: the operator's seats, speed, sound and rules, a fresh game
        (whatever the last visitor changed is put back, and their game is not kept)."""
        options = self.options
        self.panel = panel_of(options.seats)
        self.speed, self.rules, self.sound = options.speed, options.rules, options.sound
        self.put_aside = None
        self.lessons_given = frozenset()
        self._show(self.next_game())
        return Note("Your game! Click an empty square to start.")

    # ------------------------------------------------------------------ settings
    def step_speed(self, step: int) -> Note:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + step) % len(SPEEDS)]
        return Note(f"Speed: {self.speed}.")

    def toggle_sound(self) -> Note:
        self.sound = not self.sound
        return Note("Sound on." if self.sound else "Sound off.")

    def choose_rules(self, rules: Rules) -> Note:
        """Choose the next game's rules; a kiosk keeps its operator's, a joiner its host's."""
        if self.options.kiosk or self.options.network.join:
            whose = "this kiosk" if self.options.kiosk else "the host's game"
            return Note(f"The rules are set for {whose}: {self.game.rules}.")
        self.rules = rules
        when = ", as now" if rules == self.game.rules else " from the next game"
        return Note(f"{rules.capitalize()} rules{when}.")

    @property
    def explaining(self) -> bool:
        """True while some move has still to be explained the first time it happens."""
        return self.options.lessons and self.lessons_given != frozenset(Lesson)

    def explain(self, on: bool) -> Note:
        """Explain each new thing a move does again (``on``), or no more (not in a kiosk)."""
        if self.options.kiosk:
            return Note("This kiosk explains each visitor's first moves.")
        self.lessons_given = frozenset() if on else frozenset(Lesson)
        return Note("Each new thing a move does will be explained." if on else
                    "No more explanations of moves.")


def hosts_allowed(options: Options) -> bool:
    """Whether a seat may be made a network seat: in a window, and in a kiosk only when its
    operator's ``--seats`` has one."""
    return not options.kiosk or (options.fixed_seats and
                                 any(row.kind == "network" for row in options.seats))


def demo_options(options: Options, seats: tuple[SeatSpec, ...], speed: Speed) -> Options:
    """The options of a demonstration game: the given computer seats, silent, nothing saved,
    no lessons."""
    return replace(options, seats=seats, speed=speed, sound=False, fixed_seats=True,
                   lock_panel=True, lessons=False)
