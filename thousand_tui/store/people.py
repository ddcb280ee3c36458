"""How a club tells apart the people at its shared tables (docs/scaling.md), by the ids a
table's record gives them (its header's `people`) and the ids its index and ratings give them:

- a key's id (`key-…`, a digest of the SSH key he logs in with): the club's, the same on every
  host and in the record;
- a host's own player: `local` on one host, `local:NODE` on a club database;
- a person told apart by no key, known by the name he sat down with: `name:NAME` in the record
  of a table of his own host, `name:NODE:NAME` in a club database's index (NODE the host he
  came from), `name:NAME` on one host (its SQLite file);
- such a person of another host of the club, who sat at this host's table through the relay
  (`tables/relay.py`): `name@NODE:NAME` in the record (never `name:NODE:NAME`, which a person
  of this host named "NODE:NAME" would write), `name:NODE:NAME` in the index.

NODE is a host's name in the club: letters, digits, `.`, `_` and `-` (no `:`), so that the
first `:` after `name:` or `name@` ends it.
"""

from __future__ import annotations

import re

NAMED = "name:"  # a person known by a name only
GUEST = "name@"  # in a record: such a person of another host of the club (name@NODE:NAME)
LOCAL_PLAYER = "local"  # a host's own player (local:NODE on a club database)
NODE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,62}")
KEY_ID = re.compile(r"key-[A-Za-z0-9_-]{1,60}")  # told apart by his SSH key (ssh.player_id)


def named_id(who: str, node: str) -> str:
    """A shared table's person as the club knows him, from the id the table's record gives:
    one known by a name only (`name:NAME`) is the record's host's on a club database
    (`name:NODE:NAME`, NODE that host, `node`), so that two hosts' Annas are never one player;
    one of another host who sat here through the relay (`name@OTHER:NAME`) is that host's
    (`name:OTHER:NAME`); any other id (a key's, a host's own player's) is the club's as it
    is."""
    if who.startswith(GUEST):
        other, colon, name = who[len(GUEST) :].partition(":")
        if colon and NODE_NAME.fullmatch(other):
            return f"{NAMED}{other}:{name}"
        return who
    if node and who.startswith(NAMED):
        return f"{NAMED}{node}:{who[len(NAMED) :]}"
    return who


def stated_id(node: str, name: str) -> str:
    """The id a host states for its own person known by a name only, when it relays him to
    another host's table: `name:NODE:NAME`, as its own index knows him."""
    return f"{NAMED}{node}:{name}"


def relayed_id(who: str, node: str | None) -> str | None:
    """The record's id of a person that a relay from the club's host `node` (None: its key
    names no host) states as `who`, or None if that host may not state it: a key's id (the
    club's: the relaying host checked the key), its own player (`local:NODE`) or one of its
    own people known by a name (`name:NODE:NAME`, kept as `name@NODE:NAME`). Never another
    host's player, this host's, an AI's or an id told apart by no host."""
    if KEY_ID.fullmatch(who):
        return who
    if node is None or not NODE_NAME.fullmatch(node):
        return None
    if who == f"{LOCAL_PLAYER}:{node}":
        return who
    own = f"{NAMED}{node}:"
    if who.startswith(own) and len(who) > len(own):
        return f"{GUEST}{node}:{who[len(own) :]}"
    return None


def guest_of(person: str | None, node: str) -> str | None:
    """This host's (`node`'s) person known by a name only (`name:NAME`) as another host's
    record names him, having sat at its table through the relay (`name@NODE:NAME`); any
    other id as it is."""
    if person is not None and person.startswith(NAMED):
        return f"{GUEST}{node}:{person[len(NAMED) :]}"
    return person


def shown_name(who: str) -> str:
    """The name of a person known by a name only, as his id gives it."""
    if who.startswith(GUEST):
        return who[len(GUEST) :].partition(":")[2]
    return who.removeprefix(NAMED)
