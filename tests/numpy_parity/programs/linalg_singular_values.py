import numpy as np

rng = np.random.default_rng(7)
a = np.array([[3., 1., 2.], [1., 4., 0.], [2., 0., 5.], [1., 1., 1.]])
b = np.array([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]])
print(np.linalg.svd(a, compute_uv=False), np.linalg.svd(a.T, compute_uv=False), np.linalg.svdvals(b))
print(np.linalg.svd(np.arange(1, 13.).reshape(2, 2, 3) ** 1.5, compute_uv=False), np.linalg.svd(np.float32(b), compute_uv=False).dtype)
print(np.linalg.svd([[1, 2], [3, 4]], compute_uv=False), np.linalg.svd(np.eye(3) * [3., -5., 1.], compute_uv=False))
print(np.linalg.svd(b + b.T, compute_uv=False, hermitian=True), np.linalg.eigvalsh(b + b.T), np.linalg.eigvalsh(b, UPLO='U'))
print(np.linalg.eigvalsh(np.array([[2., 1.], [1., 2.]])), np.linalg.eigvalsh(np.arange(8.).reshape(2, 2, 2) + np.eye(2)))
for m in (a, b, rng.standard_normal((5, 3)), rng.standard_normal((2, 6)), np.array([[1., 2.], [3., 4.]])):
    print(np.array([np.linalg.norm(m, 2), np.linalg.norm(m, -2), np.linalg.norm(m, 'nuc'), np.linalg.cond(m), np.linalg.cond(m, -2)]))
print(np.linalg.norm(np.arange(24.).reshape(2, 3, 4), 2, axis=(1, 2)), np.linalg.norm(np.arange(24.).reshape(2, 3, 4), 'nuc', axis=(2, 0)))
print(np.linalg.norm(b, 2, keepdims=True), np.linalg.norm(b, 'nuc', axis=(1, 0), keepdims=True).shape)
print(np.array([np.linalg.cond(b, p) for p in (1, -1, np.inf, -np.inf, 'fro')]), np.linalg.cond(np.array([[1., 2.], [2., 4.]]), 1))
print(np.linalg.cond(np.stack([b, b.T * 2])), np.linalg.cond(np.stack([b, np.ones((3, 3))]), np.inf))
for m in (a, b, np.arange(9).reshape(3, 3), np.ones((4, 5)), np.zeros((2, 2)), np.outer([1, 2, 3], [4, 5]), np.eye(4)):
    print(np.linalg.matrix_rank(m), end=" ")
print(np.linalg.matrix_rank(np.array([1., 0.])), np.linalg.matrix_rank(np.zeros(3)), np.linalg.matrix_rank(b, tol=5.), np.linalg.matrix_rank(b, rtol=0.5))
print(np.linalg.matrix_rank(np.stack([b, np.ones((3, 3))])), np.linalg.matrix_rank(np.diag([1., 1e-20, 3.])), np.linalg.matrix_rank(b, hermitian=True))
print(np.linalg.pinv(a)); print(np.linalg.pinv(b)); print(np.linalg.pinv(np.array([[1., 2.], [2., 4.]])))
print(np.linalg.pinv(np.array([[1, 2, 3], [2, 4, 6]]))); print(np.linalg.pinv(np.array([[1., 0.], [0., 1e-16]]))); print(np.allclose(a @ np.linalg.pinv(a) @ a, a))
print(np.linalg.pinv(np.arange(1, 9.).reshape(2, 2, 2) ** 2)); print(np.linalg.pinv(b, rcond=0.3))
x = np.linspace(0, 1, 20)
A = np.vstack([x, np.ones(len(x))]).T
y = 2.5 * x - 1 + 0.1 * np.cos(17 * x)
sol, res, rank, sv = np.linalg.lstsq(A, y)
print(sol, res, rank, sv)
print(np.linalg.lstsq(A, np.stack([y, y * y], axis=1), rcond=None)[0:2])
print(np.linalg.lstsq(np.array([[1., 1., 1.], [1., 2., 4.]]), np.array([3., 5.]))[0], np.linalg.lstsq(b, np.array([1., 2., 3.]))[0])
print(np.linalg.lstsq([[1, 2], [2, 4], [3, 6]], [1, 2, 3.1])[0:3], np.linalg.lstsq([[1, 0], [0, 1], [0, 0]], [1, 2, 3])[1])
print(type(rank).__name__, type(sv).__name__, sv.dtype, res.dtype, np.linalg.lstsq(np.float32(A), np.float32(y))[0].dtype)
for bad in (lambda: np.linalg.svd(np.ones(3), compute_uv=False), lambda: np.linalg.eigvalsh(np.ones((2, 3))), lambda: np.linalg.lstsq(A, y[:3]),
            lambda: np.linalg.eigvalsh(b, UPLO='X'), lambda: np.linalg.matrix_rank(b, tol=1, rtol=1), lambda: np.linalg.cond(np.ones((0, 0))),
            lambda: np.linalg.lstsq(np.ones((2, 2, 2)), np.ones(2)), lambda: np.linalg.norm(b, 3, axis=(0, 1))):
    try:
        print(bad())
    except (np.linalg.LinAlgError, ValueError) as error:
        print(type(error).__name__, error)
