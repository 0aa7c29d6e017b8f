"""Saves on littlefs itself (the unix port's VfsLfs2, mounted as rp2 mounts
it, over a Python block device: host_tools/benches/bench_flash.py): every record of a
full game of each title at its largest table stays under the inline budget,
and a power cut before or halfway through any program or erase of the
in-place saves leaves the old record or the new one, a usable file and a
filesystem that takes the next save."""
import json
import os
import subprocess

import upy  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(upy.folder("benches"), "bench_flash.py")
INLINE = 460        # core/storage.py's INLINE; littlefs inlines up to 512 B here


def firmware():
    import build
    return build.test_tree()


def run(*args):
    p = subprocess.run(upy.argv(BENCH, *args, heap="64M"), capture_output=True,
                       text=True, timeout=1800, cwd=ROOT,
                       env=dict(os.environ, DICEBOX_FIRMWARE=firmware()))
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            print(p.stdout)
            return json.loads(line[7:])
    raise AssertionError("bench_flash %s failed:\n%s%s" % (args, p.stdout[-3000:], p.stderr[-3000:]))


def test_every_record_of_a_full_game_of_each_title_stays_inline():
    got = run("sizes", "1")
    for name in ("dairyman", "mildred", "milestones_game", "settings", "records",
                 "milestones_high", "timer"):
        largest, old, saves, lines = got[name]
        assert saves >= 40, (name, saves)
        assert largest <= INLINE, (name, largest)
    for name in ("dairyman", "mildred", "milestones_game"):
        assert got[name][1] > 1000             # format 1 spelt it out in well over a kilobyte
        assert got[name][2] >= 90              # a whole game: a save after every action


def test_a_power_cut_at_any_program_or_erase_keeps_the_old_or_the_new_record():
    r = run("cuts", "1", "60", "6")
    assert r["saves"] >= 200, r
    assert r["cut_points"] >= 2 * r["saves"], r           # before and torn, at least one op a save
    assert r["erases"] > 0                                 # the cuts met the erases of compaction
    assert r["lost"] == 0 and r["unusable"] == 0, r["fails"]
    assert r["old"] + r["new"] == r["cut_points"]           # each cut judged on the record in flight
    assert r["saved_after"] == r["cut_points"], r["fails"]
