// Where the app keeps the Python worker's memory snapshot between visits (python.js): one record in
// IndexedDB, replaced by each new snapshot. Storage that is missing, full or refused (a private
// window, a quota) only means the next visit boots the long way.
const DATABASE = "autograd-course-python";
const STORE = "snapshots";
const KEY = "python";

export function openSnapshotStore() {
  if (!globalThis.indexedDB) return null;
  let database = null;
  const open = () =>
    (database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }));
  const transact = async (mode, operation) => {
    const store = (await open()).transaction(STORE, mode).objectStore(STORE);
    return new Promise((resolve, reject) => {
      const request = operation(store);
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => reject(request.error);
    });
  };
  return {
    load: () => transact("readonly", (store) => store.get(KEY)),
    save: (image) => transact("readwrite", (store) => store.put(image, KEY)).catch(() => {}),
  };
}
