"""Kiosk supervision: start the game process, restart it when it dies, wait for a display.

Imports ``chainplus.app`` (where the log is kept) and below; the window starts it.
"""
