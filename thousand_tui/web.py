"""`thousand serve`: the same table in a web browser (docs/web.md).

Built on `textual-serve` (the optional extra `web`): every browser that opens the page gets a
game process of its own, `thousand play` under Textual's web driver, its screen carried over a
websocket. What this module adds is who the browser's player is and what the host allows:

- A player is a browser: the first page sets a cookie holding a random token (192 bits, HttpOnly,
  SameSite=Strict, Secure behind https). The token never reaches the disk; the player's folder
  is named by its hash, `players/web-<24 hex digits>/` (0700), as SSH hosting names a key's.
  A websocket without a well-formed token, or from another site's page, starts no game.
- At most `max_games` games at once on the host and `per_player` per browser; the next is
  refused with a message on the page, and nothing is started.
- Sizes the browser sends are kept within bounds; messages over 64 KiB close the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import re
import secrets
import shlex
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .priority import SEARCH_ENV, SESSION_MARK, WEB_MARK
from .private import private_dir
from .store.catalog import DATA_DIR_ENV, data_dir
from .store.index import CLUB_DIR_ENV
from .translations import counted_en

COOKIE = "thousand_player"
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")  # secrets.token_urlsafe(24): 192 random bits
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
MAX_MESSAGE = 64 * 1024
QUIT_GRACE = 5.0  # seconds a game has to end once its page has gone
WIDTH = (20, 500)
HEIGHT = (10, 200)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
INSTALL = "pip install 'thousand_tui[web]'"
MISSING = (
    "`thousand serve` needs the web extra: {install} (or, in a checkout, pip install '.[web]')"
)
TLS_WARNING = (
    "warning: serving on {host}, beyond this machine: put it behind a reverse proxy with TLS "
    "(https), or the cookie that is each player's key to his games crosses the network in "
    "clear (docs/web.md)"
)

# What the page says when it starts no game: in English and Russian alike, as the host does not
# know the browser's language before the game asks.
SAYS: dict[str, tuple[str, str]] = {
    "no_cookie": (
        "This browser sent no cookie, so the game cannot tell whose games are yours. "
        "Allow cookies for this site and reload the page.",
        "Браузер не прислал cookie, и игра не знает, какие партии ваши. "
        "Разрешите cookie для этого сайта и обновите страницу.",
    ),
    "full": (
        "The server already plays as many games at once as its host allows ({limit}). "
        "Try again in a few minutes.",
        "На сервере уже идёт столько партий сразу, сколько разрешил хозяин ({limit}). "
        "Попробуйте через несколько минут.",
    ),
    "yours": (
        "This browser already plays as many games at once as the server allows ({limit}). "
        "Close another tab of this site and reload the page.",
        "В этом браузере уже идёт столько партий сразу, сколько разрешает сервер ({limit}). "
        "Закройте другую вкладку этого сайта и обновите страницу.",
    ),
    "other_site": (
        "This page was opened from another site. Open the server's own address.",
        "Страница открыта с чужого сайта. Откройте адрес самого сервера.",
    ),
    "ended": ("The game is closed and saved.", "Партия закрыта и сохранена."),
    "again": ("Play again", "Играть снова"),
}


def both(key: str, **values: object) -> tuple[str, str]:
    english, russian = SAYS[key]
    return english.format(**values), russian.format(**values)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def player_id(token: str | None) -> str | None:
    """The folder name of a browser's player, from its cookie's token; None for a token that
    is missing or not one the server hands out (so nothing from a cookie ever becomes a path)."""
    if token is None or not TOKEN.fullmatch(token):
        return None
    return "web-" + hashlib.sha256(token.encode("ascii")).hexdigest()[:24]


def player_folder(base: Path, who: str) -> Path:
    return base / "players" / who


def clamp(value: str | int | None, bounds: tuple[int, int], default: int) -> int:
    try:
        number = int(value) if value is not None else default
    except (TypeError, ValueError):
        number = default
    return max(bounds[0], min(bounds[1], number))


def is_local(host: str) -> bool:
    return host in LOCAL_HOSTS or host.startswith("127.")


def same_site(origin: str | None, host: str | None, public_url: str | None) -> bool:
    """Whether a websocket comes from the server's own page: browsers always send `Origin`
    with a websocket, so a page of another site cannot drive a player's game."""
    if origin is None:  # not a browser (a test client, a bench): the cookie still decides
        return True
    seen = urlsplit(origin).netloc
    if public_url:
        return seen == urlsplit(public_url).netloc
    return seen == host


