"""The site's languages: catalogs, negotiation and number formats (issue 17).

Messages are gettext catalogs (``cardavia/locale/<lang>/LC_MESSAGES/cardavia.mo``)
whose msgids are the English text itself, with ``{name}`` parameters filled
after translation. Rule texts carry the context ``rules`` (they never reach the
page's own catalog: the server renders the rules). A count is a plural message
(singular and plural msgids, one form per plural form of the language: Arabic
six, Ukrainian three, Hindi two, Thai and Chinese one), chosen on the page by
the CLDR category of the number (``plural_index``). ``tools/i18n.py`` extracts,
updates, compiles and checks the catalogs.

Babel (the ``web`` extra) parses Accept-Language and formats numbers.
"""
from __future__ import annotations

import functools
import gettext
import os
import re
from importlib import resources
from typing import Any, Mapping

DOMAIN = "cardavia"
DEFAULT = "en"
LANGUAGES: dict[str, str] = {   # each language's name in itself, for the selector
    "en": "English",
    "ar": "العربية",
    "uk": "Українська",
    "hi": "हिन्दी",
    "th": "ไทย",
    "zh": "中文",
}
RTL = frozenset({"ar"})
RULES_CONTEXT = "rules"
PLACEHOLDER = re.compile(r"\{\w+\}")
_LANG_TAG = re.compile(r"[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*")
MAX_ACCEPT = 512


def check_lang(value: object) -> str | None:
    """``value`` if it names one of the site's languages exactly, else None."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def parse_accept_language(header: str | None) -> list[str]:
    """The language tags of an Accept-Language header, best first; malformed
    entries (and q=0) are skipped, an over-long header is cut."""
    tags: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:MAX_ACCEPT].split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not _LANG_TAG.fullmatch(tag):
            continue
        q = 1.0
        params = params.strip()
        if params:
            name, _, value = params.partition("=")
            try:
                q = float(value) if name.strip() == "q" else 1.0
            except ValueError:
                continue
            if not 0 < q <= 1:
                continue
        tags.append((-q, i, tag.replace("_", "-")))
    return [tag for _, _, tag in sorted(tags)]


def negotiate(accept_language: str | None) -> str:
    """The site language for an Accept-Language header (``en`` when none fits)."""
    from babel import negotiate_locale

    preferred = parse_accept_language(accept_language)
    got = negotiate_locale(preferred, list(LANGUAGES), sep="-")
    if got is None:   # "zh-Hans-CN", "ar-EG": fall back to the primary subtag
        got = next((p.split("-")[0].lower() for p in preferred if p.split("-")[0].lower() in LANGUAGES), None)
    return got or DEFAULT


def choose(param: object, cookie: object, accept_language: str | None) -> str:
    """The request's language: the ``lang`` parameter, else the cookie, else
    Accept-Language; values that are not a site language are ignored."""
    return check_lang(param) or check_lang(cookie) or negotiate(accept_language)


def locale_dir() -> str:
    """Where the compiled catalogs are: the package's, or ``$CARDAVIA_LOCALE_DIR``
    (the tests point it at a pseudo-translation of every message)."""
    return os.environ.get("CARDAVIA_LOCALE_DIR") or str(resources.files("cardavia") / "locale")


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: none, the msgids are English)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, locale_dir(), languages=[lang], fallback=True)


def fill(template: str, params: Mapping[str, Any] | None) -> str:
    """``template`` with its ``{name}`` parameters filled; a broken template
    (a translation that lost a brace) is shown unfilled rather than failing."""
    if not params:
        return template
    try:
        return template.format_map(dict(params))
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def translate(lang: str, msgid: str, params: Mapping[str, Any] | None = None, context: str | None = None) -> str:
    """``msgid`` in ``lang`` with its parameters filled."""
    tr = translations(lang)
    text = tr.pgettext(context, msgid) if context else tr.gettext(msgid)
    return fill(text, params)


def translate_plural(lang: str, singular: str, plural: str, n: int,
                     params: Mapping[str, Any] | None = None) -> str:
    """The form of a count's message for ``n`` in ``lang`` (gettext's ngettext: the
    Plural-Forms of its catalog, English's one/other without one), ``{n}`` and the
    parameters filled. The form goes by |n|, as CLDR's categories and so the page's
    tn() do (-1 chip): the catalogs' C expressions take n % 10 of a negative n wrong."""
    return fill(translations(lang).ngettext(singular, plural, abs(n)), {**(params or {}), "n": n})


