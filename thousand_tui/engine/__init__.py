"""The game, as a rule book reads: no screen, no files, no threads.

- `cards`, `dealing` (shuffle, cut, deal), `rules` (every convention, validated).
- `deal`: one deal's state and its order; the rules of each phase in their own module:
  `auction` (and the dark game), `redeal`, `exchange` (talon, raise before giving, cards owed),
  `contract` (raise, concession, baptism), `tricks`; `reasons` says why an action is refused.
- `outcome` (a finished deal, immutable) → `scoring.settle` → `match` (the score sheet's
  columns); `game` (deals until someone wins, and the record's lines); `invariants`.
- `view` (what one seat may see), `events` (what happened, one type per kind), `actions`
  (the decisions), `record` (parsing, rebuilding and comparing records).
"""
