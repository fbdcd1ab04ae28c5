"""Reading files a user or a damaged disk hands us, within bounds; writing ours whole or not at all.

A path may name a device (/dev/zero never ends), a FIFO (opening it blocks until a writer comes)
or a file far larger than any the companion writes. `read_bounded` refuses all three before
reading a byte, so a hostile or mistaken path gets a clear error instead of a hang.
`write_text_atomic` never leaves half a file under the name, nor a temporary file beside it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile


def read_bounded(name: str | os.PathLike[str], limit: int | None, *, head: int | None = None) -> bytes:
    """A regular file's bytes (or its first `head` bytes). Devices and FIFOs are refused without
    blocking, and a file over `limit` bytes is refused before it is read. Raises OSError."""
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device or a pipe)"
            raise OSError(errno.EINVAL, kind)
        if head is not None:
            return os.read(fd, head)
        if limit is not None and st.st_size > limit:
            raise OSError(errno.EFBIG, f"too large ({st.st_size} bytes; the limit is {limit})")
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if limit is not None and size > limit:
                raise OSError(errno.EFBIG, f"too large (over {limit} bytes)")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_text_atomic(path: str | os.PathLike[str], text: str, prefix: str = ".tmp-") -> None:
    """`text` written to `path` whole or not at all: a temporary file (`prefix`...) beside it, then a
    rename over the old one. On any failure the temporary file is removed and the error raised."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
