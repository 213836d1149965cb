"""How good a position looks for one seat: the judgement behind levels 3-5.

Chain Reaction turns on *loaded* squares (one piece short of exploding): a loaded square next
to a rival's loaded square is a fight that whoever moves first wins, and a loaded square with
no loaded rival beside it is a weapon. The score below counts pieces, rewards safe corners and
edges (they load quickly), safe loaded squares and runs of them (chains that explode together),
and charges a square for every loaded rival square that could capture it. Plain loops over
precomputed tables: it runs tens of thousands of times per move.
"""

from __future__ import annotations

from .game import Game
from .rules import MASS, NEIGHBOURS, RULES, SQUARES, most_held

#: Scores at or beyond this mean the game is decided (a win or a loss, adjusted by distance).
WIN = 1_000_000

#: Most pieces a square can hold without exploding, per rule set.
LOADED_AT: dict[str, tuple[int, ...]] = {rules: most_held(rules) for rules in RULES}

#: Bonus for a square no rival can capture next move: corners and edges load in fewer pieces.
SAFE_BONUS: tuple[int, ...] = tuple({2: 3, 3: 2, 4: 0}[m] for m in MASS)

#: Cost of sitting next to a loaded rival square, by that square's mass: a loaded corner
#: needs one piece to fire, and a corner is hard to take back.
DANGER: tuple[int, ...] = tuple(5 - m for m in MASS)

_SQUARES = range(SQUARES)


def seat_scores(game: Game) -> list[int]:
    """A heuristic value for every seat (indexed by seat, 0 unused); higher is better.

    The seat to move gets half the danger charge: it can fire first and often wins the fight.
    Danger is pushed out from the loaded squares (usually a few) rather than gathered by
    every square from its neighbours: the same sums in fewer steps.
    """
    counts = game.counts
    owners = game.owners
    loaded_at = LOADED_AT[game.rules]
    to_move = game.to_move
    # a piece on a square means it is owned, so every loaded square has an owner
    loaded = [sq for sq, count, top in zip(_SQUARES, counts, loaded_at) if count == top]
    danger = [0] * SQUARES
    for sq in loaded:
        owner = owners[sq]
        hit = DANGER[sq]
        for n in NEIGHBOURS[sq]:
            other = owners[n]
            if other and other != owner:
                danger[n] += hit
    scores = [0, 0, 0, 0, 0]
    for owner, count, hurt, bonus in zip(owners, counts, danger, SAFE_BONUS):
        if owner:
            if hurt:
                scores[owner] += count - (hurt >> 1 if owner == to_move else hurt)
            else:
                scores[owner] += count + bonus
    # a safe loaded square is a weapon, and a run of them fires together (each link once)
    for sq in loaded:
        if not danger[sq]:
            owner = owners[sq]
            value = 2
            for n in NEIGHBOURS[sq]:
                if n > sq and owners[n] == owner and counts[n] == loaded_at[n]:
                    value += 2
            scores[owner] += value
    return scores


def evaluate(game: Game, me: int) -> int:
    """The position's value for seat ``me``: its score minus the mean of its rivals' scores.

    A finished game is +WIN or -WIN; a seat knocked out is -WIN.
    """
    winner = game.winner
    if winner is not None:
        return WIN if winner == me else -WIN
    if me not in game.alive:
        return -WIN
    scores = seat_scores(game)
    rivals = [s for s in game.alive if s != me]
    return scores[me] * len(rivals) - sum(scores[s] for s in rivals)
