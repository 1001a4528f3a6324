"""Internationalisation: the standard library's gettext, switchable at run time.

Catalogs live in ``translations/<lang>/LC_MESSAGES/``; every domain found there is loaded
(``messages`` for the UI, ``content`` for the cards and the map). An installed game (the
wheel, the frozen app) carries compiled ``.mo`` files, written at build time by
:func:`compile_catalog` and read with :class:`gettext.GNUTranslations` — no Babel at run
time. A source checkout has only the ``.po`` files: they are compiled in memory with Babel
(a development dependency). A ``.mo`` records the SHA-256 of the ``.po`` it was compiled
from (in its ``Project-Id-Version`` header), so a ``.mo`` left behind after the ``.po`` was
edited is never used.

Usage::

    from krestonostsy.i18n import _, ngettext, set_language
    _("New game")
    ngettext("{n} coin", "{n} coins", n).format(n=n)   # 1 монета, 2 монеты, 5 монет
    set_language("ru")                                  # every listener re-renders

``translator(lang)`` returns an object with ``gettext``/``ngettext``/``pgettext`` methods for
code that needs a specific language regardless of the current one. Widgets register a
callback with :func:`add_listener`; it is held weakly (bound methods via ``WeakMethod``), so
a destroyed widget never has to unregister. This module imports Qt only lazily, to install
Qt's own ``qtbase_<lang>.qm`` translator when a Qt application exists.
"""
from __future__ import annotations

import gettext as _gettext
import hashlib
import io
import logging
import os
import threading
import weakref
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
SOURCE_LANGUAGE = "en"  # msgids are English

