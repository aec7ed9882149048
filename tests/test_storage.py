"""Storage backends: atomic writes, setting bad files aside, key=value parsing."""

from __future__ import annotations

import os

import pytest

from pyxel_app.shell.storage import FileStorage, MemoryStorage, format_fields, parse_fields


def test_file_storage_round_trip_and_set_aside(tmp_path):
    storage = FileStorage(tmp_path / "data")
    assert storage.read("settings.txt") is None
    storage.write("settings.txt", "language=de\n")
    assert storage.read("settings.txt") == "language=de\n"
    assert storage.set_aside("settings.txt") == "settings.txt.bad"
    assert storage.read("settings.txt") is None
    assert (tmp_path / "data" / "settings.txt.bad").read_text() == "language=de\n"
    storage.delete("settings.txt.bad")
    storage.delete("never-there.txt")
    assert os.listdir(tmp_path / "data") == []


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    storage.write("save.txt", "old\n")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        storage.write("save.txt", "new\n")
    monkeypatch.undo()
    assert storage.read("save.txt") == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["save.txt"]


def test_memory_storage_behaves_like_files():
    storage = MemoryStorage({"a": "1"})
    storage.write("b", "2")
    assert storage.set_aside("a") == "a.bad"
    assert storage.blobs == {"a.bad": "1", "b": "2"}


def test_fields_round_trip_and_errors_name_the_line():
    fields = {"language": "de", "key.up": "W UP"}
    assert dict(parse_fields(format_fields(fields))) == fields
    assert parse_fields("# comment\n\nx = 1\n") == [("x", "1")]
    with pytest.raises(ValueError, match="line 2"):
        parse_fields("a=1\nnonsense\n")
