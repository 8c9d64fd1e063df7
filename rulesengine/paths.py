"""Where the project's data files live.

The package is installed editable from a clone, so ``data/`` sits beside the
``rulesengine/`` folder. ``RULESENGINE_DATA`` overrides the location.

>>> (DATA_DIR / "glossary.csv").is_file()
True
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: The repository's ``data/`` folder (or ``$RULESENGINE_DATA``).
DATA_DIR = Path(os.environ.get("RULESENGINE_DATA", Path(__file__).resolve().parent.parent / "data"))


def shipped_name(path: str | Path) -> str:
    """How a shipped data file is named in errors: ``data/…`` as in the repository (the path as given
    when it is not under :data:`DATA_DIR`).

    >>> shipped_name(DATA_DIR / "locale" / "rulesengine.pot")
    'data/locale/rulesengine.pot'
    """
    try:
        return (Path("data") / Path(path).relative_to(DATA_DIR)).as_posix()
    except ValueError:
        return str(path)


class NotARegularFileError(OSError):
    """A path that names a FIFO, a device or a socket, where a file was to be read."""


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``path``: the first step of every read of a file
    (:func:`rulesengine.inputs.read_text`, and the message catalogs, which must be read without the
    catalogs' messages).

    The file is opened without waiting (``O_NONBLOCK``: a FIFO with no writer does not hang) and only
    a regular file is read: a folder is an :class:`IsADirectoryError`, a FIFO, a device or a socket a
    :class:`NotARegularFileError`; a path with a NUL character an :class:`OSError` too.

    >>> read_regular_file(os.devnull, 10)
    Traceback (most recent call last):
    ...
    rulesengine.paths.NotARegularFileError: [Errno 22] not a regular file
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except ValueError as exc:  # an embedded NUL character
        raise OSError(errno.EINVAL, str(exc)) from None
    with open(fd, "rb", closefd=True) as fh:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise NotARegularFileError(errno.EINVAL, "not a regular file")
        return fh.read(limit)