def game_environment(base: Path, who: str, environ: Mapping[str, str]) -> dict[str, str]:
    """The environment of a browser's game: his own folder for games, name and start screen;
    the host's for the club index and the search service, as a hosted SSH login has."""
    folder = private_dir(base)
    for part in player_folder(base, who).relative_to(base).parts:
        folder = private_dir(folder / part)
    env = dict(environ)
    env[DATA_DIR_ENV] = str(folder)
    env[CLUB_DIR_ENV] = str(base)
    env[SESSION_MARK] = "1"
    env[WEB_MARK] = "1"
    if not env.get(SEARCH_ENV):
        env[SEARCH_ENV] = str(base / "search")
    return env


def game_command(argv: Sequence[str]) -> str:
    """The shell line textual-serve runs for a game: this Python and this package, never a
    `thousand` found on a PATH."""
    return shlex.join([sys.executable, "-m", "thousand_tui", *argv])


@dataclass
class Games:
    """The games running now, counted on the host and per player."""

    max_games: int
    per_player: int
    players: Counter[str] = field(default_factory=Counter)

    @property
    def running(self) -> int:
        return sum(self.players.values())

    def refusal(self, who: str) -> tuple[str, str] | None:
        if self.running >= self.max_games:
            return both("full", limit=self.max_games)
        if self.players[who] >= self.per_player:
            return both("yours", limit=self.per_player)
        return None

    def start(self, who: str) -> None:
        self.players[who] += 1

    def end(self, who: str) -> None:
        self.players[who] -= 1
        if self.players[who] <= 0:
            del self.players[who]


@dataclass(frozen=True)
class WebConfig:
    argv: list[str]  # the arguments of `thousand` for each browser's game
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None  # https://cards.example.org behind a reverse proxy
    max_games: int = 16
    per_player: int = 2
    title: str = "Thousand · Тысяча"


def check_installed() -> str | None:
    """What to install when the web extra is missing, else None."""
    try:
        import aiohttp  # noqa: F401
        import textual_serve.server  # noqa: F401
    except ImportError:
        return MISSING.format(install=INSTALL)
    return None


