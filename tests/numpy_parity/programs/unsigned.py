import numpy as np

for dt in (np.uint16, np.uint32, np.uint64):
    a = np.array([0, 1, 200, 65535], dtype=dt)
    print(repr(a), a.dtype, a.dtype.char, a.itemsize, str(a))
    print(repr(a + 1), repr(a * 2), repr(a - 1), repr(a // 3), repr(a % 7), repr(a / 2), repr(-a))
    print(repr(a.sum()), repr(a.max()), repr(a.mean()), repr(a[2]), a[2] + 1, repr(np.cumsum(a)))
    print(repr(np.zeros(2, dt)), repr(np.arange(3, dtype=dt)), repr(np.ones((2, 2), dtype=dt).T))
print(repr(np.array([1, 2], np.uint8) + np.array([3, 4], np.uint16)))
print(repr(np.array([1, 2], np.int8) + np.array([3, 4], np.uint16)))
print(repr(np.array([1, 2], np.int16) + np.array([3, 4], np.uint32)))
print(repr(np.array([1, 2], np.int64) + np.array([3, 4], np.uint64)))
print(repr(np.array([1, 2], np.uint64) * 1.5), repr(np.array([1, 2], np.uint32) + np.float32(1)))
print(repr(np.array([1, 2], np.uint16) + np.float16(1)), repr(np.sqrt(np.array([4, 9], np.uint16))))
print(repr(np.uint64(2**64 - 1)), np.uint32(7), repr(np.uint16(3) + np.uint16(4)), repr(np.uint32(5) * 2))
print(repr(np.array([2**64 - 1], np.uint64)), repr(np.array([3000000000], dtype="uint32")), np.dtype("u8"), np.dtype("uint16"))
print(repr(np.array([5, 6], np.uint32) > 5), repr(np.array([1, 2, 3], np.uint16).astype(np.float64)), repr(np.array([-1.0, 2.5]).astype(np.uint16)))
print(repr(np.array([7, 9], dtype=np.uint64) & 3), repr(~np.array([0, 1], np.uint16)), repr(np.array([2, 3], np.uint32) ** 2))
print(np.promote_types(np.uint64, np.int64), np.promote_types(np.uint32, np.int32), np.promote_types(np.uint16, np.float16))
try:
    np.array([1], np.uint16) + (-1)
except OverflowError as error:
    print("OverflowError", error)
