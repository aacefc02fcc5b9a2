"""The standard game: the 2000 rulebook with the DATC's preferred choices."""

from adjudicator.variants.standard.rules import Standard

__all__ = ["Standard"]
