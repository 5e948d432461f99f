import numpy as np

rng = np.random.default_rng(42)
print(rng, type(rng.bit_generator).__name__, repr(rng).startswith("Generator(PCG64) at 0x"))
print(rng.random(dtype=np.float32), repr(rng.random(3, dtype=np.float32)))
print(repr(rng.random(3)), rng.random(), repr(rng.random((2, 2))))
print(repr(rng.integers(0, 10, 6)), repr(rng.integers(5, size=(2, 3))), repr(rng.integers(100)), rng.integers(-3, 3, 4))
print(repr(rng.integers(0, 2**40, 3)), repr(rng.integers(1, 6, 5, endpoint=True)), repr(rng.integers(0, 7, 4, dtype=np.int32)))
print(repr(rng.integers(-2**63, 2**63 - 1, 2)), repr(rng.integers(0, 2**32, 3, dtype=np.uint32)))
rng = np.random.default_rng(7)
print(repr(rng.standard_normal(5)), rng.standard_normal(), repr(rng.normal(2, 3, (2, 2))), repr(rng.normal(np.arange(3), 0.5)))
print(repr(rng.uniform(-1, 1, 3)), rng.uniform(), repr(rng.exponential(2.0, 3)), rng.exponential(), repr(rng.standard_exponential(2)))
rng = np.random.default_rng(2024)
print(repr(rng.choice(5, 4)), repr(rng.choice(10, 5, replace=False)), repr(rng.choice(5)))
print(repr(rng.choice([1.5, 2.5, 3.5], 5, p=[0.2, 0.3, 0.5])), repr(rng.choice(np.arange(4) * 10, size=(2, 2))))
print(repr(rng.choice(20000, 6, replace=False)), repr(rng.choice(100, 7, replace=False, shuffle=False)))
print(repr(rng.permutation(8)), repr(rng.permutation(np.arange(5) * 1.5)), repr(rng.permutation(np.arange(6).reshape(3, 2))))
lst = list(range(10))
rng.shuffle(lst)
print(lst)
arr = np.arange(12).reshape(4, 3)
rng.shuffle(arr)
print(repr(arr))
# a whole stream: every ziggurat box and the tails
rng = np.random.default_rng(12345)
z = rng.standard_normal(20000)
e = rng.exponential(size=20000)
print(repr(z[:4]), repr(z[-3:]), z.min(), z.max(), z.sum(), e.max(), e.sum())
print(np.random.default_rng([1, 2, 3]).random(), np.random.default_rng(2**70 + 5).integers(1000))
ss = np.random.SeedSequence(99)
print(ss)
print(repr(ss.generate_state(4)), repr(ss.generate_state(2, np.uint64)))
child = ss.spawn(2)[1]
print(child.spawn_key, np.random.default_rng(child).random())
print(np.random.default_rng(np.random.PCG64(5)).random(), np.random.Generator(np.random.PCG64(5)).random())
g = np.random.default_rng(3)
print(np.random.default_rng(g) is g)
for bad in (lambda: np.random.default_rng(-1), lambda: g.integers(5, 5), lambda: g.normal(0, -1), lambda: g.choice(3, 4, replace=False),
            lambda: g.choice(3, p=[0.5, 0.5]), lambda: g.choice(2, p=[float('nan'), 1.0]), lambda: g.choice(2, p=[-0.5, 1.5]),
            lambda: g.choice(2, p=[0.5, 0.6]),
            lambda: g.integers(0, 300, dtype=np.int64).astype(np.uint8) + 1000, lambda: g.random(dtype=np.float16)):
    try:
        print(bad())
    except (ValueError, OverflowError, TypeError) as error:
        print(type(error).__name__, error)
