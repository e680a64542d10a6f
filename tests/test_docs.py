"""The README stays a five-minute read, and the docs stay true to the repository.

The README says what Riichi Tutor is and where to read on; everything else is a page of docs/. Every
relative link must lead to a file (and a heading, when it names one), and docs/architecture.md must name
the tree as it is: every ``tutor/...`` path it or the README names exists, and every package and every
top-level module of ``tutor/`` is named there.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
TUTOR = ROOT / "tutor"
README_MAX_LINES = 250

FENCED_BLOCK = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
# A path of the package as prose names it: `tutor/web/views/`, tutor/cli.py. Not part of a longer path.
TUTOR_PATH = re.compile(r"(?<![\w./-])tutor/[\w./-]*")


def markdown_pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def prose(text: str) -> str:
    """The text without code: fenced blocks and code spans show syntax, they are not links."""
    return CODE_SPAN.sub("", FENCED_BLOCK.sub("", text))


def relative_links(page: Path) -> list[str]:
    """Every link of ``page`` within the repository (``other.md``, ``other.md#part``, ``#part``): no scheme, no site path."""
    text = prose(page.read_text(encoding="utf-8"))
    targets = INLINE_LINK.findall(text) + REFERENCE_LINK.findall(text)
    return [t for t in targets if not re.match(r"^([a-zA-Z][\w+.-]*:|/)", t)]


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {anchor(h) for h in HEADING.findall(FENCED_BLOCK.sub("", page.read_text(encoding="utf-8")))}


def named_paths(page: Path) -> set[str]:
    """Every ``tutor/...`` path the page names, code included, without a trailing slash or full stop."""
    found = set()
    for match in TUTOR_PATH.findall(page.read_text(encoding="utf-8")):
        path = match.rstrip(".,;:")
        found.add(path.rstrip("/") or path)
    return found


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_readme_is_at_most_250_lines() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, (
        f"README.md has {lines} lines, more than {README_MAX_LINES}: move the detail into a page of docs/"
    )


def test_every_relative_link_leads_to_a_file_that_exists() -> None:
    broken = []
    for page in markdown_pages():
        for target in relative_links(page):
            path = target.split("#", 1)[0]
            if path and not (page.parent / path).exists():
                broken.append(f"{shown(page)}: {target}")
    assert not broken, "links to files that do not exist:\n" + "\n".join(broken)


def test_every_link_to_a_heading_finds_it() -> None:
    missing = []
    for page in markdown_pages():
        for target in relative_links(page):
            path, _, fragment = target.partition("#")
            linked = (page.parent / path) if path else page
            if fragment and linked.suffix == ".md" and linked.exists() and fragment not in anchors(linked):
                missing.append(f"{shown(page)}: {target} (no heading #{fragment} in {shown(linked)})")
    assert not missing, "links to headings that do not exist:\n" + "\n".join(missing)


def test_the_readme_links_every_docs_page() -> None:
    linked = {(README.parent / t.split("#", 1)[0]).resolve() for t in relative_links(README)}
    missing = [shown(page) for page in sorted(DOCS.glob("*.md")) if page.resolve() not in linked]
    assert not missing, f"README.md does not link to {missing}"


def test_every_tutor_path_the_architecture_and_the_readme_name_exists() -> None:
    missing = []
    for page in (ARCHITECTURE, README):
        for name in sorted(named_paths(page)):
            path = ROOT / name
            if name.endswith(".py"):
                found = path.is_file()
            elif "." not in Path(name).name:
                found = path.is_dir()
            else:
                found = path.exists()
            if not found:
                missing.append(f"{shown(page)} names {name}, which does not exist")
    assert not missing, "\n".join(missing)


def test_the_architecture_names_every_package_and_every_top_level_module() -> None:
    named = named_paths(ARCHITECTURE)
    packages = sorted(init.parent for init in TUTOR.rglob("__init__.py") if init.parent != TUTOR)
    modules = sorted(TUTOR.glob("*.py"))
    missing = [shown(path) for path in (*packages, *modules) if shown(path) not in named]
    assert not missing, "docs/architecture.md does not name:\n" + "\n".join(missing)
