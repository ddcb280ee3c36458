"""The screens: `start` (the start screen: a new game as chosen, a saved one to continue, and
the name typed in), `table` (the game), the decisions over it (`auction`, `contract`,
`exchange`, `marriage`, `offers`, on the common `decision` dialog), a deal's `result`, the pages
(`info`: score sheet, conventions, help) and the ends (`end`: quit, game over, too small). The
dialogs and pages are loaded when first opened."""