# Plural rules used when a catalog has no (or an unreadable) Plural-Forms header.
_DEFAULT_PLURALS = {
    "ru": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    "en": (2, "(n != 1)"),
}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (translate it later)."""
    return message


def _translations_dir() -> Path | None:
    try:
        from .resources import translations_dir
        return translations_dir()
    except (FileNotFoundError, ImportError):
        return None


class Translator:
    """The merged catalogs of one language (all domains)."""

    def __init__(self, lang: str, directory: Path | None = None):
        self.lang = lang
        self.messages: dict[tuple[str | None, str], object] = {}
        self.domains: list[str] = []
        nplurals, expr = _DEFAULT_PLURALS.get(lang, (2, "(n != 1)"))
        self.nplurals = nplurals
        self._plural = _gettext.c2py(expr)
        directory = directory if directory is not None else _translations_dir()
        if directory is not None:
            self._load(Path(directory) / lang / "LC_MESSAGES")

    # --- loading -----------------------------------------------------------------------

    def _load(self, folder: Path) -> None:
        if not folder.is_dir():
            return
        # messages first, then every other domain (content …) in name order.
        domains = sorted({p.stem for p in folder.iterdir() if p.suffix in (".po", ".mo")},
                         key=lambda d: (d != "messages", d))
        for domain in domains:
            try:
                compiled = load_catalog(folder / f"{domain}.po")
            except Exception as err:  # a broken catalog must never stop the game
                log.warning("cannot read catalog %s/%s: %s", folder, domain, err)
                continue
            self.domains.append(domain)
            self._take_plural_rule(compiled.info().get("plural-forms"))
            # GNUTranslations keeps msgids as "context\x04msgid" and plural forms as
            # (msgid, index); regroup them as (context, msgid) -> text | forms.
            plurals: dict[tuple[str | None, str], dict[int, str]] = {}
            for key, text in compiled._catalog.items():
                if isinstance(key, tuple):
                    ctx, msgid = _split_context(key[0])
                    plurals.setdefault((ctx, msgid), {})[key[1]] = text
                elif key and text:
                    self.messages.setdefault(_split_context(key), text)
            for key, forms in plurals.items():
                if any(forms.values()):
                    self.messages.setdefault(
                        key, tuple(forms.get(i, "") for i in range(max(forms) + 1)))

    def _take_plural_rule(self, header: str | None) -> None:
        if not header:
            return
        try:
            parts = dict(p.strip().split("=", 1) for p in header.split(";") if "=" in p)
            n = int(parts["nplurals"])
            func = _gettext.c2py(parts["plural"].strip())
        except Exception:  # keep the default rule
            return
        self.nplurals, self._plural = n, func

    # --- lookups -----------------------------------------------------------------------

    def plural_index(self, n: int) -> int:
        try:
            return int(self._plural(int(n)))
        except Exception:
            return 0 if n == 1 else 1

    def gettext(self, message: str) -> str:
        found = self.messages.get((None, message))
        if isinstance(found, str):
            return found
        if isinstance(found, tuple) and found[0]:
            return found[0]
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.messages.get((None, singular))
        if isinstance(found, tuple):
            idx = self.plural_index(n)
            if idx < len(found) and found[idx]:
                return found[idx]
        elif isinstance(found, str) and n == 1:
            return found
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        found = self.messages.get((context, message))
        if isinstance(found, str):
            return found
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        found = self.messages.get((context, singular))
        if isinstance(found, tuple):
            idx = self.plural_index(n)
            if idx < len(found) and found[idx]:
                return found[idx]
        return self.ngettext(singular, plural, n)

    def has(self, message: str, context: str | None = None) -> bool:
        return (context, message) in self.messages

    # gettext.NullTranslations-style aliases
    ugettext = gettext
    ungettext = ngettext


def _split_context(key: str) -> tuple[str | None, str]:
    ctx, sep, msgid = key.partition("\x04")
    return (ctx, msgid) if sep else (None, key)


# --- compiled catalogs --------------------------------------------------------------------

_STAMP = "+po-sha256."


def _po_digest(po: Path) -> str:
    return hashlib.sha256(po.read_bytes()).hexdigest()


def _stamp_of(compiled: _gettext.GNUTranslations) -> str:
    version = compiled.info().get("project-id-version", "")
    return version.rpartition(_STAMP)[2] if _STAMP in version else ""


def compile_catalog(po: Path, mo: Path | None = None) -> bytes:
    """Compile ``po`` with Babel's pure-Python ``write_mo``; the ``.mo`` bytes are returned
    and, when ``mo`` is given, written there. Used by the build (``setup.py``,
    ``packaging/build.py``) and by a source checkout at run time. Needs Babel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = Path(po)
    lang = po.parent.parent.name
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=lang, domain=po.stem)
    catalog.version = f"{catalog.version or ''}{_STAMP}{_po_digest(po)}"
    buf = io.BytesIO()
    write_mo(buf, catalog)
    data = buf.getvalue()
    if mo is not None:
        Path(mo).parent.mkdir(parents=True, exist_ok=True)
        Path(mo).write_bytes(data)
    return data


def load_catalog(po: Path) -> _gettext.GNUTranslations:
    """The catalog of ``po``'s domain: its ``.mo`` twin when that was compiled from this very
    ``.po`` (or when no ``.po`` is shipped, as in the frozen app), else the ``.po`` compiled
    in memory (a source checkout; needs Babel)."""
    po = Path(po)
    mo = po.with_suffix(".mo")
    if mo.is_file():
        with open(mo, "rb") as fh:
            compiled = _gettext.GNUTranslations(fh)
        if not po.is_file() or _stamp_of(compiled) == _po_digest(po):
            return compiled
        log.info("%s is older than %s: reading the .po", mo.name, po.name)
    if not po.is_file():
        raise FileNotFoundError(f"no catalog {po} (nor {mo.name})")
    try:
        data = compile_catalog(po)
    except ImportError:
        raise RuntimeError(f"{po} is not compiled and Babel is not installed to read it: "
                           "install the game with pip (it compiles the catalogs) or "
                           "install Babel") from None
    return _gettext.GNUTranslations(io.BytesIO(data))


