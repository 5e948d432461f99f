import numpy as np

a = np.arange(6).reshape(2, 3)
b = np.array([10, 20, 30])
print(a + b, a * 2, a - 1.5, a / 2, a // 4, a % 4, a ** 2, -a, abs(-a))
print(repr(a + b), repr(a / b), repr(2 ** a), repr(1 / (a + 1)))
c = np.array([[1.0], [2.0]])
print(repr(c + b), repr(c * np.array([0.5, 0.25])))
f = np.array([1.5, 2.5], dtype=np.float32)
print(repr(f + 1), repr(f * 2.5), repr(f + np.array([1, 2])), repr(f + np.array([1.0, 2.0])), repr(f / 3))
i8 = np.array([100, 120], dtype=np.int8)
print(repr(i8 + 100), repr(i8 * 3), repr(i8 + np.array([1, 2], dtype=np.int16)), repr(i8 + 1.5))
u8 = np.array([250, 5], dtype=np.uint8)
print(repr(u8 + 10), repr(u8 + np.array([1, 1], dtype=np.int8)), repr(u8 - 10))
bo = np.array([True, False, True])
print(repr(bo + bo), repr(bo * 3), repr(bo + 1.5), repr(~bo), repr(bo & np.array([True, True, False])))
print(repr(a > 2), repr(a == b[:, None][:2, :1] if False else a == 4), repr((a > 1) & (a < 4)), repr(np.logical_not(a > 2)))
x = np.linspace(-2, 2, 5)
print(repr(np.sqrt(np.abs(x))), repr(np.exp(x)), repr(np.maximum(x, 0)), repr(np.minimum(x, 0.5)))
print(repr(np.floor(x * 1.3)), repr(np.ceil(x * 1.3)), repr(np.round(x * 1.25, 1)), repr(np.sign(x)), repr(np.square(x)))
print(repr(np.tanh(x)), repr(np.sin(x)), repr(np.cos(x)), repr(np.log(np.arange(1, 5))), repr(np.log1p(x + 3)))
print(repr(np.clip(x, -1, 1)), repr(np.where(x > 0, x, 0.0)), repr(np.where(x > 0)), repr(np.isnan(np.array([1.0, np.nan]))))
out = np.zeros(5)
np.add(x, 1, out=out)
print(out)
np.multiply(x, 10, out=out, where=x > 0)
print(out)
y = np.arange(5.0)
y += 1
y *= 2
y -= np.array([1, 1, 1, 1, 1])
y /= 4
print(repr(y))
z = np.arange(4)
z += 2
print(repr(z))
print(repr(np.float64(1.5) + 1), repr(np.float32(1.5) * 2), repr(np.int64(3) + 1), repr(np.int64(7) / 2), repr(np.float64(2) ** 3))
print(repr(np.array([1, 2, 3]).sum() / 2), repr(np.float32(0.1) + np.float64(0.2)), repr(np.array([0.5], dtype=np.float32)[0] + 1))
print(repr(np.outer([1, 2], [3, 4, 5])), repr(np.power(np.array([2.0, 3.0]), 0.5)))
try:
    np.ones((2, 3)) + np.ones(4)
except ValueError as e:
    print("ValueError:", e)
try:
    np.array([1, 2]) ** -1
except ValueError as e:
    print("ValueError:", e)
a = np.arange(10.0); v = a[2:8]; b = a.reshape(2, 5)
a -= 0.5; a *= np.arange(10.0); a += 1; a /= 4
v += 100.0
print(repr(a), repr(b), repr(v))
c = np.ones((3, 4)); c[1] -= np.arange(4.0); c.T[0] *= 7.0; c += np.arange(4.0)
print(repr(c))
i = np.arange(5); i += 2; f = np.arange(5.0); f += np.arange(5)
print(repr(i), repr(f))
