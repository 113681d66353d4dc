"""Players: each registers, signs in, reads the config, uploads its batches (one of them twice, as a device retrying
does), reads the leaderboard and its summary and refreshes its token. Every request is timed per route; what each
upload's answer acknowledged is kept for the check against the database."""
import asyncio, random, time
import aiohttp
from .pack import make_batch

PASSWORD = "correct horse battery"
OK = {200, 201, 204, 304}


class Recorder:
    """Every request: (route, status, start, end) on the monotonic clock, and results newly acknowledged by time."""

    def __init__(self):
        self.samples, self.ingested = [], []

    def add(self, route, status, started, ended):
        self.samples.append((route, status, started, ended))


class Player:
    def __init__(self, number, tag, source, home, switches, seed):
        self.number, self.tag, self.source, self.home, self.switches = number, tag, source, home, switches
        self.email = f"{tag}@example.com"
        self.rng = random.Random(seed)
        self.account_id = None
        self.acknowledged, self.quizzes = set(), set()  # results and quizzes the server said it holds
        self.sent_lies, self.problems = set(), []
        self.summary = None
        self.done = False


class World:
    """What the players share: the instances' URLs, the questions, one HTTP session per loopback source address."""

    def __init__(self, urls, questions, batches, batch_size, recorder, timeout_s=120):
        self.urls, self.questions, self.batches, self.batch_size = urls, questions, batches, batch_size
        self.recorder = recorder
        self.timeout = aiohttp.ClientTimeout(total=timeout_s)
        self.sessions = {}
        self.current_consents = None

    async def consents(self, source):
        """The versions of the terms and the privacy policy the server asks for (GET /v1/auth/consent, asked once,
        not timed): what every player's registration accepts."""
        if self.current_consents is None:
            self.current_consents = asyncio.ensure_future(self.fetch_consents(source))
        return await self.current_consents

    async def fetch_consents(self, source):
        async with self.session(source).get(self.urls[0] + "/v1/auth/consent") as response:
            body = await response.json(content_type=None)
        return [{"document": d["document"], "version": d["version"]} for d in body["documents"]]

    def session(self, source):
        if source not in self.sessions:
            connector = aiohttp.TCPConnector(local_addr=(source, 0), limit=0, ttl_dns_cache=None)
            self.sessions[source] = aiohttp.ClientSession(connector=connector, timeout=self.timeout)
        return self.sessions[source]

    async def close(self):
        for session in self.sessions.values():
            await session.close()

    async def call(self, player, at, route, method, path, body=None, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else None
        started = time.monotonic()
        try:
            async with self.session(player.source).request(method, self.urls[at] + path, json=body,
                                                           headers=headers) as response:
                status = response.status
                data = await response.json(content_type=None) if status in OK and status != 204 else None
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError) as error:
            status, data = 0, None
            player.problems.append(f"{route}: {type(error).__name__} {error}"[:200])
        self.recorder.add(route, status, started, time.monotonic())
        return status, data


def acknowledge(player, batch, status, body, recorder):
    """What an upload's answer says against what the batch should come to: every honest result and the quiz held,
    every lie refused as not_the_answer."""
    player.sent_lies.update(batch.lies)
    if status != 200 or body is None:
        player.problems.append(f"upload {batch.quiz_id}: status {status}")
        return
    accepted = set(body.get("accepted", []))
    new = (accepted & set(batch.held)) - player.acknowledged
    player.acknowledged |= accepted & set(batch.held)
    recorder.ingested.append((time.monotonic(), len(new)))
    if batch.quiz_id in body.get("acceptedQuizzes", []):
        player.quizzes.add(batch.quiz_id)
    else:
        player.problems.append(f"upload {batch.quiz_id}: the quiz not accepted")
    if set(batch.held) - accepted:
        player.problems.append(f"upload {batch.quiz_id}: {len(set(batch.held) - accepted)} honest results not accepted")
    refused = {r["id"]: r["reason"] for r in body.get("refusals", [])}
    if accepted & set(batch.lies) or any(refused.get(lie) != "not_the_answer" for lie in batch.lies):
        player.problems.append(f"upload {batch.quiz_id}: a lie accepted or refused for another reason: {refused}")


async def play(world, player, think_s=0.0):
    """One player's life; the instance it talks to is `home`, and a switching player moves to the other instance
    half-way through its uploads (with the tokens it has: the instances share the database and the signing key)."""
    at = player.home

    async def step(route, method, path, body=None, token=None):
        if think_s:
            await asyncio.sleep(player.rng.uniform(0, think_s))
        return await world.call(player, at, route, method, path, body, token)

    credentials = {"email": player.email, "password": PASSWORD}
    status, body = await step("register", "POST", "/v1/auth/register",
                              dict(credentials, consents=await world.consents(player.source)))
    if status != 201:
        player.problems.append(f"register: status {status}")
        return
    player.account_id = body["user"]["id"]
    status, body = await step("login", "POST", "/v1/auth/login", credentials)
    if status != 200:
        player.problems.append(f"login: status {status}")
        return
    token, refresh = body["accessToken"], body["refreshToken"]
    await step("config", "GET", "/v1/config")
    batch = None
    for k in range(world.batches):
        if player.switches and k == world.batches // 2:
            at = (at + 1) % len(world.urls)
        batch = make_batch(world.questions, player.rng, f"{player.tag}-b{k}", world.batch_size)
        status, body = await step("upload", "POST", "/v1/results", batch.body, token)
        acknowledge(player, batch, status, body, world.recorder)
    if batch is not None:  # the last batch again: a device that lost the answer sends it once more
        status, body = await step("upload (resent)", "POST", "/v1/results", batch.body, token)
        acknowledge(player, batch, status, body, world.recorder)
    await step("leaderboard", "GET", "/v1/leaderboard/daily", token=token)
    status, body = await step("summary", "GET", "/v1/results/summary", token=token)
    if status == 200:
        player.summary = body.get("results")
    status, body = await step("refresh", "POST", "/v1/auth/refresh", {"refreshToken": refresh})
    player.done = status == 200
