"""The one YAML reader: safe semantics, bounded, every value located.

Every file the tool reads (rulesets, boards, scenarios, holdings, the search
synonyms) comes through `read`, which parses once (C parser when available)
into data plus a map path -> line, so any error about the file can say
file:line. A hostile file cannot take the process down: the size, the nesting
depth and the number of values after alias expansion (a "billion laughs") are
bounded, and each limit is one located InputError (exit 2).

`Doc` is a read file with its line map; `Errors` collects every problem of a
file so they are all reported at once, in the file's order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.errors import InputError, ValidationErrors
from referee.ruleset.names import key_hint
from referee.words.i18n import _, number

MAX_BYTES = 2 * 1024 * 1024  # the largest shipped ruleset is about 50 KB
MAX_DEPTH = 64  # the deepest shipped file nests about 8 levels
MAX_VALUES = 250_000  # values built, aliases expanded (a shipped ruleset holds a few thousand)
_SAFE_LINE_DEPTH = 10_000  # below this bound the C composer's own recursion is safe


def read_bytes(path: Path, display: str, most: int = MAX_BYTES) -> bytes:
    """A regular file's bytes, at most `most` of them, counted while reading (a device such as /dev/zero reports
    size 0 and never ends; a FIFO blocks an open for reading): anything else is one located InputError."""
    import errno
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(_("no such file"), display) from None
    except IsADirectoryError:
        raise InputError(_("is a folder, not a file"), display) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise InputError(_("a loop of symbolic links, not a file"), display) from None
        raise InputError(_("cannot read: {error}").format(error=e.strerror or e), display) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputError(_("is a folder, not a file"), display)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(_("is not a regular file (a device, a pipe or a socket): referee reads only files"), display)
        if st.st_size > most:
            raise InputError(_("the file is {size} bytes; a referee file is at most {most}").format(size=number(st.st_size), most=number(most)), display)
        chunks, got = [], 0
        while got <= most:
            chunk = os.read(fd, min(1 << 20, most + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > most:  # grew while read
            raise InputError(_("the file is over {most} bytes; a referee file is at most that").format(most=number(most)), display)
        return b"".join(chunks)
    except OSError as e:
        raise InputError(_("cannot read: {error}").format(error=e.strerror or e), display) from None
    finally:
        os.close(fd)


def read_text(path: Path, display: str, most: int = MAX_BYTES) -> str:
    """`read_bytes` as UTF-8 text (a file in another encoding is one located error)."""
    raw = read_bytes(path, display, most)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(_("not UTF-8 text (byte {n}): save the file as UTF-8").format(n=e.start + 1), display) from None


def read(path: Path, display: str) -> tuple[Any, dict[Any, Any]]:
    """Parse once with safe semantics; return the data and a map path -> line. InputError on any problem."""
    return parse(read_text(path, display), display)


def parse(text: str, display: str) -> tuple[Any, dict[Any, Any]]:
    """`read` for text already in memory."""
    import yaml

    if len(text) > MAX_BYTES:
        raise InputError(_("the text is {size} characters; a referee file is at most {most}").format(size=number(len(text)), most=number(MAX_BYTES)), display)
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    lines: dict[tuple[Any, ...], int] = {}
    try:
        if _depth_bound(text) > _SAFE_LINE_DEPTH:
            _check_depth(text, loader_cls, display)
        ld = loader_cls(text)
        try:
            node = ld.get_single_node()
            data = _Builder(ld, lines, display).build(node) if node is not None else None
        finally:
            ld.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        lines_ = text.splitlines()
        if mark and mark.line < len(lines_) and "\t" in lines_[mark.line][: mark.column + 1]:  # a tab where YAML wants spaces
            raise InputError(_("a tab: YAML indents with spaces only (replace the tab with spaces)"), display, mark.line + 1) from None
        if "nesting depth" in str(e.problem):  # libyaml ≥ 0.2.6 stops at 1,000 levels itself: the same refusal as ours
            raise InputError(_("nested too deeply (more than {most} levels)").format(most=MAX_DEPTH), display, mark.line + 1 if mark else None) from None
        raise InputError(_("not valid YAML: {problem}").format(problem=e.problem or e.context), display, mark.line + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise InputError(_("not valid YAML: {problem}").format(problem=e), display) from None
    except RecursionError:  # a safety net: _Builder stops long before Python's limit
        raise InputError(_("nested too deeply (more than {most} levels)").format(most=MAX_DEPTH), display) from None
    except ValueError as e:  # a scalar PyYAML cannot convert (a number of thousands of digits)
        raise InputError(_("a value no game holds ({problem})").format(problem=str(e).split(';')[0]), display) from None
    return data, lines


def _depth_bound(text: str) -> int:
    """A cheap upper bound on nesting: flow brackets, plus block levels (each needs a column or a '- ' on its line)."""
    longest = max((len(x) for x in text.splitlines()), default=0)
    return text.count("[") + text.count("{") + longest + 1


def _check_depth(text: str, loader_cls: Any, display: str) -> None:
    """Walk the parser's events (no recursion) and stop at the first level past MAX_DEPTH."""
    import yaml

    depth = 0
    for ev in yaml.parse(text, Loader=loader_cls):
        if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                line = ev.start_mark.line + 1 if ev.start_mark is not None else None
                raise InputError(_("nested too deeply (more than {most} levels)").format(most=MAX_DEPTH), display, line)
        elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1


