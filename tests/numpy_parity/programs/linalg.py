import numpy as np

a = np.array([[1., 2.], [3., 4.]])
print(repr(np.linalg.det(a)), repr(np.linalg.inv(a)), repr(np.linalg.solve(a, [5., 6.])))
b = np.array([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]])
print(repr(np.linalg.det(b)), np.linalg.inv(b), repr(np.linalg.solve(b, np.array([12., -25., 32.]))))
print(repr(np.linalg.solve(b, np.eye(3))), np.allclose(np.linalg.inv(b) @ b, np.eye(3)))
print(repr(np.linalg.det(np.eye(4) * 2)), repr(np.linalg.det(np.arange(9).reshape(3, 3))), repr(np.linalg.slogdet(b)))
print(repr(np.linalg.inv(np.arange(8.).reshape(2, 2, 2) + np.eye(2))), repr(np.linalg.det(np.arange(8.).reshape(2, 2, 2))))
x = np.array([[2, 1, 1], [1, 3, 2], [1, 0, 0]])
y = np.array([4, 5, 6])
print(repr(np.linalg.solve(x, y)), repr(np.linalg.inv(x)), repr(np.linalg.det(x)))
print(repr(np.linalg.inv(np.array([[1., 2.], [3., 4.]], dtype=np.float32))))
rng = np.random.default_rng(0)
m = rng.standard_normal((4, 4))
print(np.linalg.inv(m), np.linalg.det(m).round(10), np.linalg.solve(m, np.ones(4)), sep="\n")
v = np.array([3., -4., 12.])
print(repr(np.linalg.norm(v)), repr(np.linalg.norm(v, 1)), repr(np.linalg.norm(v, np.inf)), repr(np.linalg.norm(v, -np.inf)))
print(repr(np.linalg.norm(v, 0)), repr(np.linalg.norm(v, 3)), repr(np.linalg.norm(v, 2)), repr(np.linalg.norm([1, 2, 3])))
print(repr(np.linalg.norm(b)), repr(np.linalg.norm(b, 'fro')), repr(np.linalg.norm(b, 1)), repr(np.linalg.norm(b, np.inf)))
print(repr(np.linalg.norm(b, -1)), repr(np.linalg.norm(b, -np.inf)), repr(np.linalg.norm(b, axis=0)), repr(np.linalg.norm(b, axis=1)))
print(repr(np.linalg.norm(b, axis=1, keepdims=True)), repr(np.linalg.norm(b, keepdims=True)), repr(np.linalg.norm(b, 1, axis=1)))
print(repr(np.linalg.norm(np.arange(24.).reshape(2, 3, 4), axis=(1, 2))), repr(np.linalg.norm(np.arange(24.).reshape(2, 3, 4), 1, axis=(2, 1))))
print(repr(np.linalg.norm(np.arange(6.).reshape(2, 3), axis=0, ord=np.inf)), repr(np.linalg.norm(np.float32([3, 4]))))
for bad in (lambda: np.linalg.inv(np.array([[1., 2.], [2., 4.]])), lambda: np.linalg.solve(np.zeros((2, 2)), [1., 2.]),
            lambda: np.linalg.inv(np.ones((2, 3))), lambda: np.linalg.det(np.ones(3)), lambda: np.linalg.solve(b, [1., 2.]),
            lambda: np.linalg.det(np.array([[1., 2.], [2., 4.]])), lambda: np.linalg.norm(v, 'fro')):
    try:
        print(repr(bad()))
    except (np.linalg.LinAlgError, ValueError) as error:
        print(type(error).__name__, error)
