"""The built .pyxapp starts headless, and the .html carries exactly its bytes."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import zipfile

import pytest


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pyxel_app.build import build

    return build(tmp_path_factory.mktemp("dist"))


def test_pyxapp_has_metadata_resources_and_sources(built):
    app, _ = built
    with zipfile.ZipFile(app) as archive:
        names = archive.namelist()
        comment = archive.comment.decode()
    assert "bypuzz-arcade/pyxel_app/resources.pyxres" in names
    assert "bypuzz-arcade/main.py" in names
    assert not any("__pycache__" in name for name in names)
    for field in ("title", "author", "desc", "version", "license"):
        assert re.search(rf"^{field}\s*:", comment, re.M), field


def test_pyxapp_runs_sixty_frames_headless(built, tmp_path):
    app, _ = built
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", BYPUZZ_HEADLESS_FRAMES="60")
    env.pop("PYTHONPATH", None)
    result = subprocess.run(
        [sys.executable, "-c", "import pyxel.cli, sys; pyxel.cli.play_pyxel_app(sys.argv[1])", str(app)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "ran 60 frames headless" in result.stdout


def test_html_embeds_exactly_the_pyxapp(built):
    app, html = built
    text = html.read_text()
    match = re.search(r'base64: "([A-Za-z0-9+/=]+)"', text)
    assert match
    assert base64.b64decode(match.group(1)) == app.read_bytes()
    assert 'name: "bypuzz-arcade.pyxapp"' in text