_STR = "tag:yaml.org,2002:str"


class _Builder:
    """Construct a node's value as SafeLoader would, recording each path's line; bounded in depth and size."""

    def __init__(self, ld: Any, lines: dict[Any, Any], display: str) -> None:
        self.ld, self.lines, self.display = ld, lines, display
        self.values = 0

    def build(self, node: Any, path: tuple[Any, ...] = (), depth: int = 0, record: bool = True) -> Any:
        import yaml

        self.values += 1
        if self.values > MAX_VALUES:
            raise InputError(_("holds more than {most} values once its aliases (*name) are expanded; "
                               "a referee file is far smaller").format(most=number(MAX_VALUES)), self.display, node.start_mark.line + 1)
        if depth > MAX_DEPTH:
            raise InputError(_("nested too deeply (more than {most} levels)").format(most=MAX_DEPTH), self.display, node.start_mark.line + 1)
        ld, lines = self.ld, self.lines
        if record:
            lines.setdefault(path, node.start_mark.line + 1)  # a mapping key's own line wins
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR:
                return node.value
            return ld.yaml_constructors[node.tag](ld, node) if node.tag in ld.yaml_constructors else ld.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1, record) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for knode, vnode in node.value:
                if knode.tag == "tag:yaml.org,2002:merge" or not isinstance(knode, yaml.ScalarNode):
                    raise InputError(_("merge keys (<<) and complex keys are not supported"), self.display, knode.start_mark.line + 1)
                key = self.build(knode, (), depth + 1, record=False)
                if key in out:
                    raise InputError(_("key '{key}' appears twice").format(key=key), self.display, knode.start_mark.line + 1)
                if record:
                    lines[path + (key,)] = knode.start_mark.line + 1
                try:
                    out[key] = self.build(vnode, path + (key,), depth + 1, record)
                except TypeError:  # an unhashable key cannot reach here (complex keys refused); kept for safety
                    raise InputError(_("key '{key}' cannot be used").format(key=key), self.display, knode.start_mark.line + 1) from None
            return out
        return ld.construct_object(node)


def line_of(lines: dict[Any, Any], path: tuple[Any, ...]) -> int | None:
    """The line of `path`, or of its nearest parent that has one."""
    p = tuple(path)
    while True:
        if p in lines:
            return int(lines[p])
        if not p:
            return None
        p = p[:-1]


@dataclass
class Doc:
    """A read file: its data, where each value is, and how to name the file in messages."""

    data: Any
    lines: dict[Any, Any]
    display: str
    path: Path | None = None

    def line(self, path: tuple[Any, ...]) -> int | None:
        return line_of(self.lines, path)

    def where(self, path: tuple[Any, ...]) -> tuple[str, int | None]:
        return self.display, self.line(path)

    def error(self, path: tuple[Any, ...], message: str) -> InputError:
        return InputError(message, self.display, self.line(path))


def load(path: Path, display: str | None = None) -> Doc:
    data, lines = read(path, display or str(path))
    return Doc(data, lines, display or str(path), path)


Where = Callable[[tuple[Any, ...]], tuple[Any, ...]]  # path in the file -> (file, line)


def nowhere(path: tuple[Any, ...]) -> tuple[Any, ...]:
    return (None, None)


@dataclass
class Errors:
    """Every problem of one file, located; raised together in the file's order."""

    where: Where = nowhere
    items: list[InputError] = field(default_factory=list)

    def add(self, path: tuple[Any, ...], message: str) -> None:
        f, line = self.where(path)
        self.items.append(InputError(message, f, line))

    def keys(self, node: dict[Any, Any], path: tuple[Any, ...], known: tuple[Any, ...], ignored: tuple[Any, ...], what: str, hints: dict[Any, Any] | None = None) -> None:
        """One error for each key of `node` that is neither known nor ignored, with the closest known key, or with
        `hints[key]` when the key is a known slip (a player's `houses:`, whose buildings go with the deed)."""
        for k in node:
            if k in known or k in ignored:
                continue
            dym = key_hint(k, known)
            if hints and str(k).lower() in hints:
                dym = f" ({hints[str(k).lower()]})"
            self.add(path + (k,), _("unknown key '{key}' in {what}{hint}; known: {known}").format(
                key=k, what=what, hint=dym, known=", ".join(known)))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_any(self) -> None:
        if not self.items:
            return
        self.items.sort(key=lambda e: e.line or 0)  # in the file's order (stable within a line)
        if len(self.items) == 1:
            raise self.items[0]
        raise ValidationErrors(self.items)
