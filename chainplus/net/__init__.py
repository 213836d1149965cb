"""Play over the network: the protocol (``protocol``), the host that is the authority over a
game (``host``, with ``peer`` for each connection and ``seats`` for who plays each seat),
a joiner's connection and game (``client``) and the network bot (``bot``). Standard
library only; nothing here draws, so a window and a headless host share it all.
"""
