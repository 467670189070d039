"""A pseudo-translation of every msgid of the template, for tests: each
message becomes "⟦…⟧" around a reversed-case English, its {parameters} kept,
so a page in a pseudo language shows no msgid of the English catalog
where every string is wrapped. A plural message gets every form of the
language: the singular's pseudo-translation for form 0, the plural's for the others
(and for the one form of a language without plurals, Thai's and Chinese's)."""
from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "src" / "cardavia" / "locale" / "cardavia.pot"
_PIECES = re.compile(r"(\{\w*\})")


def pseudo(msgid: str) -> str:
    return "⟦" + "".join(p if _PIECES.fullmatch(p) else p.swapcase() for p in _PIECES.split(msgid)) + "⟧"


def write_pseudo_catalogs(folder: Path, languages) -> Path:
    """``folder``/<lang>/LC_MESSAGES/cardavia.mo for each language; ``folder``."""
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    for lang in languages:
        catalog = Catalog(locale=lang, domain="cardavia")
        for msg in template:
            if msg.pluralizable:
                singular, plural = msg.id
                count = catalog.num_plurals
                forms = [pseudo(singular if count > 1 else plural)] + [pseudo(plural)] * (count - 1)
                catalog.add(msg.id, tuple(forms), context=msg.context)
            elif msg.id:
                catalog.add(msg.id, pseudo(msg.id), context=msg.context)
        out = folder / lang / "LC_MESSAGES"
        out.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        (out / "cardavia.mo").write_bytes(buf.getvalue())
    return folder
