"""The shape of the tree: pure cores without Django, modules of one concept, no import cycles.

These hold the structure the README's "Layout" describes; each failure names
the module at fault.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "outbox", "rooms", "scoring", "signup", "tournament")
PURE_CORES = ("games.engine", "tournament.domain", "tournament.pairing", "tournament.tfile", "tournament.tfile.trf",
              "tournament.pairing.next_round", "scoring.tally", "scoring.head_to_head", "scoring.metrics", "scoring.standings",
              "scoring.ties", "scoring.report", "games.colours", "rooms.game.clock", "rooms.game.referee")
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


def _imports(name: str, path: Path, known: set[str], type_checking: bool = False) -> set[str]:
    """Project modules that `name` imports anywhere: at module level and inside functions (an import in a
    function still makes the one module need the other, only later); under `if TYPE_CHECKING` only if
    `type_checking` (what a type checker reads, and Python never runs)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()

    class Finder(ast.NodeVisitor):
        def visit_If(self, node):
            if "TYPE_CHECKING" in ast.unparse(node.test) and not type_checking:
                for statement in node.orelse:
                    self.visit(statement)
            else:
                self.generic_visit(node)

        def visit_Import(self, node):
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)

    Finder().visit(tree)
    return {m for m in found if m in known and m != name}


def _import_graph(type_checking: bool) -> dict[str, set[str]]:
    modules = project_modules()
    return {name: _imports(name, path, set(modules), type_checking) for name, path in modules.items()}


def test_no_import_cycle_between_modules():
    cycles = [component for component in _strongly_connected(_import_graph(type_checking=False)) if len(component) > 1]
    assert not cycles, f"modules that import each other (imports inside functions count): {cycles}"


def test_no_import_cycle_even_through_type_checking_imports():
    """An import under `if TYPE_CHECKING:` hides a circle from Python, not from the reader: two modules that
    each need the other's names are one concept cut in two (or a third module both should import)."""
    cycles = [component for component in _strongly_connected(_import_graph(type_checking=True)) if len(component) > 1]
    assert not cycles, f"modules that import each other (counting imports under TYPE_CHECKING): {cycles}"


# The parts that may depend on each other one way only: each top-level package, with two named exceptions.
# - The site's wiring is where the apps meet, and belongs to none of them: Django's settings, the URL confs and
#   the ASGI/WSGI entry points name every app's views, consumers and sweeper, and nothing imports them (Django
#   loads them by their dotted names).  They live in `tournament/` only because that is the project's folder.
#   An app that imported them would close a circle through them, which the test below still sees.
# - `tournament.domain` is the event as plain data (records, rounds, results, their words): a pure core below
#   both the event's app and `scoring`, which ranks its records.  It imports neither.
SITE_WIRING = ("tournament.settings", "tournament.urls", "tournament.manage_urls", "tournament.asgi", "tournament.wsgi",
               # `manage.py demo` makes a demo of every app (an online event with entries by the form among them):
               # an entry point like the ones above, run by name, imported by nothing.
               "tournament.management.commands.demo")
OWN_PARTS = ("tournament.domain",)


def part_of(module: str) -> str:
    """The part a module belongs to, for the rule that parts do not import each other in a circle."""
    if module in SITE_WIRING:
        return "the site's wiring"
    for part in OWN_PARTS:
        if module == part or module.startswith(part + "."):
            return part
    return module.split(".")[0]


