"""Thousand (Тысяча), the card game, in the terminal.

The package is in layers, each importing only those below it (pyproject.toml,
`[tool.importlinter]`, checked in CI):

- `engine`: the game itself, pure and UI-free: cards, the deal's phases, scoring, the match,
  seat views, typed events, records as data.
- `records` (record files on disk), `presets` (YAML tables of conventions), `saves` (the saved
  games and the data directory).
- `settings` (the table's settings from flags or Python values), `rulebook` (the conventions in
  English and Russian words).
- `ai`: the opponents, who decide from a seat's view only.
- `tables`: shared tables (a service that drives every seat's game, its messages, a client).
- `tui` (the Textual table), `ssh` and `ssh_check` (hosting over SSH), `simulate` (headless
  games), beside each other and independent.
- `cli`: the `thousand` command, which loads each of them when a command needs it.
"""
