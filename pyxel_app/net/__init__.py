"""Network play between two computers: ``protocol.py`` (pure text, runs anywhere) and
``link.py`` (non-blocking TCP sockets, desktop only, imported only when a game is hosted
or joined, never in the browser)."""
