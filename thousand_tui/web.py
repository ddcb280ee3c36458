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
- A stranger's connections cannot take the server down (docs/web.md#hostile-connections): the
  descriptor limit is raised to the hard one at start and connections are capped below it
  (at the cap, the one that has waited longest without a request makes room, or the new one is
  closed at once); a connection that has not completed a request within `DEADLINE` seconds is
  closed; refusals are answered and closed at once; the server's logging imports nothing and
  cannot fail, and an accept that fails for want of descriptors is retried a second later.
- A websocket's `Origin` must be the served address (`--host`/`--port`, with localhost and
  127.0.0.1 alike on a loopback address) or `--public-url`, never the request's own `Host`
  (which a DNS-rebinding page chooses).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import ipaddress
import json
import logging
import os
import re
import resource
import secrets
import shlex
import signal
import sys
import traceback
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
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
ANY_HOST = ("0.0.0.0", "::", "")  # --host on every address of the machine
DEADLINE = 10.0  # seconds a connection has to complete a request (and to idle between two)
REFUSAL_CLOSE = 1.0  # seconds a refused websocket's page has to answer the close
BACKLOG = 64  # the listen queue, and how many connections one wake-up of the loop accepts
# Descriptors the cap leaves free: the interpreter's own, what the loop may accept in the few
# ticks before a new connection is counted, and each game's pipes as it starts and runs.
RESERVE_BASE = 64
RESERVE_PER_GAME = 8
MAX_CONNECTIONS = 4096  # whatever the descriptor limit: about 5 KiB each
EVICT_ON_EMFILE = 32  # connections without a request closed when accept finds no descriptor
SAY_EVERY = 10.0  # seconds between two lines about the same trouble in the server's log
OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
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
    "reload": ("Reload the page", "Обновить страницу"),
}
REFUSALS = ("no_cookie", "full", "yours", "other_site")


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


def _port_of(scheme: str, port: int | None) -> int:
    return port if port is not None else 443 if scheme == "https" else 80


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def served_names(host: str, arrived: str | None) -> set[str]:
    """The host names a page of the server's own may have in its `Origin`: the address it
    listens on; on a loopback address, every name of loopback; on every address (0.0.0.0),
    loopback's names and the address the connection came in on. Never a name the request
    chooses: a DNS-rebinding page comes with its own domain, which resolves to this server."""
    bare = host.lower().strip("[]")
    names = {bare}
    wildcard = host in ANY_HOST
    address = _ip(bare)
    if wildcard or is_local(host) or (address is not None and address.is_loopback):
        names |= {"localhost", "127.0.0.1", "::1"}
    if wildcard and arrived:
        came = _ip(arrived)
        mapped = came.ipv4_mapped if isinstance(came, ipaddress.IPv6Address) else None
        names.add(str(mapped or came or arrived).lower())
    return names


def same_site(
    origin: str | None,
    *,
    host: str,
    port: int,
    public_url: str | None = None,
    arrived: str | None = None,
) -> bool:
    """Whether a websocket comes from the server's own page: its `Origin` is the address the
    server is served on (`host` and `port`, or `public_url` behind a proxy). Browsers always
    send `Origin` with a websocket, so a page of another site, or one whose domain was made to
    point here (DNS rebinding), cannot drive a player's game. `arrived` is the address the
    connection came in on (the socket's, not the request's `Host`)."""
    if origin is None:  # not a browser (a test client, a bench): the cookie still decides
        return True
    try:
        seen = urlsplit(origin)
        seen_port = _port_of(seen.scheme, seen.port)
    except ValueError:
        return False
    if seen.scheme not in ("http", "https") or not seen.hostname:
        return False
    name = seen.hostname.lower()
    if public_url:
        public = urlsplit(public_url)
        if (seen.scheme, name, seen_port) == (
            public.scheme,
            (public.hostname or "").lower(),
            _port_of(public.scheme, public.port),
        ):
            return True
    if seen.scheme != "http" or seen_port != port:  # the server itself speaks plain http
        return False
    return name in served_names(host, arrived)


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

    def why_not(self, who: str) -> str | None:
        """Why `who` may not start a game now (a key of `SAYS`), or None."""
        if self.running >= self.max_games:
            return "full"
        if self.players[who] >= self.per_player:
            return "yours"
        return None

    def refusal(self, who: str) -> tuple[str, str] | None:
        key = self.why_not(who)
        return None if key is None else self.says(key)

    def says(self, key: str) -> tuple[str, str]:
        return both(key, limit=self.max_games if key == "full" else self.per_player)

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
    deadline: float = DEADLINE  # for a connection to complete a request, or between two
    max_connections: int | None = None  # None: from the descriptor limit (connection_cap)


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open descriptors to the hard one (the usual soft
    limit, 1,024, is a few hundred idle connections away); the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft == resource.RLIM_INFINITY or wanted <= soft:
        return soft if soft != resource.RLIM_INFINITY else 1 << 16
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # a kernel cap below the hard limit (nr_open)
        return soft
    return wanted


