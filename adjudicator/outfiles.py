"""Output files: never over an input, always atomically.

Every command that writes a file (``score --sgf-out``, ``diagram -o``) goes
through :func:`check_output` and :func:`write_atomic`: the output may not be
one of the inputs (the same path, or another name for the same file), its
folder must exist, and the bytes go to a temporary file in that folder that
is then renamed over the output, so a reader never sees half a file and a
failure leaves any earlier output as it was.  The file gets the mode a plain
``open()`` would give it (``mkstemp`` makes it private), or keeps the mode of
the file it replaces.  An output that is a device or a pipe (``/dev/null``,
``/dev/stdout``, a FIFO) is written into instead, and an output that is a
symbolic link replaces the file the link names: a rename would replace the
node or the link itself.
"""

from __future__ import annotations

import os
import stat
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
    try:
        os.stat(out)
    except FileNotFoundError:
        pass
    except OSError as e:  # a name too long, a component that is a file (ENOTDIR): the OS refuses the name
        if not isinstance(e, NotADirectoryError):
            raise error(f"{target}: cannot write ({e.strerror or e})") from None
    for source in inputs:
        try:
            same = out.exists() and os.path.samefile(source, out)
        except OSError:
            same = False
        if same or os.path.realpath(os.fsdecode(source)) == os.path.realpath(target):
            raise error(f"{target}: refusing to overwrite the input file; {hint}")
    if out.is_dir():
        raise error(f"{target}: is a directory")
    if target.endswith(("/", os.sep)):  # Path() drops the slash: 'new/' would become a file 'new'
        raise error(f"{target}: names a folder, not a file name")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise error(f"{target}: folder {os.fsdecode(folder)} does not exist")
    return out


def _is_special(path: Path) -> bool:
    """Whether ``path`` (symbolic links followed) exists and is neither a regular file nor a folder."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(data: bytes, output: PathLike, error: Callable[[str], Exception]) -> None:
    """Write ``data`` to ``output`` through a temporary file and a rename; OS errors become ``error``."""
    out = Path(output)
    target = os.fsdecode(output)
    if _is_special(out):
        # A device or a pipe (/dev/null, /dev/stdout, a FIFO): nothing to keep by a rename, and the
        # rename would replace the node itself with a regular file.  Write into it.
        try:
            with open(out, "wb") as f:
                f.write(data)
        except OSError as e:
            raise error(f"{target}: cannot write ({e.strerror or e})") from None
        return
    if out.is_symlink():  # replace the file it names, not the link (e.g. /dev/stdout redirected to a file)
        out = Path(os.path.realpath(out))
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
