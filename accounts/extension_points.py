"""Where the apps above accounts plug into a player's own data: accounts imports nothing
above it, so the apps that hold a player's data (games, notifications, tournaments)
register here, in their ``AppConfig.ready()``, what they give for his download and what
they do when he closes his account. Nothing registers at import time.

The closing steps run in the transaction that closes the account, so a step that fails
leaves the account open and nothing half done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.contrib.auth.models import AbstractBaseUser


@dataclass(frozen=True)
class DataSection:
    """One part of a player's download: ``read(user)`` gives plain JSON values (only what
    the player may see), put under ``key``."""

    key: str
    read: Callable[[AbstractBaseUser], Any]


#: What each app does when a player closes his account, given the account before its
#: name and address are erased.
ClosingStep = Callable[[AbstractBaseUser], None]


T = TypeVar("T")


class Point(Generic[T]):
    """Entries apps register, asked in the order they were registered (again: no change)."""

    def __init__(self) -> None:
        self._entries: list[T] = []

    def register(self, entry: T) -> None:
        if entry not in self._entries:
            self._entries.append(entry)

    def unregister(self, entry: T) -> None:
        if entry in self._entries:
            self._entries.remove(entry)

    def entries(self) -> tuple[T, ...]:
        return tuple(self._entries)


data_sections: Point[DataSection] = Point()
closing_steps: Point[ClosingStep] = Point()
