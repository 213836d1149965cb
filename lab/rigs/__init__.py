"""Development rigs that drive the game window headless, run from a clone (``python -m
lab.rigs.NAME``, CONTRIBUTING.md, "The rigs"): the monkey soak (``monkey``, with its
``monkey_events`` and ``monkey_checks``), a kiosk's long day (``longday``), the window's frame
times (``uibench``, ``uibench_review``), its share of a core at rest (``restbench``), how
quickly it shows network moves (``netbench``, ``netbench_windows``, ``move_times``), its
memory with Rules open while guests with the code join and leave (``churnwindow``) and, with
no window, what such guests cost a host's players (``churnbench``);
``timed_window`` opens and times the window for the benchmarks.

``fakes`` are the stand-ins the rigs drive the window with and the tests share: a hand-moved
clock, sounds recorded instead of played, and the devices of a repeatable headless App.
"""