def _part_cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each circle between parts, with the module imports that make it."""
    parts: dict[str, set[str]] = {}
    why: dict[tuple[str, str], list[str]] = {}
    for module, imported in graph.items():
        parts.setdefault(part_of(module), set())
        for other in imported:
            if part_of(module) != part_of(other):
                parts[part_of(module)].add(part_of(other))
                parts.setdefault(part_of(other), set())
                why.setdefault((part_of(module), part_of(other)), []).append(f"{module} -> {other}")
    return [f"{circle}: " + "; ".join(edge for a in circle for b in circle for edge in why.get((a, b), [])[:3])
            for circle in _strongly_connected(parts) if len(circle) > 1]


def test_no_import_cycle_between_packages():
    """`tournament` and `rooms` (and every other pair of parts) import each other one way only, imports inside
    functions and under TYPE_CHECKING included: a circle between packages is a module in the wrong one."""
    cycles = _part_cycles(_import_graph(type_checking=True))
    assert not cycles, f"packages that import each other: {cycles}"


def test_the_cycle_finder_sees_an_import_under_type_checking(tmp_path):
    # Two modules, `a` importing `b` at the top and `b` importing `a` only for type checking: a circle.
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    known = {"pkg.a", "pkg.b"}
    graph = {name: _imports(name, tmp_path / f"{name[-1]}.py", known, type_checking=True)
             for name in known}
    assert graph == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert [sorted(c) for c in _strongly_connected(graph) if len(c) > 1] == [["pkg.a", "pkg.b"]]
    assert _imports("pkg.b", tmp_path / "b.py", known) == set()  # Python itself never runs it


def test_the_cycle_finder_sees_an_import_inside_a_function(tmp_path):
    # `a` imports `b` at the top; `b` imports `a` only when a function runs, as an import put off to dodge the
    # circle would: it is still a circle.
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("def later():\n    from .a import A\n    return A\n")
    known = {"pkg.a", "pkg.b"}
    graph = {name: _imports(name, tmp_path / f"{name[-1]}.py", known) for name in known}
    assert graph == {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert [sorted(c) for c in _strongly_connected(graph) if len(c) > 1] == [["pkg.a", "pkg.b"]]


def test_the_package_cycle_finder_sees_rooms_and_tournament_importing_each_other():
    # No module imports itself back, yet the two packages do: rooms' service reads tournament's models, and a
    # tournament page imports rooms' views.
    graph = {"rooms.services": {"tournament.models"}, "tournament.models": set(),
             "tournament.pages.views": {"rooms.views"}, "rooms.views": set()}
    assert [c.split(":")[0] for c in _part_cycles(graph)] == ["['rooms', 'tournament']"]
    # The same import made by the site's URL conf is where the apps meet: no circle.
    graph["tournament.urls"] = graph.pop("tournament.pages.views")
    assert _part_cycles(graph) == []
    # An app that imports the site's wiring closes a circle through it.
    graph["rooms.views"] = {"tournament.urls"}
    assert [c.split(":")[0] for c in _part_cycles(graph)] == ["['rooms', \"the site's wiring\"]"]


CITING = (*PACKAGES, "templates", "tests", "README.md", "pyproject.toml", "Makefile", "docs")  # every package
OUTSIDE = re.compile(r"(?:\.\./)?shared/(?:spec|seeds)/")  # the contracts' drafts outside the repository
DOCS_CITED = re.compile(r"docs/([\w-]+\.md)")


def _texts_that_cite():
    for place in CITING:
        path = ROOT / place
        for file in ([path] if path.is_file() else sorted(path.rglob("*"))):
            if file.suffix in {".py", ".html", ".js", ".css", ".md", ".toml", ""} and file.is_file() \
                    and ".venv" not in file.parts and "__pycache__" not in file.parts:
                yield file, file.read_text(encoding="utf-8", errors="replace")


def test_the_repository_cites_only_its_own_docs():
    """Docstrings, comments, templates and the README cite the contracts in `docs/`, which a person with only
    the repository has; every `docs/...` they name exists."""
    outside = [f"{file.relative_to(ROOT)}:{n}" for file, text in _texts_that_cite()
               for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert not outside, f"citations of files outside the repository: {outside}"
    missing = sorted({f"{file.relative_to(ROOT)}: docs/{name}" for file, text in _texts_that_cite()
                      for name in DOCS_CITED.findall(text) if not (ROOT / "docs" / name).is_file()})
    assert not missing, f"citations of docs/ pages that do not exist: {missing}"


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
