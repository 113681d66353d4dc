"""The two ways a set-up is loaded: N players arriving over a time with a think time between their requests (the
figures at N), and a ramp of players back to back at growing concurrency (where throughput stops growing)."""
import asyncio, time
from .players import Player, play


class Roster:
    """Makes the run's players: each a new account, on one of `sources` loopback addresses (127.0.1.x), at home on
    instance number % instances; with two instances every fourth player switches half-way."""

    def __init__(self, run_tag, instances, sources, seed):
        self.run_tag, self.instances, self.sources, self.seed = run_tag, instances, sources, seed
        self.players = []

    def new(self):
        n = len(self.players)
        player = Player(n, f"{self.run_tag}-p{n:06d}", f"127.0.1.{1 + n % self.sources}", n % self.instances,
                        self.instances > 1 and n % 4 == 0, self.seed * 1_000_003 + n)
        self.players.append(player)
        return player


async def players_at_once(world, roster, count, arrival_s, think_s):
    """`count` players, each starting at a random moment within `arrival_s` seconds; (start, end, the most players
    playing at one moment)."""
    players = [roster.new() for _ in range(count)]
    playing = [0, 0]  # now, most

    async def one(player):
        await asyncio.sleep(player.rng.uniform(0, arrival_s))
        playing[0] += 1
        playing[1] = max(playing)
        try:
            await play(world, player, think_s)
        finally:
            playing[0] -= 1
    started = time.monotonic()
    await asyncio.gather(*(one(p) for p in players))
    return started, time.monotonic(), playing[1]


async def ramp(world, roster, steps, step_s):
    """For each concurrency c: c players at a time, back to back with no think time, starting new players for step_s
    seconds, then letting those playing finish; [(c, step start, step end, the generator's share of a core)]."""
    windows = []
    for concurrency in steps:
        started, cpu = time.monotonic(), time.process_time()
        deadline = started + step_s

        async def worker():
            while time.monotonic() < deadline:
                await play(world, roster.new())
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        # Counted to the last player's end, not to the deadline: on an overloaded server no request of a step may
        # end within it, and a step's requests/s would read 0.
        ended = time.monotonic()
        windows.append((concurrency, started, ended, (time.process_time() - cpu) / (ended - started)))
    return windows
