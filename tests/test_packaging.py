"""The wheel ships the preset files and the catalogs: a plain (non-editable) install loads
`--preset classic` and speaks Russian."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from thousand_tui.translations import LANGS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_install_loads_the_shipped_presets(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
    )
    wheel = next(wheels.glob("thousand_tui-*.whl"))
    env_dir = tmp_path / "env"
    # The system site packages give the dependencies; the package itself comes from the wheel.
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True)
    probe = (
        "import thousand_tui.presets as p; "
        "print(p.rules_dir()); print(p.load_preset('classic').rules.target)"
    )
    out = subprocess.run(
        [str(python), "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert str(env_dir) in out[0], f"presets found outside the install: {out[0]}"
    assert out[1] == "1000"
    listing = subprocess.run(
        [str(env_dir / "bin" / "thousand"), "presets"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in ("classic", "online-site", "family"):
        assert name in listing
    # the catalogs ship beside the code: Russian is offered and read from the install
    probe = (
        "import thousand_tui.translations as t; print(t.LOCALE_DIR); print(t.LANGS); "
        "print(t.counted('ru', t.nmsg('w_deal', 'deal', 'deals'), 5))"
    )
    out = subprocess.run(
        [str(python), "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert str(env_dir) in out[0], f"catalogs found outside the install: {out[0]}"
    assert out[1:] == [repr(LANGS), "5 конов"]  # every catalog of the source tree
