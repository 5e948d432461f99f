// Settings that a page URL can override, e.g. index.html?time-limit=3#/lesson/computational-graph
const query = new URLSearchParams(globalThis.location?.search ?? "");

export const config = {
  // A run longer than this is stopped with a message; 0 turns the limit off.
  timeLimitSeconds: Number(query.get("time-limit") ?? 10),
  // A boot stage (loading Python, loading the engine) that makes no progress for this long is
  // reported as failed, with a retry; 0 turns the watchdog off.
  bootTimeoutSeconds: Number(query.get("boot-timeout") ?? 90),
  // The interface and lesson language, "en" or "tr"; without it, the saved choice or the browser's.
  language: query.get("lang"),
  // Output beyond this many characters is dropped by the worker (a runaway print loop must not
  // freeze the page); the program keeps running.
  outputLimitChars: 200_000,
};
