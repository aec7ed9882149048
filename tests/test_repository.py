"""What a checkout holds, on every system: no symbolic links (a Windows checkout makes each a
small text file, and the app then found no resources), and the licence the package declares."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

from missing import missing

ROOT = Path(__file__).resolve().parent.parent
LINK_MODE = "120000"  # git's file mode of a symbolic link


def tracked_links(ls_files: str) -> list[str]:
    """The paths ``git ls-files --stage -z`` lists as symbolic links."""
    links = []
    for entry in filter(None, ls_files.split("\0")):
        mode_and_object, _, path = entry.partition("\t")
        if mode_and_object.split()[0] == LINK_MODE:
            links.append(path)
    return links


def test_the_check_finds_a_planted_link():
    planted = ("100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\tREADME.md\0"
               "120000 e9928d3133725ac8ed854d8e053ec8b6e0d6a401 0\tpyxel_app/resources.pyxres\0")
    assert tracked_links(planted) == ["pyxel_app/resources.pyxres"]


def test_git_tracks_no_symbolic_link():
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        missing("the tests do not run in a git checkout", "run them in a clone, with git installed")
    listed = subprocess.run([git, "ls-files", "--stage", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert listed.stdout and tracked_links(listed.stdout) == []


def test_the_resources_are_one_real_file_in_the_package():
    from pyxel_app.shell.app import resource_path

    path = resource_path()
    assert path.parent == ROOT / "pyxel_app"
    assert path.is_file() and not path.is_symlink()
    assert path.read_bytes()[:2] == b"PK"  # a .pyxres is a zip archive, not a link's text


def test_the_licence_file_is_the_one_the_package_declares():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.splitlines()[0] == f"{project['license']['text']} License"
    holder = project["authors"][0]["name"]
    assert re.search(rf"^Copyright \(c\) \d{{4}} {re.escape(holder)}$", licence, re.M)


def unnamed(names: list[str], text: str) -> list[str]:
    return [name for name in names if name.lower() not in text.lower()]


def test_the_description_check_finds_a_game_left_out():
    assert unnamed(["ByPuzz", "Nim"], "ByPuzz and more to come") == ["Nim"]


def test_every_game_is_named_wherever_the_arcade_says_what_it_is():
    """The README's first lines, the package's description and the .pyxapp's: a new game is named
    in each, no "more to come"."""
    from pyxel_app import games
    from pyxel_app.build import STARTUP

    names = [spec.strings["en"]["name"] for spec in games.GAMES]
    readme_intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n\n")[1]
    description = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["description"]
    pyxapp_desc = next(line for line in STARTUP.splitlines() if line.startswith("# desc:"))
    for text in (readme_intro, description, pyxapp_desc):
        assert unnamed(names, text) == [], text
