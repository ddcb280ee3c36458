"""The table's widgets: the `hand` (a focusable row of cards that owns its cursor), opponents'
`seat` panels, the `trick`, one-line `status` bars, the game `log`, the score `sheet`, numbered
`choices`; `base` has what they share (the app's words and palette, the translated footer)."""
