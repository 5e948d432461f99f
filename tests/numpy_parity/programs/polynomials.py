import numpy as np
x = np.linspace(-3, 3, 50)
y = 0.5 * x ** 3 - 2 * x ** 2 + x - 4 + np.sin(5 * x) + np.exp(x / 3)
for deg in (0, 1, 2, 3, 5):
    c = np.polyfit(x, y, deg)
    print(deg, c, np.polyval(c, [0., 1.5, 2.]))
print(np.polyfit([0, 1, 2, 3], [1, 3, 5, 7], 1), np.round(np.polyfit(np.arange(5), np.arange(5) ** 2, 2), 8) + 0.0)
c, res, rank, sv, rc = np.polyfit(x, y, 3, full=True); print(c, res, rank, sv, rc)
print(np.polyfit(x, np.stack([y, 2 * y + 1], axis=1), 2), np.polyfit(x, y, 2, w=np.linspace(1, 2, 50)))
print(repr(np.polyval([1, 2, 3], 2)), repr(np.polyval([1., -2.], 0.5)), np.polyval([3, 0, 1], np.array([[1, 2], [3, 4]])))
p = np.poly1d([1, -3, 2]); q = np.poly1d([2., 0.5])
print(p); print(q); print(repr(p), repr(q), p(3), p(np.array([0, 1, 2])), p.order, p.coeffs, len(p), p[0], p[2], p[5])
print(p + q); print(p - q); print(p * q); print(p * 2); print(-p); print(p ** 3); print(p.deriv()); print(p.integ()); print(q.deriv(2))
print(np.poly1d([0, 0, 0])); print(np.poly1d([1.23456789, -0.5, 0, 1e-5, 12345.678])); print(np.poly1d(np.arange(30.) - 3))
print(np.poly1d(np.polyfit(x, y, 3))); print(p == np.poly1d([1, -3, 2]), p != q, np.poly1d([2, 1], variable='t'))
print(np.polyder([1, 2, 3, 4]), np.polyder([1., 2, 3], 2), np.polyint([3, 2, 1]), np.polyint([1, 1], 2, [1, 2]), np.polyadd([1, 2], [1, 2, 3]), np.polysub([1], [1., 2, 3]))
print(np.polymul([1, 2], [3, 4, 5]), np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3], [0, 1, 0.5], 'same'), np.convolve([1, 2, 3, 4, 5], [1, 1, 1], 'valid') / 3)
print(np.convolve(np.arange(10.), np.ones(4) / 4, mode='valid'), np.convolve([1, 2], [1, 2, 3, 4], 'same'), np.vander([1, 2, 3]), np.vander(np.array([1., 2.]), 4, increasing=True))
for bad in (lambda: np.polyfit(x, y, -1), lambda: np.polyfit([[1.]], [1.], 1), lambda: np.polyfit(x, y[:3], 1), lambda: np.convolve([], [1])):
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
