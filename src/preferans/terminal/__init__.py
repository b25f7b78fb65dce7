"""The terminal client: a pulya against bots (``preferans play``) and record replay.

``session`` holds a game independent of any screen (moves, save, resume); ``game`` is the
keyboard loop; ``render`` and ``i18n`` turn the engine's values into Russian or English
markup; ``parse`` reads what a person types; ``analysis`` asks the solver about a position.
"""
