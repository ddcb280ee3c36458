"""`thousand serve` without a browser: who a player is (the cookie's token and his folder), what
a request without a cookie, from another site or over the limits gets, and the flags."""

from __future__ import annotations

import asyncio
import os
import re
import stat
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.waiting import until
from thousand_tui import web
from thousand_tui.cli import main
from thousand_tui.priority import SESSION_MARK, WEB_MARK
from thousand_tui.store.catalog import DATA_DIR_ENV
from thousand_tui.store.index import CLUB_DIR_ENV

needs_web = pytest.mark.skipif(
    web.check_installed() is not None, reason="the web extra: pip install -e '.[web]'"
)
PLAY = ["play", "--offer", "classic", "--offer-ai", "random", "--pace", "0"]
GOOD = "A" * 32


def test_a_token_is_192_random_bits_and_names_a_folder_by_its_hash() -> None:
    tokens = {web.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(web.TOKEN.fullmatch(token) for token in tokens)
    token = tokens.pop()
    who = web.player_id(token)
    assert who is not None and re.fullmatch(r"web-[0-9a-f]{24}", who)
    assert token not in who  # the folder's name does not give the cookie away
    assert web.player_id(token) == who
    assert web.player_id(tokens.pop()) != who


@pytest.mark.parametrize(
    "token",
    [
        None,
        "",
        "../../../../etc/passwd",
        "..%2F..%2Fetc",
        "A" * 31,
        "A" * 33,
        "A" * 31 + "/",
        "A" * 31 + ".",
        "A" * 31 + "й",
        " " + "A" * 31,
    ],
)
def test_a_cookie_not_handed_out_by_the_server_is_nobody(token: str | None) -> None:
    assert web.player_id(token) is None


def test_a_players_game_runs_in_his_own_private_folder(tmp_path: Path) -> None:
    who = web.player_id(GOOD)
    assert who is not None
    env = web.game_environment(tmp_path / "data", who, {"PATH": "/bin"})
    folder = Path(env[DATA_DIR_ENV])
    assert folder == tmp_path / "data" / "players" / who
    for path in (tmp_path / "data", tmp_path / "data" / "players", folder):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
    assert env[CLUB_DIR_ENV] == str(tmp_path / "data")  # the club index is the host's
    assert env[SESSION_MARK] == "1" and env[WEB_MARK] == "1"
    assert env["PATH"] == "/bin"


def test_games_at_once_are_limited_on_the_host_and_per_browser() -> None:
    games = web.Games(max_games=3, per_player=2)
    games.start("web-a")
    games.start("web-a")
    refused = games.refusal("web-a")
    assert refused is not None and "This browser already plays" in refused[0]
    assert "В этом браузере" in refused[1]
    assert games.refusal("web-b") is None
    games.start("web-b")
    refused = games.refusal("web-c")
    assert refused is not None and "(3)" in refused[0] and "(3)" in refused[1]
    games.end("web-a")
    assert games.refusal("web-c") is None
    assert games.running == 2


def test_sizes_from_the_browser_are_kept_within_bounds() -> None:
    assert web.clamp("100000000", web.WIDTH, 80) == web.WIDTH[1]
    assert web.clamp("-5", web.HEIGHT, 24) == web.HEIGHT[0]
    assert web.clamp("wide", web.WIDTH, 80) == 80
    assert web.clamp(None, web.HEIGHT, 24) == 24


def test_only_the_servers_own_page_may_open_a_game() -> None:
    served = {"host": "127.0.0.1", "port": 8000}
    assert web.same_site("http://127.0.0.1:8000", **served)
    assert not web.same_site("https://evil.example", **served)
    public = {**served, "public_url": "https://cards.example.org"}
    assert web.same_site("https://cards.example.org", **public)
    assert not web.same_site("https://evil.example", **public)


@needs_web
def test_serve_refuses_the_flags_of_one_game_and_passes_the_table_flags(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert "--seed is chosen by each player on the start screen" in err
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 is not a port" in capsys.readouterr().err
    assert main(["serve", "--preset", "nonesuch"]) == 2
    assert "unknown preset" in capsys.readouterr().err
    assert main(["serve", "--public-url", "cards.example.org"]) == 2
    assert "must begin with https://" in capsys.readouterr().err


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve"]) == 2
    assert "pip install 'thousand_tui[web]'" in capsys.readouterr().err


# ---------------------------------------------------------------------- over HTTP


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[Any]:
    from aiohttp import DummyCookieJar
    from aiohttp.test_utils import TestClient, TestServer

    config = web.WebConfig(PLAY, max_games=2, per_player=1)
    server = web.make_server(config, tmp_path / "data")
    # No cookie jar: each request carries only the cookie it names.
    test_client = TestClient(TestServer(await server._make_app()), cookie_jar=DummyCookieJar())
    await test_client.start_server()
    test_client.web_server = server
    try:
        yield test_client
    finally:
        await test_client.close()


@needs_web
async def test_the_page_gives_a_new_browser_a_private_cookie_and_keeps_it(client: Any) -> None:
    response = await client.get("/")
    assert response.status == 200
    cookie = response.cookies[web.COOKIE]
    assert web.TOKEN.fullmatch(cookie.value)
    assert cookie["httponly"] and cookie["samesite"] == "Strict"
    assert int(cookie["max-age"]) == web.COOKIE_AGE
    again = await client.get("/", headers={"Cookie": f"{web.COOKIE}={cookie.value}"})
    assert again.cookies[web.COOKIE].value == cookie.value
    forged = await client.get("/", headers={"Cookie": f"{web.COOKIE}=../../etc/passwd"})
    assert forged.cookies[web.COOKIE].value not in (cookie.value, "../../etc/passwd")
    page = await response.text()
    assert "googleapis" not in page  # no request leaves for another site
    assert (await client.get("/static/")).status in (403, 404)  # no listing


@needs_web
async def test_behind_https_the_cookie_is_secure(tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    config = web.WebConfig(PLAY, public_url="https://cards.example.org")
    server = web.make_server(config, tmp_path)
    async with TestClient(TestServer(await server._make_app())) as test_client:
        response = await test_client.get("/")
        assert response.cookies[web.COOKIE]["secure"]
        assert "wss://cards.example.org/ws" in await response.text()


async def said(websocket: Any) -> str:
    message = await asyncio.wait_for(websocket.receive(), 30)
    return bytes(message.data).decode("utf-8")


@needs_web
async def test_a_browser_without_a_cookie_or_from_another_site_starts_no_game(
    client: Any, tmp_path: Path
) -> None:
    async with client.ws_connect("/ws") as websocket:
        text = await said(websocket)
    assert "sent no cookie" in text and "не прислал cookie" in text
    async with client.ws_connect(
        "/ws", headers={"Origin": "https://evil.example", "Cookie": f"{web.COOKIE}={GOOD}"}
    ) as websocket:
        text = await said(websocket)
    assert "another site" in text and "чужого сайта" in text
    assert not (tmp_path / "data" / "players").exists()
    assert client.web_server.games.running == 0


async def table_shown(websocket: Any) -> None:
    seen = ""
    while "Start a new game" not in seen:
        seen += await said(websocket)


def cookie(token: str) -> dict[str, str]:
    return {"Cookie": f"{web.COOKIE}={token}"}


@pytest.mark.long
@needs_web
async def test_a_game_per_browser_and_the_hosts_limit(client: Any, tmp_path: Path) -> None:
    games = client.web_server.games
    async with client.ws_connect("/ws?width=100&height=30", headers=cookie(GOOD)) as mine:
        await table_shown(mine)
        who = web.player_id(GOOD)
        assert who is not None and (tmp_path / "data" / "players" / who).is_dir()
        assert games.running == 1
        async with client.ws_connect("/ws", headers=cookie(GOOD)) as again:
            text = await said(again)
        assert "This browser already plays" in text and "(1)" in text
        async with client.ws_connect("/ws", headers=cookie("B" * 32)) as other:
            await table_shown(other)
            assert games.running == 2
            async with client.ws_connect("/ws", headers=cookie("C" * 32)) as third:
                text = await said(third)
            assert "as many games at once as its host allows (2)" in text
        assert len(os.listdir(tmp_path / "data" / "players")) == 2
    # The pages gone, their games end and free their places.
    await until(None, "the games to end", lambda: games.running == 0, every=0.05)
