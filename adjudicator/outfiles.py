"""Output files: never over an input, always atomically.

Every command that writes a file (``score --sgf-out``, ``diagram -o``) goes
through :func:`check_output` and :func:`write_atomic`: the output may not be
one of the inputs (the same path, or another name for the same file), its
folder must exist, and the bytes go to a temporary file in that folder that
is then renamed over the output, so a reader never sees half a file and a
failure leaves any earlier output as it was.  The file gets the mode a plain
``open()`` would give it (``mkstemp`` makes it private), or keeps the mode of
the file it replaces.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, Sequence

__all__ = ["check_output", "write_atomic"]

PathLike = str | os.PathLike[str]


def check_output(output: PathLike, inputs: Sequence[PathLike], error: Callable[[str], Exception],
                 hint: str = "choose another output") -> Path:
    """``output`` as a Path, or raise ``error(message)`` if it is an input, a directory or in no folder."""
    out = Path(output)
    target = os.fsdecode(output)
    for source in inputs:
        try:
            same = out.exists() and os.path.samefile(source, out)
        except OSError:
            same = False
        if same or os.path.realpath(os.fsdecode(source)) == os.path.realpath(target):
            raise error(f"{target}: refusing to overwrite the input file; {hint}")
    if out.is_dir():
        raise error(f"{target}: is a directory")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise error(f"{target}: folder {os.fsdecode(folder)} does not exist")
    return out


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(data: bytes, output: PathLike, error: Callable[[str], Exception]) -> None:
    """Write ``data`` to ``output`` through a temporary file and a rename; OS errors become ``error``."""
    out = Path(output)
    target = os.fsdecode(output)
    folder = out.parent if str(out.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise error(f"{target}: cannot write ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.exists() else 0o666 & ~_umask())
        os.replace(tmp, out)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise error(f"{target}: cannot write ({e.strerror or e})") from None
