"""Multiple Void: two to six players draft their units onto an empty board."""

from adjudicator.variants.multiple_void.rules import MultipleVoid

__all__ = ["MultipleVoid"]
