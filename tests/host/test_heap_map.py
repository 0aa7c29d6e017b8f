"""host_tools/benches/heap_map.py, the map of where the chip's heap goes,
still runs the console as a player opens a game (it broke unseen once when the
Loading page changed): it sees the console's and the game's names apart, the
bot the table brings in (AT_TABLE), and a total the model can stand behind."""
import re
import subprocess
import sys

import build
import upy


def test_the_map_of_a_game_names_its_bot_and_both_sets_of_names():
    p = subprocess.run([sys.executable, upy.folder("benches") + "/heap_map.py", "dairyman",
                        "--fw", build.test_tree()], capture_output=True, text=True, timeout=300)
    out = p.stdout
    assert p.returncode == 0, out[-2000:] + p.stderr[-2000:]
    assert "games.dairyman.bot" in out                     # imported by the table, in play
    assert "the console's names, interned at boot" in out
    assert "the game's own names, as it opens" in out
    rows = [ln for ln in out.splitlines() if re.match(r"\s*\d+\s+[\d.]+\s+[\d.]+\s", ln)]
    assert not [ln for ln in rows if ".names_" in ln]        # the pieces are let go
    total = float(re.search(r"chip total in play ([\d.]+) KB", out).group(1))
    assert abs(total - float(rows[-1].split()[2])) < 0.2     # the running total adds up
    assert 100 < total < 240, total
