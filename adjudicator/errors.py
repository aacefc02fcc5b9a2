"""The two kinds of bad input, kept apart.

A position or an order that cannot be *read* raises one of these errors. An
order that can be read but breaks the rules is not an error at all: it is
adjudicated, and its result says ``void`` with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping


class AdjudicatorError(ValueError):
    """Base class of everything the adjudicator raises on unreadable input."""


class PositionError(AdjudicatorError):
    """A position that cannot be read; ``path`` says where (``units.england[2]``)."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def at(self, prefix: str) -> PositionError:
        """The same error, with its path placed under ``prefix``."""
        path = (
            f"{prefix}.{self.path}"
            if self.path and not self.path.startswith("[")
            else (f"{prefix}{self.path}")
        )
        return PositionError(self.message, path)


class ParseError(AdjudicatorError):
    """An order that cannot be read, with a message a player understands.

    ``code`` names the problem and ``params`` fill it in (province names, words of the
    order), so a site can say the same in another language; ``message`` is the English.
    """

    def __init__(
        self,
        message: str,
        text: str = "",
        code: str = "",
        params: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.code = code
        self.params: dict[str, str] = dict(params or {})


class UnknownVariant(AdjudicatorError):
    """No variant of that name (or alias) is known."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown variant {name!r}")
        self.name = name


class UnknownMap(AdjudicatorError):
    """No map file of that name exists."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown map {name!r}")
        self.name = name
