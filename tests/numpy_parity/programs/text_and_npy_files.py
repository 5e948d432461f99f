"""loadtxt and savetxt (numpy's layout, parsing and messages; file objects, paths, .gz), save/load in the .npy format (the bytes numpy writes) and savez/savez_compressed/load of .npz archives."""
import io
import io, os, tempfile
import numpy as np


def show(make):
    try:
        print(repr(make()))
    except Exception as error:  # numpy's message for the misuse
        print(f"{type(error).__name__}: {error}")


def L(text, **kw):
    return np.loadtxt(io.StringIO(text), **kw)


show(lambda: L('1 2 3\n4 5 6\n'))
show(lambda: L('1 2 3\n'))
show(lambda: L('7\n'))
show(lambda: L('# only\n'))
show(lambda: L('1,2\n3,4\n', delimiter=','))
show(lambda: L('1 2 3\n4 5\n'))
show(lambda: L('1 x 3\n'))
show(lambda: L('1 2.5\n', dtype=int))
show(lambda: L('1 2\n', dtype=int))
show(lambda: L('a 1\n#c\n\n b 2 # x\n', usecols=1))
show(lambda: L('1 2 3\n4 5 6\n', usecols=(0, 2), unpack=True))
show(lambda: L('h1 h2\n1 2\n3 4\n5 6\n', skiprows=1, max_rows=2))
show(lambda: L('1 2\n', ndmin=2))
show(lambda: L('1\n2\n', ndmin=1))
show(lambda: L('1\n2\n', ndmin=2))
show(lambda: L('5\n', ndmin=2))
show(lambda: L('nan inf -inf 1e3 +4\n'))
show(lambda: L('1;2\n', delimiter=';', dtype=np.float32))
show(lambda: L('1 2\n', usecols=5))
show(lambda: L('1,,3\n', delimiter=','))
show(lambda: L(' 1 , 2 \n', delimiter=','))
show(lambda: L('1 2\n3 4', comments=None, converters={0: lambda s: float(s) * 10}))
show(lambda: L('1 2\n3 x\n'))
show(lambda: L('#c\n\n1 2\n3 x\n'))
show(lambda: L('#c\n\n1 2\n3 4 5\n'))
show(lambda: L('#c\n1 2\n3 4\n', usecols=3))
show(lambda: L('1 2\n', usecols=-1))
show(lambda: L('1\n', unpack=True))
show(lambda: L('1 2\n', dtype=np.uint8))
show(lambda: L('1 -2\n', dtype=np.uint8))
show(lambda: L('1 300\n', dtype=np.int8))
show(lambda: L('1 2\n', dtype=np.float16))
show(lambda: L('0x10 1\n', dtype=float))
show(lambda: L('1_0 1\n'))
show(lambda: L('1 2  # comment\n3 4 // x\n', comments=['#', '//']))
show(lambda: L('1 2\n3 4\n', skiprows=5))
show(lambda: np.loadtxt(['1 2', '3 4']))
try:
    s = io.StringIO(); np.savetxt(s, np.array([[1.5, 2], [3, 4]])); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.array([1, 2, 3]), fmt='%d'); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.arange(4).reshape(2, 2), fmt='%d', delimiter=',', header='a,b\nc', footer='end', comments='// '); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.arange(4.).reshape(2, 2), fmt=['%.2f', '%g']); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.arange(4.).reshape(2, 2), fmt='%.1f|%.3f'); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.array([True, False])); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.float32([0.1])); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    s = io.StringIO(); np.savetxt(s, np.float16([0.1, 2]), fmt='%s'); print(repr(s.getvalue()))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
show(lambda: np.savetxt(io.StringIO(), np.ones((2,2)), fmt=['%d']))
show(lambda: np.savetxt(io.StringIO(), np.ones((2,2)), fmt='%d %d %d'))
show(lambda: np.savetxt(io.StringIO(), np.float64(3)))
try:
    import tempfile, os; d = tempfile.mkdtemp(); p = os.path.join(d, 'a.txt'); np.savetxt(p, np.arange(6.).reshape(2, 3), fmt='%.3f'); print(open(p).read(), repr(np.loadtxt(p)))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    import tempfile, os; d = tempfile.mkdtemp(); p = os.path.join(d, 'a.txt.gz'); np.savetxt(p, np.arange(6.).reshape(2, 3)); print(repr(np.loadtxt(p)))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    import tempfile, os; d = tempfile.mkdtemp(); np.save(os.path.join(d, 'x'), np.arange(6.).reshape(2, 3)); print(sorted(os.listdir(d)), repr(np.load(os.path.join(d, 'x.npy'))))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    import tempfile, os; d = tempfile.mkdtemp(); p = os.path.join(d, 'x.npy')
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    for a in [np.arange(5, dtype=np.int8), np.array([True, False]), np.float16([1.5, -2]), np.float32([[0.1, 2]]), np.uint64([7, 2**40]), np.float64(3.5), np.arange(12).reshape(2, 3, 2)[:, ::2]]: np.save(p, a); print(repr(np.load(p)), open(p, 'rb').read())
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    b = io.BytesIO(); np.save(b, np.arange(3.)); b.seek(0); print(repr(np.load(b)), b.getvalue())
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    d = tempfile.mkdtemp(); np.savez(os.path.join(d, 'z'), np.arange(3), w=np.ones(2)); print(sorted(os.listdir(d)))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    z = np.load(os.path.join(d, 'z.npz')); print(repr(z).replace(d, 'DIR'), z.files, list(z.keys()), 'w' in z, 'w.npy' in z, 'q' in z, len(z), repr(z['w']), repr(z['arr_0']), repr(z['arr_0.npy']), repr(z.f.w))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
show(lambda: z['nope'])
try:
    with np.load(os.path.join(d, 'z.npz')) as f: print(sorted(f), len(f), [repr(v) for v in f.values()])
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    b = io.BytesIO(); np.savez_compressed(b, a=np.arange(4.), b=np.float32([[1, 2]])); b.seek(0); print(repr(np.load(b)), repr(np.load(io.BytesIO(b.getvalue()))['b']))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
show(lambda: np.savez(os.path.join(d, 'z2'), np.arange(2), arr_0=np.ones(1)))
try:
    b = io.BytesIO(); np.savez(b, *[np.arange(i) for i in range(7)]); print(repr(np.load(io.BytesIO(b.getvalue()))))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