def make_server(config: WebConfig, base: Path | None = None) -> Any:
    """The server (a textual-serve `Server`), made without listening yet."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    folder = base or data_dir()

    class GameService(AppService):  # type: ignore[misc,unused-ignore]
        """One browser's game process, in that player's environment."""

        def __init__(self, env: dict[str, str], **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.env = env

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            built: dict[str, str] = super()._build_environment(width, height)
            built.update({key: value for key, value in self.env.items() if key not in built})
            for key in (DATA_DIR_ENV, CLUB_DIR_ENV, SESSION_MARK, WEB_MARK, SEARCH_ENV):
                built[key] = self.env[key]
            return built

    class WebServer(Server):  # type: ignore[misc,unused-ignore]
        def __init__(self) -> None:
            super().__init__(
                game_command(config.argv),
                host=config.host,
                port=config.port,
                title=config.title,
                public_url=config.public_url,
                templates_path=Path(__file__).parent / "web_templates",
            )
            self.games = Games(config.max_games, config.per_player)
            self.secure = (config.public_url or "").startswith("https:")

        async def _make_app(self) -> web.Application:
            app = web.Application(client_max_size=MAX_MESSAGE)
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            app.add_routes(
                [
                    web.get("/", self.handle_index, name="index"),
                    web.get("/ws", self.handle_websocket, name="websocket"),
                    web.static("/static", self.statics_path, show_index=False, name="static"),
                ]
            )
            app.on_startup.append(self.on_startup)
            return app

        async def on_startup(self, app: web.Application) -> None:
            print(f"thousand: serving the table on {self.public_url}", flush=True)
            at_once = counted_en(config.max_games, "game", "games")
            print(f"thousand: at most {at_once} at once; Ctrl+C ends", flush=True)

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            context = {
                "font_size": clamp(request.query.get("fontsize"), (8, 40), 16),
                "app_websocket_url": self.websocket_url(),
                "config": {"static": {"url": self.public_url + "/static/"}},
                "application": {"name": self.title},
                "ended": both("ended"),
                "again": both("again"),
            }
            response = aiohttp_jinja2.render_template("app_index.html", request, context)
            token = request.cookies.get(COOKIE) or ""
            if player_id(token) is None:
                token = new_token()
            # Set again on every visit, so a player who comes back keeps it another 400 days.
            response.set_cookie(
                COOKIE,
                token,
                max_age=COOKIE_AGE,
                path="/",
                httponly=True,
                samesite="Strict",
                secure=self.secure,
            )
            response.headers["Cache-Control"] = "no-store"
            response.headers["X-Frame-Options"] = "DENY"
            response.headers["Referrer-Policy"] = "no-referrer"
            return response

        def websocket_url(self) -> str:
            url = f"{self.public_url}/ws"
            return ("wss:" if url.startswith("https:") else "ws:") + url.split(":", 1)[1]

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            await websocket.prepare(request)
            who = player_id(request.cookies.get(COOKIE))
            origin_ok = same_site(
                request.headers.get("Origin"), request.headers.get("Host"), config.public_url
            )
            refusal = (
                both("other_site")
                if not origin_ok
                else both("no_cookie")
                if who is None
                else self.games.refusal(who)
            )
            if refusal is not None or who is None:
                await self.refuse(websocket, refusal or both("no_cookie"))
                return websocket
            width = clamp(request.query.get("width"), WIDTH, 80)
            height = clamp(request.query.get("height"), HEIGHT, 24)
            self.games.start(who)
            service: Any = None
            try:
                env = game_environment(folder, who, os.environ)
                service = GameService(
                    env,
                    command=self.command,
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await service.start(width, height)
                await self.relay(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            finally:
                if service is not None:
                    await self.end_game(service)
                self.games.end(who)
            return websocket

        async def end_game(self, service: Any) -> None:
            """Ask the game to quit (it has saved every decision already); one that has not
            ended within `QUIT_GRACE` seconds is killed, so no process outlives its page."""
            # The page gone, aiohttp may cancel this handler: the game is ended all the same.
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(service.stop(), QUIT_GRACE)
            process = service._process
            if process is None:
                return
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(process.wait(), QUIT_GRACE)

        async def relay(self, websocket: web.WebSocketResponse, service: Any) -> None:
            """What the browser sends, to the game: keys and mouse as terminal input, the
            page's size within bounds; anything else is dropped."""
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except ValueError:
                    continue
                if not isinstance(envelope, list) or not envelope:
                    continue
                kind = envelope[0]
                data = envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8"))
                elif kind == "resize" and isinstance(data, dict):
                    await service.set_terminal_size(
                        clamp(data.get("width"), WIDTH, 80), clamp(data.get("height"), HEIGHT, 24)
                    )
                elif kind == "ping" and isinstance(data, str):
                    await websocket.send_json(["pong", data[:32]])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()

        async def refuse(self, websocket: web.WebSocketResponse, says: tuple[str, str]) -> None:
            """Show why no game starts, on the page's terminal, and close a minute later (the
            page keeps the words)."""
            text = "\r\n\r\n  " + "\r\n\r\n  ".join(says) + "\r\n"
            await websocket.send_bytes(text.encode("utf-8"))

            async def until_closed() -> None:
                async for _message in websocket:
                    pass

            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until_closed(), timeout=60)
            await websocket.close()

    return WebServer()


def serve(config: WebConfig) -> int:
    """Serve the table until Ctrl+C (or SIGTERM)."""
    if not is_local(config.host):
        print(TLS_WARNING.format(host=config.host), file=sys.stderr)
    server = make_server(config)
    server.serve()
    return 0
