// The course's services, started and handed to actions.js: Python (python.js, its status into the
// store, its memory snapshot kept between visits), progress storage and, in the app, the site's
// service worker (offline.js). The app and embed.html both start the course this way.
import { config } from "./config.js";
import { strings } from "./strings.js";
import { createPython } from "./python.js";
import { openStorage } from "./progress.js";
import { loadLearners, progressPrefix } from "./learners.js";
import { openSnapshotStore } from "./snapshot-store.js";
import * as actions from "./actions.js";
import { connectGraph } from "./graph/actions.js";

// With `lazy`, Python waits for python.boot(); with `standbySpare`, a replacement worker waits
// ready (python.js); returns the python runtime.
export function startServices({ lazy = false, site = null, standbySpare = false } = {}) {
  const python = createPython({
    onStatus: actions.setPythonStatus,
    timeLimitSeconds: config.timeLimitSeconds,
    outputLimitChars: config.outputLimitChars,
    bootTimeoutSeconds: config.bootTimeoutSeconds,
    workerFailedMessage: strings.python.workerFailed,
    lazy,
    snapshotStore: openSnapshotStore(),
    standbySpare,
  });
  const learners = loadLearners();
  const storage = openStorage({ onChange: actions.takeSavedElsewhere, prefix: progressPrefix(learners.active) });
  actions.connect({ python, storage, site });
  connectGraph({ python });
  actions.setStorageAvailable(storage.available, storage.load(), learners);
  return python;
}
