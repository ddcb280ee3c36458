"""`settings` by lines: the settings of the start screen that matter to a player of the line
mode, said and changed by typed words, kept where his start screen keeps them (over SSH, in
his own folder).

`settings` says each by a line: *Your hands* (whether the others at a shared table may see his
hands once its game is over), the line mode itself at each start, the language. `settings
hands on|off`, `settings plain on|off` and `settings language CODE` change one, each answered
by one line that begins with the setting; anything else by one line that says what is legal,
and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..plaintext import shown
from ..priority import Host
from ..private import private_dir
from ..settings import LANGUAGES, host_language
from ..tui.i18n import Translator
from ..tui.startup import Choices, choices_path, own_choices_path
from .texts import command_words, normal, say


def language_name(lang: str) -> str:
    """A language by its own name ("English", «Русский»)."""
    return Translator(lang)("lang_name")


@dataclass
class Answer:
    """What `settings ...` says, and the language chosen (None: it stays)."""

    lines: list[str]
    lang: str | None = None


@dataclass(frozen=True)
class LineSettings:
    """One person's settings: his start screen's choices in `path`; `lang`, the words."""

    host: Host
    who: str | None
    lang: str

    @property
    def path(self) -> Path:
        return own_choices_path(self.host, self.who)

    def s(self, key: str, **values: object) -> str:
        return say(self.lang, key, **values)

    def word(self, command: str) -> str:
        return command_words(self.lang, command)[0]

    def typed(self, *commands: str) -> str:
        """The words that type a setting, in the player's language: `settings hands on`."""
        return " ".join(self.word(command) for command in ("settings", *commands))

    def choices(self) -> Choices:
        return Choices.read(self.path) or Choices(lang=self.lang or host_language(self.host))

    def hands_state(self, on: bool) -> str:
        return Translator(self.lang)("start_open_hands_on" if on else "start_open_hands_off")

    def said(self) -> list[str]:
        """Each setting by a line, with the words that change it."""
        kept = self.choices()
        hands = self.s(
            "line_settings_hands",
            state=self.hands_state(kept.open_hands),
            command=self.typed("set_hands", "set_off" if kept.open_hands else "set_on"),
        )
        plain = self.s(
            "line_settings_plain_on" if kept.plain else "line_settings_plain_off",
            command=self.typed("set_plain", "set_off" if kept.plain else "set_on"),
        )
        language = self.s(
            "line_settings_language",
            name=language_name(self.lang),
            command=self.typed("set_language"),
            langs=", ".join(LANGUAGES),
        )
        return [hands, plain, language]

    def answer(self, text: str, live_language: bool) -> Answer:
        """Answer `settings` followed by `text`. `live_language`: a language chosen is this
        session's from now on (the lobby), else from the next game."""
        words = normal(text).split()
        if not words:
            return Answer(self.said())
        setting = next(
            (
                name
                for name in ("set_hands", "set_plain", "set_language")
                if words[0] in command_words(self.lang, name)
            ),
            None,
        )
        if setting is not None and len(words) == 2:
            if setting == "set_language":
                return self.choose_language(words[1], text, live_language)
            on = words[1] in command_words(self.lang, "set_on")
            if on or words[1] in command_words(self.lang, "set_off"):
                return self.switch(setting, on)
        return Answer([self.unknown(text)])

    def unknown(self, text: str) -> str:
        on_off = f"{self.word('set_on')}/{self.word('set_off')}"
        return self.s(
            "line_settings_unknown",
            text=shown(text, lines=False, most=40),
            hands=f"{self.typed('set_hands')} {on_off}",
            plain=f"{self.typed('set_plain')} {on_off}",
            language=self.typed("set_language"),
            langs=", ".join(LANGUAGES),
        )

    def keep(self, choices: Choices) -> bool:
        path = self.path
        if path != choices_path(self.host):
            try:
                private_dir(path.parent.parent)  # the players' folders, then his own
            except OSError:
                return False
        return choices.write(path)

    def switch(self, setting: str, on: bool) -> Answer:
        choices = self.choices()
        if setting == "set_hands":
            choices.open_hands = on
        else:
            choices.plain = on
        if not self.keep(choices):
            return Answer([self.s("line_settings_not_kept")])
        if setting == "set_hands":
            return Answer([self.s("line_settings_hands_kept", state=self.hands_state(on))])
        return Answer(
            [self.s("line_settings_plain_kept_on" if on else "line_settings_plain_kept_off")]
        )

    def choose_language(self, typed: str, text: str, live: bool) -> Answer:
        chosen = next(
            (code for code in LANGUAGES if typed in (code, normal(language_name(code)))), None
        )
        if chosen is None:
            return Answer([self.unknown(text)])
        choices = self.choices()
        choices.lang = chosen
        if not self.keep(choices):
            return Answer([self.s("line_settings_not_kept")])
        if live:
            said = say(chosen, "line_settings_language_kept", name=language_name(chosen))
            return Answer([said], chosen)
        return Answer([self.s("line_settings_language_next", name=language_name(chosen))])


__all__ = ["Answer", "LineSettings", "language_name"]