def descriptor_limit() -> int:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 16


def connection_cap(limit: int, max_games: int) -> int:
    """Connections held at once under a limit of `limit` descriptors: what is left once the
    interpreter, the loop's accepts in flight and every game's pipes have their share, at most
    `MAX_CONNECTIONS`, and never fewer than each game's page and a few more."""
    reserve = RESERVE_BASE + 3 * BACKLOG + RESERVE_PER_GAME * max_games
    return max(max_games + 8, min(MAX_CONNECTIONS, limit - reserve))


class Guard:
    """The server's connections, counted: at most `cap` at once. A connection is idle from the
    moment it is made until a request of it is being handled, and again between requests; at
    the cap, the one idle the longest is closed to make room for the new one, and when every
    connection is in a request (a game's websocket is, for the whole game), the new one is
    closed at once. Idle connections are closed after `deadline` seconds (by aiohttp's
    keep-alive timer, which runs from the connection's start and is not moved by a half-sent
    request)."""

    def __init__(self, cap: int, say: Callable[[str], None]) -> None:
        self.cap = cap
        self.say = say
        self.open: dict[object, asyncio.Transport] = {}
        self.idle: OrderedDict[object, None] = OrderedDict()  # the longest idle first
        self.refused = 0
        self.evicted = 0
        self.accept_failures = 0
        self.said_at: dict[str, float] = {}
        self.closed = False  # the server has closed its listening sockets
        self.late_retries = 0  # accepts asyncio tried again after that (see `loop_error`)

    def admit(self, connection: object, transport: asyncio.Transport) -> bool:
        if len(self.open) >= self.cap and not self.evict(1):
            self.refused += 1
            self.now_and_then(
                "cap", f"{self.cap} connections open, every one in a request: a new one closed"
            )
            return False
        self.open[connection] = transport
        self.idle[connection] = None
        return True

    def evict(self, count: int) -> int:
        """Close up to `count` idle connections, the longest idle first; how many."""
        closed = 0
        while closed < count and self.idle:
            connection, _ = self.idle.popitem(last=False)
            transport = self.open.pop(connection, None)
            if transport is not None:
                transport.abort()
                closed += 1
        self.evicted += closed
        return closed

    def busy(self, connection: object) -> None:
        self.idle.pop(connection, None)

    def rested(self, connection: object) -> None:
        if connection in self.open:
            self.idle[connection] = None
            self.idle.move_to_end(connection)

    def gone(self, connection: object) -> None:
        self.open.pop(connection, None)
        self.idle.pop(connection, None)

    def now_and_then(self, trouble: str, line: str) -> None:
        """Say `line`, unless the same trouble was said less than `SAY_EVERY` seconds ago."""
        now = asyncio.get_running_loop().time()
        if now - self.said_at.get(trouble, -SAY_EVERY) >= SAY_EVERY:
            self.said_at[trouble] = now
            self.say(line)

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's error handler: never raises. An accept that found no descriptor
        (asyncio tries it again a second later) closes idle connections to free some."""
        try:
            error = context.get("exception")
            if isinstance(error, OSError) and error.errno in OUT_OF_DESCRIPTORS:
                self.accept_failures += 1
                freed = self.evict(EVICT_ON_EMFILE)
                name = errno.errorcode.get(error.errno or 0, "?")
                self.now_and_then(
                    "accept",
                    f"no descriptor for a new connection ({name}): {len(self.open)} open, "
                    f"{freed} idle closed; accepting again in a second",
                )
                return
            if self.closed and retried_accept(context):
                # asyncio tries an accept that found no descriptor again a second later, once
                # for every accept it tried in that wake-up (python/cpython#151615); a try due
                # after the server closed its socket finds it gone.
                self.late_retries += 1
                return
            server_log.error(
                "%s",
                context.get("message", "error in the event loop"),
                exc_info=error if isinstance(error, BaseException) else None,
            )
        except Exception:  # nothing the log can do here must stop the server
            pass


def retried_accept(context: dict[str, Any]) -> bool:
    """Whether the event loop's error came from its accepting again on a listening socket
    (`BaseSelectorEventLoop._start_serving`, scheduled after an accept that found no
    descriptor)."""
    callback = getattr(context.get("handle"), "_callback", None)
    return getattr(callback, "__name__", "") == "_start_serving"


server_log = logging.getLogger("thousand_tui.web")


class PlainHandler(logging.Handler):
    """The server's log: plain lines on a stream, with nothing to import and nothing that can
    raise (Rich's handler imports its traceback module at the first exception; with every
    descriptor in use that import failed, and the error ended the server)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.stream.write(self.format(record) + "\n")
            self.stream.flush()
        except Exception:  # a full disk, a closed stderr: the games go on
            pass