def page_catalog(lang: str) -> dict[str, str]:
    """msgid -> msgstr of every translated message the page itself shows, a
    message with a context keyed ``context + "\\x04" + msgid`` as gettext keys it
    (the page's pt()); rule texts excluded: the server renders those; plural
    messages, whose keys are (msgid, form), are page_plurals'."""
    tr = translations(lang)
    catalog: dict[str, str] = getattr(tr, "_catalog", {}) or {}
    return {k: v for k, v in catalog.items() if isinstance(k, str) and k and not k.startswith(RULES_CONTEXT + "\x04")
            and v}


def page_plurals(lang: str) -> dict[str, list[str]]:
    """Singular msgid -> every form of a count's message, in gettext's order
    (GNUTranslations keeps form i under the key (msgid, i)); a message missing
    a form is left out, so the page writes its English."""
    tr = translations(lang)
    catalog: dict[Any, str] = getattr(tr, "_catalog", {}) or {}
    forms: dict[str, dict[int, str]] = {}
    for key, text in catalog.items():
        if isinstance(key, tuple) and "\x04" not in key[0]:
            forms.setdefault(key[0], {})[key[1]] = text
    count = max(plural_index(lang).values()) + 1   # the forms the page can pick
    return {msgid: [by_form[i] for i in range(count)] for msgid, by_form in forms.items()
            if all(by_form.get(i) for i in range(count))}


@functools.cache
def plural_index(lang: str) -> dict[str, int]:
    """CLDR plural category -> gettext form index of ``lang``: the page picks a
    category with Intl.PluralRules, the catalogs order their forms by the
    gettext expression. ValueError unless the categories of 0..199 each fall
    on one form."""
    from babel import Locale
    from babel.messages.catalog import Catalog

    locale = Locale.parse(lang)
    form_of = gettext.c2py(Catalog(locale=lang).plural_expr)
    index: dict[str, int] = {}
    for n in range(200):
        category, form = locale.plural_form(n), form_of(n)
        if index.setdefault(category, form) != form:
            raise ValueError(f"{lang}: the CLDR category {category!r} takes gettext forms "
                             f"{index[category]} and {form} (n = {n})")
    return index


def _symbols(lang: str) -> Mapping[str, str]:
    from babel import Locale

    locale = Locale.parse(lang)
    return locale.number_symbols[locale.default_numbering_system]


def format_number(value: float, lang: str) -> str:
    """``value`` in the locale's CLDR decimal format (as Intl.NumberFormat
    writes it: Babel leaves the pattern's "-" where CLDR has the locale's
    minus sign, Arabic's carries a left-to-right mark)."""
    from babel.numbers import format_decimal

    text = format_decimal(value, locale=lang)
    minus = _symbols(lang)["minusSign"]
    return minus + text[1:] if text.startswith("-") and minus != "-" else text


def format_percent(value: float, lang: str) -> str:
    """``value`` (0.25 for 25 %) in the locale's CLDR percent format (its percent sign, see format_number)."""
    from babel.numbers import format_percent as babel_percent

    text = babel_percent(value, locale=lang)
    symbols = _symbols(lang)
    if symbols["percentSign"] != "%":
        text = text.replace("%", symbols["percentSign"])
    minus = symbols["minusSign"]
    return minus + text[1:] if text.startswith("-") and minus != "-" else text


def placeholders(text: str) -> set[str]:
    """The ``{name}`` parameters a message uses."""
    return {m.group(0) for m in PLACEHOLDER.finditer(text)}


def N_(msgid: str) -> str:
    """Marks ``msgid`` for extraction where it is translated later."""
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a count's message for extraction: (singular, plural), given to
    translate_plural (or the page's tn) where it is shown."""
    return singular, plural
