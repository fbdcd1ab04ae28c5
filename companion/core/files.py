"""Reading files a user or a damaged disk hands us, within bounds; writing ours whole or not at all.

A path may name a device (/dev/zero never ends), a FIFO (opening it blocks until a writer comes)
or a file far larger than any the companion writes. `read_bounded` refuses all three before
reading a byte, so a hostile or mistaken path gets a clear error instead of a hang.
`write_bytes_atomic` and `write_text_atomic` never leave half a file under the name, nor a temporary
file beside it, and what they wrote survives a power cut once they return: the file's data is
synced before the rename and its folder after it (`sync_file`, `sync_dir`; the journal's second
copies use the same two steps).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
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


def sync_file(fd: int) -> None:
    """An open file's data on the disk (its size too; not its timestamps)."""
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


def sync_dir(directory: str | os.PathLike[str]) -> None:
    """A folder's entries on the disk: a file created, renamed or removed in it stays so."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes, prefix: str = ".tmp-", suffix: str = "") -> None:
    """`data` written to `path` whole or not at all, durably: a temporary file (`prefix`...`suffix`)
    beside it, synced, renamed over the old one, and the folder synced. The file keeps the old
    one's permissions (a new one gets the umask's, as any file the user makes). On any failure
    before the rename the temporary file is removed, the old file kept, and the error raised."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = _beside(folder, prefix, suffix)
    try:
        try:
            with contextlib.suppress(FileNotFoundError):
                os.fchmod(fd, stat.S_IMODE(os.stat(path).st_mode))
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            sync_file(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_dir(folder)


def _beside(folder: str, prefix: str, suffix: str) -> tuple[int, str]:
    """A new file of our own in `folder` under a name nobody has (mkstemp's way, with the
    umask's permissions rather than mkstemp's owner-only ones)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        name = os.path.join(folder, f"{prefix}{secrets.token_hex(6)}{suffix}")
        try:
            return os.open(name, flags, 0o666), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"no free temporary name in {folder}")


def write_text_atomic(path: str | os.PathLike[str], text: str, prefix: str = ".tmp-") -> None:
    """`text` (UTF-8) written to `path` as `write_bytes_atomic` does: whole or not at all, durably."""
    write_bytes_atomic(path, text.encode("utf-8"), prefix=prefix)