def plain_logging() -> None:
    """Every logger of the server process to stderr through `PlainHandler`; the traceback
    machinery used once now, so nothing is left to load when the first error comes."""
    handler = PlainHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("thousand serve: %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.raiseExceptions = False
    try:
        raise OSError(errno.EMFILE, "warming the traceback machinery")
    except OSError:
        handler.format(logging.LogRecord("w", logging.ERROR, __file__, 0, "", (), sys.exc_info()))
        traceback.format_exc()


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
    from aiohttp import WSCloseCode, WSMsgType, web
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
            self.guard: Guard | None = None  # set by `listen`; not under aiohttp's TestServer

        async def _make_app(self) -> web.Application:
            @web.middleware
            async def in_request(request: web.Request, handler: Any) -> web.StreamResponse:
                """A connection is not idle while a request of it is handled."""
                guard, connection = self.guard, request.protocol
                if guard is None:
                    return await handler(request)  # type: ignore[no-any-return]
                guard.busy(connection)
                try:
                    return await handler(request)  # type: ignore[no-any-return]
                finally:
                    guard.rested(connection)

            app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[in_request])
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            app.add_routes(
                [
                    web.get("/", self.handle_index, name="index"),
                    web.get("/ws", self.handle_websocket, name="websocket"),
                    web.static("/static", self.statics_path, show_index=False, name="static"),
                ]
            )
            return app

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            context = {
                "font_size": clamp(request.query.get("fontsize"), (8, 40), 16),
                "app_websocket_url": self.websocket_url(),
                "config": {"static": {"url": self.public_url + "/static/"}},
                "application": {"name": self.title},
                "ended": both("ended"),
                "again": both("again"),
                "reload": both("reload"),
                "refusals": [(key, *self.games.says(key)) for key in REFUSALS],
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

        def why_not(self, request: web.Request, who: str | None) -> str | None:
            """Why this websocket starts no game (a key of `SAYS`), or None."""
            transport = request.transport
            sockname = transport.get_extra_info("sockname") if transport is not None else None
            arrived = sockname[0] if isinstance(sockname, tuple) and sockname else None
            origin_ok = same_site(
                request.headers.get("Origin"),
                host=config.host,
                port=config.port,
                public_url=config.public_url,
                arrived=arrived if isinstance(arrived, str) else None,
            )
            if not origin_ok:
                return "other_site"
            if who is None:
                return "no_cookie"
            return self.games.why_not(who)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            who = player_id(request.cookies.get(COOKIE))
            refusal = self.why_not(request, who)
            if refusal is not None or who is None:
                return await self.refuse(request, refusal or "no_cookie")
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            await websocket.prepare(request)
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
                try:
                    await service.start(width, height)
                except OSError as error:  # no descriptor or process left for a game
                    server_log.warning("a game could not start: %s", error)
                    await self.say_and_close(websocket, "full")
                    return websocket
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

        async def refuse(self, request: web.Request, key: str) -> web.WebSocketResponse:
            """Answer a websocket that starts no game: why, on the page's terminal, then
            closed at once (a page that does not answer the close has `REFUSAL_CLOSE`
            seconds); the page shows the words again in its closing dialog."""
            websocket = web.WebSocketResponse(timeout=REFUSAL_CLOSE, max_msg_size=MAX_MESSAGE)
            said = False
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(websocket.prepare(request), REFUSAL_CLOSE)
                said = await self.say_and_close(websocket, key)
            transport = request.transport
            if transport is not None and not transport.is_closing():
                if said:
                    transport.close()
                else:
                    transport.abort()  # a page that does not read: nothing more is sent
            return websocket

        async def say_and_close(self, websocket: web.WebSocketResponse, key: str) -> bool:
            """Why no game (on the page's terminal), and the close, with the reason's key for
            the page's dialog; whether both were sent within `REFUSAL_CLOSE` seconds."""
            says = self.games.says(key)
            text = "\r\n\r\n  " + "\r\n\r\n  ".join(says) + "\r\n"
            code = (
                WSCloseCode.TRY_AGAIN_LATER
                if key in ("full", "yours")
                else WSCloseCode.POLICY_VIOLATION
            )
            try:
                await asyncio.wait_for(websocket.send_bytes(text.encode("utf-8")), REFUSAL_CLOSE)
                await asyncio.wait_for(
                    websocket.close(code=code, message=key.encode("ascii")), REFUSAL_CLOSE + 1
                )
            except (TimeoutError, ConnectionError, RuntimeError):
                return False
            return True

    return WebServer()


@dataclass
class Listening:
    """A server listening: its guard of connections and how to stop it."""

    guard: Guard
    web_server: Any
    listener: asyncio.AbstractServer
    runner: Any

    async def close(self) -> None:
        self.guard.closed = True
        self.listener.close()
        await self.runner.cleanup()


async def listen(
    config: WebConfig, base: Path | None = None, *, limit: int | None = None
) -> Listening:
    """Serve on `config.host`:`config.port` from now on, in the running loop, under the guard
    of connections (capped below `limit` descriptors, by default the soft limit in force)."""
    from aiohttp import web

    loop = asyncio.get_running_loop()
    cap = config.max_connections or connection_cap(
        descriptor_limit() if limit is None else limit, config.max_games
    )
    guard = Guard(cap, say=lambda line: server_log.warning("%s", line))
    loop.set_exception_handler(guard.loop_error)
    web_server = make_server(config, base)
    web_server.guard = guard
    runner = web.AppRunner(
        await web_server._make_app(),
        handle_signals=False,
        access_log=None,
        shutdown_timeout=2 * QUIT_GRACE,
    )
    await runner.setup()
    manager = runner.server
    assert manager is not None
    access = logging.getLogger("thousand_tui.web.access")  # no line per request
    access.setLevel(logging.WARNING)

    class GuardedHandler(web.RequestHandler):  # type: ignore[misc,unused-ignore]
        """aiohttp's connection, counted by the guard; one over the cap is closed at once."""

        admitted = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            assert isinstance(transport, asyncio.Transport)
            if guard.admit(self, transport):
                self.admitted = True
                super().connection_made(transport)
            else:
                transport.abort()

        def connection_lost(self, exc: BaseException | None) -> None:
            guard.gone(self)
            if self.admitted:
                super().connection_lost(exc)

    def connection() -> asyncio.Protocol:
        return GuardedHandler(
            manager, loop=loop, keepalive_timeout=config.deadline, access_log=access
        )

    listener = await loop.create_server(
        connection,
        host=config.host or None,
        port=config.port,
        backlog=BACKLOG,
        reuse_address=True,
    )
    return Listening(guard, web_server, listener, runner)


async def serve_until_stopped(config: WebConfig, limit: int, base: Path | None = None) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        listening = await listen(config, base, limit=limit)
    except OSError as error:
        print(
            f"thousand: serve: cannot listen on {config.host}:{config.port}: "
            f"{error.strerror or error}",
            file=sys.stderr,
        )
        return 2
    public_url = listening.web_server.public_url
    print(f"thousand: serving the table on {public_url}", flush=True)
    at_once = counted_en(config.max_games, "game", "games")
    held = counted_en(listening.guard.cap, "connection", "connections")
    print(
        f"thousand: at most {at_once} and {held} at once (descriptor limit {limit}); Ctrl+C ends",
        flush=True,
    )
    try:
        await stop.wait()
    finally:
        await listening.close()
    return 0


def serve(config: WebConfig, base: Path | None = None) -> int:
    """Serve the table until Ctrl+C (or SIGTERM), the players' folders in the data folder
    `base` (the host's: `thousand serve`'s entry point decides it)."""
    if not is_local(config.host):
        print(TLS_WARNING.format(host=config.host), file=sys.stderr)
    limit = raise_descriptor_limit()
    plain_logging()
    return asyncio.run(serve_until_stopped(config, limit, base))
