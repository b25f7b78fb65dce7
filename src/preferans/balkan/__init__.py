"""The Balkan (Serbian) variant family: its phases (:mod:`.engine`, :mod:`.state`), its
bula sheet (:mod:`.sheet`), its bots' evaluation (:mod:`.bot`, :mod:`.sampling`,
:mod:`.inference`, :mod:`.payoff`) and its answers to the family protocol
(:mod:`.family`). Nothing outside this package imports it: the shared rooms reach it
through :func:`preferans.families.family_of`."""
