"""Highlander: Diplomacy for two, with secret nomination and twin-board duels."""

from adjudicator.variants.highlander.rules import Highlander

__all__ = ["Highlander"]
