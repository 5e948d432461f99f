import numpy as np

x = np.arange(24).reshape(2, 3, 4)
print(repr(x.sum()), repr(x.sum(axis=0)), repr(x.sum(axis=1)), repr(x.sum(axis=-1, keepdims=True)))
print(repr(x.mean()), repr(x.mean(axis=(0, 2))), repr(x.mean(axis=1, keepdims=True)))
print(repr(x.max()), repr(x.max(axis=1)), repr(x.min(axis=2)), repr(np.argmax(x)), repr(x.argmax(axis=1)), repr(x.argmin(axis=0)))
f = np.linspace(0, 1, 11) ** 2
print(repr(f.sum()), repr(f.mean()), repr(f.std()), repr(f.var()), repr(np.std(f, ddof=1)), repr(f.prod()))
print(repr(np.cumsum(np.arange(6))), repr(np.cumsum(np.arange(6).reshape(2, 3), axis=0)), repr(np.cumsum(f)))
g = np.arange(1000) * 0.1
print(repr(g.sum()), repr(g.mean()), repr(g.std()), repr(np.sum(g.reshape(10, 100), axis=1)), repr(np.sum(g.reshape(100, 10), axis=0)))
h = np.arange(100, dtype=np.float32) / 7
print(repr(h.sum()), repr(h.mean()), repr(h.std()), repr(h.max()))
print(repr(np.array([True, False, True]).sum()), repr(np.array([1, 2], dtype=np.int8).sum()), repr(np.any(x > 20)), repr(np.all(x >= 0, axis=1)))
print(repr(np.array([1.0, np.nan, 3.0]).max()), repr(np.count_nonzero(x % 3 == 0)), repr(np.mean(np.array([1, 2, 4], dtype=np.int32))))
print(repr(np.sum([0.1] * 9)), repr(np.sum([0.1] * 20)), repr(np.sum(np.arange(300) * 0.01)), repr(np.sum(np.array([1e16, 1.0, -1e16]))))
