"""One way to write a file: checked before any work, written whole or not at all.

Every command and widget that writes a file goes through this module (``docs/conventions.md``, Output
files):

* :func:`output_path` checks an output option **before any work**: an empty path, a folder (or, for a
  folder output, a file), a file in a folder that does not exist, something that is not a regular file
  (a device such as ``/dev/null``, a FIFO: renaming a file over it would destroy it), or a path that is
  one of the command's inputs (the same file after resolving links, :func:`os.path.samefile`) is an
  :class:`~rulesengine.errors.InputError` naming the option.
* :func:`write_text` writes one file: to a temporary file in the same folder, flushed to the disk
  (``fsync``) and renamed over the target with :func:`os.replace`. A failure (a full disk, a file-size
  limit, an interrupt) leaves the previous file as it was and no partial or temporary file; the error
  names the option. A link is written through: the file it points to is replaced, the link stays.
* :func:`write_files` writes several files (``looper import --out DIR``) completely or not at all:
  every file is staged first; a folder that did not exist appears only once all its files are written
  (a staged folder renamed into place); in a folder that exists the files are renamed in one go after
  every one was staged, and the ones already renamed are put back if a later rename fails.

A new file gets the permissions of :func:`open` (``0o666`` less the umask); a replaced file keeps its
own.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> target = output_path(str(folder / "r.json"), "--record")
>>> write_text(target, "{}\\n", option="--record")
>>> target.read_text(), sorted(p.name for p in folder.iterdir())
('{}\\n', ['r.json'])
>>> output_path("", "--out")
Traceback (most recent call last):
...
rulesengine.errors.InputError: --out: is empty: name the file to write
>>> output_path(str(target), "--out", inputs=[target])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulesengine.errors.InputError: --out: .../r.json is one of the command's inputs: write the output \
somewhere else
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path

from rulesengine.errors import InputError

__all__ = ["output_path", "printable", "write_files", "write_text"]

#: The suffix of the temporary files (hidden: their names start with a dot).
_PART = ".part"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are the same existing file (links resolved, hard links included)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _check_not_input(path: Path, option: str, inputs: Iterable[str | Path]) -> None:
    for given in inputs:
        if _same_file(path, Path(given)):
            raise InputError.of(option, "common.output.is_input", path=str(path))


def output_path(
    text: str | None, option: str, *, inputs: Iterable[str | Path] = (), folder: bool = False
) -> Path:
    """The path an output option names, checked before any work is done.

    ``inputs`` are the files the command reads (the same file, after resolving links, is refused);
    with ``folder`` the option names a folder (made if missing, with its parents), else a file in a
    folder that exists.

    >>> output_path("/", "--record")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --record: / is a folder, not a file
    >>> output_path("/no/such/folder/r.json", "--record")
    Traceback (most recent call last):
    ...
    rulesengine.errors.InputError: --record: no folder /no/such/folder to write r.json in
    """
    if text is None or not text.strip():
        raise InputError.of(option, "common.output.empty")
    if "\0" in text:
        raise InputError.of(option, "common.output.bad_path", path=repr(text), reason="a NUL character")
    path = Path(text)
    try:
        if folder:
            if path.exists() and not path.is_dir():
                raise InputError.of(option, "common.output.not_folder", path=text)
            return path
        if path.is_dir():
            raise InputError.of(option, "common.output.is_folder", path=text)
        if path.exists() and not path.is_file():  # replacing /dev/null or a FIFO would destroy it
            raise InputError.of(option, "common.output.not_regular", path=text)
        if not path.parent.is_dir():
            raise InputError.of(option, "common.output.no_folder", folder=str(path.parent), name=path.name)
    except OSError as exc:  # a name too long, a folder that cannot be searched
        raise InputError.of(option, "common.output.bad_path", path=text, reason=_reason(exc)) from None
    _check_not_input(path, option, inputs)
    return path


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _new_file_mode() -> int:
    """The permissions :func:`open` gives a new file: ``0o666`` less the umask."""
    return 0o666 & ~_umask()


def _stage(target: Path, data: bytes, folder: Path | None = None) -> Path:
    """``data`` in a temporary file beside ``target`` (or in ``folder``), flushed to the disk.

    The temporary file is removed when anything fails, so nothing partial is left.
    """
    where = target.parent if folder is None else folder
    fd, name = tempfile.mkstemp(dir=where, prefix=f".{target.name}.", suffix=_PART)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = _new_file_mode()
        os.chmod(tmp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _target(path: Path) -> Path:
    """Where writing ``path`` goes: the file a link points to (so the link stays a link)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def write_text(path: str | Path, text: str, *, option: str, inputs: Iterable[str | Path] = ()) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; an :class:`InputError` naming ``option`` on failure.

    ``path`` is checked as :func:`output_path` does (again: the command may have run for a while).
    """
    target = _target(output_path(str(path), option, inputs=inputs))
    try:
        tmp = _stage(target, text.encode("utf-8"))
        try:
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        reason = _reason(exc)
        raise InputError.of(option, "common.input.cannot_write", path=str(path), reason=reason) from None


def _missing_parents(folder: Path) -> list[Path]:
    """The folders above ``folder`` that do not exist yet, the highest first."""
    missing = []
    parent = folder.parent
    while not parent.exists() and parent != parent.parent:
        missing.append(parent)
        parent = parent.parent
    return missing[::-1]


def write_files(
    folder: str | Path, files: Mapping[str, str], *, option: str, inputs: Iterable[str | Path] = ()
) -> list[Path]:
    """Write ``files`` (name → text) into ``folder``, all of them or none; the paths written, in order.

    ``folder`` is checked as :func:`output_path` does with ``folder=True``; a file that would replace a
    folder, something that is not a regular file or one of ``inputs`` is refused before anything is
    written.
    """
    root = output_path(str(folder), option, inputs=(), folder=True)
    paths = [root / name for name in files]
    for path in paths:
        if path.is_dir():
            raise InputError.of(option, "common.output.is_folder", path=str(path))
        if path.exists() and not path.is_file():
            raise InputError.of(option, "common.output.not_regular", path=str(path))
        _check_not_input(path, option, inputs)
    made: list[Path] = []
    try:
        if not root.exists():
            made = _missing_parents(root)
            for parent in made:
                parent.mkdir()
            staging = Path(tempfile.mkdtemp(dir=root.parent, prefix=f".{root.name}.", suffix=_PART))
            try:
                for path, text in zip(paths, files.values(), strict=True):
                    with open(staging / path.name, "wb") as fh:
                        fh.write(text.encode("utf-8"))
                        fh.flush()
                        os.fsync(fh.fileno())
                os.chmod(staging, 0o777 & ~_umask())  # mkdtemp's folder is private (0o700)
                os.rename(staging, root)
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
        else:
            _replace_all(paths, list(files.values()))
    except OSError as exc:
        for parent in reversed(made):
            with contextlib.suppress(OSError):
                parent.rmdir()
        raise InputError.of(option, "common.input.cannot_write", path=str(exc.filename or root),
                            reason=_reason(exc)) from None
    return paths


def _replace_all(paths: list[Path], texts: list[str]) -> None:
    """Stage every file, then rename them all into place; on a failed rename put the earlier ones back."""
    targets = [_target(p) for p in paths]
    staged: list[Path] = []
    backups: dict[Path, Path] = {}
    done: list[Path] = []
    try:
        for target, text in zip(targets, texts, strict=True):
            staged.append(_stage(target, text.encode("utf-8")))
        for target in targets:
            if target.exists():
                fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old")
                os.close(fd)
                shutil.copy2(target, name)
                backups[target] = Path(name)
        for tmp, target in zip(staged, targets, strict=True):
            os.replace(tmp, target)
            done.append(target)
    except BaseException:
        for target in done:
            with contextlib.suppress(OSError):
                if target in backups:
                    os.replace(backups.pop(target), target)
                else:
                    target.unlink()
        raise
    finally:
        for leftover in [*staged, *backups.values()]:
            with contextlib.suppress(OSError):
                leftover.unlink()


#: The bidirectional-text controls (they reorder what follows them on screen: "Trojan Source").
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(text: str) -> str:
    """``text`` as a report may print it: control characters (line breaks included), line and paragraph
    separators, bidirectional controls and lone surrogates escaped as Python writes them (``\\n``,
    ``\\x1b``, ``\\u202e``), so a title or a name read from a file is always one line and shows what it
    holds. Other text (accents, Vietnamese, emoji) is unchanged.

    >>> print(printable("X\\nfs_forged: X: valid"))
    X\\nfs_forged: X: valid
    >>> printable("abc\\u202edef"), printable("Café Thám tử")
    ('abc\\\\u202edef', 'Café Thám tử')
    """
    if text.isprintable() and not _BIDI.intersection(text):
        return text
    out = []
    for ch in text:
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs"):
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(ch)
    return "".join(out)
