"""Tournaments, the library: settings, pairings, duplicate deals and scores, standings,
records and their verification (``docs/tournaments.md``).

Pure library: it imports the rules, the fairness scheme, the sheet and the notation, never
the club. The club (``preferans.server.tournaments``) runs the tables on top of it.
"""
