"""Read a YAML file once (safe semantics, C parser when available) into data plus
a map path -> line, so every error about the file can say where it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.errors import InputError


def read(path: Path, display: str) -> tuple[Any, dict]:
    """Parse once with the C composer (safe semantics); build the data and a path -> line map in one walk."""
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", display) from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read: {e}", display) from None
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    lines: dict[tuple, int] = {}
    try:
        ld = loader_cls(text)
        try:
            node = ld.get_single_node()
            data = _build(ld, node, (), lines, display) if node is not None else None
        finally:
            ld.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise InputError(f"not valid YAML: {e.problem or e.context}", display, mark.line + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise InputError(f"not valid YAML: {e}", display) from None
    return data, lines


_STR = "tag:yaml.org,2002:str"


def _build(ld, node, path: tuple, lines: dict, display: str) -> Any:
    """Construct a node's value as SafeLoader would, recording each path's line (mappings, lists, plain scalars)."""
    import yaml

    lines.setdefault(path, node.start_mark.line + 1)  # a mapping key's own line wins
    if isinstance(node, yaml.ScalarNode):
        if node.tag == _STR:
            return node.value
        return ld.yaml_constructors[node.tag](ld, node) if node.tag in ld.yaml_constructors else ld.construct_object(node)
    if isinstance(node, yaml.SequenceNode):
        return [_build(ld, item, path + (i,), lines, display) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for knode, vnode in node.value:
            if knode.tag == "tag:yaml.org,2002:merge" or not isinstance(knode, yaml.ScalarNode):
                raise InputError("merge keys (<<) and complex keys are not supported", display, knode.start_mark.line + 1)
            key = _build(ld, knode, (), {}, display)
            if key in out:
                raise InputError(f"key '{key}' appears twice", display, knode.start_mark.line + 1)
            lines[path + (key,)] = knode.start_mark.line + 1
            out[key] = _build(ld, vnode, path + (key,), lines, display)
        return out
    return ld.construct_object(node)
