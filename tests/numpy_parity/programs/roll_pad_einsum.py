import numpy as np
x = np.arange(10)
print(np.roll(x, 2), np.roll(x, -2), np.roll(x, 12))
x2 = np.reshape(x, (2, 5))
print(np.roll(x2, 1)); print(np.roll(x2, -1, axis=0)); print(np.roll(x2, 1, axis=1)); print(np.roll(x2, (1, 1), axis=(1, 0)))
print(np.roll(x2, (2, 1), axis=(1, 1)), np.roll(np.array([]), 1))
a = [1, 2, 3, 4, 5]
for mode in ("constant", "edge", "reflect", "symmetric", "wrap"):
    for w in (0, 1, (2, 3), 4, 7, 12):
        print(mode, w, np.pad(a, w, mode))
print(np.pad(a, (2, 3), 'constant', constant_values=(4, 6)))
m = np.arange(6).reshape(2, 3)
print(np.pad(m, 1)); print(np.pad(m, ((1, 2), (0, 1)), constant_values=((7, 8), (9, -1))))
for mode in ("edge", "reflect", "symmetric", "wrap"):
    print(np.pad(m, ((3, 2), (4, 5)), mode))
print(np.pad(np.float32([1.5, 2]), 1, constant_values=0.1), np.pad([1, 2], 1, constant_values=1.7), np.pad([3], 3, "reflect"))
print(np.pad(np.ones((2, 2, 2)), [(1, 0)]).shape, np.pad(np.ones((2, 2, 2)), ((1, 0),)).shape, np.pad(np.ones((2, 2)), [[1], [2]]).shape)
for bad in (lambda: np.pad(a, -1), lambda: np.pad(a, 1.5), lambda: np.pad(a, 1, "foo"), lambda: np.pad(a, 1, "edge", constant_values=3),
            lambda: np.pad(np.ones((0, 2)), 1, "edge"), lambda: np.pad(m, ((1, 2), (1, 2), (1, 2)))):
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
A = np.arange(6.).reshape(2, 3); B = np.arange(12.).reshape(3, 4); v = np.array([1., 2., 3.])
print(np.einsum('ij,jk->ik', A, B)); print(np.einsum('ij,jk', A, B)); print(np.einsum('ij->ji', A)); print(repr(np.einsum('ii', np.eye(3) * 2)))
print(np.einsum('ii->i', np.arange(9).reshape(3, 3)), repr(np.einsum('i,i', v, v)), repr(np.einsum('i,i->', v, v)), np.einsum('i,j->ij', v, v))
print(np.einsum('ij', A), np.einsum('ji', A), np.einsum('ij->', A), np.einsum('ij->j', A), np.einsum('ij,j->i', A, v))
C = np.arange(24).reshape(2, 3, 4); D = np.arange(40).reshape(2, 4, 5)
print(np.einsum('bij,bjk->bik', C, D)); print(np.einsum('...ij,...jk->...ik', C, D)); print(np.einsum('...i->...', C))
print(np.einsum('i...->...', C)); print(np.einsum('ijk->kji', C).shape, np.einsum('ijk,ijk->i', C, C), np.einsum('b i j , b j k -> b i k', C, D).shape)
print(np.einsum('i,i,i', v, v, v), np.einsum('ij,kj->ik', A, A), np.einsum('ab,cd->abcd', np.eye(2), np.ones((2, 2))).sum())
print(np.einsum('ij,ij->ij', np.ones((1, 3)), np.ones((2, 3))), np.einsum('...,...', 3, v))
t = np.einsum('ij->ji', A); t[0, 0] = 9.; print(A)
for bad in (lambda: np.einsum('ij,jk->ik', A, A), lambda: np.einsum('ij', v), lambda: np.einsum('i,i', v), lambda: np.einsum('i', v, v),
            lambda: np.einsum('i->ii', v), lambda: np.einsum('i->j', v), lambda: np.einsum('i1', v), lambda: np.einsum('ii', A), lambda: np.einsum('ijk', A)):
    try:
        print(bad())
    except ValueError as e:
        print(type(e).__name__, e)
