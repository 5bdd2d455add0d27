// What the HTTP benchmarks share: a browser-like login, and timing a call over samples.

/** The p-th percentile (nearest rank) of figures in any order; NaN when there are none. */
export function percentile(figures, p) {
  if (figures.length === 0) return NaN;
  const sorted = [...figures].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Calls `fn` once to warm up, then `samples` times; answers p50/p95 in milliseconds. When `fn`
 * answers a number, that is the sample (a call that times only part of its own work).
 */
export async function timeIt(samples, fn) {
  await fn();
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = process.hrtime.bigint();
    const own = await fn();
    times.push(typeof own === 'number' ? own : Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The password of the benches' users: the password policy refuses one that contains a user's name (`bench`). */
export const BENCH_PASSWORD = 'tempo-figures-31';

/** Logs in over HTTP like the browser (csrftoken cookie first); answers the Cookie header and the CSRF token. */
export async function login(baseUrl, username, password) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      jar.set(k, v);
    }
  };
  keep(await fetch(`${baseUrl}/api/health/`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': jar.get('csrftoken'), cookie: cookie() },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  keep(res);
  return { cookie: cookie(), csrf: jar.get('csrftoken') };
}

/**
 * Waits until the API's start-up reads are done (`startup` of GET /api/health/), so that timed reads
 * do not queue behind them; answers the milliseconds since `since` (a Date.now()), or fails after `timeoutMs`.
 */
export async function startupDone(baseUrl, since, timeoutMs = 15 * 60_000) {
  for (;;) {
    const health = await fetch(`${baseUrl}/api/health/`).then((res) => res.json());
    if (health.startup === 'done') return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`the API's start-up reads were not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
