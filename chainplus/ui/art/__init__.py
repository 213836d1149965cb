"""The game's look and sound, made in code: palette and layout, the pixel font, the icon
glyphs, RISC OS widgets, the board and the player panel drawn, and the sounds.

Draws on surfaces it is given and knows nothing of modes or events. Imports pygame,
``chainplus.app`` (the panel it draws) and ``chainplus.core``.
"""
