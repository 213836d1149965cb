"""Positions from real games, and how often each seat goes on to win them between equal players.

The raw material of ``predictability`` (how much a judgement can know) and of ``judgefit`` (the
judgement fitted to who won). Everything is seeded, so a sample is the same on any machine:

* ``real_game``: game ``index`` of a seed, played to its end by computer players: 2, 3 or 4
  seats (half of the games two), either rule, and every seat at one level drawn from 3, 4 at
  10 % random and 5 at ``GAME_NODES`` positions a move, after two random placements (so games
  differ). Every seat plays at the same level: between a stronger and a weaker player the
  winner follows from who they are, which no judgement of a position can know.
* ``sample``: one position of that game, in the phase ``index`` names (pieces on the board,
  ``PHASES``), with the game's winner and the wins of each seat in ``playouts`` games played
  on from it by level 5 against itself at ``PLAYOUT_NODES`` positions a move, each seeded.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.core.game import Game
from chainplus.core.rules import RULES, Rules

T = TypeVar("T")

#: The phases of a game by the pieces on the board: each is from its bound to the next one's.
PHASES = (0, 40, 80, 120)
#: The players of a real game: (level, random %), every seat alike.
LEVELS = ((3, 0), (4, 10), (5, 0))
#: Level 5's positions a move in real games, and in the playouts.
GAME_NODES = 1000
PLAYOUT_NODES = 300
#: Random placements that open every real game.
OPENING = 2
#: A game this long has gone wrong (games end within 250 placements).
LONGEST = 2000


def phase_of(pieces: int) -> int:
    """The phase (an index of ``PHASES``) of a board with ``pieces`` pieces on it."""
    return sum(pieces >= bound for bound in PHASES) - 1


Player = tuple[int, int]


@dataclass(frozen=True)
class RealGame:
    """A game played to its end: its seats, rules, players (each seat's level and random %, in
    ``seats``' order) and placements."""

    seats: tuple[int, ...]
    rules: Rules
    players: tuple[Player, ...]
    moves: tuple[int, ...]

    def board(self, placements: int | None = None) -> Game:
        """The board after the first ``placements`` placements (all of them when None)."""
        game = Game(self.seats, self.rules)
        for square in self.moves[:placements]:
            game.play(square)
        return game

    def as_data(self) -> dict[str, Any]:
        """The game as JSON-ready data, for a measuring tool's line."""
        return {"seats": list(self.seats), "rules": self.rules,
                "players": [list(p) for p in self.players], "moves": list(self.moves)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> RealGame:
        """The game in ``as_data``'s keys of ``data`` (KeyError, TypeError or ValueError if
        they are not one)."""
        return cls(tuple(int(s) for s in data["seats"]), data["rules"],
                   tuple((int(level), int(pct)) for level, pct in data["players"]),
                   tuple(int(m) for m in data["moves"]))


def play_out(game: Game, players: dict[int, Player], rng: random.Random, nodes: int) -> Game:
    """``game`` played on to its end, each seat by its level and random % in ``players``
    (level 5 at ``nodes`` positions a move); ``game`` itself is changed."""
    while game.winner is None:
        if len(game.moves) >= LONGEST:
            raise RuntimeError(f"a game went past {LONGEST} placements")
        level, random_pct = players[game.to_move or 0]
        game.play(choose_move(game, level, random_pct, rng, limit=Limit(nodes=nodes)))
    return game


def real_game(seed: int, index: int, game_nodes: int = GAME_NODES, *,
              mixed: bool = False, levels: Sequence[Player] = LEVELS) -> RealGame:
    """Game ``index`` of ``seed`` (module docstring), its players drawn from ``levels``;
    ``mixed``: each seat's drawn on its own rather than one for all."""
    rng = random.Random(f"{seed}:game:{index}")
    seats = tuple(range(1, rng.choice((2, 2, 3, 4)) + 1))
    rules = rng.choice(RULES)
    player = rng.choice(levels)
    players = tuple(rng.choice(levels) if mixed else player for _ in seats)
    game = Game(seats, rules)
    for _ in range(OPENING):
        game.play(game.random_move(rng))
    play_out(game, dict(zip(seats, players, strict=True)), rng, game_nodes)
    return RealGame(seats, rules, players, tuple(game.moves))


def judged_positions(game: RealGame) -> dict[int, int]:
    """The placements after which ``game``'s position is worth judging (every seat has placed
    and nobody has won yet), each with the pieces then on the board."""
    board = Game(game.seats, game.rules)
    found = {}
    for number, square in enumerate(game.moves):
        if number >= len(game.seats):
            found[number] = board.total_pieces()
        board.play(square)
    return found


@dataclass(frozen=True)
class Sample:
    """One position of a real game: the game (``game``, its ``winner``), the ``placements``
    made before the position, its ``pieces`` on the board and the seats ``alive``; ``wins``
    is each seat's playouts won (indexed by seat, 0 unused) and ``today`` the judgement of the
    position when sampled (indexed likewise)."""

    index: int
    game: RealGame
    placements: int
    pieces: int
    alive: tuple[int, ...]
    winner: int
    wins: tuple[int, ...]
    today: tuple[float, ...]

    def board(self) -> Game:
        return self.game.board(self.placements)

    def as_data(self) -> dict[str, Any]:
        """The sample as one JSON-ready line."""
        return {"index": self.index, **self.game.as_data(),
                "placements": self.placements, "pieces": self.pieces,
                "alive": list(self.alive), "winner": self.winner, "wins": list(self.wins),
                "today": list(self.today)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Sample:
        """A sample from ``as_data``'s line (KeyError, TypeError or ValueError if it is not
        one)."""
        return cls(int(data["index"]), RealGame.from_data(data), int(data["placements"]),
                   int(data["pieces"]),
                   tuple(int(s) for s in data["alive"]), int(data["winner"]),
                   tuple(int(w) for w in data["wins"]),
                   tuple(float(v) for v in data["today"]))


def sample(seed: int, index: int, playouts: int, *,
           judge: Callable[[Game], tuple[float, ...]],
           game_nodes: int = GAME_NODES, playout_nodes: int = PLAYOUT_NODES) -> Sample:
    """Sample ``index`` of ``seed``: a position of ``real_game(seed, index)`` in phase
    ``index % len(PHASES)`` (or, in a game that never reached it, the latest phase it did),
    drawn at random among its positions there, played out ``playouts`` times; ``judge`` is
    the judgement recorded with it."""
    game = real_game(seed, index, game_nodes)
    rng = random.Random(f"{seed}:sample:{index}")
    pieces = judged_positions(game)
    candidates = sorted(pieces)
    wanted = index % len(PHASES)
    reached = [n for n in candidates if phase_of(pieces[n]) == wanted]
    if not reached:
        latest = max(phase_of(p) for p in pieces.values())
        reached = [n for n in candidates if phase_of(pieces[n]) == latest]
    placements = rng.choice(reached)
    board = game.board(placements)
    final = game.board()
    wins = [0] * 5
    for number in range(playouts):
        out = play_out(board.copy(), dict.fromkeys(game.seats, (5, 0)),
                       random.Random(f"{seed}:{index}:playout:{number}"), playout_nodes)
        wins[out.winner or 0] += 1
    return Sample(index, game, placements, pieces[placements], tuple(board.alive),
                  final.winner or 0, tuple(wins), judge(board))


def read_lines(paths: Sequence[str], what: str, parse: Callable[[Any], T]) -> list[T]:
    """Each JSON line of the files a measuring tool wrote, ``parse``d, in order; ValueError
    with one line saying where for a file that cannot be read or a line that is not ``what``."""
    found: list[T] = []
    for path in paths:
        try:
            lines = Path(path).read_text().splitlines()
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        for number, line in enumerate(lines, 1):
            try:
                found.append(parse(json.loads(line)))
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{path}, line {number}: not {what}") from None
    return found
