"""The player's settings: ``key=value`` lines in ``settings.txt``, saved on every change."""

from __future__ import annotations

from .storage import Storage, format_fields, parse_fields

FILE_NAME = "settings.txt"


class Settings:
    def __init__(self, storage: Storage, on_write_error=None) -> None:
        self.storage = storage
        self.fields: dict[str, str] = {}
        # Told about a failed write; the setting still holds for this session.
        self.on_write_error = on_write_error

    def load(self) -> str | None:
        """Read the file; returns what was wrong with it (and keeps defaults) or None."""
        self.fields = {}
        try:
            text = self.storage.read(FILE_NAME)
        except (OSError, UnicodeDecodeError) as error:
            return str(error)
        if text is None:
            return None
        try:
            self.fields = dict(parse_fields(text))
        except ValueError as error:
            return str(error)
        return None

    def set_aside(self) -> str:
        self.fields = {}
        return self.storage.describe(self.storage.set_aside(FILE_NAME))

    def get(self, key: str, default: str = "") -> str:
        return self.fields.get(key, default)

    def get_bool(self, key: str, default: bool) -> bool:
        return self.fields.get(key, "on" if default else "off") == "on"

    def set(self, key: str, value: str | bool) -> None:
        if isinstance(value, bool):
            value = "on" if value else "off"
        self.fields[key] = value
        try:
            self.storage.write(FILE_NAME, format_fields(self.fields))
        except OSError as error:
            if self.on_write_error is not None:
                self.on_write_error(error)
