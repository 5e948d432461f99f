import numpy as np

x = np.arange(24).reshape(2, 3, 4)
print(x[1], x[1, 2], repr(x[1, 2, 3]), x[:, 1], x[..., 0], x[1, :, ::2], x[::-1, ::2, 1:3], x[None, 0].shape, x[:, None].shape)
print(x[x > 10], x[x % 5 == 0])
print(x[:, [0, 2], 1], x[[0, 1], :, [1, 2]], x[[1, 0]], x[np.array([0, 1]), np.array([2, 0])])
print(x[1, [2, 0, 1]], x[:, :, [3, 0]].shape, x[[[0], [1]], [[0, 1]]].shape)
m = np.array([True, False, True])
print(x[:, m], x[0][m])
y = np.zeros((3, 4))
y[0] = 1
y[1, 1:3] = [5, 6]
y[:, 3] = np.array([7, 8, 9])
y[y == 0] = -1
y[[2, 2], [0, 1]] = 4.5
print(repr(y))
z = np.arange(10)
z[::2] = 0
z[z > 5] *= 10
v = z[1:4]
v[0] = 99
print(repr(z))
w = np.arange(12).reshape(3, 4)
w[w % 2 == 1] = np.arange(6) * 100
print(repr(w), repr(w[-1]), repr(w[-1, -1]), repr(w[1:, 1:].copy()))
i = np.array([2, 0])
print(repr(np.arange(5)[i]), repr(np.arange(10.0)[np.arange(10) % 3 == 0]))
try:
    np.arange(5)[7]
except IndexError as e:
    print("IndexError:", e)
try:
    np.zeros((2, 2))[0, 0, 0]
except IndexError as e:
    print("IndexError:", e)
