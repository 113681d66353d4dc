"""A few plain HTTP requests against the server, each from a chosen loopback address (the server tells clients apart
by address, so 127.0.0.2 is another client than 127.0.0.1)."""
import http.client, json, socket, time


class Response:
    def __init__(self, status, body, seconds, headers=None):
        self.status, self.body, self.seconds, self.headers = status, body, seconds, headers or {}

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None


def request(port, method, path, body=None, token=None, headers=None, source="127.0.0.1", timeout=15):
    """status 0: the connection failed or timed out."""
    all_headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    all_headers.update(headers or {})
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
    elif isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        return Response(response.status, data, time.perf_counter() - started, dict(response.getheaders()))
    except (OSError, http.client.HTTPException):
        return Response(0, b"", time.perf_counter() - started)
    finally:
        connection.close()


def raw(port, data, timeout=10, read=True):
    """Bytes sent as they are; the status line's code, or 0 when the server closed without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
            if not read:
                return 0
            s.shutdown(socket.SHUT_WR)
            answer = b""
            while len(answer) < 64:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            return 0
    parts = answer.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


_consents = {}


def current_consents(port):
    """The versions of the terms of use and the privacy policy the server asks every account to accept
    (GET /v1/auth/consent): what a registration sends as accepted."""
    if port not in _consents:
        r = request(port, "GET", "/v1/auth/consent")
        assert r.status == 200, f"GET /v1/auth/consent: {r.status} {r.body[:300]!r}"
        _consents[port] = [{"document": d["document"], "version": d["version"]} for d in r.json()["documents"]]
    return _consents[port]


def register(port, email, password="correct horse battery", source="127.0.0.1"):
    """(access token, refresh token, account id) of a new account, made accepting the current terms and policy."""
    r = request(port, "POST", "/v1/auth/register",
                {"email": email, "password": password, "consents": current_consents(port)}, source=source)
    assert r.status in (200, 201), f"register {email}: {r.status} {r.body[:300]!r}"
    body = r.json()
    return body["accessToken"], body["refreshToken"], body["user"]["id"]
