"""Network play between two computers: ``protocol.py`` (the game's lines, pure), a link of those lines
over any byte stream (``stream.py``, ``lines.py``, pure); on the LAN ``link.py`` (non-blocking TCP)
and ``lan.py`` (announcements), desktop only, imported only when a game is hosted or joined, never
in the browser; anywhere, by invite code through an MQTT broker, ``mqtt.py``, ``mqtt_client.py``,
``room.py`` and ``handshake.py`` (the two players' room key and its seals; pure) over a TCP socket
or, in the browser, ``websocket.py``."""
