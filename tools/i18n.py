"""The site's translation catalogs: ``python tools/i18n.py extract|update|compile|check``.

    extract  write src/cardavia/locale/cardavia.pot from every source of messages
    update   merge the template into each language's cardavia.po (new msgids empty)
    compile  write each language's cardavia.mo (the package ships them)
    check    list, per language, the msgids still missing (exit 1 if any)
    late REV the msgids of the template that the template at git revision REV lacks

Sources (the English is every msgid; ``{name}`` parameters stay verbatim):
- Python: ``N_("...")`` marks, the counts' ``Nn_("...", "...")`` and ``HTTPError(status, "...")``
  under src/cardavia;
- the page's scripts: ``t("...")`` and ``N_("...")`` in web/static/*.js, and the
  counts, plural messages: ``tn("{n} card", "{n} cards", n)`` and ``Nn_("...", "...")``
  (a comment ``// i18n: ...`` on the line before reaches the translators);
- web/static/index.html: each text node and aria-label/placeholder/title/alt;
- the rulebook (context ``rules``): each heading, rule name, paragraph and
  list item of every game's section, as the rules page renders them;
- game and level titles, the AI's explanation templates (ai/explanations.py
  and the bridge bidding system's MESSAGES, suit names included).
A plural message has one form per plural form of the language (gettext's order,
the Plural-Forms of its .po: Arabic six, Ukrainian three, Hindi two, Thai and
Chinese one). Every form keeps the msgid's parameters, except that a form which
only one number takes (Arabic's 0, 1 and 2) may write that number as a word
and drop {n}; a form that several numbers take (Ukrainian's 1, 21, 31...) keeps it.
Run from the checkout with PYTHONPATH=src. The equivalent pybabel commands for the
per-language steps: ``pybabel update -i src/cardavia/locale/cardavia.pot -d src/cardavia/locale
-D cardavia --no-fuzzy-matching`` and ``pybabel compile -d src/cardavia/locale -D cardavia``.
"""
from __future__ import annotations

import gettext
import io
import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "cardavia"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "cardavia.pot"
TRANSLATED = ("ar", "uk", "hi", "th", "zh")
PY_KEYWORDS = {"N_": None, "Nn_": (1, 2), "HTTPError": (2,)}
JS_KEYWORDS = {"t": None, "N_": None, "tn": (1, 2), "Nn_": (1, 2), "pt": ((1, "c"), 2)}
JS_COMMENT_TAGS = ("i18n:",)
COUNT = "{n}"
_LETTER = re.compile(r"[^\W\d_]")
_PLACEHOLDER = re.compile(r"\{\w*\}")


def _wanted(msgid: str | tuple[str, ...]) -> bool:
    """A message with words to translate (not "{reason}", not "⏮")."""
    return any(_LETTER.search(_PLACEHOLDER.sub("", text)) for text in _texts(msgid))


