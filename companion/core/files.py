"""Reading files a user or a damaged disk hands us, within bounds.

A path may name a device (/dev/zero never ends), a FIFO (opening it blocks until a writer comes)
or a file far larger than any the companion writes. `read_bounded` refuses all three before
reading a byte, so a hostile or mistaken path gets a clear error instead of a hang.
"""

from __future__ import annotations

import errno
import os
import stat


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
