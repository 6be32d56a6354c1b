"""Many devices on one server, over Flet's own WebSocket protocol (bench/flet_client.py):
every tap's change reaches every device of its game, and they all show the same game."""

from bench.live_devices import run


def test_six_devices_on_two_games_all_get_every_change_and_agree():
    result = run(devices=6, games=2, taps=10)
    assert result["taps"] == 10 and not result["failures"]
    assert result["diverged"] == []
    assert result["open_files_last"] - result["open_files_first"] <= 2
