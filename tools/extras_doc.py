"""Write docs/extras.md: the shape of every variant's extras, as each declares it in
``adjudicator/variants/<id>/shape.py``. Run from the repository root after changing a
shape: ``python tools/extras_doc.py``; tests/adjudicator/test_shapes.py fails while the page
is out of date."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Mapping

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.shapes import Extras, IdKind, Record  # noqa: E402
from adjudicator.variants import VARIANTS  # noqa: E402

PAGE = ROOT / "docs" / "extras.md"

HEAD = """\
# The extras of each variant: what `python -m adjudicator resolve` accepts

A position's `extras` (`../shared/spec/adjudicator-cli.md`, the README's "Command line")
keep a variant's own state, written into each output so that it is the next phase's input.
Each variant declares their shape in its own folder (`adjudicator/variants/<id>/shape.py`,
made of the kinds of `adjudicator/shapes.py`), and the reader checks every position's
extras against it before any rule reads them: a value that does not fit is answered with
exit status 2 and `{{"error", "path"}}`, the path naming the bad value
(`extras.llamas.england[1]`), never with a traceback. The site reads every stored position
the same way, and refuses a moderator's ruling whose position does not fit.

Keys a variant does not declare are carried through as they came (no rule reads them).
Inside a declared value every key is declared: `?` marks a key that may be left out, and
any other key is refused. Ids must exist in the game:

{ids}

The notation: `[x, …]` a list of x, `[x, x]` exactly two, `{{k: v, …}}` an object keyed by
ids of k, "(every k)" with each id of k there, `{{"key": v}}` an object with those keys,
`x or null`, `"a" | "b"` one of those words. Whole numbers are JSON integers (`true` is
none). This page is written from the declarations by `tools/extras_doc.py`.
"""


def id_kinds() -> list[IdKind]:
    kinds: dict[str, IdKind] = {}
    for variant in VARIANTS.values():
        for kind in variant.extras_shape.id_kinds():
            kinds.setdefault(kind.name, kind)
    return [kinds[name] for name in sorted(kinds)]


def rows(prefix: str, record: Record, notes: Mapping[str, str]) -> list[str]:
    """A row per key, and a row per key of each object with named keys within."""
    out = []
    for name, part, required in record.fields():
        path = f"{prefix}{name}"
        key = f"`{path}`" if required else f"`{path}`?"
        note = notes.get(path, "").replace("|", "\\|")
        if isinstance(part, Record):
            out.append(f"| {key} | an object: | {note} |")
            out.extend(rows(f"{path}.", part, notes))
            continue
        words = part.words().replace("|", "\\|")
        out.append(f"| {key} | `{words}` | {note} |")
    return out


def table(shape: Extras) -> str:
    return "\n".join(["| key | shape | what |", "|---|---|---|", *rows("", shape, shape.notes)])


def render() -> str:
    ids = "\n".join(f"- `{kind.name}`: {kind.words}" for kind in id_kinds())
    parts = [HEAD.format(ids=ids)]
    for variant in VARIANTS.values():
        parts.append(f"## {variant.name} (`{variant.id}`)\n\n{table(variant.extras_shape)}\n")
    return "\n".join(parts)


if __name__ == "__main__":
    PAGE.write_text(render(), encoding="utf-8")