def _texts(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's msgid or msgstr as its texts: one, or each form of a plural message."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def collect() -> Catalog:
    """Every message of the site, with where it comes from."""
    sys.path.insert(0, str(ROOT / "src"))
    import cardavia
    from cardavia import i18n
    from cardavia.ai.bridge_bidding import system
    from cardavia.ai.levels import LEVEL_TITLES
    from cardavia.ai import explanations as messages

    catalog = Catalog(project="Cardavia", version="0.1", domain=i18n.DOMAIN, charset="utf-8", fuzzy=False)

    def add(msgid: str | tuple[str, str], where: str, line: int = 0, context: str | None = None,
            comment: str | None = None) -> None:
        if not _wanted(msgid):
            return
        known = catalog.get(msgid, context=context)
        if known is not None and known.id != msgid:
            # the catalog's key is the singular: a plain message and a count's singular cannot share it
            raise ValueError(f"{where}:{line}: {msgid!r} and {known.id!r} share the msgid {_texts(msgid)[0]!r}")
        if known is not None:
            if (where, line) not in known.locations:
                known.locations.append((where, line))
            if comment and comment not in known.auto_comments:
                known.auto_comments.append(comment)
            return
        catalog.add(msgid, locations=[(where, line)], context=context,
                    auto_comments=[comment] if comment else [])

    for path in sorted(PACKAGE.rglob("*.py")):
        for line, msgid, comments, _context in extract_from_file("python", str(path), keywords=PY_KEYWORDS,
                                                                 comment_tags=JS_COMMENT_TAGS, strip_comment_tags=True):
            # a message, or a count's pair (Nn_)
            if isinstance(msgid, str) or (isinstance(msgid, tuple) and all(isinstance(m, str) for m in msgid)):
                add(msgid, _where(path), line, comment=" ".join(comments) or None)
    for path in sorted((PACKAGE / "web" / "static").glob("*.js")):
        for line, msgid, comments, context in extract_from_file(
                "javascript", str(path), keywords=JS_KEYWORDS, comment_tags=JS_COMMENT_TAGS,
                strip_comment_tags=True, options={"parse_template_string": True}):
            if isinstance(msgid, str) or all(isinstance(m, str) for m in msgid):   # a message, or a count's pair
                add(msgid, _where(path), line, context=context, comment=" ".join(comments) or None)
    for path, method in ((PACKAGE / "web" / "static" / "index.html", extract_html),
                         (PACKAGE / "data" / "RULES.md", extract_rules)):
        for line, msgid, comments, context in extract_from_file(method, str(path), keywords=CONTEXT_KEYWORDS):
            add(msgid, _where(path), line, context=context, comment=" ".join(comments) or None)
    for name in cardavia.available_games():
        add(cardavia.load(name).title, "cardavia.load(name).title", comment=f"game title ({name})")
    for level, title in LEVEL_TITLES.items():
        add(title, "src/cardavia/ai/levels.py", comment=f"AI level ({level})")
    for ident, template in messages.MESSAGES.items():
        add(template, "src/cardavia/ai/explanations.py", comment=f"AI explanation {ident}")
    for ident, template in system.MESSAGES.items():
        add(template, "src/cardavia/ai/bridge_bidding/system/messages.py", comment=f"bridge call explanation {ident}")
    for code, name in system.NAMES.items():
        add(name, "src/cardavia/ai/bridge_bidding/system/messages.py", comment=f"strain {code} in call explanations")
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


def _label(msg) -> str:
    msgid = _texts(msg.id)[0]   # a plural message goes by its singular, as the catalogs key it
    return f"{msg.context}|{msgid}" if msg.context else msgid


def _single_number_forms(plural_expr: str) -> set[int]:
    """The forms of a gettext plural expression that only one number of 0..199 takes (Arabic's 0, 1, 2)."""
    from collections import Counter

    form_of = gettext.c2py(plural_expr)
    return {form for form, count in Counter(form_of(n) for n in range(200)).items() if count == 1}


def counted_parameter(msg: Any) -> str:
    """The parameter a plural message counts: an AI explanation's COUNTED_BY one (its
    extracted comment names the id), else {n}."""
    from cardavia.ai.explanations import COUNTED_BY

    for comment in msg.auto_comments:
        ident = comment.removeprefix("AI explanation ").strip()
        if ident in COUNTED_BY:
            return "{" + COUNTED_BY[ident] + "}"
    return COUNT


def parameter_problems(msgid: str | tuple[str, ...], string: str | tuple[str, ...] | list[str],
                       plural_expr: str, count: str = COUNT) -> list[str]:
    """How a translation's {parameters} break the rule (see the module's docstring): a message
    keeps the msgid's exactly; each form of a plural message keeps them all, except the count
    (``count``: {n}, or an explanation's COUNTED_BY parameter) in a form only one number takes.
    Empty forms are not looked at (they are untranslated)."""
    from cardavia.i18n import placeholders

    wanted = set().union(*(placeholders(text) for text in _texts(msgid)))
    if isinstance(msgid, str):
        got = placeholders(string) if isinstance(string, str) and string else wanted
        return [] if got == wanted else [f"parameters {sorted(got)} instead of {sorted(wanted)}"]
    single = _single_number_forms(plural_expr)
    found = []
    for i, form in enumerate(_texts(string)):
        got = placeholders(form)
        if form and got != wanted and not (i in single and got == wanted - {count}):
            found.append(f"form {i}: parameters {sorted(got)} instead of {sorted(wanted)}"
                         + (f" ({count} may go only in a form one number takes)" if got == wanted - {count} else ""))
    return found


def problems(lang: str, locale: Path | None = None) -> list[str]:
    """What keeps ``lang``'s catalog from being complete: msgids of the
    template missing, empty or left as the English (outside SAME_EVERYWHERE),
    fuzzy, or with other {parameters} than the msgid; plural messages without
    each of the language's forms; a stale .mo."""
    path = po_path(lang, locale)
    if not path.exists():
        return [f"{_rel(path)} is missing: run tools/i18n.py update"]
    template = _read_po(TEMPLATE)
    catalog = _read_po(path, lang)
    found = []
    for msg in template:
        if not msg.id:
            continue
        label = _label(msg)
        got = catalog.get(msg.id, context=msg.context)
        forms = _texts(got.string) if got is not None else ()
        if got is None:
            found.append(f"not in the catalog: {label!r}")
        elif got.pluralizable != msg.pluralizable or (got.pluralizable and got.id != msg.id):
            found.append(f"not the template's message (plural or not): {label!r}: run tools/i18n.py update")
        elif not any(forms):
            found.append(f"untranslated: {label!r}")
        elif msg.pluralizable and (len(forms) != catalog.num_plurals or not all(forms)):
            written = sum(1 for form in forms if form)
            found.append(f"{written} of its {catalog.num_plurals} plural forms written: {label!r}")
        elif got.fuzzy:
            found.append(f"fuzzy: {label!r}")
        elif any(form in _texts(msg.id) for form in forms) and msg.id not in SAME_EVERYWHERE:
            found.append(f"same as the English: {label!r}")
        else:
            found += [f"{p}: {label!r}" for p in parameter_problems(msg.id, got.string, catalog.plural_expr,
                                                                    counted_parameter(msg))]
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
    before = {(m.context, _texts(m.id)) for m in read_po(io.BytesIO(old)) if m.id}
    for m in _read_po(TEMPLATE):
        if m.id and (m.context, _texts(m.id)) not in before:   # a message that became a count is new too
            ids = _texts(m.id)
            text = f"msgid {ids[0]!r}" + (f" msgid_plural {ids[1]!r}" if len(ids) > 1 else "")
            print(f"msgctxt {m.context!r} {text}" if m.context else text)


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
