"""Play over the network: the protocol (``protocol``, its lines bounded by ``framing`` and
its values checked by ``fields``); the host that is the authority over a game (``host``, on a
``loop_thread``, with ``door`` where its connections come in, kept in check by ``gate`` and
``peer``, ``hosted_game`` for the game, ``holders`` for who holds each seat and whose token
it is, ``move_clock`` for a network seat's time, ``pace`` and ``computer`` for its computer
seats, and ``codes`` for join codes); a joiner's connection and the game as the host says it
(``client``), its line to a host, joined again after each drop (``link``, a window's and the
bot's), and the network bot (``bot``: a link, the game, and ``computer``'s moves). Each takes
its time and its connections from a ``transport.Network`` (a ``clock.Clock`` and a
``transport.Transport``: the real ones unless a test hands in its own, ``tests/net_fakes.py``).
Standard library only; nothing here draws, so a window and a headless host share it all.
"""
