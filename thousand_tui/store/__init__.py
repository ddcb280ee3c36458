"""What the game keeps on disk, in three layers, each calling only the one below it:

- `records`: a game record file (JSON lines): the writer, its lock, reading one;
- `catalog`: the saved games of a data folder: where they live, listing, resuming, deleting;
- `index`: the club index (`club.sqlite3`), rebuilt from the records, which stay the truth.
"""