_cache: dict[str, Translator] = {}
_cache_lock = threading.Lock()


def translator(lang: str | None = None) -> Translator:
    """The translator of ``lang`` (default: the current language), loaded once."""
    lang = normalise(lang or _current)
    with _cache_lock:
        tr = _cache.get(lang)
        if tr is None:
            tr = _cache[lang] = Translator(lang)
        return tr


def reload_catalogs() -> None:
    """Forget the loaded catalogs (after editing a .po file); listeners re-render."""
    with _cache_lock:
        _cache.clear()
    _notify()


def normalise(lang: str | None) -> str:
    if not lang:
        return DEFAULT_LANGUAGE
    lang = str(lang).replace("-", "_").split("_")[0].lower()
    return lang if lang in LANGUAGES else SOURCE_LANGUAGE


def system_language() -> str:
    """The language to start with when the user never chose one."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return normalise(value.split(":")[0])
    return DEFAULT_LANGUAGE


_current = DEFAULT_LANGUAGE


def current_language() -> str:
    return _current


def _(message: str) -> str:
    return translator().gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    return translator().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return translator().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translator().npgettext(context, singular, plural, n)


# --- listeners ---------------------------------------------------------------------------

_listeners: list = []


def add_listener(callback: Callable[[str], object]) -> None:
    """Call ``callback(lang)`` after every language switch. Held weakly."""
    try:
        ref = weakref.WeakMethod(callback)
    except TypeError:
        ref = weakref.ref(callback)
    _listeners.append(ref)


def remove_listener(callback: Callable) -> None:
    for ref in list(_listeners):
        target = ref()
        if target is None or target == callback:
            _listeners.remove(ref)


def _alive(callback) -> bool:
    """False for a bound method of a Qt object whose C++ side is already deleted."""
    owner = getattr(callback, "__self__", None)
    if owner is None:
        return True
    try:
        import shiboken6
    except ImportError:
        return True
    try:
        return shiboken6.isValid(owner)
    except TypeError:  # not a Qt object
        return True


_notifying = False


def _notify() -> None:
    global _notifying
    _notifying = True
    try:
        for ref in list(_listeners):
            callback = ref()
            if callback is None or not _alive(callback):
                if ref in _listeners:
                    _listeners.remove(ref)
                continue
            try:
                callback(_current)
            except RuntimeError as err:  # a Qt object already deleted underneath
                log.debug("language listener dropped: %s", err)
                if ref in _listeners:
                    _listeners.remove(ref)
    finally:
        _notifying = False


def set_language(lang: str) -> str:
    """Switch the language of the whole program; returns the language actually set.

    Calling it again from a listener with the language being set is a no-op (widgets that
    forward the switch to their children may do so safely)."""
    global _current
    lang = normalise(lang)
    if _notifying and lang == _current:
        return _current
    _current = lang
    translator(_current)
    install_qt_translator(_current)
    _notify()
    return _current


# --- Qt's own strings (standard dialogs: Open/Save/Cancel …) ------------------------------

_qt_translator = None


def install_qt_translator(lang: str) -> bool:
    """Install PySide6's ``qtbase_<lang>.qm`` into the running QApplication (if any)."""
    global _qt_translator
    try:
        from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator
    except ImportError:
        return False
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _qt_translator is not None:
        QCoreApplication.removeTranslator(_qt_translator)
        _qt_translator = None
    if lang == SOURCE_LANGUAGE:
        return True
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    candidates = [folder]
    try:
        import PySide6
        candidates.append(str(Path(PySide6.__file__).parent / "Qt" / "translations"))
    except Exception:
        pass
    qt = QTranslator(app)
    for folder in candidates:
        if folder and qt.load(f"qtbase_{lang}", folder):
            QCoreApplication.installTranslator(qt)
            _qt_translator = qt
            return True
    log.info("no qtbase_%s.qm found in %s", lang, candidates)
    return False
