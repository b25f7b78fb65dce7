"""The online club: accounts, a lobby, tables as actors, real-time play over websockets.

The rules engine knows nothing of this package; the server only calls it. See
``docs/server.md`` for running, configuration, the protocol and scaling.
"""

from __future__ import annotations

__all__: list[str] = []
