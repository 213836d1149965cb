"""The window's game without the window: what a person plays, with its panel, settings and files.

The window (``chainplus.ui``) shows a ``Session`` and turns clicks into calls, and never writes
its fields or its panel: it says what it wants (``host``, ``show_remote``...). Every call
returns a typed outcome (a ``Note`` for the message line, ``Placed`` for a move to animate),
so all of it is tested without pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from chainplus.app.files import Files, resume_within
from chainplus.app.games import GameEntry, Opened
from chainplus.app.lessons import Lesson
from chainplus.app.options import Options, hosts_allowed
from chainplus.app.outcomes import Note, Placed, Refused, knocked_out, not_yours
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
from chainplus.app.puzzle_record import Progress, Tally
from chainplus.app.seats import SeatSpec
from chainplus.app.settings import SPEEDS, Settings, Speed
from chainplus.app.store import Store
from chainplus.app.tutor import Tutor
from chainplus.app.undo import UndoHistory
from chainplus.app.words import rules_name, speed_name
from chainplus.common.language import _, ngettext
from chainplus.core.game import Game, ShownCascade
from chainplus.core.rules import Rules


class Session:
    """The game on the board, the player panel (its clicks: ``clicks``) and the settings a
    player changes with the icons; its files (``files``), what Undo takes back (``history``)
    and the lessons given (``tutor``)."""

    def __init__(self, options: Options, store: Store | None = None) -> None:
        self.options = options
        self.store = store
        kiosk = options.kiosk
        self.files = Files(store, keeps_games=kiosk is None or kiosk.keep_games,
                           within=None if kiosk is None else resume_within(kiosk.idle_seconds))
        self.panel: Panel = panel_of(options.seats)
        self.rules: Rules = options.rules  # the rules of the next game
        self.speed: Speed = options.speed
        self.sound = options.sound
        self.hosting = False  # the window hosts the game on the board
        self.lan = options.network.lan  # the games it hosts are open to the local network
        self.language = options.language  # chosen in the window and remembered ("": system's)
        #: The player's puzzles (a kiosk's visitors each start afresh: nothing is kept).
        self.puzzles = store.puzzles if store is not None and kiosk is None else Progress()
        #: A kiosk's count of its visitors' tries at each puzzle (read when first asked).
        self._tallies: dict[int, Tally] | None = None
        self.tutor = Tutor(options.lessons, options.lessons_given, kiosk=kiosk is not None)
        game, aside = self.files.resume(self.panel, options.fixed_seats)
        self.history = UndoHistory(aside)  # the game New put aside, for Undo
        #: A hosted game's code (--code, the autosave's, or new): kept, so joiners rejoin.
        self.host_code = options.network.host_code or (store.host_code if store else None)
        self.resumed = len(game.moves) if game is not None else 0  # moves carried on with
        self.game = game if game is not None else self.next_game()
        if game is None:
            self.autosave()  # from now on the file always holds the game on the board
        self.clicks = PanelClicks(self, locked=options.lock_panel, network=hosts_allowed(options))

    # ------------------------------------------------------------------ files
    def autosave(self) -> None:
        """Save the game on the board (with the game put aside and a hosted game's code), so a
        crash resumes it."""
        code = self.host_code if self.host_code is not None and self.hosted else None
        self.files.autosave(self.game, self.panel, self.history.put_aside, code)

    def settings(self, fullscreen: bool, window: Placement | None = None) -> Settings:
        """The settings file's view of the session now; ``window``: where the window is."""
        return Settings(settings_of(self.panel), self.speed, self.sound, self.rules, fullscreen,
                        self.lessons_given, window or self.options.window.placement,
                        lan=self.lan, puzzles=self.puzzles, language=self.language)

    @property
    def first_run(self) -> bool:
        """Whether the player runs the game for the first time (there were no settings)."""
        return self.files.first_run

    def remember(self, fullscreen: bool, window: Placement | None = None) -> None:
        self.files.remember(self.settings(fullscreen, window))

    def save_problem(self) -> Note | None:
        """A failure to save not yet told to the player (once for each cause)."""
        return self.files.problem()

    def save_game(self, shown: Session | None = None) -> Note:
        """Save the game on the board (in progress or just finished) in ``games/saved``; with
        ``shown``, the game another session shows (a joined host's) in this player's folder."""
        game, panel = (shown or self).game, (shown or self).panel
        return self.files.save(game, panel, joined=shown is not None)

    def recent_games(self, limit: int = 20) -> list[GameEntry]:
        """The newest kept and saved games, newest first (files that are not games skipped)."""
        return self.files.recent(limit)

    def open_game(self, path: Path) -> Opened | Note:
        """The game a record file holds, with who played it, to replay (the game on the board
        is not touched), or a warning Note of one line."""
        return self.files.open(path)

    # ------------------------------------------------------------------ puzzles
    def tally(self, number: int) -> Tally:
        """How a kiosk's visitors did at puzzle ``number`` (nobody, elsewhere)."""
        if self._tallies is None:
            store = self.store
            self._tallies = store.load_tallies() if store and self.options.kiosk else {}
        return self._tallies.get(number, Tally())

    def count_visitor(self, number: int, solved: bool) -> Tally:
        """A kiosk's visitor tried puzzle ``number`` and ``solved`` it or not: counted, and
        kept across restarts (a window counts nothing)."""
        tally = self.tally(number)
        if self.options.kiosk is None or self._tallies is None:
            return tally
        tally = self._tallies[number] = tally.counted(solved)
        if self.store is not None:
            self.store.save_tallies(self._tallies)
        return tally

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
    def listen(self) -> str:
        """Where the window's host listens: as ``--listen`` says, else this computer only
        (127.0.0.1) unless the player opened hosting to the local network (0.0.0.0: every
        IPv4 interface; IPv6 only when ``--listen`` asks, so the title shows every address
        others can reach)."""
        given = self.options.network.listen
        if given is not None:
            return given
        return "0.0.0.0" if self.lan else "127.0.0.1"

    @property
    def last_square(self) -> int | None:
        """The square of the last move on the board (the marker shows it), if any."""
        return self.game.moves[-1] if self.game.moves else None

    def to_move(self) -> int | None:
        return self.game.to_move

    def computer_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and self.panel[seat].plays_as == "computer"

    def place(self, square: int) -> Placed | Refused:
        """Play ``square`` for the seat to move, if it may."""
        game = self.game
        if game.over:
            return Refused(square, Note(_("The game is over: click New for another."),
                                        warn=True))
        if not game.is_legal(square):
            return Refused(square, not_yours(game.owners[square]))
        return self.accepted(game.play_shown(square))

    def accepted(self, shown: ShownCascade) -> Placed:
        """A move on the board (played here, or accepted by a network game's host): autosaved,
        the game kept when won, and what it did said (who it knocked out, any first lesson)."""
        self.autosave()
        if shown.cascade.winner is not None:
            self.files.keep_won(self.game, self.panel)  # every game won is kept
        notes = knocked_out(shown)
        lesson = self.tutor.note(shown, self.game)
        return Placed(shown, notes if lesson is None else (*notes, lesson))

    def new_game(self) -> Note:
        """A fresh game with the panel's seats; an unfinished game is put aside for Undo."""
        self.tutor.new_game()
        self._show(self.next_game(), aside=True)
        if self.history.put_aside is not None:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("New game. Undo brings the last one back."))
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("New game."))

    def play_on(self, game: Game) -> Note:
        """Play on from ``game``'s position (a copy): its seats play as the panel says, one the
        panel has not in play as a human (it leaves at the next game); the game on the board
        is put aside for Undo as New does."""
        if game.over:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("The game is over here: step back to play on."), warn=True)
        seat_players(self.panel, game.seats)
        self._show(game.copy(), aside=True)
        count, undo = len(game.moves), self.history.put_aside is not None
        if count and undo:
            # Translators: the help box, 3 lines of 22 characters.
            text = ngettext("Playing on after {count} move. Undo brings the last game back.",
                            "Playing on after {count} moves. Undo brings the last game back.",
                            count)
        elif count:
            # Translators: the help box, 3 lines of 22 characters.
            text = ngettext("Playing on after {count} move.", "Playing on after {count} moves.",
                            count)
        elif undo:
            # Translators: the help box, 3 lines of 22 characters.
            text = _("Playing on from the start. Undo brings the last game back.")
        else:
            # Translators: the help box, 3 lines of 22 characters.
            text = _("Playing on from the start.")
        return Note(text.format(count=count))

    def _show(self, game: Game, aside: bool = False) -> None:
        """Put ``game`` on the board, autosaved; ``aside``: the game it replaces may be put
        aside for Undo (``UndoHistory.replaced``)."""
        if aside:
            self.history.replaced(self.game)
        self.game = game
        self.autosave()

    # ------------------------------------------------------------------ a network game
    def host(self, code: str) -> None:
        """The window hosts the game on the board with join ``code``, kept (and autosaved) so
        joiners rejoin, and a restarted window hosts it again."""
        self.host_code, self.hosting = code, True
        self.autosave()

    def stop_hosting(self) -> None:
        self.hosting = False

    def network_seats_play_here(self) -> None:
        """The game's network seats are played by humans here (the window cannot host)."""
        for seat in self.game.seats:
            row = self.panel[seat]
            if row.plays_as == "network":
                row.kind = row.plays_as = "human"

    def toggle_lan(self) -> Note:
        """Open the games hosted here to the local network, or keep them to this computer."""
        self.lan = not self.lan
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Games hosted here: open to your local network.") if self.lan
                    # Translators: the help box, 3 lines of 22 characters.
                    else _("Games hosted here: this computer only."))

    def show_remote(self, game: Game) -> None:
        """Show ``game`` as its host has it (a network game's host decides it)."""
        self.game = game

    def show_host_seats(self, seats: Sequence[SeatSpec]) -> None:
        """The panel shows the seats of the host's game (a joined window's)."""
        self.panel.update(panel_of(seats))

    def leave_remote(self, shown: Session) -> None:
        """Back from the host's game ``shown``: its speed and sound, and the lessons given
        there, are this session's from now on."""
        self.speed, self.sound = shown.speed, shown.sound
        self.lessons_given |= shown.lessons_given

    # ------------------------------------------------------------------ undo
    def undo_count(self) -> int:
        """How many moves Undo takes back (``UndoHistory.count``)."""
        return self.history.count(self.game, self.panel)

    def can_undo(self) -> bool:
        """Whether Undo does anything (never in a hosted game: the host keeps its moves)."""
        return not self.hosted and self.history.can_undo(self.game, self.panel)

    def undo(self) -> Note:
        """``UndoHistory.undo``, never in a hosted game."""
        if self.hosted:
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("A network game's moves stay: there is no undo."), warn=True)
        game, note = self.history.undo(self.game, self.panel)
        if game is not None:
            self._show(game)
        return note

    def back_to_operator(self, verb: str = "Click") -> Note:
        """A kiosk's next visitor: the operator's seats, speed, sound and rules, a fresh game
        (whatever the last visitor changed is put back, and their game is not kept); the
        greeting asks them to ``verb`` a square ("Click", or "Touch" on a touch screen: the
        English word, as ``Pointing.verb`` gives it)."""
        options = self.options
        self.panel = panel_of(options.seats)
        self.speed, self.rules, self.sound = options.speed, options.rules, options.sound
        self.history = UndoHistory()
        self.tutor.given = frozenset()
        self.puzzles = Progress()
        self._show(self.next_game())
        if verb == "Touch":
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("Your game! Touch an empty square to start."))
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Your game! Click an empty square to start."))

    # ------------------------------------------------------------------ settings
    def step_speed(self, step: int) -> Note:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + step) % len(SPEEDS)]
        # Translators: the help box (three lines of 22 characters); {speed} is "slow", "normal",
        # "fast" or "instant".
        return Note(_("Speed: {speed}.").format(speed=speed_name(self.speed)))

    def toggle_sound(self) -> Note:
        self.sound = not self.sound
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Sound on.") if self.sound else _("Sound off."))

    def choose_rules(self, rules: Rules) -> Note:
        """Choose the next game's rules; a kiosk keeps its operator's, a joiner its host's."""
        if self.options.kiosk or self.options.network.join:
            # Translators: the help box (three lines of 22 characters); {rules} is the rules' name
            # ("acorn", "classic").
            text = (_("The rules are set for this kiosk: {rules}.") if self.options.kiosk
                    # Translators: the help box, 3 lines of 22 characters.
                    else _("The rules are set for the host's game: {rules}."))
            return Note(text.format(rules=rules_name(self.game.rules)))
        self.rules = rules
        now = rules == self.game.rules
        if rules == "acorn":
            # Translators: the help box, 3 lines of 22 characters.
            return Note(_("Acorn rules, as now.") if now else _("Acorn rules from the next game."))
        # Translators: the help box, 3 lines of 22 characters.
        return Note(_("Classic rules, as now.") if now else _("Classic rules from the next game."))

    # ------------------------------------------------------------------ lessons
    @property
    def lessons_given(self) -> frozenset[Lesson]:
        """The lessons the player has been given (the settings file remembers a window's)."""
        return self.tutor.given

    @lessons_given.setter
    def lessons_given(self, given: frozenset[Lesson]) -> None:
        self.tutor.given = given

    @property
    def explaining(self) -> bool:
        """True while some move has still to be explained the first time it happens."""
        return self.tutor.explaining

    def explain(self, on: bool) -> Note:
        """Explain each new thing a move does again (``on``), or no more (not in a kiosk)."""
        return self.tutor.explain(on)

