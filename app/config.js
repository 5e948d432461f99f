// Settings that a page URL can override, e.g. index.html?time-limit=3#/lesson/computational-graph
const query = new URLSearchParams(globalThis.location?.search ?? "");

// The time limit a teacher set on this browser (the teacher page), used when the address sets none.
export const TIME_LIMIT_KEY = "autograd-course/time-limit";
function storedTimeLimit() {
  try {
    const stored = globalThis.localStorage?.getItem(TIME_LIMIT_KEY);
    return stored !== null && stored !== undefined && Number(stored) >= 0 ? Number(stored) : null;
  } catch {
    return null; // storage refused: the default
  }
}

export const config = {
  // A run longer than this asks whether to keep going (app/python.js); 0 turns the limit off.
  timeLimitSeconds: Number(query.get("time-limit") ?? storedTimeLimit() ?? 10),
  timeLimitFromAddress: query.has("time-limit"),
  // A boot stage (loading Python, loading the engine) that makes no progress for this long is
  // reported as failed, with a retry; 0 turns the watchdog off.
  bootTimeoutSeconds: Number(query.get("boot-timeout") ?? 90),
  // The interface and lesson language, "en" or "tr"; without it, the saved choice or the browser's.
  language: query.get("lang"),
  // Output beyond this many characters is dropped by the worker (a runaway print loop must not
  // freeze the page); the program keeps running.
  outputLimitChars: 200_000,
};
