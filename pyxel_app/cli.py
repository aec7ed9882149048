"""What every command shares: ``python -m pyxel_app`` and the bench modules run on their own
(``python -m pyxel_app.bench.othello``) build their options on one ``Parser`` with these types.

A bad option, value, position or file prints one line on stderr and exits with code 2, never a
traceback; Ctrl-C exits with 130 (see ``exits``).  No pyxel here: printing a usage error must
not load the window's modules.
"""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
from typing import Callable

from .exits import run_command
from .rules.base import RulesError
from .rules.numbers import NumberError, parse_number

MAX_SEED = 2**63 - 1


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print the whole usage; one line is enough
        raise UsageError(message)

    def add_argument(self, *names, **options):
        """Every value is UTF-8 text before anything reads it: the one check for every argument,
        so bytes that are no text never reach a file name, a window title or the network."""
        if options.get("action", "store") == "store":
            options["type"] = utf8(options.get("type", str))
        return super().add_argument(*names, **options)


def utf8(read):
    """An argparse type: ``read`` the value once it is known to be UTF-8 text.

    The system hands over bytes that are no UTF-8 as lone surrogates (PEP 383), which
    every encoder, Pyxel's included, refuses later with a traceback."""

    def parse(text: str):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise argparse.ArgumentTypeError(f"{os.fsencode(text)[:40]!r} is not UTF-8 text") from None
        return read(text)

    parse.__name__ = getattr(read, "__name__", "value")  # argparse names the type in its own messages
    return parse


def named(what: str):
    """An argparse type for a file or folder name: not empty (which would mean the current folder)."""

    def parse(text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError(f"{what} needs a name")
        return text

    return parse


def bounded(low: int, high: int, what: str):
    """An argparse type: a whole number in ``low..high`` read by the one number parser."""

    def parse(text: str) -> int:
        try:
            return parse_number(text, low, high, what)
        except NumberError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def read_text_file(path: str, what: str, limit: int) -> str | None:
    """The UTF-8 text of the file ``path``, or None when no file has that name; anything there
    that is not a plain file of at most ``limit`` bytes (a pipe, a folder, a device) is refused unread."""
    from .shell.storage import problem_text, read_text

    try:
        return read_text(path, limit)
    except UnicodeDecodeError as error:
        raise UsageError(f"{what} {path}: {problem_text(error)}") from None
    except ValueError:  # a NUL in the name: no file has it
        return None
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG):
            return None
        raise UsageError(f"{what} {path}: {problem_text(error)}") from None


def read_standard_input(what: str, limit: int) -> str:
    """The UTF-8 text on standard input, at most ``limit`` bytes: one line's error (a usage error) when
    it is closed (``<&-``), a folder, open for writing only, bigger or no UTF-8 text."""
    from .shell.storage import problem_text

    stream = getattr(sys.stdin, "buffer", None)  # None: the process was started with standard input closed
    try:
        if stream is None:
            raise OSError(errno.EBADF, "closed")
        if stat.S_ISDIR(os.fstat(stream.fileno()).st_mode):
            raise IsADirectoryError(errno.EISDIR, "a folder")
        data = stream.read(limit + 1)
    except ValueError:  # a stream closed inside the process
        raise UsageError(f"{what}: standard input is closed") from None
    except OSError as error:
        why = {errno.EBADF: "closed" if stream is None else "not open for reading", errno.EISDIR: "a folder"}
        if error.errno in why:
            raise UsageError(f"{what}: standard input is {why[error.errno]}") from None
        raise UsageError(f"{what}: standard input: {problem_text(error)}") from None
    if len(data) > limit:
        raise UsageError(f"{what}: standard input: more than {limit} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UsageError(f"{what}: standard input: {problem_text(error)}") from None


def writable_file(path: str, what: str) -> str:
    """``path``, checked before a long run that it is a plain file (or none yet) this process may write."""
    from .shell.storage import problem_text, refuse_unless_plain

    existed = os.path.exists(path)
    try:
        if existed:  # a pipe there would hold the write for ever, a folder refuse it at the end
            refuse_unless_plain(os.stat(path), sys.maxsize)
        with open(path, "ab"):
            pass
    except OSError as error:
        raise UsageError(f"{what} {path}: {problem_text(error)}") from None
    if not existed:
        os.unlink(path)
    return path


def main(build_parser: Callable[[], Parser], act: Callable[[argparse.Namespace], None],
         argv: list[str] | None = None) -> int:
    """Parse ``argv`` (else the process's) with ``build_parser()`` and ``act`` on the options;
    the exit code: 0, 2 after a one-line usage error, 130 after Ctrl-C or SIGTERM."""

    def parse_and_act(argv: list[str]) -> int:
        parser = build_parser()
        try:
            act(parser.parse_args(argv))
        except (UsageError, RulesError, NumberError, OSError) as error:
            message = str(error).splitlines()[0] if str(error) else type(error).__name__
            print(f"{parser.prog}: error: {message}", file=sys.stderr)
            return 2
        return 0

    return run_command(parse_and_act, sys.argv[1:] if argv is None else argv)
