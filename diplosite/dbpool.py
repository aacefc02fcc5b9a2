"""A process forked from one that uses the PostgreSQL connection pool starts a pool of its
own (settings.py turns the pool on; this module is imported there).

The pool's idle connections are sockets that a child shares with its parent after
``fork()``: if both used one, each would read the other's answers ("connection in
transaction status INTRANS", "the last operation didn't produce records", seen in the live
server that the browser tests fork). So the child forgets the pools it inherited; Django
opens a new one at its first query. The parent's pools are kept referenced, never closed
or collected in the child: closing them would end the parent's sessions.
"""

from __future__ import annotations

import os
import sys

#: The pools a forked child inherited: left alone, for the parent's sake.
_inherited: list[object] = []


def forget_inherited_pools() -> None:
    """Drop the connection pools of the process this one was forked from."""
    backend = sys.modules.get("django.db.backends.postgresql.base")
    if backend is None:  # nothing was pooled before the fork
        return
    pools = backend.DatabaseWrapper._connection_pools
    _inherited.extend(pools.values())
    pools.clear()


os.register_at_fork(after_in_child=forget_inherited_pools)
