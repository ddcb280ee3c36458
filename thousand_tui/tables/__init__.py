"""Shared tables: friends at one table, each in a terminal of their own (docs/tables.md).

- `service` (the one process that holds every open table's `Game` and drives it, on a Unix
  socket in the data directory), `wire` (its messages: JSON lines, the engine's values
  tagged; `TableOptions`, what opening a table sets), `client` (connecting, starting the
  service when needed, `open_table`, `quick_match` and `join_table`), `mirror` (what one
  seat knows of its table, from the messages).
"""
