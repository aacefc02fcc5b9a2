"""The site's pages for games, one module per family: ``games`` (lobby, creating and
joining, the game page and its no-script forms), ``moderation``, ``absences``,
``profiles`` and ``pictures``. Each view checks who asks, calls one service or selector
and renders; games/urls.py routes them."""
