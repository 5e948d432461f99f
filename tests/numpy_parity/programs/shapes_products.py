import numpy as np

a = np.arange(12)
print(repr(a.reshape(3, 4)), repr(a.reshape(-1, 6)), repr(a.reshape((2, 2, 3)).transpose(2, 0, 1)), repr(a.reshape(3, 4).T))
b = a.reshape(3, 4)
print(repr(b.ravel()), repr(b.T.flatten()), repr(np.squeeze(np.zeros((1, 3, 1)))), repr(np.expand_dims(np.arange(3), 0)))
print(repr(np.concatenate([b, b], axis=1)), repr(np.stack([a[:3], a[3:6]])), repr(np.vstack([a[:3], a[3:6]])), repr(np.hstack([a[:2], a[5:7]])))
print(repr(np.stack([a[:3], a[3:6]], axis=1)), repr(np.swapaxes(a.reshape(2, 3, 2), 0, 2).shape), [repr(s) for s in np.split(a, 3)])
m = np.array([[1.0, 2.0], [3.0, 4.0]])
n = np.array([[5.0, 6.0], [7.0, 8.0]])
print(repr(m @ n), repr(np.dot(m, n)), repr(m.dot(np.array([1.0, 1.0]))), repr(np.matmul(np.ones((2, 2, 3)), np.ones((3, 2)))))
print(repr(np.dot(np.array([1, 2, 3]), np.array([4, 5, 6]))), repr(np.array([1.5, 2.5]) @ np.array([2.0, 4.0])))
xx, yy = np.meshgrid(np.arange(3), np.arange(2))
print(repr(xx), repr(yy))
c = a.reshape(3, 4)
c.shape = (4, 3)
print(repr(c), repr(np.transpose(c)), repr(np.moveaxis(np.zeros((2, 3, 4)), 0, -1).shape))
print(repr(a.astype(np.float32) / 3), repr(np.array([1.7, -1.7]).astype(int)), repr(np.array([300, -1]).astype(np.uint8)))
try:
    a.reshape(5, 3)
except ValueError as e:
    print("ValueError:", e)
