"""The site's translation catalogs: ``python tools/i18n.py extract|update|compile|check``.

    extract  write src/cardavia/locale/cardavia.pot from every source of messages
    update   merge the template into each language's cardavia.po (new msgids empty)
    compile  write each language's cardavia.mo (the package ships them)
    check    list, per language, the msgids still missing (exit 1 if any)
    late REV the msgids of the template that the template at git revision REV lacks

Sources (the English is every msgid; ``{name}`` parameters stay verbatim):
- Python: ``N_("...")`` marks and ``HTTPError(status, "...")`` under src/cardavia;
- the page's scripts: ``t("...")`` and ``N_("...")`` in web/static/*.js;
- web/static/index.html: each text node and aria-label/placeholder/title/alt;
- the rulebook (context ``rules``): each heading, rule name, paragraph and
  list item of every game's section, as the rules page renders them;
- game and level titles, the AI's explanation templates (web/messages.py
  and the bridge bidding system's MESSAGES, suit names included).
Run from the checkout with PYTHONPATH=src. The equivalent pybabel commands for the
per-language steps: ``pybabel update -i src/cardavia/locale/cardavia.pot -d src/cardavia/locale
-D cardavia --no-fuzzy-matching`` and ``pybabel compile -d src/cardavia/locale -D cardavia``.
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "cardavia"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "cardavia.pot"
TRANSLATED = ("ar", "uk", "hi", "th", "zh")
PY_KEYWORDS = {"N_": None, "HTTPError": (2,)}
JS_KEYWORDS = {"t": None, "N_": None}
_LETTER = re.compile(r"[^\W\d_]")
_PLACEHOLDER = re.compile(r"\{\w*\}")


def _wanted(msgid: str) -> bool:
    """A message with words to translate (not "{reason}", not "⏮")."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", msgid)))


def _where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def collect() -> Catalog:
    """Every message of the site, with where it comes from."""
    sys.path.insert(0, str(ROOT / "src"))
    import cardavia
    from cardavia import i18n
    from cardavia.ai.bridge_bidding import system
    from cardavia.ai.levels import LEVEL_TITLES
    from cardavia.web import messages

    catalog = Catalog(project="Cardavia", version="0.1", domain=i18n.DOMAIN, charset="utf-8", fuzzy=False)

    def add(msgid: str, where: str, line: int = 0, context: str | None = None, comment: str | None = None) -> None:
        if not _wanted(msgid):
            return
        known = catalog.get(msgid, context=context)
        if known is not None:
            if (where, line) not in known.locations:
                known.locations.append((where, line))
            if comment and comment not in known.auto_comments:
                known.auto_comments.append(comment)
            return
        catalog.add(msgid, locations=[(where, line)], context=context,
                    auto_comments=[comment] if comment else [])

    for path in sorted(PACKAGE.rglob("*.py")):
        for line, msgid, comments, _context in extract_from_file("python", str(path), keywords=PY_KEYWORDS):
            if isinstance(msgid, str):
                add(msgid, _where(path), line, comment=" ".join(comments) or None)
    for path in sorted((PACKAGE / "web" / "static").glob("*.js")):
        for line, msgid, _comments, _context in extract_from_file("javascript", str(path), keywords=JS_KEYWORDS,
                                                                     options={"parse_template_string": True}):
            if isinstance(msgid, str):
                add(msgid, _where(path), line)
    for path, method in ((PACKAGE / "web" / "static" / "index.html", extract_html),
                         (PACKAGE / "data" / "RULES.md", extract_rules)):
        for line, msgid, comments, context in extract_from_file(method, str(path), keywords=CONTEXT_KEYWORDS):
            add(msgid, _where(path), line, context=context, comment=" ".join(comments) or None)
    for name in cardavia.available_games():
        add(cardavia.load(name).title, "cardavia.load(name).title", comment=f"game title ({name})")
    for level, title in LEVEL_TITLES.items():
        add(title, "src/cardavia/ai/levels.py", comment=f"AI level ({level})")
    for ident, template in messages.MESSAGES.items():
        add(template, "src/cardavia/web/messages.py", comment=f"AI explanation {ident}")
    for ident, template in system.MESSAGES.items():
        add(template, "src/cardavia/ai/bridge_bidding/system.py", comment=f"bridge call explanation {ident}")
    for code, name in system.NAMES.items():
        add(name, "src/cardavia/ai/bridge_bidding/system.py", comment=f"strain {code} in call explanations")
    return catalog


# -- Babel extractors (fileobj, keywords, comment_tags, options) -> (line, funcname, message, comments) --
CONTEXT_KEYWORDS = {"gettext": None, "pgettext": ((1, "c"), 2)}


def extract_html(fileobj, keywords, comment_tags, options):
    """The page's texts and aria-label/placeholder/title/alt values, as the server translates them."""
    from cardavia.web import site

    found: list[str] = []
    site.translate_html(fileobj.read().decode("utf-8"), lambda m: (found.append(m), m)[1])
    for msgid in found:
        yield 0, "gettext", msgid, []


