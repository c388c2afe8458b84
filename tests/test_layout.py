"""The shape of the tree: pure cores without Django, modules of one concept, no import cycles.

These hold the structure the README's "Layout" describes; each failure names
the module at fault.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "outbox", "rooms", "scoring", "signup", "tournament")
PURE_CORES = ("games.engine", "tournament.domain", "tournament.pairing", "tournament.tfile", "tournament.tfile.trf",
              "tournament.pairing.next_round", "scoring.tally", "scoring.head_to_head", "scoring.metrics", "scoring.standings",
              "scoring.ties", "scoring.report", "games.colours", "rooms.clock", "rooms.referee")
MAX_LINES = 400


def project_modules() -> dict[str, Path]:
    """Every module of the project outside tests and migrations, by dotted name."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


@pytest.mark.parametrize("core", PURE_CORES)
def test_the_pure_cores_import_nothing_from_django(core):
    code = f"import sys, {core}; print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", f"importing {core} loads Django: {result.stdout.strip()[:200]}"


def test_no_module_is_over_400_lines():
    long = {name: n for name, path in project_modules().items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (usually two concepts in one file): {long}"


def _imports_at_import_time(name: str, path: Path, known: set[str], type_checking: bool = False) -> set[str]:
    """Project modules imported at module level (not inside functions; under `if TYPE_CHECKING` only if
    `type_checking`: what a type checker reads)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    def visit(statements):
        for node in statements:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) and not type_checking:
                continue
            if isinstance(node, (ast.If, ast.Try)):
                visit(node.body + node.orelse + getattr(node, "finalbody", []) +
                      [n for handler in getattr(node, "handlers", []) for n in handler.body])
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)

    visit(tree.body)
    return {m for m in found if m in known and m != name}


def test_no_import_cycle_at_import_time():
    modules = project_modules()
    graph = {name: _imports_at_import_time(name, path, set(modules)) for name, path in modules.items()}
    cycles = [component for component in _strongly_connected(graph) if len(component) > 1]
    assert not cycles, f"modules that import each other at import time: {cycles}"


def test_no_import_cycle_even_through_type_checking_imports():
    """An import under `if TYPE_CHECKING:` hides a circle from Python, not from the reader: two modules that
    each need the other's names are one concept cut in two (or a third module both should import)."""
    modules = project_modules()
    graph = {name: _imports_at_import_time(name, path, set(modules), type_checking=True)
             for name, path in modules.items()}
    cycles = [component for component in _strongly_connected(graph) if len(component) > 1]
    assert not cycles, f"modules that import each other (counting imports under TYPE_CHECKING): {cycles}"


def test_the_cycle_finder_sees_an_import_under_type_checking(tmp_path):
    # Two modules, `a` importing `b` at the top and `b` importing `a` only for type checking: a circle.
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    known = {"pkg.a", "pkg.b"}
    graph = {name: _imports_at_import_time(name, tmp_path / f"{name[-1]}.py", known, type_checking=True)
             for name in known}
    assert graph == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert [sorted(c) for c in _strongly_connected(graph) if len(c) > 1] == [["pkg.a", "pkg.b"]]
    assert _imports_at_import_time("pkg.b", tmp_path / "b.py", known) == set()  # Python itself never runs it


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components
