"""Play over the network: the protocol (``protocol``, ``framing``, ``fields``), the host that is
the authority over a game (``host`` and the modules it is built from), a joiner's view of a game
(``client``) and its line to a host, joined again after each drop (``link``), and the network
bot (``bot``). Each takes its time and connections from a ``transport.Network`` (a
``common.clock.Clock`` and a transport), so a test can hand in its own (``tests/net_fakes.py``).
Standard library only; nothing here draws, so a window and a headless host share it all.
"""
