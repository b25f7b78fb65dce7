"""Placeholder while the sampling level is written."""

from __future__ import annotations

from preferans.bots.heuristic import HeuristicBot


class SamplingBot(HeuristicBot):
    name = "sampling"
