"""What the tests of several folders share: the rules of the shipped presets, the tmux
terminal that runs the real `thousand`, the screen of an app as text. Imported as
`tests.helpers.<module>` (the repository's root is on pytest's path, pyproject.toml)."""