def extract_rules(fileobj, keywords, comment_tags, options):
    """Each game section of the rulebook, one message per heading, rule name,
    paragraph and list item (context "rules"), as the rules pages render them;
    the game's title and its players line too."""
    from cardavia import i18n, rules
    from cardavia.web import site

    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in fileobj.read().decode("utf-8").splitlines():
        m = rules._GAME_HEADING.match(line)
        if m:
            current = sections.setdefault(m["game"], [])
        elif line.startswith("## ") or line.startswith("-----"):
            current = None
        if current is not None:
            current.append(line)
    for game, lines in sections.items():
        section = "\n".join(lines).strip()
        pieces: list[str] = []
        heading = site._GAME_HEADING.match(section.splitlines()[0])
        if heading:
            pieces.append(heading["title"])
        pieces.append(" ".join(_first_paragraph(section)).split(". ")[0].rstrip("."))
        def record(piece: str, out: list[str] = pieces) -> str:
            out.append(piece)
            return piece
        site.render_markdown("\n".join(section.splitlines()[1:]), record)
        for piece in pieces:
            yield 0, "pgettext", (i18n.RULES_CONTEXT, piece), [f"rules of {game}"]


def _first_paragraph(section: str) -> list[str]:
    out = []
    for line in section.splitlines()[1:]:
        if not line.strip():
            break
        out.append(line.strip())
    return out


def _write_po(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, omit_header=False, include_previous=False,
             include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _read_po(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="cardavia")


def po_path(lang: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / lang / "LC_MESSAGES" / "cardavia.po"


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def extract() -> None:
    catalog = collect()
    catalog.creation_date = catalog.revision_date = _FIXED_DATE   # a stable template: no churn per run
    _write_po(TEMPLATE, catalog)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")


def update() -> None:
    template = _read_po(TEMPLATE)
    for lang in TRANSLATED:
        path = po_path(lang)
        catalog = _read_po(path, lang) if path.exists() else \
            Catalog(locale=lang, domain="cardavia", project="Cardavia", version="0.1", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        _write_po(path, catalog)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compile_all(languages: tuple[str, ...] = TRANSLATED, locale: Path | None = None) -> None:
    for lang in languages:
        catalog = _read_po(po_path(lang, locale), lang)
        mo = po_path(lang, locale).with_suffix(".mo")
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        mo.write_bytes(buf.getvalue())
        print(f"{_rel(mo)}: {sum(1 for m in catalog if m.id and m.string)} translated")


# Messages a translation may leave as the English: names that are the same in every language.
SAME_EVERYWHERE = frozenset({"Cardavia"})


def problems(lang: str, locale: Path | None = None) -> list[str]:
    """What keeps ``lang``'s catalog from being complete: msgids of the
    template missing, empty or left as the English (outside SAME_EVERYWHERE),
    fuzzy, or with other {parameters} than the msgid; a stale .mo."""
    from cardavia.i18n import placeholders

    path = po_path(lang, locale)
    if not path.exists():
        return [f"{_rel(path)} is missing: run tools/i18n.py update"]
    template = _read_po(TEMPLATE)
    catalog = _read_po(path, lang)
    found = []
    for msg in template:
        if not msg.id:
            continue
        label = f"{msg.context}|{msg.id}" if msg.context else msg.id
        got = catalog.get(msg.id, context=msg.context)
        if got is None:
            found.append(f"not in the catalog: {label!r}")
        elif not got.string:
            found.append(f"untranslated: {label!r}")
        elif got.fuzzy:
            found.append(f"fuzzy: {label!r}")
        elif got.string == msg.id and msg.id not in SAME_EVERYWHERE:
            found.append(f"same as the English: {label!r}")
        elif placeholders(got.string) != placeholders(msg.id):
            found.append(f"parameters {sorted(placeholders(got.string))} instead of {sorted(placeholders(msg.id))}: "
                         f"{label!r}")
    mo = path.with_suffix(".mo")
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    if not mo.exists() or mo.read_bytes() != buf.getvalue():
        found.append(f"{_rel(mo)} is not the compiled .po: run tools/i18n.py compile")
    return found


def check() -> int:
    bad = 0
    for lang in TRANSLATED:
        found = problems(lang)
        bad += len(found)
        print(f"{lang}: {len(found)} problems")
        for p in found[:20]:
            print("   ", p)
    return 1 if bad else 0


_FIXED_DATE = __import__("datetime").datetime(2026, 12, 1, 15, 0, tzinfo=__import__("datetime").timezone.utc)

def late(revision: str) -> None:
    import subprocess

    old = subprocess.run(["git", "show", f"{revision}:{TEMPLATE.relative_to(ROOT).as_posix()}"],
                         cwd=ROOT, check=True, capture_output=True).stdout
    before = {(m.context, m.id) for m in read_po(io.BytesIO(old)) if m.id}
    for m in _read_po(TEMPLATE):
        if m.id and (m.context, m.id) not in before:
            print(f"msgctxt {m.context!r} msgid {m.id!r}" if m.context else f"msgid {m.id!r}")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    actions = {"extract": extract, "update": update, "compile": compile_all}
    if command == "check":
        sys.exit(check())
    if command == "late" and len(sys.argv) == 3:
        late(sys.argv[2])
        sys.exit(0)
    if command not in actions:
        sys.exit(__doc__)
    actions[command]()
