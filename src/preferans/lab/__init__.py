"""The bot laboratory: engines as separate processes, matches between versions, the ladder.

:mod:`preferans.lab.protocol` defines the JSON-lines messages (docs/protocol.md),
:mod:`preferans.lab.views` turns a view into JSON and back, :mod:`preferans.lab.engine`
is the engine side (``preferans bot``), :mod:`preferans.lab.runner` drives an external
engine as a subprocess, :mod:`preferans.lab.players` resolves the bot specifications of
``preferans match`` (``sampling:samples=64``, ``cmd:COMMAND``),
:mod:`preferans.lab.stats` holds Student's t and the sequential test, and
:mod:`preferans.bots.oracle` is the perfect-information reference level.
"""
