"""Packaging for phones and desktops: `flet build` packages main.py, which runs the same app
as `python -m referee`, with referee's own name, icon and splash, saving to the folder the
packaged app is given."""

import ast
import tomllib
from pathlib import Path

import flet as ft

from referee import cli
from referee.storage.store import data_dir

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_flet_build_names_referee_and_its_bundle():
    flet = PYPROJECT["tool"]["flet"]
    assert flet["product"] == "referee"
    assert flet["bundle_id"].startswith(flet["org"] + ".")
    assert "version" not in flet  # the version is the project's own
    assert PYPROJECT["project"]["version"]


def test_the_packaged_module_runs_the_app_of_python_m_referee():
    app = PYPROJECT["tool"]["flet"]["app"]
    module = ROOT / app["path"] / f"{app['module']}.py"
    calls = [
        node.func.id
        for node in ast.walk(ast.parse(module.read_text()))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    assert calls == ["run_packaged"]
    assert "tests" in app["exclude"]


def test_the_icon_and_splash_come_from_assets():
    assert (ROOT / "assets" / "icon.png").is_file()
    assert str(ROOT / "assets") == cli.ASSETS_DIR


def test_run_packaged_serves_the_apps_main_with_its_assets(monkeypatch):
    seen = {}
    monkeypatch.setattr(ft, "run", lambda main, **kw: seen.update(main=main, **kw))
    monkeypatch.setattr(cli._Screens, "start", lambda self: None)
    cli.run_packaged()
    assert seen["main"].__func__ is cli._Screens.main
    assert seen["assets_dir"] == cli.ASSETS_DIR


def test_a_packaged_app_saves_to_the_folder_it_is_given(monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "app-data"))
    assert data_dir() == tmp_path / "app-data"
