"""Many devices on one server, over Flet's own WebSocket protocol (bench/flet_client.py):
every tap's change reaches every device of its game, and they all show the same game."""

from concurrent.futures import ThreadPoolExecutor

from bench.live_devices import run


def test_six_devices_on_two_games_all_get_every_change_and_agree():
    # On a thread of its own: a browser test earlier in this worker may hold the main
    # thread's event loop, where asyncio.run refuses to start.
    with ThreadPoolExecutor(1) as pool:
        result = pool.submit(run, devices=6, games=2, taps=10).result()
    assert result["taps"] == 10 and not result["failures"]
    assert result["diverged"] == []
    assert result["open_files_last"] - result["open_files_first"] <= 2
